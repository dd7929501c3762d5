// National identity numbers of the US, China, India and the UK. Where the number has a checksum
// it is verified; where its bare form is just "some digits", a context word is required.
import type { Budget } from "../../engine/budget.ts";
import { isCnResidentIdValid, isValidDate, isVerhoeffValid } from "./checksums.ts";
import { AADHAAR_CONTEXT, hasContext, NINO_CONTEXT, SSN_CONTEXT } from "./context.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";

const SSN_CANDIDATE = /(?<![\w\-.\/+#$]|\d[ \-])(\d{3})([- ]?)(\d{2})\2(\d{4})(?![\w]|[\-.\/ ]\d)/g;
/** Numbers the SSA voided after they were published (Woolworth's wallet card) or used as examples. */
const SSN_PLACEHOLDERS = new Set(["123456789", "078051120", "219099999", "111111111", "987654320"]);

/** SSA rules (2011 randomisation): area not 000, 666 or 9xx; group not 00; serial not 0000. */
const isValidSsn = (area: string, group: string, serial: string): boolean =>
  area !== "000" && area !== "666" && area[0] !== "9" && group !== "00" && serial !== "0000";

export function scanUsSsns(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  SSN_CANDIDATE.lastIndex = 0;
  for (let m = SSN_CANDIDATE.exec(text); m !== null && !budget.spent(); m = SSN_CANDIDATE.exec(text)) {
    const [value, area, separator, group, serial] = m as unknown as [string, string, string, string, string];
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
