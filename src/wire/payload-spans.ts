// Applies a verdict's redaction spans (`payload.arguments.command`, offsets over the text as
// sent) to a copy of the payload, so a hook can hand the harness the redacted tool input.
import type { Span } from "./verdict.ts";

/** `payload.a.b[0]["c d"]` -> ["a", "b", 0, "c d"]; undefined when it does not start at payload. */
export function parsePayloadPath(path: string): (string | number)[] | undefined {
  if (!path.startsWith("payload")) return undefined;
  const parts: (string | number)[] = [];
  const token = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  token.lastIndex = "payload".length;
  while (token.lastIndex < path.length) {
    const match = token.exec(path);
    if (!match) return undefined;
    if (match[1] !== undefined) parts.push(match[1]);
    else if (match[2] !== undefined) parts.push(Number(match[2]));
    else parts.push(JSON.parse(match[3]!) as string);
  }
  return parts;
}

type Container = Record<string | number, unknown>;

/** The payload with every span replaced by its placeholder; undefined if a span does not fit. */
export function applySpans(payload: Record<string, unknown>, spans: readonly Span[]): Record<string, unknown> | undefined {
  const copy = structuredClone(payload) as Container;
  const byPath = new Map<string, Span[]>();
  for (const span of spans) byPath.set(span.path, [...(byPath.get(span.path) ?? []), span]);
  for (const [path, pathSpans] of byPath) {
    const parts = parsePayloadPath(path);
    if (!parts || parts.length === 0) return undefined;
    let parent: Container = copy;
    for (const part of parts.slice(0, -1)) {
      const next = parent[part];
      if (next === null || typeof next !== "object") return undefined;
      parent = next as Container;
    }
    const last = parts[parts.length - 1]!;
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
