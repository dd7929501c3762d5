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
import { scanAhvNumbers, scanCurps, scanNationalIds, scanPrintedAhvs, scanPrintedRuts, scanSeNationalIds, scanSgNrics, scanZaIds } from "./world-ids.ts";
import { MAX_HITS_PER_FIELD, PII_KINDS, type FieldContext, type PiiHit, type PiiKind, type Scanner } from "./pii-kind.ts";
import { resolveOverlaps } from "../span-hits.ts";
import { spentAtStep, type Budget } from "../../engine/budget.ts";

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
  { kind: PII_KINDS.aadhaar, scan: scanLabelledAadhaars, needsDigit: true },
  { kind: PII_KINDS.esDni, scan: scanSpanishIds, needsDigit: true },
  { kind: PII_KINDS.gbNino, scan: scanGbNinos, needsDigit: true },
  { kind: PII_KINDS.brCpf, scan: scanBrCpfs, needsDigit: true },
  { kind: PII_KINDS.caSin, scan: scanCaSins, needsDigit: true },
  { kind: PII_KINDS.usRouting, scan: scanUsBankRouting, needsDigit: true },
  { kind: PII_KINDS.bankAccount, scan: scanBankAccounts, needsDigit: true },
  { kind: PII_KINDS.ssn, scan: scanUsSsns, needsDigit: true },
  { kind: PII_KINDS.gbNhsNumber, scan: scanNhsNumbers, needsDigit: true },
  { kind: PII_KINDS.deSteuerId, scan: scanSteuerIds, needsDigit: true },
  { kind: PII_KINDS.nlBsn, scan: scanBsns, needsDigit: true },
  { kind: PII_KINDS.krRrn, scan: scanKoreanRrns, needsDigit: true },
  { kind: PII_KINDS.krRrn, scan: scanKoreanRrnsBare, needsDigit: true },
  { kind: PII_KINDS.plPesel, scan: scanPesels, needsDigit: true },
  { kind: PII_KINDS.jpMyNumber, scan: scanMyNumbers, needsDigit: true },
  { kind: PII_KINDS.auTfn, scan: scanTfns, needsDigit: true },
  { kind: PII_KINDS.seNationalId, scan: scanSeNationalIds, needsDigit: true },
  { kind: PII_KINDS.chAhv, scan: scanAhvNumbers, needsDigit: true },
  { kind: PII_KINDS.sgNric, scan: scanSgNrics, needsDigit: true },
  { kind: PII_KINDS.zaId, scan: scanZaIds, needsDigit: true },
  { kind: PII_KINDS.chAhv, scan: scanPrintedAhvs, needsDigit: true },
  { kind: PII_KINDS.mxCurp, scan: scanCurps, needsDigit: true },
  { kind: PII_KINDS.clRut, scan: scanPrintedRuts, needsDigit: true },
  { kind: PII_KINDS.inPan, scan: scanPans, needsDigit: true },
  { kind: PII_KINDS.medicalRecord, scan: scanMedicalRecordNumbers, needsDigit: true },
  { kind: PII_KINDS.healthInsurance, scan: scanAuMedicareNumbers, needsDigit: true },
  { kind: PII_KINDS.healthInsurance, scan: scanUsMedicareIds, needsDigit: true },
  { kind: PII_KINDS.nationalId, scan: scanNationalIds, needsDigit: true },
  { kind: PII_KINDS.passport, scan: scanPassports, needsDigit: true },
  { kind: PII_KINDS.passport, scan: scanPassportMrz, needsDigit: true },
  { kind: PII_KINDS.driversLicense, scan: scanDriversLicenses, needsDigit: true },
  { kind: PII_KINDS.email, scan: scanEmails, needsDigit: false },
  { kind: PII_KINDS.email, scan: scanObfuscatedEmails, needsDigit: false },
  { kind: PII_KINDS.dateOfBirth, scan: scanDatesOfBirth, needsDigit: true },
  { kind: PII_KINDS.phone, scan: scanPhones, needsDigit: true },
  { kind: PII_KINDS.address, scan: scanAddresses, needsDigit: true },
  { kind: PII_KINDS.personName, scan: scanPersonNames, needsDigit: false },
  { kind: PII_KINDS.ipAddress, scan: scanIpAddresses, needsDigit: true },
];

export const ALL_KINDS: readonly PiiKind[] = [...new Set(SCANNERS.map((s) => s.kind))];

/** The scanners left once `disabled` (check ids or category prefixes) are taken out. */
export function selectScanners(disabled: readonly string[]): readonly ScannerEntry[] {
  const off = (kind: PiiKind): boolean =>
    disabled.some((d) => d === kind.checkId || kind.category === d || kind.category.startsWith(`${d}.`));
  return SCANNERS.filter((s) => !off(s.kind));
}

const HAS_DIGIT = /\d/;

/**
 * Every piece of personal data in `text`, non-overlapping, sorted by start. Once `budget` is spent
 * the scan stops with what it found so far (the caller sees `budget.cutOff`).
 */
export function scanText(text: string, context: FieldContext, scanners: readonly ScannerEntry[], budget: Budget): PiiHit[] {
  if (text.length < 5) return [];
  const hasDigit = HAS_DIGIT.test(text);
  const hits: PiiHit[] = [];
  for (const { scan, needsDigit } of scanners) {
    if (spentAtStep(budget, text.length)) break;
    if (needsDigit && !hasDigit) continue;
    scan(text, context, hits, budget);
  }
  return resolveOverlaps(hits, MAX_HITS_PER_FIELD);
}

