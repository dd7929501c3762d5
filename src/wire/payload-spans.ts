// Applies a verdict's redaction spans (`payload.arguments.command`, offsets over the text as
// sent) to a copy of the payload, so a hook can hand the harness the redacted tool input.
import { ownKeyOf, ownMember, parentOf, parsePayloadPath, type Container } from "../lib/payload-path.ts";
import type { Span } from "./verdict.ts";

export { ownMember, parsePayloadPath };

/** The payload with every span replaced by its placeholder; undefined if a span does not fit. */
export function applySpans(payload: Record<string, unknown>, spans: readonly Span[]): Record<string, unknown> | undefined {
  const copy = structuredClone(payload) as Container;
  const byPath = new Map<string, Span[]>();
  for (const span of spans) byPath.set(span.path, [...(byPath.get(span.path) ?? []), span]);
  for (const [path, pathSpans] of byPath) {
    const parts = parsePayloadPath(path);
    if (!parts || parts.length === 0) return undefined;
    const parent = parentOf(copy, parts);
    const last = parent ? ownKeyOf(parent, parts[parts.length - 1]!) : undefined;
    if (!parent || last === undefined) return undefined;
    const text = parent[last];
    if (typeof text !== "string") return undefined;
    // Right to left, so earlier offsets stay valid as later spans change length.
    let out = text;
    for (const span of [...pathSpans].sort((a, b) => (b.start ?? 0) - (a.start ?? 0))) {
      const start = span.start ?? 0;
      const end = span.end ?? text.length;
      if (start < 0 || end > text.length || start > end) return undefined;
      out = out.slice(0, start) + (span.replacement ?? "[REDACTED]") + out.slice(end);
    }
    parent[last] = out;
  }
  return copy as Record<string, unknown>;
}
