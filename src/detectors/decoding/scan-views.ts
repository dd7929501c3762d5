// Runs a span detector's scan over every view of a field and puts its hits back on the text as
// sent: a hit in a derived view covers the whole encoded run that hides it, and says it was
// encoded. What the text as sent already showed wins ties, so nothing is reported twice.
import type { Budget } from "../../engine/budget.ts";
import type { DetectorOutcome } from "../../engine/detector.ts";
import type { Finding } from "../../wire/verdict.ts";
import { resolveOverlaps, type RankedHit } from "../span-hits.ts";
import type { TextView } from "./text-view.ts";

export type Located<H> = H & { encoded: boolean };

/**
 * `scan` over each view (`first` tells the text as sent from a derived view); hits mapped to
 * the original offsets, overlaps settled by priority, at most `max`.
 */
export function scanViews<H extends RankedHit>(
  views: readonly TextView[],
  scan: (text: string, first: boolean) => H[],
  max: number,
  budget: Budget,
): Located<H>[] {
  const hits: Located<H>[] = [];
  for (const [i, view] of views.entries()) {
    // A derived view is a second scan: once the budget is spent it is not started.
    if (i > 0 && budget.spentNow()) break;
    for (const hit of scan(view.text, i === 0)) {
      if (i === 0) {
        hits.push({ ...hit, encoded: false });
        continue;
      }
      const span = view.toOriginal(hit.start, hit.end);
      if (span) hits.push({ ...hit, start: span.start, end: span.end, encoded: true });
    }
  }
  return views.length === 1 ? hits : resolveOverlaps(hits, max);
}

const ENCODED = " (encoded)";

/** A finding for a hit read in a decoded view says so (its title), never what it decoded to. */
export const markEncoded = (finding: Finding, encoded: boolean): Finding =>
  encoded ? { ...finding, title: `${finding.title ?? ""}${ENCODED}`.trimStart() } : finding;

/** The finding was read in a decoded view of its field (markEncoded). */
export const isEncodedFinding = (finding: Finding): boolean => finding.title?.endsWith(ENCODED) === true;

/** "; 2 of them encoded" for a reason line, or nothing. */
export function encodedNote(findings: readonly Finding[]): string {
  const count = findings.filter(isEncodedFinding).length;
  return count > 0 ? `; ${count} of them encoded` : "";
}

function noteUnread(outcome: DetectorOutcome, paths: readonly string[], why: string): DetectorOutcome {
  if (paths.length === 0) return outcome;
  outcome.unjudged = [...(outcome.unjudged ?? []), ...paths];
  outcome.reasons.push(`${paths.length} field(s) ${why}`);
  return outcome;
}

/** Lists the fields a decoding bound kept from being read in full as unjudged, with a reason. */
export const noteUndecoded = (outcome: DetectorOutcome, paths: readonly string[]): DetectorOutcome =>
  noteUnread(outcome, paths, "not fully decoded: over the decoding bounds");

/**
 * Lists the fields that reached the hit cap as unjudged: past `max` hits a field's later values
 * were not looked at, so 256 decoys cannot walk a real value past the detector unnoticed.
 */
export const noteOverHits = (outcome: DetectorOutcome, paths: readonly string[], max: number): DetectorOutcome =>
  noteUnread(outcome, paths, `reached ${max} matches: what follows was not judged`);
