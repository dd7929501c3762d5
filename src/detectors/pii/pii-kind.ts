// The vocabulary every PII scanner reports in: what was found (a PiiKind) and where.
import type { Budget } from "../../engine/budget.ts";
import type { Severity } from "../../wire/verdict.ts";

export interface PiiKind {
  checkId: string;
  category: string;
  severity: Severity;
  /** Placeholder type the engine turns into `${SVC_<LABEL>_<n>}`. */
  label: string;
  /** Generic, never derived from the matched text. */
  title: string;
  /** On overlap the kind with the stricter structure (checksum, fixed length) wins. */
  priority: number;
}

export interface PiiHit {
  kind: PiiKind;
  start: number;
  end: number;
  score: number;
}

const defineKind = (
  name: string,
  refinement: string,
  severity: Severity,
  label: string,
  title: string,
  priority: number,
): PiiKind => ({ checkId: `pii.${name}`, category: `privacy.pii.${refinement}`, severity, label, title, priority });

export const PII_KINDS = {
  iban: defineKind("iban", "bank_account", "high", "IBAN", "Bank account number (IBAN)", 95),
  cnResidentId: defineKind("cn_resident_id", "national_id.cn", "high", "NATIONAL_ID", "Chinese resident identity number", 90),
  itFiscalCode: defineKind("it_fiscal_code", "national_id.it", "high", "NATIONAL_ID", "Italian fiscal code", 88),
  frNir: defineKind("fr_nir", "national_id.fr", "high", "NATIONAL_ID", "French social security number", 86),
  bankCard: defineKind("bank_card", "bank_card", "high", "CARD", "Payment card number", 85),
  aadhaar: defineKind("aadhaar", "national_id.in", "high", "NATIONAL_ID", "Aadhaar number", 80),
  esDni: defineKind("es_dni", "national_id.es", "high", "NATIONAL_ID", "Spanish identity number", 78),
  gbNino: defineKind("gb_nino", "national_id.gb", "high", "NATIONAL_ID", "UK National Insurance number", 76),
  brCpf: defineKind("br_cpf", "tax_id.br", "high", "NATIONAL_ID", "Brazilian CPF number", 77),
  caSin: defineKind("ca_sin", "national_id.ca", "high", "NATIONAL_ID", "Canadian Social Insurance Number", 74),
  usRouting: defineKind("us_bank_routing", "bank_account", "high", "BANK_ACCOUNT", "US bank routing number", 73),
  bankAccount: defineKind("bank_account_number", "bank_account", "high", "BANK_ACCOUNT", "Bank account number", 72),
  ssn: defineKind("ssn", "national_id.us", "high", "SSN", "US Social Security number", 75),
  usItin: defineKind("us_itin", "national_id.us", "high", "NATIONAL_ID", "US individual taxpayer identification number", 75),
  healthInsurance: defineKind("health_insurance_number", "health_id", "high", "HEALTH_ID", "Health insurance number", 66),
  gbNhsNumber: defineKind("gb_nhs_number", "national_id.gb", "high", "NATIONAL_ID", "NHS number", 72),
  deSteuerId: defineKind("de_steuer_id", "tax_id.de", "high", "NATIONAL_ID", "German tax identification number", 71),
  nlBsn: defineKind("nl_bsn", "national_id.nl", "high", "NATIONAL_ID", "Dutch citizen service number (BSN)", 70),
  krRrn: defineKind("kr_rrn", "national_id.kr", "high", "NATIONAL_ID", "Korean resident registration number", 69),
  plPesel: defineKind("pl_pesel", "national_id.pl", "high", "NATIONAL_ID", "Polish PESEL number", 68),
  jpMyNumber: defineKind("jp_my_number", "national_id.jp", "high", "NATIONAL_ID", "Japanese individual number (My Number)", 67),
  seNationalId: defineKind("se_personnummer", "national_id.se", "high", "NATIONAL_ID", "Swedish personal identity number", 68),
  chAhv: defineKind("ch_ahv", "national_id.ch", "high", "NATIONAL_ID", "Swiss social insurance number (AHV)", 70),
  sgNric: defineKind("sg_nric", "national_id.sg", "high", "NATIONAL_ID", "Singapore NRIC/FIN number", 70),
  mxCurp: defineKind("mx_curp", "national_id.mx", "high", "NATIONAL_ID", "Mexican CURP", 88),
  clRut: defineKind("cl_rut", "national_id.cl", "high", "NATIONAL_ID", "Chilean RUT", 77),
  zaId: defineKind("za_id", "national_id.za", "high", "NATIONAL_ID", "South African identity number", 68),
  auTfn: defineKind("au_tfn", "tax_id.au", "high", "NATIONAL_ID", "Australian tax file number", 66),
  inPan: defineKind("in_pan", "tax_id.in", "high", "NATIONAL_ID", "Indian PAN (permanent account number)", 66),
  medicalRecord: defineKind("medical_record_number", "health_id", "high", "HEALTH_ID", "Medical record number", 65),
  nationalId: defineKind("national_id", "national_id", "high", "NATIONAL_ID", "National identity number", 62),
  taxId: defineKind("tax_id", "tax_id", "high", "NATIONAL_ID", "Personal tax identification number", 62),
  passport: defineKind("passport_number", "passport_number", "high", "PASSPORT", "Passport number", 65),
  driversLicense: defineKind("drivers_license", "drivers_license", "high", "DRIVERS_LICENSE", "Driving licence number", 64),
  email: defineKind("email", "email", "medium", "EMAIL", "Email address", 60),
  dateOfBirth: defineKind("date_of_birth", "date_of_birth", "medium", "DOB", "Date of birth", 55),
  phone: defineKind("phone", "phone_number", "medium", "PHONE", "Phone number", 50),
  address: defineKind("address", "address", "medium", "ADDRESS", "Postal address", 45),
  personName: defineKind("person_name", "person_name", "medium", "NAME", "Person's name in a record", 40),
  ipAddress: defineKind("ip_address", "ip_address", "low", "IP", "Public IP address", 30),
} as const;

/** Upper bound on reported values per text field, so a hostile payload cannot bloat a verdict. */
export const MAX_HITS_PER_FIELD = 256;

/** Where a text sits: the scanners read context words from the field's own name too. */
export interface FieldContext {
  /** Last named segment of the payload path as lower-case words (`phoneNumber` -> `phone number`). */
  key: string;
  /** True for the `host` of a `network` event: a destination server, not a person. */
  isNetworkHost: boolean;
  /** For an `exec` argv element, the arguments before it (bounded), which read as its context. */
  argvBefore: string;
}

/** Appends what it finds to `hits`; stops early, with what it found so far, once `budget` is spent. */
export type Scanner = (text: string, context: FieldContext, hits: PiiHit[], budget: Budget) => void;
