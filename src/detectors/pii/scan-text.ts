// One text field in, the personal data in it out: every enabled scanner runs, then overlaps are
// settled in favour of the kind with the stricter structure (an IBAN's digits are not a phone).
import { scanAddresses } from "./addresses.ts";
import { scanBankAccounts } from "./bank-accounts.ts";
import { scanCards, scanIbans } from "./bank.ts";
import { scanDatesOfBirth } from "./dates-of-birth.ts";
import { scanEmails, scanObfuscatedEmails } from "./emails.ts";
import { scanFrenchNirs, scanItalianFiscalCodes, scanSpanishIds } from "./eu-ids.ts";
import { scanIpAddresses } from "./ip-addresses.ts";
import {
  scanAadhaars,
  scanBrCpfs,
  scanCaSins,
  scanCnResidentIds,
  scanGbNinos,
  scanKoreanRrnsBare,
  scanUsBankRouting,
  scanUsSsns,
} from "./national-ids.ts";
import {
  scanBsns,
  scanDriversLicenses,
  scanKoreanRrns,
  scanLabelledAadhaars,
  scanMedicalRecordNumbers,
  scanAuMedicareNumbers,
  scanUsMedicareIds,
  scanMyNumbers,
  scanNhsNumbers,
  scanPans,
  scanPassports,
  scanPesels,
  scanSteuerIds,
  scanTfns,
} from "./labelled-ids.ts";
import { scanPassportMrz } from "./mrz.ts";
import { scanPersonNames } from "./person-names.ts";
import { scanPhones } from "./phones.ts";
import { scanHealthMemberIds, scanInsuranceNumbers, scanPersonalTaxIds, scanPtNifs } from "./tax-and-insurance-ids.ts";
import { scanAhvNumbers, scanCurps, scanNationalIds, scanPrintedAhvs, scanPrintedRuts, scanSeNationalIds, scanSgNrics, scanZaIds } from "./world-ids.ts";
import { MAX_HITS_PER_FIELD, PII_KINDS, type FieldContext, type PiiHit, type PiiKind, type Scanner } from "./pii-kind.ts";
import { resolveOverlaps } from "../span-hits.ts";
import { spentAtStep, type Budget } from "../../engine/budget.ts";

interface ScannerEntry {
  kind: PiiKind;
  scan: Scanner;
  /**
   * The fewest ASCII digits any value it finds holds (a card 13, an SSN 9, a phone 1): on text
   * with fewer it is skipped. Commands and prose carry few digits, and most scanners need many.
   */
  minDigits: number;
}

const SCANNERS: readonly ScannerEntry[] = [
  { kind: PII_KINDS.iban, scan: scanIbans, minDigits: 2 },
  { kind: PII_KINDS.cnResidentId, scan: scanCnResidentIds, minDigits: 17 },
  { kind: PII_KINDS.itFiscalCode, scan: scanItalianFiscalCodes, minDigits: 1 },
  { kind: PII_KINDS.frNir, scan: scanFrenchNirs, minDigits: 1 },
  { kind: PII_KINDS.bankCard, scan: scanCards, minDigits: 13 },
  { kind: PII_KINDS.aadhaar, scan: scanAadhaars, minDigits: 12 },
  { kind: PII_KINDS.aadhaar, scan: scanLabelledAadhaars, minDigits: 12 },
  { kind: PII_KINDS.esDni, scan: scanSpanishIds, minDigits: 1 },
  { kind: PII_KINDS.gbNino, scan: scanGbNinos, minDigits: 6 },
  { kind: PII_KINDS.brCpf, scan: scanBrCpfs, minDigits: 11 },
  { kind: PII_KINDS.caSin, scan: scanCaSins, minDigits: 9 },
  { kind: PII_KINDS.usRouting, scan: scanUsBankRouting, minDigits: 6 },
  { kind: PII_KINDS.bankAccount, scan: scanBankAccounts, minDigits: 1 },
  { kind: PII_KINDS.ssn, scan: scanUsSsns, minDigits: 9 },
  { kind: PII_KINDS.gbNhsNumber, scan: scanNhsNumbers, minDigits: 10 },
  { kind: PII_KINDS.deSteuerId, scan: scanSteuerIds, minDigits: 11 },
  { kind: PII_KINDS.nlBsn, scan: scanBsns, minDigits: 9 },
  { kind: PII_KINDS.krRrn, scan: scanKoreanRrns, minDigits: 13 },
  { kind: PII_KINDS.krRrn, scan: scanKoreanRrnsBare, minDigits: 13 },
  { kind: PII_KINDS.plPesel, scan: scanPesels, minDigits: 11 },
  { kind: PII_KINDS.jpMyNumber, scan: scanMyNumbers, minDigits: 12 },
  { kind: PII_KINDS.auTfn, scan: scanTfns, minDigits: 8 },
  { kind: PII_KINDS.seNationalId, scan: scanSeNationalIds, minDigits: 1 },
  { kind: PII_KINDS.chAhv, scan: scanAhvNumbers, minDigits: 1 },
  { kind: PII_KINDS.sgNric, scan: scanSgNrics, minDigits: 1 },
  { kind: PII_KINDS.zaId, scan: scanZaIds, minDigits: 1 },
  { kind: PII_KINDS.chAhv, scan: scanPrintedAhvs, minDigits: 13 },
  { kind: PII_KINDS.mxCurp, scan: scanCurps, minDigits: 1 },
  { kind: PII_KINDS.clRut, scan: scanPrintedRuts, minDigits: 7 },
  { kind: PII_KINDS.inPan, scan: scanPans, minDigits: 4 },
  { kind: PII_KINDS.medicalRecord, scan: scanMedicalRecordNumbers, minDigits: 5 },
  { kind: PII_KINDS.healthInsurance, scan: scanAuMedicareNumbers, minDigits: 10 },
  { kind: PII_KINDS.healthInsurance, scan: scanUsMedicareIds, minDigits: 5 },
  { kind: PII_KINDS.nationalId, scan: scanNationalIds, minDigits: 1 },
  { kind: PII_KINDS.taxId, scan: scanPtNifs, minDigits: 9 },
  { kind: PII_KINDS.taxId, scan: scanPersonalTaxIds, minDigits: 6 },
  { kind: PII_KINDS.healthInsurance, scan: scanInsuranceNumbers, minDigits: 6 },
  { kind: PII_KINDS.healthInsurance, scan: scanHealthMemberIds, minDigits: 6 },
  { kind: PII_KINDS.passport, scan: scanPassports, minDigits: 1 },
  { kind: PII_KINDS.passport, scan: scanPassportMrz, minDigits: 1 },
  { kind: PII_KINDS.driversLicense, scan: scanDriversLicenses, minDigits: 1 },
  { kind: PII_KINDS.email, scan: scanEmails, minDigits: 0 },
  { kind: PII_KINDS.email, scan: scanObfuscatedEmails, minDigits: 0 },
  { kind: PII_KINDS.dateOfBirth, scan: scanDatesOfBirth, minDigits: 1 },
  { kind: PII_KINDS.phone, scan: scanPhones, minDigits: 1 },
  { kind: PII_KINDS.address, scan: scanAddresses, minDigits: 1 },
  { kind: PII_KINDS.personName, scan: scanPersonNames, minDigits: 0 },
  { kind: PII_KINDS.ipAddress, scan: scanIpAddresses, minDigits: 1 },
];

export const ALL_KINDS: readonly PiiKind[] = [...new Set(SCANNERS.map((s) => s.kind))];

/** The scanners left once `disabled` (check ids or category prefixes) are taken out. */
export function selectScanners(disabled: readonly string[]): readonly ScannerEntry[] {
  const off = (kind: PiiKind): boolean =>
    disabled.some((d) => d === kind.checkId || kind.category === d || kind.category.startsWith(`${d}.`));
  return SCANNERS.filter((s) => !off(s.kind));
}

/** The most any scanner asks for (a Chinese resident ID's 17 digits): counting stops there. */
const MAX_MIN_DIGITS = Math.max(...SCANNERS.map((s) => s.minDigits));

/** ASCII digits in `text`, counted up to `enough`. */
function digitCount(text: string, enough: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n < enough; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/**
 * Every piece of personal data in `text`, non-overlapping, sorted by start. Once `budget` is spent
 * the scan stops with what it found so far (the caller sees `budget.cutOff`).
 */
export function scanText(text: string, context: FieldContext, scanners: readonly ScannerEntry[], budget: Budget): PiiHit[] {
  if (text.length < 5) return [];
  const digits = digitCount(text, MAX_MIN_DIGITS);
  const hits: PiiHit[] = [];
  for (const { scan, minDigits } of scanners) {
    if (spentAtStep(budget, text.length)) break;
    if (digits < minDigits) continue;
    scan(text, context, hits, budget);
  }
  return resolveOverlaps(hits, MAX_HITS_PER_FIELD);
}

