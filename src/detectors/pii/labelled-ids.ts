// Identity numbers known by the words written before them: passports, driving licences, NHS
// numbers, the German Steuer-ID, the Dutch BSN, Poland's PESEL, Japan's My Number, Korea's RRN,
// Australia's TFN, India's Aadhaar and PAN. Their digits alone look like any reference, so the
// scan starts at the label (`passport no.`, `Steuer-ID:`, `マイナンバー：`), reads the value right
// after it, and checks the check digit where the number has one. A field named for the document
// counts as the label. For the newer entries a label right before the value is itself strong
// evidence, so a failed check digit (a typo, a made-up sample) lowers the score, not the finding.
import type { Budget } from "../../engine/budget.ts";
import {
  isAuMedicareValid,
  isBsnValid,
  isKoreanRrnValid,
  isMyNumberValid,
  isNhsNumberValid,
  isPeselDate,
  isPeselValid,
  isSteuerIdValid,
  isTfnValid,
  isValidDate,
  isVerhoeffValid,
} from "./checksums.ts";
import { MAX_HITS_PER_FIELD, PII_KINDS, type FieldContext, type PiiHit, type PiiKind, type Scanner } from "./pii-kind.ts";
import { cellsUnder, hasColumnNamed } from "../table-columns.ts";
import { caseless, searchIn } from "../lower-case.ts";

export interface LabelledId {
  kind: PiiKind;
  /** Global and case-insensitive: the words that name the document. */
  label: RegExp;
  /** Sticky: the value, read where the label and its linking words end. */
  value: RegExp;
  /** The value's check: its check digit, or its shape when it has none. */
  valid: (value: string) => boolean;
  /** Where `valid` checks only the shape: the check digit, which lowers the score when it fails. */
  checked?: (value: string) => boolean;
  score: number;
}

// After the label: punctuation and a few linking words (`passport number is`, `NHS no.:`).
// JSON keys (`"aadhaar":"..."`) and full-width colons and spaces (`マイナンバー：`) link too.
// `is` in the languages the labels are written in, too: `är`, `es`, `ist`, `lautet`, `est`, `é`, `er`, `to`;
// markdown emphasis (`**Passport:**`) links like punctuation; `n.º`, `nummer`, `numero` name the number.
const LINK = /[\s:.#=("'：　*_º°-]*(?:(?:no|nr|n|number|num|nummer|numer|numero|número|numéro|card|is|was|id|of|her|his|my|your|their|är|es|ist|lautet|est|é|è|er|to|wynosi)[\s:.#=("'：　*_º°-]+){0,3}/iy;

const SUFFIX = "(?:[\\s_-]*(?:no|nr|number|num|#))?";
export const label = (words: string): RegExp => new RegExp(`(?<![a-z])(?:${words})${SUFFIX}(?![a-z])`, "gi");

export const digitsOf = (value: string): string => value.replace(/[^0-9]/g, "");
/** `123456789`, `000000000`: the digits people type when they mean "a number goes here". */
export const isFillerDigits = (digits: string): boolean => /(\d)\1{5}|012345|123456|234567|345678|456789|987654/.test(digits);

/** A document number without a check digit: letters and digits, enough digits, not filler. */
export const isDocumentNumber = (value: string): boolean => {
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
    label: label(
      "passport|passeport|reisepass(?:nummer)?|pass(?:nummer|nr)|pasaporte|passaporto|paspoort(?:nummer)?|passaporte|paszport|" +
        "パスポート(?:番号)?|旅券番号|护照(?:号码?)?|護照(?:號碼)?|여권(?:번호)?",
    ),
    // Up to three letters, then a digit: `533380006`, `C01X00T47`, `12AB34567`.
    value: /(?=[A-Z]{0,3}\d)[A-Z0-9]{6,10}(?![\w-])/y,
    valid: isDocumentNumber,
    score: 0.8,
  },
  {
    kind: PII_KINDS.driversLicense,
    label: label(
      "driver'?s?[\\s_-]*licen[cs]e|driving[\\s_-]*licen[cs]e|dl(?=[\\s_-]*(?:no|nr|number|#))|f(?:ü|ue)hrerschein(?:nummer)?|permis[\\s_]+de[\\s_]+conduire|" +
        "(?:carnet|permiso)[\\s_]+de[\\s_]+conducir|patente[\\s_]+di[\\s_]+guida|rijbewijs(?:nummer)?|carteira[\\s_]+de[\\s_]+motorista|cnh|運転免許証?(?:番号)?",
    ),
    // `D1234567`, `MORGA753116SM9IJ` (GB), `S530-460-70-101-0` (FL).
    value: /(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{4,18}(?![\w-])/y,
    valid: isDocumentNumber,
    score: 0.8,
  },
  {
    kind: PII_KINDS.plPesel,
    label: label("pesel"),
    value: /\d{11}(?![\w]|[\-.\/]\d)/y,
    valid: (value) => isPeselDate(value) && !isFillerDigits(value),
    checked: isPeselValid,
    score: 0.9,
  },
  {
    kind: PII_KINDS.jpMyNumber,
    label: label("my[\\s_-]*number|マイナンバー|個人番号|kojin[\\s_-]*bango"),
    value: /\d{4}([ -]?)\d{4}\1\d{4}(?![\w]|[\-.\/ ]\d)/y,
    valid: (value) => !isFillerDigits(digitsOf(value)),
    checked: (value) => isMyNumberValid(digitsOf(value)),
    score: 0.9,
  },
  {
    kind: PII_KINDS.krRrn,
    label: label("rrn|resident[\\s_-]*registration|주민등록번호|주민번호"),
    value: /\d{6}-?[1-8]\d{6}(?![\w]|[\-.\/]\d)/y,
    valid: (value) => isValidDate(2000, Number(value.slice(2, 4)), Number(value.slice(4, 6))) && !isFillerDigits(digitsOf(value)),
    checked: (value) => isKoreanRrnValid(digitsOf(value)),
    score: 0.9,
  },
  {
    kind: PII_KINDS.auTfn,
    label: label("tfn|tax[\\s_-]*file"),
    value: /\d{3}([ -]?)\d{3}\1\d{2,3}(?![\w]|[\-.\/ ]\d)/y,
    valid: (value) => !isFillerDigits(digitsOf(value)),
    checked: (value) => isTfnValid(digitsOf(value)),
    score: 0.85,
  },
  {
    kind: PII_KINDS.aadhaar,
    label: label("aadhaar|aadhar|uidai|आधार"),
    value: /[2-9]\d{3}([ -]?)\d{4}\1\d{4}(?![\w]|[\-.\/ ]\d)/y,
    valid: (value) => !isFillerDigits(digitsOf(value)),
    checked: (value) => isVerhoeffValid(digitsOf(value)),
    score: 0.9,
  },
  {
    kind: PII_KINDS.inPan,
    // Not `pan` alone: on a card form it is the card number (see bank.ts).
    label: label("pan(?=[\\s_-]*(?:no|nr|number|card|#|:|\"|'|=))|permanent[\\s_-]*account[\\s_-]*number"),
    // Five letters (the fourth the holder's type: P person, C company...), four digits, a letter.
    value: /[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z](?![\w])/y,
    // `ABCDE1234F` is the form every PAN guide shows.
    valid: (value) => value !== "ABCDE1234F" && !/^(.)\1{4}/.test(value),
    score: 0.85,
  },
  {
    kind: PII_KINDS.medicalRecord,
    label: label(
      "mrn|medical[\\s_-]*record|patient[\\s_-]*(?:id|number)|hospital[\\s_-]*number|chart[\\s_-]*number|health[\\s_-]*record[\\s_-]*number",
    ),
    // `00482913`, `MRN-7730215`, `HN 12345678`: a short prefix, then five to ten digits.
    value: /(?=[A-Z]{0,3}-?\d)[A-Z]{0,3}-?\d{5,10}(?![\w-])/y,
    valid: isDocumentNumber,
    score: 0.8,
  },
  {
    kind: PII_KINDS.healthInsurance,
    label: label("medicare(?:[\\s_-]*card)?"),
    // Australia: ten digits printed 4-5-1, then the holder's position on the card.
    value: /[2-6]\d{3} ?\d{5} ?\d(?:[ -\/]?[1-9])?(?![\w]|[\-.\/ ]\d)/y,
    valid: (value) => isAuMedicareValid(digitsOf(value)) && !isFillerDigits(digitsOf(value)),
    score: 0.85,
  },
  {
    kind: PII_KINDS.healthInsurance,
    label: label("mbi|medicare(?:[\\s_-]*(?:beneficiary[\\s_-]*identifier|card|id))?"),
    // US Medicare Beneficiary Identifier: `1EG4-TE5-MK73` (no S, L, O, I, B or Z).
    value: /[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y\d]\d-?[AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y\d]\d-?[AC-HJKMNP-RT-Y]{2}\d\d(?![\w-])/y,
    valid: () => true,
    score: 0.85,
  },
];

/** The value read at `at` (after linking words), when it passes the check, with its score. */
function readValue(text: string, at: number, id: LabelledId): { start: number; end: number; score: number } | undefined {
  LINK.lastIndex = at;
  LINK.exec(text);
  const start = LINK.lastIndex;
  id.value.lastIndex = start;
  const m = id.value.exec(text);
  if (m === null || !id.valid(m[0])) return undefined;
  const score = id.checked === undefined || id.checked(m[0]) ? id.score : id.score - 0.2;
  return { start, end: start + m[0].length, score };
}

/** A table column headed by the label (`nhs_number`, `bsn`) holds one value per cell. */
function scanColumns(text: string, id: LabelledId, column: RegExp, hits: PiiHit[]): void {
  if (!hasColumnNamed(text, column)) return;
  for (const cell of cellsUnder(text, column, MAX_HITS_PER_FIELD)) {
    const found = readValue(text, cell.start, id);
    if (found && found.end === cell.end) hits.push({ kind: id.kind, ...found });
  }
}

export function scanLabelled(id: LabelledId): Scanner {
  const column = new RegExp(id.label.source, "i");
  const search = caseless(id.label);
  return (text: string, context: FieldContext, hits: PiiHit[], budget: Budget) => {
    scanColumns(text, id, column, hits);
    id.label.lastIndex = 0;
    // A field named for the document (`passport_number`) holds the value itself.
    if (id.label.test(context.key)) {
      const start = text.length - text.trimStart().length;
      const found = readValue(text, start, id);
      if (found && text.slice(found.end).trim() === "") hits.push({ kind: id.kind, ...found });
    }
    const [label, subject] = searchIn(search, text);
    label.lastIndex = 0;
    for (let m = label.exec(subject); m !== null && !budget.spent(); m = label.exec(subject)) {
      const found = readValue(text, m.index + m[0].length, id);
      if (found) hits.push({ kind: id.kind, ...found });
    }
  };
}

export const scanNhsNumbers = scanLabelled(LABELLED_IDS[0]!);
export const scanSteuerIds = scanLabelled(LABELLED_IDS[1]!);
export const scanBsns = scanLabelled(LABELLED_IDS[2]!);
export const scanPassports = scanLabelled(LABELLED_IDS[3]!);
export const scanDriversLicenses = scanLabelled(LABELLED_IDS[4]!);
export const scanPesels = scanLabelled(LABELLED_IDS[5]!);
export const scanMyNumbers = scanLabelled(LABELLED_IDS[6]!);
export const scanKoreanRrns = scanLabelled(LABELLED_IDS[7]!);
export const scanTfns = scanLabelled(LABELLED_IDS[8]!);
export const scanLabelledAadhaars = scanLabelled(LABELLED_IDS[9]!);
export const scanPans = scanLabelled(LABELLED_IDS[10]!);
export const scanMedicalRecordNumbers = scanLabelled(LABELLED_IDS[11]!);
export const scanAuMedicareNumbers = scanLabelled(LABELLED_IDS[12]!);
export const scanUsMedicareIds = scanLabelled(LABELLED_IDS[13]!);
