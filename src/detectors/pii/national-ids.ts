// National identity numbers of the US, Canada, Brazil, China, India, Korea and the UK, and US
// bank routing numbers. Where the number has a checksum
// it is verified; where its bare form is just "some digits", a context word is required.
import type { Budget } from "../../engine/budget.ts";
import { isAbaRoutingValid, isCnResidentIdValid, isCpfValid, isKoreanRrnValid, isLuhnValid, isValidDate, isVerhoeffValid } from "./checksums.ts";
import { AADHAAR_CONTEXT, CPF_CONTEXT, hasContext, ITIN_CONTEXT, NINO_CONTEXT, ROUTING_CONTEXT, SIN_CONTEXT, SSN_CONTEXT } from "./context.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";
import { isDocumentedRouting } from "./sample-numbers.ts";

const SSN_CANDIDATE = /(?<![\w\-.\/+#$]|\d[ \-])(\d{3})([- ]?)(\d{2})\2(\d{4})(?![\w]|[\-.\/ ]\d)/g;
/** Numbers the SSA voided after they were published (Woolworth's wallet card) or used as examples. */
const SSN_PLACEHOLDERS = new Set(["123456789", "078051120", "219099999", "111111111", "987654320"]);

/** SSA rules (2011 randomisation): area not 000, 666 or 9xx; group not 00; serial not 0000. */
const isValidSsn = (area: string, group: string, serial: string): boolean =>
  area !== "000" && area !== "666" && area[0] !== "9" && group !== "00" && serial !== "0000";

/** IRS ITINs: area 9, group 50-65, 70-88, 90-92 or 94-99 (an SSN's area is never 9xx). */
const isItinGroup = (group: string): boolean => {
  const g = Number(group);
  return (g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || g >= 94;
};

export function scanUsSsns(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  SSN_CANDIDATE.lastIndex = 0;
  for (let m = SSN_CANDIDATE.exec(text); m !== null && !budget.spent(); m = SSN_CANDIDATE.exec(text)) {
    const [value, area, separator, group, serial] = m as unknown as [string, string, string, string, string];
    if (area[0] === "9") {
      // Nine digits starting with 9 are many things; next to `ITIN` they are one.
      if (isItinGroup(group) && serial !== "0000" && hasContext(text, m.index, context, ITIN_CONTEXT)) {
        hits.push({ kind: PII_KINDS.usItin, start: m.index, end: m.index + value.length, score: 0.9 });
      }
      continue;
    }
    if (!isValidSsn(area, group, serial) || SSN_PLACEHOLDERS.has(area + group + serial)) continue;
    const worded = hasContext(text, m.index, context, SSN_CONTEXT);
    if (separator !== "-" && !worded) continue;
    hits.push({ kind: PII_KINDS.ssn, start: m.index, end: m.index + value.length, score: worded ? 0.95 : 0.8 });
  }
}

// GB 11643-1999: region (first digit 1-8), birth date YYYYMMDD, sequence, MOD 11-2 check.
const CN_CANDIDATE = /(?<![\w])[1-8]\d{5}(18|19|20)(\d\d)(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\w])/g;

export function scanCnResidentIds(text: string, _context: FieldContext, hits: PiiHit[], budget: Budget): void {
  CN_CANDIDATE.lastIndex = 0;
  for (let m = CN_CANDIDATE.exec(text); m !== null && !budget.spent(); m = CN_CANDIDATE.exec(text)) {
    const year = Number(m[1]! + m[2]!);
    if (!isValidDate(year, Number(m[3]), Number(m[4])) || !isCnResidentIdValid(m[0])) continue;
    hits.push({ kind: PII_KINDS.cnResidentId, start: m.index, end: m.index + 18, score: 0.9 });
  }
}

// UIDAI: 12 digits, never starting with 0 or 1, Verhoeff check digit; printed as 4-4-4.
// Not a slice of a longer grouped number (`4539 1488 0343 6468` is a card-shaped reference).
const AADHAAR_CANDIDATE = /(?<![\w\-.\/+#$]|\d[ \-])[2-9]\d{3}([ \-]?)\d{4}\1\d{4}(?![\w]|[\-.\/ ]\d)/g;

export function scanAadhaars(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  AADHAAR_CANDIDATE.lastIndex = 0;
  for (let m = AADHAAR_CANDIDATE.exec(text); m !== null && !budget.spent(); m = AADHAAR_CANDIDATE.exec(text)) {
    const digits = m[0].replace(/\D/g, "");
    if (!isVerhoeffValid(digits) || /^(\d)\1+$/.test(digits)) continue;
    // One 4-4-4 number in ten passes Verhoeff by chance (tracking, meeting ids): a word is needed.
    if (!hasContext(text, m.index, context, AADHAAR_CONTEXT, 60)) continue;
    hits.push({ kind: PII_KINDS.aadhaar, start: m.index, end: m.index + m[0].length, score: m[1] === "" ? 0.85 : 0.95 });
  }
}

// HMRC NINO: prefix letters excluding D F I Q U V (and O second), six digits, suffix A-D.
const NINO_CANDIDATE = /(?<![\w])([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z])( ?)\d{2}\2\d{2}\2\d{2}\2[A-D](?![\w])/g;
const NINO_INVALID_PREFIXES = new Set(["BG", "GB", "NK", "KN", "TN", "NT", "ZZ"]);

export function scanGbNinos(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  NINO_CANDIDATE.lastIndex = 0;
  for (let m = NINO_CANDIDATE.exec(text); m !== null && !budget.spent(); m = NINO_CANDIDATE.exec(text)) {
    if (NINO_INVALID_PREFIXES.has(m[1]!)) continue;
    const worded = hasContext(text, m.index, context, NINO_CONTEXT);
    if (m[2] === "" && !worded) continue;
    hits.push({ kind: PII_KINDS.gbNino, start: m.index, end: m.index + m[0].length, score: worded ? 0.95 : 0.8 });
  }
}

// Canada's SIN: nine digits printed 3-3-3, Luhn-valid, never starting with 0 or 8. Nine digits
// pass Luhn one time in ten, so a context word is required.
const SIN_CANDIDATE = /(?<![\w\-.\/+#$]|\d[ \-])([1-79]\d{2})([- ]?)(\d{3})\2(\d{3})(?![\w]|[\-.\/ ]\d)/g;

export function scanCaSins(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  SIN_CANDIDATE.lastIndex = 0;
  for (let m = SIN_CANDIDATE.exec(text); m !== null && !budget.spent(); m = SIN_CANDIDATE.exec(text)) {
    if (!isLuhnValid(m[1]! + m[3]! + m[4]!) || !hasContext(text, m.index, context, SIN_CONTEXT, 40)) continue;
    hits.push({ kind: PII_KINDS.caSin, start: m.index, end: m.index + m[0].length, score: 0.9 });
  }
}

// Brazil's CPF: `529.982.247-25` (its own punctuation, enough on its face) or eleven bare digits
// next to the word CPF; both check digits must hold.
const CPF_CANDIDATE = /(?<![\w\-.\/+#$])(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})(?![\w]|[\-.\/]\d)/g;

export function scanBrCpfs(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  CPF_CANDIDATE.lastIndex = 0;
  for (let m = CPF_CANDIDATE.exec(text); m !== null && !budget.spent(); m = CPF_CANDIDATE.exec(text)) {
    const formatted = m[0].length === 14;
    if (!isCpfValid(m[0].replace(/\D/g, "")) || (!formatted && !hasContext(text, m.index, context, CPF_CONTEXT, 40))) continue;
    hits.push({ kind: PII_KINDS.brCpf, start: m.index, end: m.index + m[0].length, score: formatted ? 0.9 : 0.85 });
  }
}

// A US routing number names the bank; with the account number beside it, money moves. Nine
// digits pass the ABA checksum one time in ten, so the word "routing" (or ABA) must be near.
const ROUTING_CANDIDATE = /(?<![\w\-.\/+#$])\d{9}(?![\w]|[\-.\/]\d)/g;
const ACCOUNT_NUMBER = /(?<![a-z])(?:account|acct)[\s_]*(?:number|no\.?|num|#)\s*[:=]?\s*(\d{6,17})(?!\d)/gi;

export function scanUsBankRouting(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  ROUTING_CANDIDATE.lastIndex = 0;
  let routed = false;
  for (let m = ROUTING_CANDIDATE.exec(text); m !== null && !budget.spent(); m = ROUTING_CANDIDATE.exec(text)) {
    if (!isAbaRoutingValid(m[0]) || !hasContext(text, m.index, context, ROUTING_CONTEXT, 40)) continue;
    if (isDocumentedRouting(m[0], text, m.index, context.key)) continue;
    hits.push({ kind: PII_KINDS.usRouting, start: m.index, end: m.index + 9, score: 0.85 });
    routed = true;
  }
  if (!routed) return;
  // Beside a routing number, an "account number" is the bank account it belongs to.
  ACCOUNT_NUMBER.lastIndex = 0;
  for (let m = ACCOUNT_NUMBER.exec(text); m !== null && !budget.spent(); m = ACCOUNT_NUMBER.exec(text)) {
    const start = m.index + m[0].length - m[1]!.length;
    hits.push({ kind: PII_KINDS.usRouting, start, end: start + m[1]!.length, score: 0.85 });
  }
}

// Korea's RRN as printed, `YYMMDD-SNNNNNN`: the hyphen, a birth date, a sex-and-century digit
// 1-8 and the MOD 11 check digit together are rare by chance. The label alone is labelled-ids.ts.
const KR_CANDIDATE = /(?<![\w\-.\/+#$])(\d\d)(\d\d)(\d\d)-[1-8]\d{6}(?![\w]|[\-.\/]\d)/g;

export function scanKoreanRrnsBare(text: string, _context: FieldContext, hits: PiiHit[], budget: Budget): void {
  KR_CANDIDATE.lastIndex = 0;
  for (let m = KR_CANDIDATE.exec(text); m !== null && !budget.spent(); m = KR_CANDIDATE.exec(text)) {
    if (!isValidDate(2000, Number(m[2]), Number(m[3])) || !isKoreanRrnValid(m[0].replace("-", ""))) continue;
    hits.push({ kind: PII_KINDS.krRrn, start: m.index, end: m.index + 14, score: 0.8 });
  }
}
