// Payment cards and IBANs: both carry a checksum, so a number is reported only when its issuer
// prefix, its length and its check digits all agree.
import type { Budget } from "../../engine/budget.ts";
import { isIbanChecksumValid, isLuhnValid } from "./checksums.ts";
import { CARD_CONTEXT, hasContext, NON_CARD_CONTEXT } from "./context.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";
import { isDocumentedSample } from "./sample-numbers.ts";

// 13 to 19 digits, bare or split by single spaces or dashes. Each step consumes a digit, so a
// long run fails after at most 19 steps; `\b` first lets the engine skip non-digit positions.
const CARD_CANDIDATE = /\b(?<![\w.\-+\/$€£])\d(?:[ \-]?\d){12,18}(?![\w]|[.\-]\d)/g;

interface Network {
  prefix: RegExp;
  lengths: readonly number[];
}

// Issuer identification number ranges (ISO/IEC 7812) of the networks in common use.
const NETWORKS: readonly Network[] = [
  { prefix: /^4/, lengths: [13, 16, 19] },
  { prefix: /^(?:5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: [16] },
  { prefix: /^3[47]/, lengths: [15] },
  { prefix: /^(?:6011|65|64[4-9])/, lengths: [16, 17, 18, 19] },
  { prefix: /^35(?:2[89]|[3-8]\d)/, lengths: [16, 17, 18, 19] },
  { prefix: /^(?:30[0-5]|309|36|38|39)/, lengths: [14, 15, 16] },
  { prefix: /^62/, lengths: [16, 17, 18, 19] },
];

const isKnownIssuer = (digits: string): boolean =>
  NETWORKS.some((n) => n.lengths.includes(digits.length) && n.prefix.test(digits));

/** `4111 1111 1111 1111`, `3782-822463-10005`: card-like group sizes. */
function hasCardGrouping(groups: readonly string[]): boolean {
  if (groups.length === 1) return true;
  const sizes = groups.map((g) => g.length);
  const last = sizes.length - 1;
  if (sizes.every((size, i) => size === 4 || (i === last && size >= 1 && size <= 4))) return true;
  return sizes.length === 3 && sizes[0] === 4 && sizes[1] === 6 && (sizes[2] === 4 || sizes[2] === 5);
}

function scoreCard(groups: readonly string[], text: string, start: number, context: FieldContext): number {
  const digits = groups.join("");
  if (!isKnownIssuer(digits) || !isLuhnValid(digits)) return 0;
  if (isDocumentedSample(digits, text, start, context.key)) return 0;
  if (hasContext(text, start, context, CARD_CONTEXT)) return 0.95;
  if (groups.length === 1 && hasContext(text, start, context, NON_CARD_CONTEXT, 24)) return 0;
  // Grouped like a card but named right before as something else: `Invoice 4532-0151-...`.
  if (NON_CARD_CONTEXT.test(text.slice(Math.max(0, start - 16), start))) return 0;
  return groups.length === 1 ? 0.8 : 0.9;
}

/**
 * The longest leading run of groups that is a card: `4111 1111 1111 1111 12/25` ends at the
 * card, not at the expiry month glued on after a space.
 */
function matchCard(value: string, text: string, start: number, context: FieldContext): PiiHit | undefined {
  const groups = value.split(/[ \-]/);
  if (value.includes(" ") && value.includes("-")) return undefined;
  for (let count = groups.length; count >= 1; count--) {
    const head = groups.slice(0, count);
    const length = head.reduce((n, g) => n + g.length, 0);
    if (length < 13) return undefined;
    if (length > 19 || !hasCardGrouping(head)) continue;
    const score = scoreCard(head, text, start, context);
    const end = start + length + count - 1;
    if (score > 0) return { kind: PII_KINDS.bankCard, start, end, score };
  }
  return undefined;
}

export function scanCards(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  CARD_CANDIDATE.lastIndex = 0;
  for (let m = CARD_CANDIDATE.exec(text); m !== null && !budget.spent(); m = CARD_CANDIDATE.exec(text)) {
    const hit = matchCard(m[0], text, m.index, context);
    if (hit) hits.push(hit);
  }
}

// ISO 13616 IBAN lengths per country (SWIFT IBAN registry).
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22,
  GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30,
  KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31,
  MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24,
  SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

// Country code and check digits, then groups of up to four alphanumerics split by single spaces.
const IBAN_CANDIDATE = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){2,8}/g;

/** End offset of exactly `length` IBAN characters from `start`, spaces skipped, or -1. */
function findIbanEnd(text: string, start: number, length: number, limit: number): number {
  let count = 0;
  let i = start;
  for (; i < limit && count < length; i++) if (text.charCodeAt(i) !== 32) count++;
  if (count < length) return -1;
  const next = text.charCodeAt(i);
  const glued = (next >= 48 && next <= 57) || (next >= 65 && next <= 90) || (next >= 97 && next <= 122);
  return glued ? -1 : i;
}

export function scanIbans(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  IBAN_CANDIDATE.lastIndex = 0;
  for (let m = IBAN_CANDIDATE.exec(text); m !== null && !budget.spent(); m = IBAN_CANDIDATE.exec(text)) {
    const length = IBAN_LENGTHS[m[0].slice(0, 2)];
    if (length === undefined) continue;
    const end = findIbanEnd(text, m.index, length, m.index + m[0].length);
    if (end === -1) continue;
    const iban = text.slice(m.index, end).replaceAll(" ", "");
    if (!isIbanChecksumValid(iban) || isDocumentedSample(iban, text, m.index, context.key)) continue;
    hits.push({ kind: PII_KINDS.iban, start: m.index, end, score: 0.95 });
  }
}
