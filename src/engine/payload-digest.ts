// What an approval binds to. The action digest is over the whole payload, so an approval covers
// exactly the action a person saw (content, URL, every patched path); the payload digest is
// decisions.md's subset per kind, what a receipt binds for PEPs that verify offline.
// Both are "sha256:" + hex(SHA-256(JCS(...))), JCS = RFC 8785.
import { canonicalJson, sha256Hex } from "../lib/jcs.ts";
import type { GuardEvent } from "../wire/guard-event.ts";
import { applySpans } from "../wire/payload-spans.ts";
import type { Finding } from "../wire/verdict.ts";

const SUBSETS: Partial<Record<GuardEvent["kind"], readonly string[]>> = {
  tool_call: ["name", "arguments"],
  exec: ["argv", "cwd"],
  network: ["host", "port", "direction"],
  file: ["op", "path"],
  tool_register: ["name", "description", "schema"],
  mcp_connect: ["server", "url"],
  skill_load: ["name", "source", "content_ref"],
};

/** decisions.md's digest, for receipts; undefined for kinds a receipt cannot bind. */
export function payloadDigest(event: GuardEvent): string | undefined {
  const fields = Object.hasOwn(SUBSETS, event.kind) ? SUBSETS[event.kind] : undefined;
  if (!fields) return undefined;
  return `sha256:${sha256Hex(canonicalJson(Object.fromEntries(fields.map((f) => [f, event.payload[f]]))))}`;
}

/** The digest of the whole action: its kind and every field of its payload. */
export const actionDigest = (kind: string, payload: Record<string, unknown>): string =>
  `sha256:${sha256Hex(canonicalJson({ kind, payload }))}`;

const MASKED = (category: string) => category.startsWith("security.secret_leak") || category.startsWith("privacy.");

/**
 * The whole action as an approver sees it: canonical JSON with the spans of secrets and personal
 * data masked, so the approval queue never holds them in the clear.
 */
export function actionText(kind: string, payload: Record<string, unknown>, findings: readonly Finding[]): string {
  const spans = findings.flatMap((f) =>
    MASKED(f.category) && f.path !== undefined && f.start !== undefined && f.end !== undefined
      ? [{ path: f.path, start: f.start, end: f.end, replacement: `[masked ${f.category}]` }]
      : []);
  const masked = spans.length ? applySpans(payload, mergeOverlaps(spans)) : payload;
  return canonicalJson({ kind, payload: masked ?? { masked: "the payload could not be shown without its secrets" } });
}

type MaskSpan = { path: string; start: number; end: number; replacement: string };

/** Overlapping findings (two detectors, one value) become one covering span. */
function mergeOverlaps(spans: MaskSpan[]): MaskSpan[] {
  const sorted = [...spans].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
  const out: MaskSpan[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && last.path === span.path && span.start < last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}
