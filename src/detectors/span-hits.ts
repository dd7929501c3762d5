// What span detectors (secrets, pii) report for each hit: a finding and a redaction request
// over the same span, built from the hit's kind. Never the value, only a fingerprint of it.
import type { RedactionRequest } from "../engine/detector.ts";
import { fingerprint } from "../lib/fingerprint.ts";
import type { Finding, Severity } from "../wire/verdict.ts";

export interface SpanKind {
  checkId: string;
  category: string;
  severity: Severity;
  /** Placeholder type the engine turns into `${SVC_<LABEL>_<n>}`. */
  label: string;
  /** Generic, never derived from the matched text. */
  title: string;
}

export interface SpanHit {
  kind: SpanKind;
  start: number;
  end: number;
  score: number;
}

export function spanFinding(hit: SpanHit, path: string, detector: string): Finding {
  return {
    category: hit.kind.category,
    path,
    start: hit.start,
    end: hit.end,
    score: hit.score,
    detector,
    severity: hit.kind.severity,
    check_id: hit.kind.checkId,
    title: hit.kind.title,
  };
}

export function spanRedaction(hit: SpanHit, path: string, text: string): RedactionRequest {
  return {
    path,
    start: hit.start,
    end: hit.end,
    category: hit.kind.category,
    label: hit.kind.label,
    fingerprint: fingerprint(text.slice(hit.start, hit.end)),
  };
}

/** A hit that can lose to another on overlap: the higher `kind.priority` wins. */
export interface RankedHit {
  kind: { priority: number };
  start: number;
  end: number;
}

/** Index of the first accepted hit whose start is >= `start` (accepted is sorted by start). */
function lowerBound(accepted: readonly RankedHit[], start: number): number {
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
 * Keeps the highest-priority hit of every overlapping group, at most `max` of them (which also
 * bounds the insertion cost), sorted by start.
 */
export function resolveOverlaps<H extends RankedHit>(hits: H[], max: number): H[] {
  if (hits.length < 2) return hits;
  const ranked = hits.toSorted((a, b) => b.kind.priority - a.kind.priority || a.start - b.start || b.end - a.end);
  const accepted: H[] = [];
  for (const hit of ranked) {
    const at = lowerBound(accepted, hit.start);
    const before = accepted[at - 1];
    const after = accepted[at];
    if ((before && before.end > hit.start) || (after && after.start < hit.end)) continue;
    accepted.splice(at, 0, hit);
    if (accepted.length === max) break;
  }
  return accepted;
}

/**
 * Blanks spans that are already placeholders (a `redacted` event), keeping offsets intact, so a
 * placeholder is never judged as, or glued onto, a value. Linear in the text.
 */
export function maskSpans(text: string, spans: readonly { start: number; end: number }[] | undefined): string {
  if (!spans || spans.length === 0) return text;
  const pieces: string[] = [];
  let cursor = 0;
  for (const { start, end } of spans.toSorted((a, b) => a.start - b.start)) {
    const from = Math.max(cursor, Math.min(Number(start) || 0, text.length));
    const to = Math.max(from, Math.min(Number(end) || 0, text.length));
    pieces.push(text.slice(cursor, from), " ".repeat(to - from));
    cursor = to;
  }
  pieces.push(text.slice(cursor));
  return pieces.join("");
}
