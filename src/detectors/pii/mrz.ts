// The machine-readable zone of a passport (ICAO 9303 TD3): two lines of 44 characters, the
// holder's name in the first, document number, nationality, birth date, sex and expiry in the
// second, each field followed by a 7-3-1 check digit. OCR of an identity document reaches agents
// this way; the second line's checks make it unmistakable.
import type { Budget } from "../../engine/budget.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";

// Document number (9) + check, nationality, birth date + check, sex, expiry + check, optional data.
const LINE_TWO = /(?<![A-Z0-9<])([A-Z0-9<]{9})(\d)([A-Z<]{3})(\d{6})(\d)[MFX<]\d{6}\d[A-Z0-9<]{14}[\d<]\d(?![A-Z0-9<])/g;
const LINE_ONE = /P[A-Z<][A-Z<]{3}[A-Z<]{39}\r?\n$/;

/** ICAO 9303 check digit: characters valued 0-35 (`<` is 0), weighted 7, 3, 1, mod 10. */
function checkDigit(field: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field.charCodeAt(i);
    const value = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : 0;
    sum += value * weights[i % 3]!;
  }
  return sum % 10;
}

export function scanPassportMrz(text: string, _context: FieldContext, hits: PiiHit[], budget: Budget): void {
  if (!text.includes("<<")) return;
  LINE_TWO.lastIndex = 0;
  for (let m = LINE_TWO.exec(text); m !== null && !budget.spent(); m = LINE_TWO.exec(text)) {
    if (checkDigit(m[1]!) !== Number(m[2]) || checkDigit(m[4]!) !== Number(m[5])) continue;
    // `UTO` (Utopia) is the state ICAO's specimen documents are issued by.
    if (m[3] === "UTO") continue;
    const before = text.slice(Math.max(0, m.index - 46), m.index);
    const one = LINE_ONE.exec(before);
    const start = one === null ? m.index : m.index - one[0].length;
    hits.push({ kind: PII_KINDS.passport, start, end: m.index + m[0].length, score: 0.95 });
  }
}
