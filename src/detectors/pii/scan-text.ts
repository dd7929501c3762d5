// One text field in, the personal data in it out: every enabled scanner runs, then overlaps are
// settled in favour of the kind with the stricter structure (an IBAN's digits are not a phone).
import { scanCards, scanIbans } from "./bank.ts";
import { scanDatesOfBirth } from "./dates-of-birth.ts";
import { scanEmails } from "./emails.ts";
import { scanFrenchNirs, scanItalianFiscalCodes, scanSpanishIds } from "./eu-ids.ts";
import { scanIpAddresses } from "./ip-addresses.ts";
import { scanAadhaars, scanCnResidentIds, scanGbNinos, scanUsSsns } from "./national-ids.ts";
import { scanPhones } from "./phones.ts";
import { MAX_HITS_PER_FIELD, PII_KINDS, type FieldContext, type PiiHit, type PiiKind, type Scanner } from "./pii-kind.ts";

interface ScannerEntry {
  kind: PiiKind;
  scan: Scanner;
  /** Scanners whose values always contain a digit are skipped on digit-free text. */
  needsDigit: boolean;
}

const SCANNERS: readonly ScannerEntry[] = [
  { kind: PII_KINDS.iban, scan: scanIbans, needsDigit: true },
  { kind: PII_KINDS.cnResidentId, scan: scanCnResidentIds, needsDigit: true },
  { kind: PII_KINDS.itFiscalCode, scan: scanItalianFiscalCodes, needsDigit: true },
  { kind: PII_KINDS.frNir, scan: scanFrenchNirs, needsDigit: true },
  { kind: PII_KINDS.bankCard, scan: scanCards, needsDigit: true },
  { kind: PII_KINDS.aadhaar, scan: scanAadhaars, needsDigit: true },
  { kind: PII_KINDS.esDni, scan: scanSpanishIds, needsDigit: true },
  { kind: PII_KINDS.gbNino, scan: scanGbNinos, needsDigit: true },
  { kind: PII_KINDS.ssn, scan: scanUsSsns, needsDigit: true },
  { kind: PII_KINDS.email, scan: scanEmails, needsDigit: false },
  { kind: PII_KINDS.dateOfBirth, scan: scanDatesOfBirth, needsDigit: true },
  { kind: PII_KINDS.phone, scan: scanPhones, needsDigit: true },
  { kind: PII_KINDS.ipAddress, scan: scanIpAddresses, needsDigit: true },
];

export const ALL_KINDS: readonly PiiKind[] = SCANNERS.map((s) => s.kind);

/** The scanners left once `disabled` (check ids or category prefixes) are taken out. */
export function selectScanners(disabled: readonly string[]): readonly ScannerEntry[] {
  const off = (kind: PiiKind): boolean =>
    disabled.some((d) => d === kind.checkId || kind.category === d || kind.category.startsWith(`${d}.`));
  return SCANNERS.filter((s) => !off(s.kind));
}

/** Index of the first accepted hit whose start is >= `start` (accepted is sorted by start). */
function lowerBound(accepted: readonly PiiHit[], start: number): number {
  let lo = 0;
  let hi = accepted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (accepted[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keeps the highest-priority hit of every overlapping group, at most MAX_HITS_PER_FIELD, by start. */
export function resolveOverlaps(hits: PiiHit[]): PiiHit[] {
  if (hits.length < 2) return hits;
  const ranked = hits.toSorted((a, b) => b.kind.priority - a.kind.priority || a.start - b.start || b.end - a.end);
  const accepted: PiiHit[] = [];
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

const HAS_DIGIT = /\d/;

/** Every piece of personal data in `text`, non-overlapping, sorted by start. */
export function scanText(text: string, context: FieldContext, scanners: readonly ScannerEntry[]): PiiHit[] {
  if (text.length < 5) return [];
  const hasDigit = HAS_DIGIT.test(text);
  const hits: PiiHit[] = [];
  for (const { scan, needsDigit } of scanners) {
    if (needsDigit && !hasDigit) continue;
    scan(text, context, hits);
  }
  return resolveOverlaps(hits);
}

/**
 * Blanks spans that are placeholders already (a `redacted` event), keeping offsets intact, so a
 * placeholder is never judged as, or glued onto, personal data.
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
