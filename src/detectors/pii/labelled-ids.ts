// Identity numbers known by the words written before them: passports, driving licences, NHS
// numbers, the German Steuer-ID, the Dutch BSN. Their digits alone look like any reference, so
// the scan starts at the label (`passport no.`, `Steuer-ID:`), reads the value right after it,
// and checks the check digit where the number has one. A field named for the document counts
// as the label.
import type { Budget } from "../../engine/budget.ts";
import { isBsnValid, isNhsNumberValid, isSteuerIdValid } from "./checksums.ts";
import { PII_KINDS, type FieldContext, type PiiHit, type PiiKind, type Scanner } from "./pii-kind.ts";

interface LabelledId {
  kind: PiiKind;
  /** Global and case-insensitive: the words that name the document. */
  label: RegExp;
  /** Sticky: the value, read where the label and its linking words end. */
  value: RegExp;
  /** The value's check: its check digit, or its shape when it has none. */
  valid: (value: string) => boolean;
  score: number;
}

// After the label: punctuation and a few linking words (`passport number is`, `NHS no.:`).
const LINK = /[\s:.#=(-]*(?:(?:no|nr|number|num|is|was|id|of|her|his|my|your|their)[\s:.#=(-]+){0,3}/iy;

const SUFFIX = "(?:[\\s_-]*(?:no|nr|number|num|#))?";
const label = (words: string): RegExp => new RegExp(`(?<![a-z])(?:${words})${SUFFIX}(?![a-z])`, "gi");

const digitsOf = (value: string): string => value.replace(/[^0-9]/g, "");
/** `123456789`, `000000000`: the digits people type when they mean "a number goes here". */
const isFillerDigits = (digits: string): boolean => /(\d)\1{5}|012345|123456|234567|345678|456789|987654/.test(digits);

/** A document number without a check digit: letters and digits, enough digits, not filler. */
const isDocumentNumber = (value: string): boolean => {
  const digits = digitsOf(value);
  return digits.length >= 4 && !isFillerDigits(digits);
};

const LABELLED_IDS: readonly LabelledId[] = [
  {
    kind: PII_KINDS.gbNhsNumber,
    label: label("nhs|chi"),
    value: /\d{3}([ -]?)\d{3}\1\d{4}(?![\w]|[\-.\/ ]\d)/y,
    valid: (value) => isNhsNumberValid(digitsOf(value)),
    score: 0.9,
  },
  {
    kind: PII_KINDS.deSteuerId,
    label: label("steuer[\\s_-]*id(?:entifikationsnummer)?|steueridentifikationsnummer|steuerliche[\\s_]+identifikationsnummer|idnr|tax[\\s_-]*id"),
    value: /[1-9]\d(?: ?\d{3}){3}(?![\w]|[\-.\/ ]\d)/y,
    valid: (value) => isSteuerIdValid(digitsOf(value)),
    score: 0.9,
  },
  {
    kind: PII_KINDS.nlBsn,
    label: label("bsn|burgerservicenummer|sofi[\\s_-]*nummer"),
    value: /\d{4}(\.?)\d{2}\1\d{3}(?![\w]|[\-.\/ ]\d)/y,
    valid: (value) => isBsnValid(digitsOf(value)),
    score: 0.9,
  },
  {
    kind: PII_KINDS.passport,
    label: label("passport|passeport|reisepass|pasaporte|passaporto|paspoort"),
    // Up to three letters, then a digit: `533380006`, `C01X00T47`, `12AB34567`.
    value: /(?=[A-Z]{0,3}\d)[A-Z0-9]{6,10}(?![\w-])/y,
    valid: isDocumentNumber,
    score: 0.8,
  },
  {
    kind: PII_KINDS.driversLicense,
    label: label(
      "driver'?s?[\\s_-]*licen[cs]e|driving[\\s_-]*licen[cs]e|dl(?=[\\s_-]*(?:no|nr|number|#))|f(?:ü|ue)hrerschein(?:nummer)?|permis[\\s_]+de[\\s_]+conduire",
    ),
    // `D1234567`, `MORGA753116SM9IJ` (GB), `S530-460-70-101-0` (FL).
    value: /(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{4,18}(?![\w-])/y,
    valid: isDocumentNumber,
    score: 0.8,
  },
];

/** The value read at `at` (after linking words), when it passes the check. */
function readValue(text: string, at: number, id: LabelledId): { start: number; end: number } | undefined {
  LINK.lastIndex = at;
  LINK.exec(text);
  const start = LINK.lastIndex;
  id.value.lastIndex = start;
  const m = id.value.exec(text);
  return m !== null && id.valid(m[0]) ? { start, end: start + m[0].length } : undefined;
}

function scanLabelled(id: LabelledId): Scanner {
  return (text: string, context: FieldContext, hits: PiiHit[], budget: Budget) => {
    id.label.lastIndex = 0;
    // A field named for the document (`passport_number`) holds the value itself.
    if (id.label.test(context.key)) {
      const start = text.length - text.trimStart().length;
      const found = readValue(text, start, id);
      if (found && text.slice(found.end).trim() === "") hits.push({ kind: id.kind, ...found, score: id.score });
    }
    id.label.lastIndex = 0;
    for (let m = id.label.exec(text); m !== null && !budget.spent(); m = id.label.exec(text)) {
      const found = readValue(text, m.index + m[0].length, id);
      if (found) hits.push({ kind: id.kind, ...found, score: id.score });
    }
  };
}

export const scanNhsNumbers = scanLabelled(LABELLED_IDS[0]!);
export const scanSteuerIds = scanLabelled(LABELLED_IDS[1]!);
export const scanBsns = scanLabelled(LABELLED_IDS[2]!);
export const scanPassports = scanLabelled(LABELLED_IDS[3]!);
export const scanDriversLicenses = scanLabelled(LABELLED_IDS[4]!);
