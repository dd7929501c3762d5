// Context words turn an ambiguous number into personal data: they are looked for just before the
// match and in the name of the field the text sits under (`payload.arguments.phone`).
import type { FieldContext } from "./pii-kind.ts";
import { columnHeaderAt } from "../table-columns.ts";

// Word boundaries are letters only, so `phone_number`, `tel:` and `dob=` all count; accented
// letters are letters too, so `Tel` is not read inside `Teléfono`.
const word = (alternatives: string): RegExp =>
  new RegExp(`(?<![a-z\\u00C0-\\u024F])(?:${alternatives})(?![a-z\\u00C0-\\u024F])`, "i");

export const PHONE_CONTEXT = word(
  "t[eé]l|tele?phone|phone|phones|ph|mobile|mob|cell|" +
    // `my number is`, `her mobile number`: a person's own number, named by its owner.
    "(?:my|his|her|their|your)\\s+(?:(?:mobile|cell|phone|home|work|new)\\s+)?number|" +
    "(?:best|good|direct|private)\\s+number(?:\\s+(?:for|to\\s+reach)\\s+(?:me|us|him|her|them))?|" +
    // A record's contact person, whose number follows their name: `Contactpersoon: Sanne de Vries, 06 ...`.
    "contact\\s*person|contactpersoon|kontaktperson|ansprechpartner(?:in)?|persona\\s+de\\s+contacto|persona\\s+di\\s+contatto|" +
    "personne\\s+(?:[àa]\\s+contacter|de\\s+contact)|point\\s+of\\s+contact|" +
    // The number a caller rang from: `customer called from`, `texted from`, `caller's number`.
    "(?:called|calling|rang|texted|phoned|messaged)\\s+(?:us\\s+|in\\s+)?from|caller'?s?\\s+(?:number|phone|no)|" +
    "cellphone|whats[\\s_]?app|sms|fax|call\\s+(?:me|us|him|her|them|at|on)|" +
    "text\\s+me|ring(?:\\s+(?:me|us|him|her|them))?|reach\\s+(?:me|us|him|her|them)\\s+(?:at|on)|" +
    // `reach my mum on`, `call Tom at`, `text my landlord on`: a person named between the verb and `on`.
    "(?:reach|call|text|ring|phone|whatsapp|message)\\s+(?:my|his|her|their|our|your)\\s+[a-z\u00C0-\u024F'-]{2,20}(?:\\s+[a-z\u00C0-\u024F'-]{2,20})?\\s+(?:at|on)|" +
    "contact[\\s_]+(?:number|no)|telefon|tel[eé]fono|t[eé]l[eé]phone|handy|portable|celular|" +
    "m[oó]vil|cellulare|msisdn|mobiel|mobil(?:e?nummer|nr)?|handynummer|rufnummer|telefoonnummer|telefonnummer|gsm|tlf|" +
    // Verbs of calling in the languages the addresses are read in: `appeler X au`, `bel X op`, `llamar a`.
    "appele[rz]|appelle|joindre|bel|bellen|anrufen|ruf\\s+(?:mich|ihn|sie)|llam(?:ar|e|a)|ll[aá]ma(?:me|le)|chiam(?:are|a|ami)|ligar|contato|contacto",
);
/** Phone words of scripts without word boundaries, checked as plain substrings. */
export const PHONE_CONTEXT_CJK = /電話|携帯|ケータイ|連絡先|手机|電話番号|电话|联系方式|휴대폰|핸드폰|전화|연락처/;

/** Words that make a number an organisation's line, not a person's: `(Zentrale)`, `switchboard`. */
export const SWITCHBOARD_CONTEXT = word(
  "zentrale|switchboard|reception|front\\s+desk|main\\s+(?:line|office|number)|head\\s+office|hotline|help\\s*desk|" +
    "customer\\s+(?:service|support|care)|kundenservice|kundendienst|service\\s+client|centralino|centralita|centralina|" +
    "[öo]ffnungszeiten|opening\\s+hours|office\\s+hours|business\\s+hours|toll[\\s-]?free|freephone|numero\\s+verde|" +
    "open\\s+(?:until|daily|24|from|mon\\w*)|(?:reservations?|bookings?|appointments?)(?=\\s*(?::|line|desk|hotline|on\\b|at\\b|via\\b|by\\s+phone))|" +
    // An organisation's own contact block and its numbers: `Contact us`, `Media contact:`, Twilio's console.
    "contact\\s+us|call\\s+us|reach\\s+us|get\\s+in\\s+touch|media\\s+contact|press\\s+(?:contact|office|enquiries)|enquiries|inquiries|" +
    // Public services and institutions answer on their own lines: `police non-emergency number`, `hospital switchboard`.
    "police\\s+(?:station|headquarters|hq|line|number)|non[\\s-]?emergency|emergency\\s+(?:line|number|services?)|ambulance|fire\\s+(?:brigade|department)|poison\\s+control|" +
    "embassy|consulate|pharmacy|hospital|b[üu]rgeramt|rathaus|town\\s+hall|city\\s+hall|" +
    // A shop's or office's line in the scripts without word boundaries: opening hours, store, head office, front desk.
    "営業時間|店舗|本社|支店|営業所|代表電話|受付時間|お問い合わせ|营业时间|门店|总机|客服|영업시간|매장|본사|고객센터|" +
    "support\\s+line|helpline|twilio|virtual\\s+numbers?|friendly\\s+name|caller\\s+id|sender\\s+id|short\\s*code",
);

/** Documentation of a phone format or a parser: `e.g.`, `parsePhone(`, `reserved for drama`. */
export const PHONE_ILLUSTRATION = word(
  "e\\.g|for\\s+example|for\\s+instance|example|examples|format|formats|formatted|placeholder|sample|parse\\w*|validat\\w*|" +
    "libphonenumber|regex|pattern|fictional|drama|documentation|dummy|fake",
);

export const ITIN_CONTEXT = word("itin|individual[\\s_]+taxpayer|taxpayer[\\s_]+identification|tin");
/** Signs that the text around is made-up data: `John Doe`, `example.com`, `lorem ipsum`, `faker`. */
export const MADE_UP =
  /(?<![a-z])(?:john|jane)\s+doe(?![a-z])|example\.(?:com|org|net)|lorem\s+ipsum|(?<![a-z])(?:sample|dummy|fake|faker|placeholder|mock|fixture|seed\s+data|test\s+data)(?![a-z])/i;

export const SSN_CONTEXT = word("ssn|ss#|ss\\s*no|social[\\s_]+security|soc\\.?\\s*sec");

export const DOB_CONTEXT = word(
  "dob|d\\.o\\.b\\.?|date[\\s_]+of[\\s_]+birth|birth[\\s_]*(?:date|dt|day)|birth[\"']?[ \\t]*:[ \\t]*\\{|born(?:\\s+on)?|geboren(?:\\s+(?:am|op))?|geburtsdatum|" +
    "geb\\.|fecha[\\s_]+(?:de[\\s_]+)?nac(?:imiento|\\.)|nacid[oa]\\s+el|date[\\s_]+(?:de[\\s_]+)?naissance|n[ée]e?\\s+le|" +
    "data[\\s_]+(?:di[\\s_]+)?nascita|nat[oa]\\s+il|data[\\s_]+(?:de[\\s_]+)?nascimento|nascid[oa]\\s+em|geboortedatum|data[\\s_]+urodzenia|" +
    "urodzon[ya]|f[öo]delsedatum|f[øo]dselsdato|syntym[äa]aika",
);
/** Scripts without word boundaries, checked as plain substrings. */
export const DOB_CONTEXT_CJK = /出生日期|生日|生年月日|생년월일|출생일|дата рождения/;

export const CARD_CONTEXT = word(
  "card|cards|visa|master[\\s_]?card|amex|american\\s+express|discover|jcb|diners|union[\\s_]?pay|credit|debit|cc|pan|cvv|payment",
);

/** Words that name a bare long number as something other than a card. */
export const NON_CARD_CONTEXT = word(
  "order|orders|invoice|tracking|transaction|txn|shipment|serial|sku|imei|iccid|ean|upc|isbn|ref|reference|id|" +
    "ids|trace|span|request|session|timestamp|ts|epoch|nonce|seq|sequence|build|barcode|gtin|asin|part|model|lot|batch|" +
    "licen[cs]e|licen[cs]e\\s+key|product\\s+key|serial\\s+key|activation|voucher|coupon|ticket|booking|confirmation",
);

export const AADHAAR_CONTEXT = word("aadhaar|aadhar|uidai|uid|आधार");
export const NINO_CONTEXT = word("nino|national[\\s_]+insurance|ni\\s*(?:number|no|#)");
export const SIN_CONTEXT = word("sin|social[\\s_]+insurance|assurance[\\s_]+sociale");
export const CPF_CONTEXT = word("cpf|cadastro[\\s_]+de[\\s_]+pessoas");
export const ROUTING_CONTEXT = word("routing|aba|rtn|transit[\\s_]+number");
export const NATIONAL_ID_CONTEXT = word("dni|nie|nif|documento|identidad|id\\s*card|身份证|identity");

const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0x24f);

/** `payload.arguments.phoneNumber` -> `phone number`; `payload.list[3]` -> `list`. */
export function fieldKeyOf(path: string): string {
  const trimmed = path.replace(/(?:\[\d+\])+$/, "");
  const quoted = /\["((?:[^"\\]|\\.)*)"\]$/.exec(trimmed);
  const key = quoted ? quoted[1]! : trimmed.slice(trimmed.lastIndexOf(".") + 1);
  return key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_\-]+/g, " ").toLowerCase();
}

/**
 * True when `pattern` names the field or the table column `start` sits in, or occurs in the
 * `window` characters before `start`.
 */
export function hasContext(
  text: string,
  start: number,
  context: FieldContext,
  pattern: RegExp,
  window = 40,
): boolean {
  // The window never opens inside a word: the tail of `graph:` or `hotel` is no `ph` or `tel`.
  let from = Math.max(0, start - window);
  while (from > 0 && from < start && isLetter(text.charCodeAt(from - 1)) && isLetter(text.charCodeAt(from))) from++;
  return (
    pattern.test(context.key) ||
    // `"phoneNumber":` and `ssnValue=` name the value as `phone number` and `ssn value` do
    // (two lower-case letters first, so `iPhone` stays one word).
    pattern.test(text.slice(from, start).replace(/([a-z]{2})([A-Z])/g, "$1 $2")) ||
    pattern.test(columnHeaderAt(text, start))
  );
}
