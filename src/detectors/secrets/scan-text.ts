// One text field in, the credentials in it out: every scanner runs, then overlaps are settled
// in favour of the most specific scanner.
import { scanAssignments, scanKeyedValue, type AssignmentOptions } from "./assignments.ts";
import { scanAuthorizationHeaders, scanAuthorizationValue } from "./auth-headers.ts";
import { scanCliCredentials, scanUserFlagValue } from "./cli-credentials.ts";
import { scanCloudCredentials } from "./cloud-credentials.ts";
import { scanConnectionUris } from "./connection-uris.ts";
import { scanPrivateKeys } from "./private-keys.ts";
import { scanProviderTokens } from "./provider-rules.ts";
import { MAX_HITS_PER_FIELD, type SecretHit } from "./secret-kind.ts";

export interface Span {
  start: number;
  end: number;
}

/** Index of the first accepted span whose start is >= `start` (accepted is sorted by start). */
function lowerBound(accepted: readonly SecretHit[], start: number): number {
  let lo = 0;
  let hi = accepted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (accepted[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Keeps the highest-priority hit of every overlapping group, at most MAX_HITS_PER_FIELD of them
 * (which also bounds the insertion cost), sorted by start.
 */
export function resolveOverlaps(hits: SecretHit[]): SecretHit[] {
  if (hits.length < 2) return hits;
  const ranked = hits.toSorted(
    (a, b) => b.kind.priority - a.kind.priority || a.start - b.start || b.end - a.end,
  );
  const accepted: SecretHit[] = [];
  for (const hit of ranked) {
    const at = lowerBound(accepted, hit.start);
    const before = accepted[at - 1];
    const after = accepted[at];
    if ((before && before.end > hit.start) || (after && after.start < hit.end)) continue;
    accepted.splice(at, 0, hit);
    if (accepted.length === MAX_HITS_PER_FIELD) break;
  }
  return accepted;
}

/**
 * Blanks spans that are already placeholders (a `redacted` event), keeping offsets intact, so
 * a placeholder is never judged as, or glued onto, a credential.
 */
export function maskSpans(text: string, spans: readonly Span[] | undefined): string {
  if (!spans || spans.length === 0) return text;
  let masked = text;
  for (const { start, end } of spans) {
    const from = Math.max(0, Math.min(start, text.length));
    const to = Math.max(from, Math.min(end, text.length));
    masked = masked.slice(0, from) + " ".repeat(to - from) + masked.slice(to);
  }
  return masked;
}

/**
 * Every credential in `text`, non-overlapping, sorted by start. `key` is the name the field is
 * filed under (see field-keys.ts), which can make the whole field a value.
 */
export function scanText(text: string, options: AssignmentOptions, key?: string): SecretHit[] {
  const hits: SecretHit[] = [];
  if (key !== undefined) {
    scanKeyedValue(key, text, options, hits);
    scanAuthorizationValue(key, text, hits);
    scanUserFlagValue(key, text, hits);
  }
  scanPrivateKeys(text, hits);
  scanCloudCredentials(text, hits);
  scanProviderTokens(text, hits);
  scanConnectionUris(text, hits);
  scanAuthorizationHeaders(text, hits);
  scanCliCredentials(text, hits);
  scanAssignments(text, options, hits);
  return resolveOverlaps(hits);
}
