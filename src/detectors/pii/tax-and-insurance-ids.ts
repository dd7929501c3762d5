// A person's tax and health-insurance numbers named by their label, in the languages they are
// issued in: `NIF 245 817 395` (PT), `Steuernummer 21/815/08150`, `UTR 12345 67890`, `PPS
// number`, `IRD number`, `CUIL 20-12345678-3`, `member ID XJH482910337`
// on a claim, `Versichertennummer`, `numéro d'assuré`. A company's numbers (VAT, EIN, SIRET,
// P.IVA, a Portuguese NIPC) are not personal data and are not labelled here.
import type { Budget } from "../../engine/budget.ts";
import { digitsOf, isDocumentNumber, isFillerDigits, label, scanLabelled, type LabelledId } from "./labelled-ids.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";

// Groups of upper-case letters and digits joined by `-`, `/`, `.` or a space: `HX-4827193`, `65 170839 J 003`.
const DOCUMENT_VALUE = /(?=[A-Z]{0,4}-?\d)[A-Z0-9]{1,15}(?:[-./ ][A-Z0-9]{1,12}){0,4}(?![\w-])/y;

/** Portugal's NIF: nine digits, mod-11 check; 1-3 (and 45) are people, 5-9 companies and bodies. */
function isPersonalPtNif(digits: string): boolean {
  if (digits.length !== 9 || !/^(?:[123]|45)/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (digits.charCodeAt(i) - 48) * (9 - i);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === digits.charCodeAt(8) - 48;
}

const PT_NIF: LabelledId = {
  kind: PII_KINDS.taxId,
  label: label("nif|n[úu]mero[\\s_-]+de[\\s_-]+contribuinte|contribuinte|n[úu]mero[\\s_-]+de[\\s_-]+identifica[çc][ãa]o[\\s_-]+fiscal"),
  value: /\d{3}[ .]?\d{3}[ .]?\d{3}(?![\w]|[\-.\/ ]\d)/y,
  valid: (value) => isPersonalPtNif(digitsOf(value)) && !isFillerDigits(digitsOf(value)),
  score: 0.85,
};

/** Personal tax numbers without a check this code knows: the label must name them. */
const PERSONAL_TAX_ID: LabelledId = {
  kind: PII_KINDS.taxId,
  label: label(
    "steuernummer|steuer[\\s_-]*nr|utr|unique[\\s_-]+taxpayer[\\s_-]+reference|pps(?=[\\s_-]*(?:number|no))|ppsn|ird(?=[\\s_-]*(?:number|no))|tin|taxpayer[\\s_-]*(?:id|identification)|" +
      "tax[\\s_-]*(?:identification|payer|reference)[\\s_-]*(?:number|no|id)?|num[ée]ro[\\s_-]+fiscal(?:[\\s_-]+de[\\s_-]+r[ée]f[ée]rence)?|num[ée]ro[\\s_-]+d'identification[\\s_-]+fiscale|" +
      "cuil|n[úu]mero[\\s_-]+de[\\s_-]+identificaci[óo]n[\\s_-]+fiscal|skatte(?:nummer|id)|belastingnummer",
  ),
  value: DOCUMENT_VALUE,
  valid: (value) => digitsOf(value).length >= 6 && isDocumentNumber(value),
  score: 0.8,
};

/** Insurance numbers whose label names only health or social insurance. */
const INSURANCE_NUMBER: LabelledId = {
  kind: PII_KINDS.healthInsurance,
  label: label(
    "(?:health|medical|dental|vision)[\\s_-]*(?:insurance[\\s_-]*)?(?:id|number|card|member[\\s_-]*id|policy[\\s_-]*(?:number|no))|" +
      "insurance[\\s_-]*(?:id|number|member[\\s_-]*id)|subscriber[\\s_-]*id|versicherten[\\s_-]*nummer|versichertennummer|" +
      "krankenversicherten[\\s_-]*nummer|krankenversichertennummer|versicherungsnummer|num[ée]ro[\\s_-]+d'assur[ée]|" +
      "n[úu]mero[\\s_-]+de[\\s_-]+(?:afiliaci[óo]n|la[\\s_-]+seguridad[\\s_-]+social|utente)|nss|tessera[\\s_-]+sanitaria|zorgverzekeringsnummer",
  ),
  value: DOCUMENT_VALUE,
  valid: (value) => digitsOf(value).length >= 6 && isDocumentNumber(value),
  score: 0.8,
};

// `member ID` alone is a gym's or a forum's; on a claim, beside the insured, it is an insurer's
// member number. A policy number is personal health data only beside health words (a car
// policy's number is the insurer's reference).
const MEMBER_ID = label("member[\\s_-]*(?:id|number)|subscriber[\\s_-]*(?:number|no)");
const POLICY_NUMBER = label("policy[\\s_-]*(?:number|no|id)");
const INSURED_WORDS = /(?<![a-z])(?:claim|claims|insured|insurer|insurance|policyholder|patient|health|medical|dental|medicaid|medicare|copay|deductible)(?![a-z])/i;
const HEALTH_WORDS = /(?<![a-z])(?:patient|health|medical|dental|vision|medicaid|medicare|copay|deductible|clinic|hospital|krankenkasse|sanitari[ao])(?![a-z])/i;
const WORDS_WINDOW = 120;
const scanMemberValue = scanLabelled({ ...INSURANCE_NUMBER, label: MEMBER_ID });
const scanPolicyValue = scanLabelled({ ...INSURANCE_NUMBER, label: POLICY_NUMBER });

/** Whether `words` occur around the first match of `name` in `text`, or name the field. */
function isNamedNear(text: string, context: FieldContext, name: RegExp, words: RegExp): boolean {
  name.lastIndex = 0;
  const first = name.exec(text);
  if (first === null) return false;
  const around = text.slice(Math.max(0, first.index - WORDS_WINDOW), first.index + WORDS_WINDOW);
  return words.test(around) || words.test(context.key);
}

export const scanPtNifs = scanLabelled(PT_NIF);
export const scanPersonalTaxIds = scanLabelled(PERSONAL_TAX_ID);
export const scanInsuranceNumbers = scanLabelled(INSURANCE_NUMBER);

/** Member and policy numbers, where the words around them are about (health) insurance. */
export function scanHealthMemberIds(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  if (isNamedNear(text, context, MEMBER_ID, INSURED_WORDS)) scanMemberValue(text, context, hits, budget);
  if (isNamedNear(text, context, POLICY_NUMBER, HEALTH_WORDS)) scanPolicyValue(text, context, hits, budget);
}
