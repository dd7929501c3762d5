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
