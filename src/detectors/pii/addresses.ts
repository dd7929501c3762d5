// Street and postal addresses of people. A street line is found in one of the shapes countries
// write it in (`1234 Elm Street`, `Hauptstraße 5`, `12 rue de la Paix`, `Via Roma 10`), widened
// over what follows it (unit, town, US state and ZIP, CA and AU province and code, UK
// postcode, Eircode, PLZ, code postal, NL postcode), and reported only when the words before it make it someone's address (`lives at`,
// `ship to`, `home address`, `Anschrift`, `adresse`, a person's name or title, a field named
// for an address) and not a company's (`Inc.`, `GmbH`, `headquarters`, `Impressum`).
import type { Budget } from "../../engine/budget.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";

const L = "A-Za-z\\u00C0-\\u024F";
/** A capitalised word, ending at a word boundary: `Elm`, `O'Neil`, `Saint-Denis`, `St.`. */
const CAP = `[A-Z\\u00C0-\\u00DE][${L}'’.-]{0,24}(?![${L}0-9])`;
const ORDINAL = "\\d{1,3}(?:st|nd|rd|th)";
const NUM = "\\d{1,5}[A-Za-z]?(?:-\\d{1,4})?";

const EN_SUFFIX =
  /^(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Lane|Ln\.?|Drive|Dr\.?|Court|Ct\.?|Place|Pl\.?|Way|Terrace|Close|Crescent|Gardens|Grove|Square|Sq\.?|Parkway|Pkwy\.?|Highway|Hwy\.?|Circle|Cir\.?|Mews|Row|Trail|Walk|Hill|Park)$/;

/** The street lines, one pattern per way of writing one. */
const STREET_LINES: readonly RegExp[] = [
  // English: number first, then up to five words; a street suffix among them, or a US or UK tail.
  new RegExp(`(?<![\\w/#.:-])${NUM}(?: (?:${CAP}|${ORDINAL})){1,5}`, "g"),
  // German, Dutch, Swiss, Austrian: the street word then the number (`Am Ring 3` is not read).
  new RegExp(
    `(?<![${L}-])(?:[A-ZÄÖÜ][a-zäöüß]{1,20}(?:er)? (?:Straße|Strasse|Str\\.|Weg|Allee|Platz|Gasse|Ring|Damm|Ufer)|` +
      `[A-ZÄÖÜ][a-zäöüß-]{0,30}(?:straße|strasse|str\\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee|straat|laan|gracht|plein|kade|singel|dijk|steeg))` +
      ` ?\\d{1,4}(?: ?[a-zA-Z](?![${L}]))?(?:-\\d{1,4})?(?![\\w])`,
    "g",
  ),
  // French: number, street type, name (`12 rue de la Paix`, `3 bis, avenue Foch`).
  new RegExp(
    `(?<![\\w])\\d{1,4}(?: ?(?:bis|ter))?,? (?:[Rr]ue|[Aa]venue|[Bb]oulevard|[Bb]d|[Pp]lace|[Cc]hemin|[Aa]ll[ée]e|[Ii]mpasse|[Qq]uai|[Rr]oute|[Cc]ours|[Ss]quare|[Pp]assage)` +
      ` (?:de la |de l'|des |du |de |d'|la |le |les )?${CAP}(?: (?:de |du |des |la |le )?${CAP}){0,3}`,
    "g",
  ),
  // Spanish, Italian, Portuguese: street type, name, then the number (`Via Roma 10`, `Calle Mayor, 5`).
  new RegExp(
    `(?<![\\w])(?:Calle|Avenida|Avda\\.|Plaza|Paseo|Camino|Carrer|Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo|Rua|Travessa)` +
      `(?: (?:de la |de los |del |de |di |della |dei |da |do |dos |das )?${CAP}){1,4},? (?:n\\.?º? ?)?\\d{1,4}[A-Za-z]?(?![\\w])`,
    "g",
  ),
];

const UNIT = /,? (?:Apt|Apartment|Suite|Ste|Unit|Flat|Fl|Floor|#)\.? ?#?[A-Za-z0-9-]{1,6}(?![\w])/y;
const US_STATES =
  "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|PR|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY";
const TOWN = `${CAP}(?: ${CAP}){0,2}`;
/** What may follow a street line: town and postal code, per country. */
const TAILS: readonly RegExp[] = [
  new RegExp(`,? ${TOWN},? (?:${US_STATES}) \\d{5}(?:-\\d{4})?(?!\\d)`, "y"),
  // Canada (province and `K1A 0B1`) and Australia (state and four digits).
  new RegExp(`,? ${TOWN},? (?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT) [A-Z]\\d[A-Z] ?\\d[A-Z]\\d(?![\\w])`, "y"),
  new RegExp(`,? ${TOWN},? (?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT) \\d{4}(?!\\d)`, "y"),
  // UK postcode (`SW1A 2AA`) or Irish Eircode (`D02 X285`), after up to two town parts.
  new RegExp(`(?:,? ${TOWN}){0,2},? (?:[A-Z]{1,2}\\d[A-Z\\d]? \\d[A-Z]{2}|[AC-FHKNPRTV-Y]\\d[\\dW] [0-9AC-FHKNPRTV-Y]{4})(?![\\w])`, "y"),
  new RegExp(`,? (?:[A-Z]{1,2}-)?\\d{4,5} ${TOWN}`, "y"),
  new RegExp(`,? \\d{4} ?[A-Z]{2} ${TOWN}`, "y"),
];

// Word boundaries are letters only: `address:`, `ship_to`, `Lieferadresse` all count.
const contextWords = (alternatives: string, flags = "i"): RegExp =>
  new RegExp(`(?<![a-z])(?:${alternatives})(?![a-z])`, flags);

const PERSON_ADDRESS = contextWords(
  "address|addr|home|lives|living|live|resides|residing|residence|ship(?:ped|ping)?(?:\\s+to)?|deliver(?:ed|y)?(?:\\s+to)?|" +
    "send\\s+(?:it\\s+|this\\s+|them\\s+)?to|mail(?:ing)?|postal|forward(?:ed)?\\s+to|moved\\s+to|recipient|" +
    "\\w*adres(?:se)?|anschrift|wohnt|wohnhaft|wohnort|woont|domicil[ei]\\w*|demeurant|habite|livraison|" +
    "direcci[oó]n|domicilio|indirizzo|residenza|residente|endere[cç]o|morada|vive\\s+en|abita",
);
/** `Mr Smith`, `Frau Weber`, or a first and last name just before: `Jane Roe, 12 Elm Street`. */
const PERSON_NAME =
  /(?:(?<![a-z])(?:Mr|Mrs|Ms|Miss|Dr|Herr|Frau|Mme|Mlle|Sr|Sra)\.? [A-Z][a-z]+(?: [A-Z][a-z]+)?|(?:^|[\n:;"'(]|for |to )\s*[A-Z][a-z]+ [A-Z][a-z]+),?\s*$/;
const BUSINESS = contextWords(
  "inc|llc|ltd|limited|gmbh|ag|sarl|sas|s\\.a|b\\.?v|n\\.?v|corp|corporation|plc|kg|company|impressum|headquarters|hq|" +
    "registered\\s+office|head\\s+office|offices?|sitz|si[eè]ge|store|shop|branch|campus|warehouse|museum|hotel|restaurant|university|embassy",
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

function isPersonsAddress(text: string, start: number, context: FieldContext): boolean {
  if (PERSON_ADDRESS.test(context.key)) return true;
  const before = text.slice(Math.max(0, start - CONTEXT_WINDOW), start);
  const near = before.slice(Math.max(0, before.length - NAME_WINDOW));
  if (BUSINESS.test(near) || ILLUSTRATION.test(near)) return false;
  return PERSON_ADDRESS.test(before) || PERSON_NAME.test(near);
}

/** The span of the address whose street line `pattern` matched at `m`, or undefined. */
function measure(text: string, m: RegExpExecArray, english: boolean): { start: number; end: number } | undefined {
  let end = m.index + m[0].length;
  if (english) {
    const streetEnd = englishStreetEnd(m[0], m.index);
    const tailEnd = readTail(text, end);
    if (streetEnd < 0) return tailEnd > end ? { start: m.index, end: tailEnd } : undefined;
    end = streetEnd;
    UNIT.lastIndex = end;
    if (UNIT.test(text)) end = UNIT.lastIndex;
  }
  return { start: m.index, end: readTail(text, end) };
}

export function scanAddresses(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  for (const [i, pattern] of STREET_LINES.entries()) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null && !budget.spent(); m = pattern.exec(text)) {
      // The context is cheaper to read than the tail, and most street-like text has none.
      if (!isPersonsAddress(text, m.index, context)) continue;
      const span = measure(text, m, i === 0);
      if (span === undefined) continue;
      hits.push({ kind: PII_KINDS.address, start: span.start, end: span.end, score: 0.8 });
      pattern.lastIndex = Math.max(pattern.lastIndex, span.end);
    }
  }
}
