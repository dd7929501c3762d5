// Dates of birth. A date alone is a release date or a log timestamp; it is a date of birth only
// right after a birth word (`DOB:`, `born on`, `geboren am`, `fecha de nacimiento`) or as the
// value of a field named like one (`payload.arguments.date_of_birth`).
import type { Budget } from "../../engine/budget.ts";
import { isValidDate } from "./checksums.ts";
import { DOB_CONTEXT, DOB_CONTEXT_CJK, MADE_UP } from "./context.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";
import { columnHeaderAt, hasColumnNamed } from "../table-columns.ts";
import { caseless, caselessTest } from "../lower-case.ts";

// Month names of the languages birth dates are written in, month by month: `3 March 1985`,
// `5. Mai 1972`, `14 de febrero de 1983`, `2 juillet 1990`, `1 maart 1980`.
const MONTH_NAMES: readonly string[] = [
  "jan|january|januar|jänner|janvier|enero|gennaio|janeiro|januari",
  "feb|february|februar|février|fevrier|febrero|febbraio|fevereiro|februari",
  "mar|march|märz|maerz|mars|marzo|março|marco|maart",
  "apr|april|avril|abril|aprile",
  "may|mai|mayo|maggio|maio|mei",
  "jun|june|juni|juin|junio|giugno|junho",
  "jul|july|juli|juillet|julio|luglio|julho",
  "aug|august|août|aout|agosto|augustus",
  "sep|sept|september|septembre|septiembre|setiembre|settembre|setembro",
  "oct|october|oktober|octobre|octubre|ottobre|outubro",
  "nov|november|novembre|noviembre|novembro",
  "dec|december|dezember|décembre|decembre|diciembre|dicembre|dezembro",
];
const MONTH_OF = new Map(MONTH_NAMES.flatMap((names, i) => names.split("|").map((name) => [name, i + 1] as const)));
// Longest first, so `june` is not read as `jun` followed by a stray letter.
const MONTHS = [...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join("|");

const DATE = new RegExp(
  "(?<![\\w/.\\-])(?:" +
    "(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})" +
    "|(\\d{1,2})[-/.](\\d{1,2})[-/.](\\d{4}|\\d{2})" +
    `|(\\d{1,2})(?:st|nd|rd|th|er|º|\\.)?(?:\\s+(?:of|de))?[\\s\\-]+(${MONTHS})\\.?,?(?:\\s+de)?[\\s\\-]+(\\d{4})` +
    `|(${MONTHS})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})` +
    "|(\\d{4})年(\\d{1,2})月(\\d{1,2})日" +
    ")(?![\\w]|[/.\\-]\\d)",
  "gi",
);

/** Birth words, searched across the whole text: the ASCII ones and those of scripts without spaces. */
const CONTEXT_SCAN = new RegExp(`${DOB_CONTEXT.source}|${DOB_CONTEXT_CJK.source}`, "gi");
const CONTEXT_PREFILTER = caseless(
  /dob|d\.o\.b|birth|born|geb|nac|naissance|n[ée]e? le|nascita|nat[oa] il|nascimento|nascid|urodz|f[öo]delse|f[øo]dsel|syntym|出生|生日|生年月日|생년월일|출생일|рождения/i,
);
const WINDOW = 40;
/** `birthday party at 7pm! The concert is on 12/03/2024`: the date belongs to another sentence. */
const SENTENCE_BREAK = /[!?;\n]|\.\s/;
const CURRENT_YEAR = new Date().getUTCFullYear();

const monthNumber = (name: string): number => MONTH_OF.get(name.toLowerCase()) ?? 0;

const fullYear = (year: string): number => {
  const y = Number(year);
  if (year.length === 4) return y;
  return y + (y > CURRENT_YEAR % 100 ? 1900 : 2000);
};

/** Day-first or month-first, whichever is a real date: both orders are in use. */
function isPlausibleBirthDate(m: RegExpExecArray): boolean {
  let year: number;
  let dates: [number, number][];
  if (m[1]) [year, dates] = [Number(m[1]), [[Number(m[2]), Number(m[3])]]];
  else if (m[4]) {
    const [a, b] = [Number(m[4]), Number(m[5])];
    [year, dates] = [fullYear(m[6]!), [[b, a], [a, b]]];
  } else if (m[7]) [year, dates] = [Number(m[9]), [[monthNumber(m[8]!), Number(m[7])]]];
  else if (m[10]) [year, dates] = [Number(m[12]), [[monthNumber(m[10]), Number(m[11])]]];
  else [year, dates] = [Number(m[13]), [[Number(m[14]), Number(m[15])]]];
  if (year < 1900 || year > CURRENT_YEAR) return false;
  // 1 January 1900 and 1970 are what a form or an epoch fills in when the date is unknown.
  if ((year === 1900 || year === 1970) && dates.some(([month, day]) => month === 1 && day === 1)) return false;
  return dates.some(([month, day]) => isValidDate(year, month, day));
}

/**
 * The first birth date starting within WINDOW characters of `from`, pushed as a hit. Only a
 * bounded slice is searched, so many birth words in a huge text stay linear.
 */
function findDateAfter(text: string, from: number, hits: PiiHit[]): number {
  const slice = text.slice(from, from + WINDOW + 32);
  DATE.lastIndex = 0;
  for (let m = DATE.exec(slice); m !== null && m.index < WINDOW; m = DATE.exec(slice)) {
    if (SENTENCE_BREAK.test(slice.slice(0, m.index))) return from;
    if (!isPlausibleBirthDate(m)) continue;
    const start = from + m.index;
    if (isMadeUpNear(text, start, start + m[0].length) || isNotARecord(text, start, start + m[0].length)) return start + m[0].length;
    hits.push({ kind: PII_KINDS.dateOfBirth, start, end: start + m[0].length, score: 0.85 });
    return start + m[0].length;
  }
  return from;
}

const DEATH_COLUMN = /^(?:died|death|death date|date of death|dod|deceased)$/;
/** `new Date('1990-06-15')`, `date(1990, 6, 15)`: a literal handed to a date constructor in code. */
const DATE_CALL_BEFORE = /[\w.]*(?:date|time|parse)\w*\(\s*["'`]?$/i;
/** `born 1912-06-23, died 1954-06-07`: a life with both ends is a biography, not a record. */
const DEATH_AFTER = /^[^\n]{0,40}?(?:died|death|deceased|†|–\s*\d{4}|-\s*\d{4}\))/i;

/** `stores ISO dates like 1990-01-01`, `e.g. 31.12.1980`: a date shown as the shape of one. */
const ILLUSTRATED_BEFORE = /(?<![a-z])(?:like|such\s+as|e\.g\.?|for\s+(?:example|instance)|format(?:ted)?(?:\s+as)?|i\.e\.?)[\s:,'"`(]*$/i;

function isNotARecord(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 24), start);
  return DATE_CALL_BEFORE.test(before) || ILLUSTRATED_BEFORE.test(before) || DEATH_AFTER.test(text.slice(end, end + 48));
}

const MADE_UP_WINDOW = 200;
/** Example payloads and test data (`jane@example.com`, `faker`, `sample`) carry made-up birth dates. */
const isMadeUpNear = (text: string, start: number, end: number): boolean =>
  MADE_UP.test(text.slice(Math.max(0, start - MADE_UP_WINDOW), end + MADE_UP_WINDOW));

/** The dates of a table's birth-date column (`dob`, `Geburtsdatum`, `birth_date`). */
/**
 * A table's birth-date column: `dob`, `birth_date`, `Geburtsdatum`. A bare `born` header is the
 * encyclopedic one (players, founders, historical figures), left to the words of each row.
 */
const isBirthColumn = (cell: string): boolean => cell !== "born" && DOB_CONTEXT.test(cell);

function scanDateColumn(text: string, hits: PiiHit[], budget: Budget): void {
  // Beside a `died` column the people are historical: the dead have no personal data to leak.
  if (hasColumnNamed(text, DEATH_COLUMN)) return;
  DATE.lastIndex = 0;
  for (let m = DATE.exec(text); m !== null && !budget.spent(); m = DATE.exec(text)) {
    if (!isBirthColumn(columnHeaderAt(text, m.index)) || !isPlausibleBirthDate(m)) continue;
    if (isMadeUpNear(text, m.index, m.index + m[0].length) || isNotARecord(text, m.index, m.index + m[0].length)) continue;
    hits.push({ kind: PII_KINDS.dateOfBirth, start: m.index, end: m.index + m[0].length, score: 0.85 });
  }
}

export function scanDatesOfBirth(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  if (DOB_CONTEXT.test(context.key)) {
    findDateAfter(text, 0, hits);
    return;
  }
  if (hasColumnNamed(text, isBirthColumn)) scanDateColumn(text, hits, budget);
  if (!caselessTest(CONTEXT_PREFILTER, text)) return;
  CONTEXT_SCAN.lastIndex = 0;
  for (let m = CONTEXT_SCAN.exec(text); m !== null && !budget.spent(); m = CONTEXT_SCAN.exec(text)) {
    const from = m.index + m[0].length;
    CONTEXT_SCAN.lastIndex = Math.max(CONTEXT_SCAN.lastIndex, findDateAfter(text, from, hits));
  }
}
