// Identity numbers of more countries: Sweden's personnummer, Switzerland's AHV number,
// Singapore's NRIC/FIN, Mexico's CURP, Chile's RUT and South Africa's ID number. A number with a
// distinctive printed shape and a check character (`756.9217.1774.91`, `15.892.471-4`, a CURP)
// stands alone; one that is just digits needs its label and its check.
import type { Budget } from "../../engine/budget.ts";
import { isAhvValid, isCurpValid, isLuhnValid, isNricValid, isRutValid, isValidDate } from "./checksums.ts";
import { digitsOf, isDocumentNumber, isFillerDigits, label, scanLabelled, type LabelledId } from "./labelled-ids.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";

/** `YYMMDD` at `offset` of `digits` is a calendar date in some century. */
const hasBirthDate = (digits: string, offset: number): boolean =>
  isValidDate(2000, Number(digits.slice(offset + 2, offset + 4)), Number(digits.slice(offset + 4, offset + 6)));

const LABELLED: readonly LabelledId[] = [
  {
    kind: PII_KINDS.seNationalId,
    label: label("personnummer|person[\\s_-]*nr|personnr|samordningsnummer"),
    // `811218-7680`, `19811218-7680`: a birth date, four digits, Luhn over the last ten.
    value: /(?:19|20)?\d{6}[-+]?\d{4}(?![\w]|[\-.\/]\d)/y,
    valid: (value) => {
      const digits = digitsOf(value).slice(-10);
      return hasBirthDate(digits, 0) && !isFillerDigits(digits);
    },
    checked: (value) => isLuhnValid(digitsOf(value).slice(-10)),
    score: 0.9,
  },
  {
    kind: PII_KINDS.chAhv,
    label: label("ahv|avs|ahv[\\s_-]*nr|sozialversicherungsnummer|num[ée]ro[\\s_-]+avs"),
    value: /756\.?\d{4}\.?\d{4}\.?\d{2}(?![\w]|[\-.\/]\d)/y,
    valid: (value) => isAhvValid(digitsOf(value)) && !isFillerDigits(digitsOf(value)),
    score: 0.9,
  },
  {
    kind: PII_KINDS.sgNric,
    label: label("nric|fin|ic[\\s_-]*(?:no|number)|identity[\\s_-]*card"),
    value: /[STFG]\d{7}[A-Z](?![\w])/y,
    valid: (value) => isNricValid(value) && !isFillerDigits(value.slice(1, 8)),
    score: 0.9,
  },
  {
    kind: PII_KINDS.zaId,
    label: label("(?:sa|rsa|south[\\s_-]+african)?[\\s_-]*id[\\s_-]*(?:number|no)|identity[\\s_-]*number"),
    // Birth date, gender sequence, citizenship 0 or 1, a digit, a Luhn check digit.
    value: /\d{6}\d{4}[01]\d{2}(?![\w]|[\-.\/]\d)/y,
    valid: (value) => hasBirthDate(value, 0) && isLuhnValid(value) && !isFillerDigits(value),
    score: 0.85,
  },
];

/**
 * Identity card and citizen numbers named by their label in the languages they are issued in,
 * whatever their shape: `DNI 30.123.456` (AR), `CNIC: 35202-1234567-1` (PK), `NIK 3201...` (ID),
 * `TC Kimlik No`, `Emirates ID`, `CNP`, `JMBG`, `Personalausweisnummer`. Without a check digit
 * to trust, the label must name the document right before the value.
 */
const NATIONAL_ID_LABELS =
  "national[\\s_-]*id(?:entity|entification)?(?:[\\s_-]*card)?|identity[\\s_-]*card|id[\\s_-]*card|identification[\\s_-]*(?:card|document)|" +
  "citizen(?:ship)?[\\s_-]*(?:id|card)|personal[\\s_-]*(?:id|identification|identity)[\\s_-]*(?:number|code)|" +
  "c[ée]dula(?:[\\s_-]+de[\\s_-]+(?:identidad|ciudadan[ií]a))?|documento[\\s_-]+(?:nacional[\\s_-]+)?de[\\s_-]+identidad|dni|" +
  "carte[\\s_-]+(?:nationale[\\s_-]+)?d'identit[ée]|personalausweis(?:nummer)?|ausweisnummer|ausweis|carta[\\s_-]+d'identit[àa]|" +
  "bilhete[\\s_-]+de[\\s_-]+identidade|tc[\\s_-]*kimlik|kimlik|nik|ktp|cnic|nicop|emirates[\\s_-]*id|hkid|nin|" +
  "rijksregisternummer|num[ée]ro[\\s_-]+national|registre[\\s_-]+national|henkil[öo]tunnus|hetu|cpr|f[øo]dselsnummer|" +
  "rodn[ée][\\s_-]*[čc][íi]slo|amka|egn|jmbg|oib|cnp|asmens[\\s_-]*kodas|isikukood|mykad|voter[\\s_-]*id|thai[\\s_-]*id|" +
  // Poland's, Portugal's, Belgium's and the Netherlands' identity cards, Brazil's RG (`RG: 48.219.375-6`; a bare `rg:` is ripgrep).
  "dow[óo]d(?:u)?(?:[\\s_-]+osobist\\w*)?|numer[\\s_-]+dowodu(?:[\\s_-]+osobist\\w*)?|cart[ãa]o[\\s_-]+de[\\s_-]+cidad[ãa]o|" +
  "identiteitskaart|id-kaart|identiteitsbewijs|registro[\\s_-]+geral|rg(?=[\\s_-]*(?:n[º°o.]|:[ \\t]*\\d{1,2}\\.\\d{3}\\.\\d{3}))";

const GENERIC_NATIONAL_ID: LabelledId = {
  kind: PII_KINDS.nationalId,
  label: label(NATIONAL_ID_LABELS),
  // Upper-case letters and digits, groups joined by `.`, `-`, `/` or a space: `35202-1234567-1`,
  // `784-1990-1234567-1`, `30.123.456`, `A123456(7)`, `131052-308T`.
  value: /(?=[A-Z]{0,3}\d)[A-Z0-9]{1,20}(?:[-./ ][A-Z0-9]{1,14}){0,4}(?:\([A-Z0-9]\))?(?![\w-])/y,
  valid: (value) => digitsOf(value).length >= 5 && isDocumentNumber(value) && !/^(\d)\1+$/.test(digitsOf(value)),
  score: 0.8,
};

export const scanNationalIds = scanLabelled(GENERIC_NATIONAL_ID);
export const scanSeNationalIds = scanLabelled(LABELLED[0]!);
export const scanAhvNumbers = scanLabelled(LABELLED[1]!);
export const scanSgNrics = scanLabelled(LABELLED[2]!);
export const scanZaIds = scanLabelled(LABELLED[3]!);

// The AHV number as printed, `756.1234.5678.97`: the dots, the 756 prefix and the check digit.
const AHV_PRINTED = /(?<![\w.\-])756\.\d{4}\.\d{4}\.\d{2}(?![\w]|[\-.]\d)/g;
// CURP: initials, birth date, sex, state, inner consonants, a homonym character, a check digit.
const CURP =
  /(?<![\w])[A-Z][AEIOUX][A-Z]{2}\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[HMX](?:AS|BC|BS|CC|CL|CM|CS|CH|DF|CX|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE)[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d(?![\w])/g;
// RUT as printed, `15.892.471-4`: dotted thousands, a hyphen, the check character.
const RUT_PRINTED = /(?<![\w.\-])(\d{1,2}\.\d{3}\.\d{3})-([\dkK])(?![\w]|[\-.]\d)/g;

export function scanPrintedAhvs(text: string, _context: FieldContext, hits: PiiHit[], budget: Budget): void {
  AHV_PRINTED.lastIndex = 0;
  for (let m = AHV_PRINTED.exec(text); m !== null && !budget.spent(); m = AHV_PRINTED.exec(text)) {
    const digits = digitsOf(m[0]);
    if (isAhvValid(digits) && !isFillerDigits(digits)) hits.push({ kind: PII_KINDS.chAhv, start: m.index, end: m.index + m[0].length, score: 0.85 });
  }
}

export function scanCurps(text: string, _context: FieldContext, hits: PiiHit[], budget: Budget): void {
  if (!/[A-Z]{4}\d{6}/.test(text)) return;
  CURP.lastIndex = 0;
  for (let m = CURP.exec(text); m !== null && !budget.spent(); m = CURP.exec(text)) {
    if (isCurpValid(m[0])) hits.push({ kind: PII_KINDS.mxCurp, start: m.index, end: m.index + 18, score: 0.9 });
  }
}

export function scanPrintedRuts(text: string, _context: FieldContext, hits: PiiHit[], budget: Budget): void {
  RUT_PRINTED.lastIndex = 0;
  for (let m = RUT_PRINTED.exec(text); m !== null && !budget.spent(); m = RUT_PRINTED.exec(text)) {
    const body = digitsOf(m[1]!);
    if (isRutValid(body, m[2]!) && !isFillerDigits(body)) hits.push({ kind: PII_KINDS.clRut, start: m.index, end: m.index + m[0].length, score: 0.85 });
  }
}
