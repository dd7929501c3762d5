// Street and postal addresses of people. A street line is found in one of the shapes countries
// write it in (`1234 Elm Street`, `Hauptstraße 5`, `Am Sonnenhang 7`, `12 rue de la Paix`,
// `Calle de Toledo 58`, `Via Roma 10`, `3-5-12 Minami-Aoyama, Minato-ku`, `東京都渋谷区道玄坂2-14-8`),
// widened over what follows it (unit or floor, town, US state and ZIP, CA and AU province and code,
// UK postcode, Eircode, PLZ, code postal, CAP, CP, NL postcode, Brazilian CEP, Japanese 〒 code);
// an Indian address is found from its state or city and PIN code back to its label. It is
// reported only when the words before it make it someone's address (`lives at`, `ship to`,
// `customer`, `Anschrift`, `adresse`, `住所`, a person's name or title, a field named for an
// address) and not a company's (`Inc.`, `GmbH`, `headquarters`, `Impressum`).
import type { Budget } from "../../engine/budget.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";

const L = "A-Za-z\\u00C0-\\u024F";
/** A capitalised word, ending at a word boundary: `Elm`, `O'Neil`, `Saint-Denis`, `St.`. */
const CAP = `[A-Z\\u00C0-\\u00DE][${L}'’.-]{0,24}(?![${L}0-9])`;
const ORDINAL = "\\d{1,3}(?:st|nd|rd|th)";
// `12`, `221B`, `12-14`, and Australia's unit/number `5/12`.
const NUM = "(?:\\d{1,4}/)?\\d{1,5}[A-Za-z]?(?:-\\d{1,4})?";

const EN_SUFFIX =
  /^(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Lane|Ln\.?|Drive|Dr\.?|Court|Ct\.?|Place|Pl\.?|Way|Terrace|Close|Crescent|Gardens|Grove|Square|Sq\.?|Parkway|Pkwy\.?|Highway|Hwy\.?|Circle|Cir\.?|Mews|Row|Trail|Walk|Hill|Park)$/;

interface StreetLine {
  pattern: RegExp;
  /** Number first, words after: the line ends at its street suffix (`Rd`, `Lane`). */
  english?: boolean;
  /** A line too plain to stand alone (`Am Sonnenhang 7`): it counts only with a postal code after it. */
  needsTail?: boolean;
}

const CJK = "\\u3040-\\u30FF\\u4E00-\\u9FFF";
const JP_DIGIT = "[0-9０-９]";

/** The street lines, one pattern per way of writing one. */
const STREET_LINES: readonly StreetLine[] = [
  // English: number first, then up to five words; a street suffix among them, or a US or UK tail.
  { pattern: new RegExp(`(?<![\\w/#.:-])${NUM}(?: (?:${CAP}|${ORDINAL})){1,5}`, "g"), english: true },
  // German, Dutch, Swiss, Austrian: the street word then the number (`Am Ring 3` is not read).
  { pattern: new RegExp(
    `(?<![${L}-])(?:[A-ZÄÖÜ][a-zäöüß]{1,20}(?:er)? (?:Straße|Strasse|Str\\.|Weg|Allee|Platz|Gasse|Ring|Damm|Ufer)|` +
      `(?:[A-ZÄÖÜ][a-zäöüß]{1,20}er )?[A-ZÄÖÜ][a-zäöüß-]{0,30}(?:straße|strasse|str\\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee|straat|laan|gracht|plein|kade|singel|dijk|steeg|gatan|gata|vägen|väg|gränd|torget|stigen|veien|vej|gade))` +
      // Austria adds staircase and door: `Mariahilfer Straße 45/3/12`; the Dutch a suffix: `118bis`, `52 hs`.
      ` ?\\d{1,4}(?: ?(?:bis|ter|hs|bg|[a-zA-Z])(?![${L}]))?(?:[-/]\\d{1,4}){0,3}(?![\\w])`,
    "g",
  ) },
  // German lines named without a street word (`Am Sonnenhang 7`, `In der Aue 3a`): only before a PLZ.
  { pattern: new RegExp(
    `(?<![${L}-])(?:Am|An der|An den|Auf der|Auf dem|Auf den|Im|In der|In den|Zum|Zur|Unter den|Hinter der|Hinter dem|Vor dem|Bei der|Beim) ` +
      `[A-ZÄÖÜ][a-zäöüß-]{1,30} \\d{1,4}(?: ?[a-z](?![${L}]))?(?![\\w])`,
    "g",
  ), needsTail: true },
  // French: number, street type, name (`12 rue de la Paix`, `3 bis, avenue Foch`).
  { pattern: new RegExp(
    `(?<![\\w])\\d{1,4}(?: ?(?:bis|ter))?,? (?:[Rr]ue|[Aa]venue|[Bb]oulevard|[Bb]d|[Pp]lace|[Cc]hemin|[Aa]ll[ée]e|[Ii]mpasse|[Qq]uai|[Rr]oute|[Cc]ours|[Ss]quare|[Pp]assage)` +
      ` (?:de la |de l'|des |du |de |d'|la |le |les )?${CAP}(?: (?:de |du |des |la |le )?${CAP}){0,3}`,
    "g",
  ) },
  // Spanish, Italian, Portuguese: street type, name, then the number (`Via Roma 10`, `Calle Mayor, 5`).
  { pattern: new RegExp(
    `(?<![\\w])(?:Calle|C/|C\\.|Avenida|Avda\\.|Av\\.|Plaza|Pza\\.|Paseo|Pº|Camino|Carrer|Ronda|Rambla|Traves[ií]a|Glorieta|Carretera|` +
      `Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo|Rua|Avenida|Travessa|Alameda|Estrada|Rodovia)` +
      `(?: ?(?:de la |de los |de las |del |de |di |della |delle |dei |da |do |dos |das )?${CAP}){1,4},? (?:n\\.?º? ?)?\\d{1,4}[A-Za-z]?(?![\\w])`,
    "g",
  ) },
  // Polish: `ul. Marszałkowska 84/92`, `al. Jerozolimskie 65`, `os. Tysiąclecia 12`.
  { pattern: new RegExp(`(?<![\\w])(?:ul|al|pl|os)\\. ${CAP}(?: ${CAP}){0,3} \\d{1,4}[A-Za-z]?(?:/\\d{1,4})?(?![\\w])`, "g") },
  // Chinese: city or province, district, then road and number (`上海市浦东新区世纪大道100号`).
  { pattern: /(?:[\u4E00-\u9FFF]{2,8}[省市区县])[\u4E00-\u9FFF]{1,16}(?:路|街|大道|道|巷|弄|胡同|里)[0-9０-９]{1,5}(?:号|號)(?:[\u4E00-\u9FFF0-9]{0,12}(?:室|楼|单元))?/g },
  // Korean road-name addresses: `서울특별시 강남구 테헤란로 152`, with building and unit after.
  { pattern: /[\uAC00-\uD7A3]{2,8}(?:시|도) [\uAC00-\uD7A3]{1,8}(?:구|군|시)(?: [\uAC00-\uD7A3]{1,8}(?:구|동|읍|면))? [\uAC00-\uD7A30-9]{1,12}(?:로|길) ?\d{1,4}(?:-\d{1,4})?(?:, ?\d{1,4}동)?(?: ?\d{1,5}호)?/g },
  // Japanese, romanised: block-lot-house then district and ward (`3-5-12 Minami-Aoyama, Minato-ku`).
  { pattern: new RegExp(
    `(?<![\\w-])\\d{1,4}-\\d{1,4}(?:-\\d{1,4})?,? [A-Z][a-z]{1,20}(?:-[A-Z]?[a-z]{1,20})?(?: \\d{1,2}-chome)?,? ` +
      `[A-Z][a-z]{1,20}-(?:ku|shi|cho|machi|gun|mura)(?![${L}])`,
    "g",
  ) },
  // Japanese: prefecture, city or ward, district, then chōme-banchi-gō (`東京都渋谷区道玄坂2-14-8`),
  // optionally after the 〒 postal code and before a building and room (`メゾン渋谷305号室`).
  { pattern: new RegExp(
    `(?:〒 ?\\d{3}-?\\d{4}[ 　]?)?(?:東京都|北海道|(?:大阪|京都)府|[\\u4E00-\\u9FFF]{2,3}県)[${CJK}]{1,16}${JP_DIGIT}{1,4}` +
      `(?:(?:丁目|番地?|の|[-−‐－ー])${JP_DIGIT}{1,4}){0,3}[号番]?(?:[ 　]?[${CJK}A-Za-z]{1,16}${JP_DIGIT}{1,5}号室?)?`,
    "g",
  ) },
];

// India: `..., Bengaluru, Karnataka 560038` or `PIN: 560038`; the address runs back to its label.
const IN_STATES =
  "Andhra Pradesh|Arunachal Pradesh|Assam|Bihar|Chhattisgarh|Goa|Gujarat|Haryana|Himachal Pradesh|Jharkhand|Karnataka|Kerala|" +
  "Madhya Pradesh|Maharashtra|Manipur|Meghalaya|Mizoram|Nagaland|Odisha|Punjab|Rajasthan|Sikkim|Tamil Nadu|Telangana|Tripura|" +
  "Uttar Pradesh|Uttarakhand|West Bengal|Delhi|New Delhi|Chandigarh|Puducherry|Jammu and Kashmir|Ladakh|Mumbai|Bengaluru|" +
  "Bangalore|Chennai|Kolkata|Hyderabad|Pune|Ahmedabad|Jaipur|Lucknow|Noida|Gurugram|Gurgaon";
const IN_PIN = new RegExp(`(?:(?<![${L}])(?:${IN_STATES})[ ,–-]{1,3}|(?<![A-Za-z])PIN(?: ?[Cc]ode)?[ :.-]{1,3})[1-9]\\d{2} ?\\d{3}(?!\\d)`, "g");
/** Words of an Indian street line: a house, a road, a locality. */
const IN_LOCALITY = /\d|Nagar|Marg|Road|Rd\.?|Street|Cross|Main|Layout|Colony|Sector|Apartments?|Flat|House|Plot|Lane|Society|Chowk|Vihar|Enclave|Puram|Bagh|Gali|Mohalla/;
const IN_BACK = 160;

const DIRECTION = / (?:N|S|E|W|NE|NW|SE|SW)\.?(?![\w])/y;
const UNIT = /,? (?:Apt|Apartment|Suite|Ste|Unit|Flat|Fl|Floor|#)\.? ?#?[A-Za-z0-9-]{1,6}(?![\w])/y;
const US_STATES =
  "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|PR|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY";
const TOWN = `${CAP}(?: ${CAP}){0,2}`;
/** What may follow a street line: town and postal code, per country. */
/** Between the parts of an address: a comma, a space, or the next line of a written block. */
const SEP = "(?:,? |,?\\n)";
const TAILS: readonly RegExp[] = [
  new RegExp(`${SEP}${TOWN},? (?:${US_STATES}) \\d{5}(?:-\\d{4})?(?!\\d)`, "y"),
  // Canada (province and `K1A 0B1`) and Australia (state and four digits).
  new RegExp(`${SEP}${TOWN},? (?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT) [A-Z]\\d[A-Z] ?\\d[A-Z]\\d(?![\\w])`, "y"),
  new RegExp(`${SEP}${TOWN},? (?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT) \\d{4}(?!\\d)`, "y"),
  // UK postcode (`SW1A 2AA`) or Irish Eircode (`D02 X285`), after up to two town parts.
  new RegExp(`(?:${SEP}${TOWN}){0,2}${SEP}(?:[A-Z]{1,2}\\d[A-Z\\d]? \\d[A-Z]{2}|[AC-FHKNPRTV-Y]\\d[\\dW] [0-9AC-FHKNPRTV-Y]{4})(?![\\w])`, "y"),
  // PLZ, code postal, CAP, CP (`79100 Freiburg`, `69003 Lyon`, `00184 Roma RM`), on the same line or the next.
  new RegExp(`${SEP}(?:[A-Z]{1,2}-)?\\d{4,5} ${TOWN}(?: \\(?[A-Z]{2}\\)?(?![\\w]))?`, "y"),
  new RegExp(`${SEP}\\d{4} ?[A-Z]{2} ${TOWN}`, "y"),
  // Singapore: the unit after the street (`#07-1184`), then `Singapore 310208`.
  new RegExp(`(?:,? #\\d{2}-\\d{2,5})?${SEP}Singapore \\d{6}(?!\\d)`, "y"),
  // Poland: `00-514 Warszawa`; Portugal: `1200-195 Lisboa`; Sweden: `114 55 Stockholm`.
  new RegExp(`${SEP}\\d{2}-\\d{3} ${TOWN}`, "y"),
  new RegExp(`${SEP}\\d{4}-\\d{3} ${TOWN}`, "y"),
  new RegExp(`${SEP}\\d{3} \\d{2} ${TOWN}`, "y"),
  // Brazil: neighbourhood, city, state, CEP (`- Bela Vista, São Paulo - SP, 01310-100`).
  new RegExp(`(?:,? (?:- )?${TOWN}){0,3}(?: ?[-/] ?[A-Z]{2})?,? (?:CEP:? ?)?\\d{5}-\\d{3}(?!\\d)`, "y"),
  // Japan, romanised: prefecture or city and the 〒 code (`, Tokyo 107-0062`).
  new RegExp(`,? ${CAP}(?:-(?:ken|fu|to))? \\d{3}-\\d{4}(?!\\d)`, "y"),
];
// Floors, doors and staircases in the Romance languages: `3º B`, `piso 2`, `scala C`, `bât. A`.
const UNIT_INTL =
  /,? (?:\d{1,2} ?[º°ªo] ?(?:[A-Za-z](?![\w])|izq(?:da)?\.?|dcha\.?|dr(?:cha)?\.?|esq\.?|dto\.?)?|(?:piso|planta|puerta|pta\.|esc(?:alera)?\.?|int(?:erno)?\.?|scala|piano|b[âa]t(?:iment)?\.?|appt?\.?|[ée]tage|apto\.?|bloco|casa|m\.|lok\.) ?[A-Za-z0-9]{1,4}(?![\w]))/iy;

// Word boundaries are letters only: `address:`, `ship_to`, `Lieferadresse` all count.
const contextWords = (alternatives: string, flags = "i"): RegExp =>
  new RegExp(`(?<![a-z])(?:${alternatives})(?![a-z])`, flags);

const PERSON_ADDRESS = contextWords(
  "address|addr|home|lives|living|live|resides|residing|residence|ship(?:ped|ping)?(?:\\s+to)?|deliver(?:ed|y)?(?:\\s+to)?|" +
    // `send the forms to`, `ship it back to`: a definite or possessed object, then `to`.
    "(?:send|sent|post|posted|mail|mailed|ship|shipped|deliver|delivered|return|returned|forward|forwarded)\\s+" +
    "(?:(?:it|this|that|them|(?:the|my|his|her|their)\\s+[a-z]+)\\s+)?(?:back\\s+)?to|mail(?:ing)?|postal|forward(?:ed)?\\s+to|moved\\s+to|recipient|" +
    "\\w*adres(?:se)?|anschrift|wohnt|wohnhaft|wohnort|woont|domicil[ei]\\w*|demeurant|habite|livraison|" +
    // First-person living and a letter's addressee: `vivo en`, `ich wohne`, `your tenancy at`, `Dear Ms ...`.
    "viv[oe]\\s+en|vivimos\\s+en|wohne|j'habite|abito|moro\\s+(?:em|na|no)|tenancy|dear|" +
    // Where the speaker is or is to be found: `I'm staying at`, `pick me up from`, `come over to`.
    "(?:i'?m|i\\s+am|we'?re|we\\s+are)\\s+(?:staying|based|living)\\s+(?:at|in)|staying\\s+at|pick\\s+(?:me|us)\\s+up\\s+(?:at|from)|" +
    "meet\\s+(?:me|us)\\s+at|come\\s+(?:over\\s+)?to\\s+(?:my|our)|(?:my|our)\\s+(?:place|flat|house|apartment)\\s+(?:is|at)|" +
    "direcci[oó]n|domicilio|indirizzo|residenza|residente|endere[cç]o|morada|vive\\s+en|abita|" +
    // Whose it is and where it goes: the people a record is about, and delivery words.
    "customer|client|applicant|tenant|resident|consignee|addressee|patient|employee|member|buyer|bill(?:ing)?(?:\\s+to)?|" +
    // The people a legal or police record is about: `the complainant, Jane Roe (DOB ...), of 5 Mill Lane`.
    "complainant|defendant|witness|victim|suspect|claimant|respondent|accused|plaintiff|petitioner|" +
    "env[ií]o|entrega|enviar\\s+a|destinatario|destinataire|destinat[aá]rio|lieferung|liefer\\w*|zustell\\w*|spedizione|consegna|" +
    "street[\"']?\\s*[:=]|address[_\\s]?line\\w*|line1|住所|お届け先|届け先|送付先|送り先|自宅|現住所|配送先|住址|地址|收货|收件|주소|배송지|adres\\w*|zamieszka\\w*|odbiorca",
);
/** `Mr Smith`, `Frau Weber`, or a first and last name just before: `Jane Roe, 12 Elm Street` (not `The White House`). */
const PERSON_NAME =
  /(?:(?<![a-z])(?:Mr|Mrs|Ms|Miss|Dr|Herr|Frau|Mme|Mlle|M|Sr|Sra|Srta|Sig|Sig\.ra|Dott|Dña|Don|Mag|Prof|Ing|Dipl\.-Ing|Mgr|Lic|Dra)\.? \p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+){0,2}|(?:^|[\n:;"'(>•*–—-]|for |to )\s*(?!(?:The|La|Le|Les|Der|Die|Das|El|Los|Las|Il|Het|De|Os|As)\s)\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+){1,2})(?:,|\s[-–—])?\s*$/u;
const BUSINESS = contextWords(
  "inc|llc|ltd|limited|gmbh|ag|sarl|sas|s\\.a|b\\.?v|n\\.?v|corp|corporation|plc|kg|company|impressum|headquarters|hq|" +
    "registered\\s+office|head\\s+office|offices?|sitz|si[eè]ge|store|shop|branch|campus|warehouse|museum|hotel|restaurant|university|embassy|" +
    // Venues and institutions: `Moscone Center,`, `Finanzamt München,`, `Town Hall`.
    "venue|cent(?:er|re)|(?:town|city)\\s+hall|arena|stadium|theat(?:er|re)|library|station|airport|college|school|cathedral|gallery|" +
    "hospital|clinic|consulate|ministry|council|\\w*amt|rathaus|\\w*gericht|klinikum|krankenhaus|universit[äa]t|hochschule|" +
    "pvt|private\\s+limited|llp|ltda|s\\.r\\.l|srl|s\\.l|sp\\.\\s*z\\s*o\\.o|spółka|" +
    // An organisation giving its own address: `write to us at`, `Privacy Officer,`, `Returns Dept`.
    "us|our|officer|dept|department|attn|attention|returns|" +
    "株式会社|有限会社|本社|支店|営業所|公司|总部|總部|회사|본사|지점",
);
/** Documentation showing what an address looks like: `for example, '123 Main St'`. */
const ILLUSTRATION = contextWords("e\\.g\\.?|for\\s+example|for\\s+instance|example|such\\s+as|format|placeholder|sample");
const CONTEXT_WINDOW = 60;
const NAME_WINDOW = 40;

/** Where the English street line ends: after its last street suffix (and a unit), or -1. */
function englishStreetEnd(line: string, start: number): number {
  const words = line.split(" ");
  let at = start + words[0]!.length;
  let end = -1;
  for (let i = 1; i < words.length; i++) {
    at += 1 + words[i]!.length;
    // A suffix with no name before it is no street: `12 Street Fighter`.
    if (i >= 2 && EN_SUFFIX.test(words[i]!)) end = at;
  }
  return end;
}

/** The end of the longest tail after `at`, or `at`. */
function readTail(text: string, at: number): number {
  let end = at;
  for (const tail of TAILS) {
    tail.lastIndex = at;
    if (tail.test(text)) end = Math.max(end, tail.lastIndex);
  }
  return end;
}

/** A field named for a street line holds one: `street`, `address_line1`, `line1`. */
const STREET_KEY = /(?<![a-z])(?:street|street\s*address|address\s*line\s*\d?|line\s*[12])(?![a-z])/;

/** An organisation presenting itself: `Contact us`, `Visit us`, `About us`, `our office`. */
const ORGANISATION_TEXT =
  /(?<![a-z])(?:contact\s+us|visit\s+us|find\s+us|about\s+us|write\s+to\s+us|get\s+in\s+touch|our\s+(?:office|offices|store|shop|address|headquarters|studio|clinic|practice)|media\s+contact|press\s+office)(?![a-z])/i;

function isPersonsAddress(text: string, start: number, context: FieldContext, window = CONTEXT_WINDOW): boolean {
  if (PERSON_ADDRESS.test(context.key) || STREET_KEY.test(context.key)) return true;
  if (ORGANISATION_TEXT.test(text.slice(Math.max(0, start - WIDE_WINDOW), start))) return false;
  const before = text.slice(Math.max(0, start - window), start);
  const near = before.slice(Math.max(0, before.length - NAME_WINDOW));
  if (BUSINESS.test(near) || ILLUSTRATION.test(near)) return false;
  return PERSON_ADDRESS.test(before) || PERSON_NAME.test(near);
}

/** What follows a shop's or a branch's address: its opening hours or its bank sort code. */
const BUSINESS_AFTER =
  /(?<![a-z])(?:opening\s+hours|open\s+(?:daily|mon|from|until)|doors\s+open|free\s+entry|admission|business\s+hours|office\s+hours|[öo]ffnungszeiten|horaires|horario|orari|sort\s+code|branch\s+code)(?![a-z])/i;

/** How far back a complete address (with its town and postal code) looks for whose it is. */
const WIDE_WINDOW = 160;
const POSTAL_CODE = /\d{4,5}|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d|\d{2}-\d{3}|\d{5}-\d{3}|\d{3}-\d{4}/;

/** True when the span runs past its street line into a town and postal code. */
function hasTail(text: string, m: RegExpExecArray, span: { start: number; end: number }): boolean {
  return span.end > m.index + m[0].length && POSTAL_CODE.test(text.slice(m.index + m[0].length, span.end));
}

/** Up to three floors, doors or staircases after a street line (`, 3º B`, `, piso 2`). */
function readUnits(text: string, at: number): number {
  let end = at;
  for (let i = 0; i < 3; i++) {
    UNIT_INTL.lastIndex = end;
    if (!UNIT_INTL.test(text)) break;
    end = UNIT_INTL.lastIndex;
  }
  return end;
}

/** The span of the address whose street line `line` matched at `m`, or undefined. */
function measure(text: string, m: RegExpExecArray, line: StreetLine): { start: number; end: number } | undefined {
  let end = m.index + m[0].length;
  if (line.english) {
    const streetEnd = englishStreetEnd(m[0], m.index);
    const tailEnd = readTail(text, end);
    if (streetEnd < 0) return tailEnd > end ? { start: m.index, end: tailEnd } : undefined;
    end = streetEnd;
    // `Bloor St W`, `Main Street NE`: the street's side of town.
    DIRECTION.lastIndex = end;
    if (DIRECTION.test(text)) end = DIRECTION.lastIndex;
    UNIT.lastIndex = end;
    if (UNIT.test(text)) end = UNIT.lastIndex;
  } else {
    end = readUnits(text, end);
  }
  const tailEnd = readTail(text, end);
  if (line.needsTail && tailEnd === end) return undefined;
  return { start: m.index, end: tailEnd };
}

const LABEL_END = /[:：\n]|(?:^|\s)(?:at|to|in)\s/g;

/** An Indian address, from its state (or city) and PIN back to its label or line start. */
function scanIndianAddresses(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  IN_PIN.lastIndex = 0;
  for (let m = IN_PIN.exec(text); m !== null && !budget.spent(); m = IN_PIN.exec(text)) {
    const end = m.index + m[0].length;
    const back = text.slice(Math.max(0, m.index - IN_BACK), m.index);
    let from = 0;
    for (const label of back.matchAll(LABEL_END)) from = label.index + label[0].length;
    const line = back.slice(from);
    if (!IN_LOCALITY.test(line)) continue;
    const start = m.index - line.length + (line.length - line.trimStart().length);
    if (!isPersonsAddress(text, start, context)) continue;
    hits.push({ kind: PII_KINDS.address, start, end, score: 0.8 });
  }
}

/** A sentence's full stop after a town (`28009 Madrid.`) is not part of it; `St.` and `Rd.` keep theirs. */
function withoutFullStop(text: string, start: number, end: number): number {
  return text.charCodeAt(end - 1) === 46 && /[\p{Ll}\d]{4}\.$/u.test(text.slice(Math.max(start, end - 5), end)) ? end - 1 : end;
}

export function scanAddresses(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  for (const line of STREET_LINES) {
    const pattern = line.pattern;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null && !budget.spent(); m = pattern.exec(text)) {
      // The context is cheaper to read than the tail, and most street-like text has none.
      const near = isPersonsAddress(text, m.index, context);
      // A complete address (street, town and postal code) is read against a wider context.
      if (!near && !PERSON_ADDRESS.test(text.slice(Math.max(0, m.index - WIDE_WINDOW), m.index))) continue;
      const span = measure(text, m, line);
      if (span === undefined) continue;
      if (!near && (!hasTail(text, m, span) || !isPersonsAddress(text, m.index, context, WIDE_WINDOW))) continue;
      if (BUSINESS_AFTER.test(text.slice(span.end, span.end + 80))) continue;
      hits.push({ kind: PII_KINDS.address, start: span.start, end: withoutFullStop(text, span.start, span.end), score: 0.8 });
      pattern.lastIndex = Math.max(pattern.lastIndex, span.end);
    }
  }
  if (/\d{3} ?\d{3}/.test(text)) scanIndianAddresses(text, context, hits, budget);
}
