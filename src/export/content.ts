// What an export record may say about an event's payload: masked where detectors found
// something (fail-closed where they could not look), or every string replaced by its HMAC.
import { ownKeyOf, parentOf, parsePayloadPath } from "../lib/payload-path.ts";

/** A located finding: its payload path and, when known, the offsets within that string. */
export interface MaskSpan {
  path: string;
  start?: number | null;
  end?: number | null;
  category: string;
}

type Node = unknown;
type Container = Record<string | number, unknown>;

export const mask = (label: string) => `[REDACTED:${label}]`;
/** Masked text shorter than this is too common to scrub everywhere else it appears. */
const MIN_SCRUB_CHARS = 4;
/** Past this many distinct masked texts, scrubbing costs more than masking every string. */
const MAX_NEEDLES = 256;

/** Every string leaf of `node` replaced by `mask(label)`; keys and other values stay. */
export function maskStrings(node: Node, label: string): Node {
  if (typeof node === "string") return mask(label);
  if (Array.isArray(node)) return node.map((n) => maskStrings(n, label));
  if (node !== null && typeof node === "object") {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, maskStrings(v, label)]));
  }
  return node;
}

/** Every string leaf replaced by `hmac-sha256:<hex>` under `key`, so equal values stay matchable. */
export function hmacStrings(node: Node, key: Uint8Array): Node {
  if (typeof node === "string") return `hmac-sha256:${new Bun.CryptoHasher("sha256", key).update(node).digest("hex")}`;
  if (Array.isArray(node)) return node.map((n) => hmacStrings(n, key));
  if (node !== null && typeof node === "object") {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, hmacStrings(v, key)]));
  }
  return node;
}

const isPayloadPath = (path: string) => path === "payload" || path.startsWith("payload.") || path.startsWith("payload[");

/**
 * The payload with every span masked, every `unjudged` path masked whole, and every masked text
 * scrubbed wherever else it appears. A span that cannot be placed masks the whole payload: a
 * finding we cannot locate is a secret we cannot promise to have removed.
 */
export function redactPayload(payload: Record<string, unknown>, spans: readonly MaskSpan[], unjudged: readonly string[]): Node {
  const root: Container = { payload: structuredClone(payload) };
  const removed = new Map<string, string>();
  const located = [...spans, ...unjudged.map((path) => ({ path, category: "unjudged" }))];
  const byPath = new Map<string, MaskSpan[]>();
  for (const s of located) {
    if (!isPayloadPath(s.path)) continue; // about the event, not its content
    byPath.set(s.path, [...(byPath.get(s.path) ?? []), s]);
  }
  for (const [path, pathSpans] of byPath) {
    const parts = parsePayloadPath(path);
    if (!parts) return maskStrings(payload, "unlocated");
    const keys = ["payload", ...parts];
    const parent = parentOf(root, keys);
    const last = parent ? ownKeyOf(parent, keys[keys.length - 1]!) : undefined;
    if (!parent || last === undefined) return maskStrings(payload, "unlocated");
    const value = parent[last];
    if (value === undefined) return maskStrings(payload, "unlocated");
    const found = pathSpans.filter((s) => s.category !== "unjudged");
    const unjudgedHere = found.length < pathSpans.length;
    // Unjudged text is not known to be secret: only what a finding names is scrubbed elsewhere.
    if (typeof value === "string") {
      const ranged = found.length ? maskRanges(value, found, removed) : value;
      parent[last] = unjudgedHere ? mask("unjudged") : ranged;
    } else {
      if (found.length) collectStrings(value, found[0]!.category, removed);
      parent[last] = maskStrings(value, unjudgedHere ? "unjudged" : found[0]!.category);
    }
  }
  return scrub(root.payload, removed);
}

/** Masks the merged ranges of one string, right to left; a range out of bounds masks it all. */
function maskRanges(text: string, spans: readonly MaskSpan[], removed: Map<string, string>): string {
  const ranges = spans
    .map((s) => ({ start: s.start ?? 0, end: s.end ?? text.length, category: s.category }))
    .sort((a, b) => a.start - b.start);
  if (ranges.some((r) => !(r.start >= 0 && r.end <= text.length && r.start < r.end))) {
    removed.set(text, ranges[0]!.category);
    return mask(ranges[0]!.category);
  }
  const merged: typeof ranges = [];
  for (const r of ranges) {
    const top = merged[merged.length - 1];
    if (top && r.start < top.end) top.end = Math.max(top.end, r.end);
    else merged.push({ ...r });
  }
  let out = text;
  for (const r of merged.reverse()) {
    removed.set(text.slice(r.start, r.end), r.category);
    out = out.slice(0, r.start) + mask(r.category) + out.slice(r.end);
  }
  return out;
}

function collectStrings(node: Node, category: string, into: Map<string, string>): void {
  if (typeof node === "string") into.set(node, category);
  else if (node !== null && typeof node === "object") for (const v of Object.values(node)) collectStrings(v, category, into);
}

/** Replaces any other occurrence of a masked text, in values and keys alike. */
function scrub(node: Node, removed: Map<string, string>): Node {
  const needles = [...removed].filter(([text]) => text.length >= MIN_SCRUB_CHARS).sort((a, b) => b[0].length - a[0].length);
  if (needles.length === 0) return node;
  if (needles.length > MAX_NEEDLES) return maskStrings(node, "redacted");
  const clean = (text: string) => needles.reduce((t, [needle, category]) => t.split(needle).join(mask(category)), text);
  const walk = (n: Node): Node => {
    if (typeof n === "string") return clean(n);
    if (Array.isArray(n)) return n.map(walk);
    if (n !== null && typeof n === "object") return Object.fromEntries(Object.entries(n).map(([k, v]) => [clean(k), walk(v)]));
    return n;
  };
  return walk(node);
}
