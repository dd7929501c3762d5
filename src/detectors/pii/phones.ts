// Phone numbers. A long number alone is not a phone (order ids, timestamps, hashes): it needs a
// leading `+`, a parenthesised area code, a phone word nearby, in the field's name or heading its
// CSV column, or a national mobile shape (`06 12 34 56 78`, `090-1234-5678`) right after a
// person's name; then the digits must be grouped like a phone number, not like a date, an IP or
// a version. An organisation's line (`(Zentrale)`, `switchboard`, a German `-0` extension) and
// numbers in format documentation are not a person's.
import type { Budget } from "../../engine/budget.ts";
import { hasContext, MADE_UP, PHONE_CONTEXT, PHONE_CONTEXT_CJK, PHONE_ILLUSTRATION, SWITCHBOARD_CONTEXT } from "./context.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";
import { columnHeaderAt, hasColumnNamed } from "../table-columns.ts";

// Digit groups joined by single separators, optionally starting with `+` or `(area)`. Separators
// are mandatory between groups, so a long digit run has one parse and nothing backtracks far;
// the lookbehind refuses to start inside a token, the lookahead to stop inside one.
const CANDIDATE =
  /(?<![\w+.\-\/@#$%~^&])(?:\(\+\d{1,3}\) ?|\+\s?)?(?:\(\d{1,5}\)\s?[.\-]?)?\d{1,15}(?:(?:[ .\-]|[ \t]?\(|\)[ \t]?)\d{1,8}){0,7}(?![\w@]|[.\-\/]\d)/g;

const MIN_DIGITS = 10;
const MAX_DIGITS = 15;
/** Local numbers without an area code (`555-0143`, `030 12345`): only right after a phone word. */
const MIN_LOCAL_DIGITS = 6;
/** How close the phone word must be to a short number: `call me on`, `tel.`, `mobile:`. */
const LOCAL_WINDOW = 24;
const DAY_MONTH_YEAR = /^(?:0?[1-9]|[12]\d|3[01])([.\-\/])(?:0?[1-9]|[12]\d|3[01])\1(?:\d{2}|\d{4})$/;
const PHONE_WORDS = new RegExp(PHONE_CONTEXT.source, "gi");
// Between the word and the number only punctuation and a few linking words (`call me on`,
// `number is`, `tel. no.`); any other word makes it something else: `sms code 482913`.
// The prepositions other languages put there count too: `au`, `al`, `op`, `unter`, `pelo`.
const PHONE_LINK =
  /^[\s:.#=(-]*(?:(?:on|at|is|was|no|nr|number|num|me|us|him|her|them|its|his|their|our|my|au|al|op|unter|an|sous|pelo|num[eé]ro|nummer)[\s:.#=(-]+){0,3}$/i;

const ISO_DATE_PREFIX = /^(?:19|20)\d\d[.\-\/ ](?:0?[1-9]|1[0-2])[.\-\/ ](?:0?[1-9]|[12]\d|3[01])(?!\d)/;
const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const PLACEHOLDER_TAIL = /(?:1234567890|0123456789|9876543210|(\d)\1{6,})$/;

// Mobile numbers in their national written forms, which order ids and amounts rarely take
// (and North American numbers, `415.867.2210`, whose area and exchange never start with 0 or 1):
// FR `06 12 34 56 78`, NL `06-12345678`, UK `07700 900123`, DE `0171 2345678`, IN `98765 43210`,
// JP `090-1234-5678`, ES `612 34 56 78` / `612 345 678`, AU `0412 345 678`, IT `347 123 4567`.
const NATIONAL_MOBILE =
  /^(?:\(?[2-9]\d\d\)?[ .-][2-9]\d\d[ .-]\d{4}|0[67](?:([ .])\d\d)(?:\1\d\d){3}|06-?\d{8}|07\d{3} ?(?:\d{6}|\d{3} \d{3})|01[5-7]\d{1,2}[ /-]?\d{3,4} ?\d{3,5}|[6-9]\d{4} \d{5}|0[789]0-\d{4}-\d{4}|[67]\d\d(?: \d\d){3}|04\d\d ?\d{3} ?\d{3}|[67]\d\d \d{3} \d{3}|3\d\d[ .]\d{3}[ .]\d{3,4})$/;
/** A person named just before: `Julie Martin`, `Mme Moreau`, `山田花子さん`, `Rahul Verma,`. */
const PERSON_BEFORE =
  /(?:(?<![A-Za-z])(?:Mr|Mrs|Ms|Dr|Herr|Frau|Mme|M|Sr|Sra|Sig|Sig\.ra)\.? \p{Lu}\p{Ll}+|\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}*(?:['’-]\p{Lu}?\p{Ll}+)?|さん|様|氏)[^\n\d]{0,24}$/u;
const PERSON_WINDOW = 48;
const AMOUNT_AFTER = /^\s?(?:€|\$|£|¥|%|eur|usd|gbp|inr|jpy|units?|bytes?|[km]?g\b|km\b)/i;

const countDigits = (value: string): number => {
  let n = 0;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) >= 48 && value.charCodeAt(i) <= 57) n++;
  return n;
};

/** Phones mix at most two separator styles, and no group is longer than a subscriber number. */
function hasPhoneGrouping(value: string): boolean {
  const separators = new Set(value.match(/[ .\-]/g) ?? []);
  if (separators.size > 2) return false;
  const groups = value.split(/[^\d]+/).filter(Boolean);
  return groups.length === 1 || groups.every((g) => g.length <= 8) || (groups.length === 2 && groups[0]!.length <= 4);
}

const lineStartOf = (text: string, at: number): number => text.lastIndexOf("\n", at - 1) + 1;

/** A value in a table column whose header names a phone (`nombre,móvil,interés`). */
const isInPhoneColumn = (text: string, start: number): boolean => PHONE_CONTEXT.test(columnHeaderAt(text, start));

/**
 * Toll-free and shared-cost numbers reach an organisation, never a person: NANP 1-800 and its
 * siblings, UK 0800/0808, DE 0800, FR 080x, AU 1300/1800.
 */
const TOLL_FREE =
  /^(?:\+?1[ .-]?)?\(?8(?:00|33|44|55|66|77|88)\)?[ .-]?\d{3}[ .-]?\d{4}$|^(?:\+44[ .-]?|0)80[08]|^(?:\+49[ .-]?|0)800|^(?:\+33[ .-]?|0)80\d|^(?:\+61[ .-]?)?1[38]00[ .-]?\d{3}[ .-]?\d{3}$/;

/** Ranges reserved for fiction and examples: NANP 555-0100..0199, Ofcom's drama numbers. */
const FICTIONAL =
  /(?:^|\D)555[ .-]?01\d\d$|^(?:\+44 ?|0)(?:7700 ?900|1632 ?960|20 ?7946 ?0|113 ?496 ?0|161 ?496 ?0)\d{3}$/;
const MADE_UP_WINDOW = 200;

/** Calls of phone-number libraries: the numbers around them are their documentation's examples. */
const PHONE_LIBRARY = /parsePhoneNumber|libphonenumber|phonenumbers\.|PhoneNumberUtil|formatInternational|formatNational|isValidPhoneNumber|isPossibleNumber/;

/** A fictional-range number among made-up data is part of the sample, not someone's phone. */
function isMadeUp(value: string, text: string, start: number): boolean {
  if (!FICTIONAL.test(value)) return false;
  const around = text.slice(Math.max(0, start - MADE_UP_WINDOW), start + value.length + MADE_UP_WINDOW);
  return MADE_UP.test(around) || PHONE_ILLUSTRATION.test(around);
}

/** Table columns that make each row an organisation's: its phone is a switchboard. */
const ORGANISATION_COLUMN =
  /^(?:company(?: name)?|store(?: id| name)?|vendor|supplier|business(?: name)?|branch|office|hq(?: address)?|organi[sz]ation|shop|restaurant|hotel|agency|merchant)$/;

const ORGANISATION_BEFORE =
  /(?<![a-z])(?:inc|llc|ltd|limited|gmbh|ag|plc|corp|corporation|co\.|s\.a|sas|sarl|b\.v|n\.v|s\.r\.l|pty|k\.k|oy|ab|as|embassy|consulate|ministry|council|university|museum|library|hotel|restaurant|pizza|caf[ée]|bar|hospital|store|shop|outlet|practice|dental|surgery)\.?(?![a-z])/i;
/** Words that make a number a person's own, whatever organisation is named before it. */
const PERSONAL_PHONE = /(?<![a-z])(?:mobile|mob|cell|cellphone|me|my|his|her|their|home|direct|personal|private|whats[\s_]?app|handy|portable|celular|m[oó]vil)(?![a-z])/i;
const COMPANY_WINDOW = 100;

/** Columns of a person (a CRM contact's name beside the company): the phone is theirs. */
const PERSON_COLUMN = /^(?:name|first name|last name|full name|contact(?: name)?|person|employee|customer(?: name)?|patient|surname|given name|family name)$/;

/** An organisation's line or a number in documentation, by the words around it. */
function isOrganisationOrExample(value: string, text: string, start: number): boolean {
  const column = columnHeaderAt(text, start);
  if (column !== "" && hasColumnNamed(text, ORGANISATION_COLUMN) && !hasColumnNamed(text, PERSON_COLUMN)) return true;
  // A column headed `example mobile` or `format` holds illustrations.
  if (column !== "" && PHONE_ILLUSTRATION.test(column)) return true;
  // German switchboards end in the extension 0: `030 9027-0`.
  if (/[ -]0$/.test(value) || TOLL_FREE.test(value) || isMadeUp(value, text, start)) return true;
  if (PHONE_LIBRARY.test(text.slice(Math.max(0, start - MADE_UP_WINDOW), start))) return true;
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(start + value.length, start + value.length + 24);
  if (SWITCHBOARD_CONTEXT.test(before) || SWITCHBOARD_CONTEXT.test(after) || PHONE_ILLUSTRATION.test(before)) return true;
  // A number after an organisation's name and address (`Apple Inc., One Apple Park Way, ...,
  // (408) 996-1010`, `Embassy of Canada, ... Tel:`) is its line; one a person's word labels
  // (`Jane at Acme Inc., mobile ...`) is not.
  return ORGANISATION_BEFORE.test(text.slice(Math.max(0, start - COMPANY_WINDOW), start)) && !PERSONAL_PHONE.test(before);
}

/** A signature's one-letter line opening the number's line: `M: 0412 887 301`, `T: (02) 9384 2210`. */
const SIGNATURE_LINE = /^[ \t]*[MTPmtp][ \t]?:[ \t]*$/;
const isSignatureLine = (text: string, start: number): boolean => {
  const lineStart = lineStartOf(text, start);
  return start - lineStart <= 8 && SIGNATURE_LINE.test(text.slice(lineStart, start));
};

/** A phone word in a script without spaces, in the few characters before: `携帯番号は`. */
const hasCjkPhoneWord = (text: string, start: number): boolean => PHONE_CONTEXT_CJK.test(text.slice(Math.max(0, start - 12), start));

/** A national mobile shape a person's name stands just before, on the same line. */
function isPersonsMobile(value: string, text: string, start: number): boolean {
  if (!NATIONAL_MOBILE.test(value)) return false;
  const from = Math.max(lineStartOf(text, start), start - PERSON_WINDOW);
  // `612 345 678 €` is an amount written with thousands separators.
  return PERSON_BEFORE.test(text.slice(from, start)) && !AMOUNT_AFTER.test(text.slice(start + value.length, start + value.length + 8));
}

/**
 * A short local number is a phone only when a phone word stands just before it on the same line
 * (or names the field or its CSV column), and it is not shaped like a date.
 */
function scoreLocalNumber(value: string, text: string, start: number, context: FieldContext): number {
  // `called from 10.0.4.12`: an IPv4 address under a phone word is still an address.
  if (value.charCodeAt(0) === 43 || value.charCodeAt(0) === 40 || DAY_MONTH_YEAR.test(value) || DOTTED_QUAD.test(value)) return 0;
  if (ISO_DATE_PREFIX.test(value) || PLACEHOLDER_TAIL.test(value.replace(/\D/g, ""))) return 0;
  if (PHONE_CONTEXT.test(context.key)) return 0.7;
  if (!hasPhoneGrouping(value)) return 0;
  if (hasCjkPhoneWord(text, start) || isInPhoneColumn(text, start) || isPersonsMobile(value, text, start) || isSignatureLine(text, start)) return 0.7;
  const before = text.slice(Math.max(0, start - LOCAL_WINDOW), start);
  const line = before.slice(before.lastIndexOf("\n") + 1);
  // No other number between the word and this one: `phone model 5510, batch 123456` is not.
  let after = -1;
  for (const m of line.matchAll(PHONE_WORDS)) after = m.index + m[0].length;
  if (after < 0 || !PHONE_LINK.test(line.slice(after))) return 0;
  return hasPhoneGrouping(value) ? 0.7 : 0;
}

/**
 * A `+1` number whose area code or exchange starts with 0 or 1, or whose area code is 555, is
 * dialled by no one: the North American plan never assigns them (`+1 (555) 010-0100`).
 */
function isImpossibleNanp(value: string): boolean {
  if (!/^\+1[^\d]/.test(value)) return false;
  const digits = value.replace(/\D/g, "").slice(1);
  return digits.length === 10 && (digits[0] === "0" || digits[0] === "1" || digits[3] === "0" || digits[3] === "1" || digits.startsWith("555"));
}

function scoreCandidate(value: string, text: string, start: number, context: FieldContext): number {
  const digits = countDigits(value);
  if (digits >= MIN_LOCAL_DIGITS && digits < MIN_DIGITS) return scoreLocalNumber(value, text, start, context);
  if (digits < MIN_DIGITS || digits > MAX_DIGITS) return 0;
  if (ISO_DATE_PREFIX.test(value) || DOTTED_QUAD.test(value)) return 0;
  const compact = value.replace(/\D/g, "");
  if (PLACEHOLDER_TAIL.test(compact) || isImpossibleNanp(value)) return 0;
  // `+44 ...` and `(+33) 6 ...` both carry the country code.
  const plus = value.charCodeAt(0) === 43 || value.startsWith("(+");
  const bare = /^\d+$/.test(value);
  // Bare runs: more than 12 digits is an id or epoch millis; 10 starting with 1 is epoch seconds
  // (no national numbering plan starts a 10-digit number with 1).
  if (!plus && bare && (digits > 12 || (digits === 10 && value[0] === "1"))) return 0;
  if (!hasPhoneGrouping(value)) return 0;
  const worded =
    hasContext(text, start, context, PHONE_CONTEXT) || hasCjkPhoneWord(text, start) || isInPhoneColumn(text, start) || isSignatureLine(text, start);
  if (plus) return worded ? 0.95 : 0.85;
  if (worded) return bare ? 0.7 : 0.85;
  if (isPersonsMobile(value, text, start)) return 0.75;
  return /^\(\d{2,5}\)/.test(value) && !bare ? 0.75 : 0;
}

const DIFF_HUNK = /^@@ -\d/m;

export function scanPhones(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  let isDiff: boolean | undefined;
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m !== null && !budget.spent(); m = CANDIDATE.exec(text)) {
    let [value, start] = [m[0], m.index];
    // In a unified diff a line-leading `+` marks an added line, not a country code.
    const lineStart = start === 0 || text.charCodeAt(start - 1) === 10;
    if (lineStart && value.charCodeAt(0) === 43 && (isDiff ??= DIFF_HUNK.test(text))) {
      [value, start] = [value.slice(1), start + 1];
    }
    let score = scoreCandidate(value, text, start, context);
    if (score > 0 && !PHONE_CONTEXT.test(context.key) && isOrganisationOrExample(value, text, start)) score = 0;
    if (score > 0) hits.push({ kind: PII_KINDS.phone, start, end: start + value.length, score });
  }
}
