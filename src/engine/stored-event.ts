// What the decision log keeps of a judged event: the event as received, except that every span
// the verdict redacted and every credential a detector located is masked in place (one bullet
// per character, so every finding's offsets still point at the same text) and scrubbed wherever
// else it appears. The secret is never written; what audit and replay need stays: the findings
// with their offsets, the verdict with its placeholders and redaction map.
import { MASK_CHAR, maskOf, scrubDeep } from "../lib/mask-text.ts";
import { ownKeyOf, parentOf, parsePayloadPath, type Container } from "../lib/payload-path.ts";
import type { GuardEvent } from "../wire/guard-event.ts";
import type { Finding, Verdict } from "../wire/verdict.ts";

/** A located span: a payload path and, when known, the offsets within the string there. */
export interface Located {
  path: string;
  start?: number;
  end?: number;
}

export interface StoredForm {
  event: GuardEvent;
  /** The texts masked, longest first: to scrub from anything else stored about the event. */
  hidden: string[];
}

/** Credentials are masked whatever was decided; a secret-named environment variable is a name, not a value. */
const isCredential = (f: Finding) =>
  (f.category === "security.secret_leak" || f.category.startsWith("security.secret_leak.")) && f.check_id !== "secrets.env_secret_passed";

/** The spans to keep out of storage: what the verdict redacts, and every located credential. */
export function sensitiveSpans(verdict: Verdict, findings: readonly Finding[]): Located[] {
  const spans: Located[] = [];
  if (verdict.modifications?.kind === "redact") for (const s of verdict.modifications.spans ?? []) spans.push(s);
  for (const f of findings) if (f.path !== undefined && isCredential(f)) spans.push(f as Located);
  return spans;
}

/** Every string leaf masked (keys stay), each one collected as hidden. */
function maskAll(node: unknown, hidden: string[]): unknown {
  if (typeof node === "string") {
    hidden.push(node);
    return maskOf(node);
  }
  if (Array.isArray(node)) return node.map((n) => maskAll(n, hidden));
  if (node !== null && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, maskAll(v, hidden)]));
  return node;
}

/** Masks each span's characters; a span that does not fit the text masks all of it (fail closed). */
function maskRanges(text: string, spans: readonly Located[], hidden: string[]): string {
  const chars = text.split("");
  for (const span of spans) {
    const start = span.start ?? 0;
    const end = span.end ?? text.length;
    if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end && end <= text.length)) {
      hidden.push(text);
      return maskOf(text);
    }
    hidden.push(text.slice(start, end));
    chars.fill(MASK_CHAR, start, end);
  }
  return chars.join("");
}

/** Masks one path's spans in `root`; false when the path names nothing there. */
function maskPath(root: Container, path: string, spans: readonly Located[], hidden: string[]): boolean {
  const parts = parsePayloadPath(path);
  if (!parts || parts.length === 0) return false;
  const parent = parentOf(root, parts);
  const key = parent ? ownKeyOf(parent, parts[parts.length - 1]!) : undefined;
  if (!parent || key === undefined) return false;
  const value = parent[key];
  if (typeof value === "string") parent[key] = maskRanges(value, spans, hidden);
  else if (value !== null && typeof value === "object") parent[key] = maskAll(value, hidden);
  else return false;
  return true;
}

/** The event as it is stored, or undefined when there is nothing to mask. */
export function storedFormOf(event: GuardEvent, spans: readonly Located[]): StoredForm | undefined {
  if (spans.length === 0) return undefined;
  const hidden: string[] = [];
  const byPath = new Map<string, Located[]>();
  for (const span of spans) byPath.set(span.path, [...(byPath.get(span.path) ?? []), span]);
  let payload = structuredClone(event.payload) as Container;
  for (const [path, pathSpans] of byPath) {
    if (maskPath(payload, path, pathSpans, hidden)) continue;
    // A span that cannot be placed is a secret we cannot promise to have removed: mask it all.
    payload = maskAll(event.payload, hidden) as Container;
    break;
  }
  const unique = [...new Set(hidden)].sort((a, b) => b.length - a.length);
  const scrubbed = scrubDeep({ ...event, payload }, unique) as GuardEvent;
  // Ids are keys elsewhere (columns, approvals, context_refs): they stay as sent.
  const ids = { event_id: event.event_id, guard_id: event.guard_id, ...(event.session_id !== undefined ? { session_id: event.session_id } : {}) };
  return { event: { ...scrubbed, ...ids }, hidden: unique };
}
