// The shape of a detector's check catalogue entry: what a finding of that check reports.
import type { Decision, Severity } from "../wire/verdict.ts";

export interface CheckSpec {
  category: string;
  severity: Severity;
  decision: Decision;
  score: number;
  /** Generic: never quotes the input, so it is safe to log anywhere. */
  title: string;
}
