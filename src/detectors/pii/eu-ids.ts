// Spanish, French and Italian national identifiers: each has a check character, which is what
// makes a bare match trustworthy without a context word.
import type { Budget } from "../../engine/budget.ts";
import { isFrenchNirValid, isItalianFiscalCodeValid, isValidDate, spanishIdLetter } from "./checksums.ts";
import { hasContext, NATIONAL_ID_CONTEXT } from "./context.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";

// DNI: 8 digits and a control letter; NIE: X/Y/Z, 7 digits and a control letter.
const ES_CANDIDATE = /(?<![\w\-])(?:([XYZ])-?(\d{7})|(\d{8}))-?([A-HJ-NP-TV-Z])(?![\w])/g;
const ES_PLACEHOLDERS = new Set(["12345678Z", "00000000T", "99999999R", "X1234567L"]);

export function scanSpanishIds(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  ES_CANDIDATE.lastIndex = 0;
  for (let m = ES_CANDIDATE.exec(text); m !== null && !budget.spent(); m = ES_CANDIDATE.exec(text)) {
    const prefix = m[1] ? "XYZ".indexOf(m[1]) : -1;
    const digits = m[1] ? `${prefix}${m[2]}` : m[3]!;
    if (spanishIdLetter(Number(digits)) !== m[4]) continue;
    if (ES_PLACEHOLDERS.has(m[0].replaceAll("-", ""))) continue;
    const worded = hasContext(text, m.index, context, NATIONAL_ID_CONTEXT);
    hits.push({ kind: PII_KINDS.esDni, start: m.index, end: m.index + m[0].length, score: worded ? 0.95 : 0.85 });
  }
}

// NIR: sex, birth year, month, department (2A/2B for Corsica), commune, order, 2-digit key.
const FR_CANDIDATE =
  /(?<![\w\-.])([12]) ?(\d\d) ?(\d\d) ?(\d\d|2[AB]) ?(\d{3}) ?(\d{3}) ?(\d\d)(?![\w]|[\-.]\d)/g;

/** Months 01-12, plus the 20-42 and 50-99 codes INSEE gives when the birth month is unknown. */
const isNirMonth = (month: number): boolean =>
  (month >= 1 && month <= 12) || (month >= 20 && month <= 42) || month >= 50;

export function scanFrenchNirs(text: string, _context: FieldContext, hits: PiiHit[], budget: Budget): void {
  FR_CANDIDATE.lastIndex = 0;
  for (let m = FR_CANDIDATE.exec(text); m !== null && !budget.spent(); m = FR_CANDIDATE.exec(text)) {
    if (!isNirMonth(Number(m[3]))) continue;
    const body = m[1]! + m[2]! + m[3]! + m[4]! + m[5]! + m[6]!;
    if (!isFrenchNirValid(body, m[7]!)) continue;
    hits.push({ kind: PII_KINDS.frNir, start: m.index, end: m.index + m[0].length, score: 0.9 });
  }
}

// Codice fiscale: surname and name consonants, year, month letter, day (+40 for women),
// municipality code, control letter.
const IT_CANDIDATE = /(?<![\w])[A-Z]{6}\d\d([ABCDEHLMPRST])(\d\d)[A-Z]\d{3}[A-Z](?![\w])/g;

export function scanItalianFiscalCodes(text: string, _context: FieldContext, hits: PiiHit[], budget: Budget): void {
  IT_CANDIDATE.lastIndex = 0;
  for (let m = IT_CANDIDATE.exec(text); m !== null && !budget.spent(); m = IT_CANDIDATE.exec(text)) {
    const day = Number(m[2]);
    const dayOfMonth = day > 40 ? day - 40 : day;
    const month = "ABCDEHLMPRST".indexOf(m[1]!) + 1;
    if (!isValidDate(2000, month, dayOfMonth) || !isItalianFiscalCodeValid(m[0])) continue;
    hits.push({ kind: PII_KINDS.itFiscalCode, start: m.index, end: m.index + 16, score: 0.9 });
  }
}
