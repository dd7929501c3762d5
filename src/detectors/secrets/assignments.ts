// Generic `password = ...` style assignments in code, config, env files, JSON, XML and CLI flags.
// The scan is keyword-driven: find `pass|pwd|secret|token|key|cred`, widen to the whole name,
// and only then look for an operator and a value, so prose without such words costs one regex.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { looksLikePlaceholderValue, shannonEntropy } from "./value-filters.ts";

export interface AssignmentOptions {
  minEntropy: number;
  minLength: number;
}

const PASSWORD_ASSIGNMENT = defineKind(
  "password_assignment", CATEGORIES.password, "medium", "PASSWORD", "Hard-coded password or secret", PRIORITIES.generic,
);

const KEYWORD = /pass|pwd|secret|token|key|cred/gi;
// Lower-cased, separator-free name endings that name a credential.
const SECRET_NAME =
  /(?:password|passwd|passphrase|pwd|pass|secret|secretkey|apikey|apisecret|token|accesskey|privatekey|credentials?|signingkey|encryptionkey|masterkey|authkey)$/;
// Names that end like a credential but hold counts, cursors or model vocabulary.
const NOT_SECRET_NAME =
  /(?:page|continuation|pagination|csrf|xsrf|cancel|cancellation|sync|cursor|max|min|num|total|input|output|completion|prompt|eos|bos|pad|unk|sep|mask|cls|special)token$/;
// `pass` and `pwd` only as a whole word part: `db_pass`, `dbPass`, not `bypass` or `compass`.
const SHORT_NAME = /(?:^|[_.-]|[a-z](?=[PW]))(?:pass|pwd|PASS|PWD|Pass|Pwd)$/;
const OPERATOR = /(?:\\?["'])?[ \t]*(?::=|=>|\?=|=(?!=)|:(?![:\-+?=]))[ \t]*/y;
const FLAG_SPACE = /[ \t]+(?=[^\s-])/y;
const MAX_NAME = 64;
const MAX_VALUE = 256;

const isNameChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45;

// Characters that end an unquoted value: whitespace, quotes, separators, closing brackets.
const isValueStop = (c: number): boolean =>
  c <= 32 || c === 34 || c === 39 || c === 96 || c === 44 || c === 59 || c === 38 || c === 41 ||
  c === 93 || c === 125 || c === 60 || c === 62 || c === 124 || c === 92;

interface Span {
  start: number;
  end: number;
}

/** Widens a keyword to its whole name, or returns where its run ends when the run is too long. */
function readName(text: string, kwStart: number, kwEnd: number): Span | number {
  let start = kwStart;
  while (start > 0 && isNameChar(text.charCodeAt(start - 1))) {
    if (kwStart - start >= MAX_NAME) return skipRun(text, kwEnd);
    start--;
  }
  let end = kwEnd;
  while (end < text.length && isNameChar(text.charCodeAt(end))) {
    if (end - kwEnd >= MAX_NAME) return skipRun(text, end);
    end++;
  }
  return { start, end };
}

function skipRun(text: string, from: number): number {
  let end = from;
  while (end < text.length && isNameChar(text.charCodeAt(end))) end++;
  return end;
}

/** Whether an identifier (`DB_PASSWORD`, `apiKey`, `--token`) names a credential. */
export function isSecretName(name: string): boolean {
  const raw = name.replace(/[.-]+$/, "");
  const normal = raw.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (!SECRET_NAME.test(normal) || NOT_SECRET_NAME.test(normal)) return false;
  const short = normal.endsWith("pass") || normal.endsWith("pwd");
  return !short || SHORT_NAME.test(raw);
}

/**
 * Where `pattern` starts within `limit` characters of `from`, or -1. Searching only that far
 * keeps many unterminated openings (`<password>x<password>x...`) linear instead of quadratic.
 */
function indexWithin(text: string, pattern: string, from: number, limit: number): number {
  const at = text.slice(from, from + limit + pattern.length).indexOf(pattern);
  return at < 0 ? -1 : from + at;
}

/** `<password>value</password>`: the value must be closed by the same element. */
function findElementText(text: string, name: Span): number {
  const close = indexWithin(text, "</", name.end + 1, MAX_VALUE - 1);
  if (close < 0) return -1;
  const tag = text.slice(name.start, name.end);
  return text.startsWith(tag, close + 2) ? name.end + 1 : -1;
}

/** Where the value starts after `name`, or -1 when no assignment follows. */
function findValueStart(text: string, name: Span): number {
  const before = text.charCodeAt(name.start - 1);
  // `${PASSWORD}` and `%PASSWORD%` read a variable rather than assign one.
  if (before === 37 || (before === 123 && text.charCodeAt(name.start - 2) === 36)) return -1;
  if (before === 60 && text.charCodeAt(name.end) === 62) return findElementText(text, name);
  OPERATOR.lastIndex = name.end;
  if (OPERATOR.test(text)) return OPERATOR.lastIndex;
  const isFlag = text.charCodeAt(name.start) === 45 && (name.start === 0 || text.charCodeAt(name.start - 1) <= 32);
  if (!isFlag) return -1;
  FLAG_SPACE.lastIndex = name.end;
  return FLAG_SPACE.test(text) ? FLAG_SPACE.lastIndex : -1;
}

interface ValueSpan extends Span {
  quoted: boolean;
}

function readValue(text: string, at: number): ValueSpan | undefined {
  const c = text.charCodeAt(at);
  const escaped = c === 92 && (text[at + 1] === '"' || text[at + 1] === "'");
  if (escaped || c === 34 || c === 39 || c === 96) {
    const delimiter = escaped ? text.slice(at, at + 2) : text[at]!;
    const start = at + delimiter.length;
    const end = indexWithin(text, delimiter, start, MAX_VALUE);
    if (end < 0) return undefined;
    const value = text.slice(start, end);
    return value.includes("\n") ? undefined : { start, end, quoted: true };
  }
  let end = at;
  while (end < text.length && end - at <= MAX_VALUE && !isValueStop(text.charCodeAt(end))) end++;
  // A trailing period or colon ends the sentence (or is member access), not the value.
  while (end > at && (text.charCodeAt(end - 1) === 46 || text.charCodeAt(end - 1) === 58)) end--;
  return { start: at, end, quoted: false };
}

// Unquoted digit-free words and dotted paths are variables or keywords (`None`, `process.env.X`),
// TypeScript's non-null assertion included (`process.env.SESSION_SECRET!`).
const CODE_REFERENCE = /^[A-Za-z_$][A-Za-z_$-]*!?$|^[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*)+!?$/;
const LOOKS_LIKE_PATH = /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/;
const LOOKS_LIKE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

// Lower, upper, digit, symbol: a single class is a word or a number, not a chosen secret.
const CLASS_TESTS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];
const countCharClasses = (value: string): number => CLASS_TESTS.filter((re) => re.test(value)).length;

function isCredentialValue(value: string, quoted: boolean, options: AssignmentOptions): boolean {
  if (value.length < options.minLength || value.length > MAX_VALUE) return false;
  if (/\s/.test(value) || countCharClasses(value) < 2) return false;
  // Unquoted brackets are calls and indexing; quoted ones only matter as `{name}` templates.
  if (!quoted && (CODE_REFERENCE.test(value) || /[*([{]/.test(value))) return false;
  if (quoted && /\{[\w.]*\}/.test(value)) return false;
  if (LOOKS_LIKE_PATH.test(value) || LOOKS_LIKE_URL.test(value)) return false;
  if (/^\d+$/.test(value) && value.length < 12) return false;
  return !looksLikePlaceholderValue(value) && shannonEntropy(value) >= options.minEntropy;
}

const pushAssignmentHit = (start: number, end: number, entropy: number, options: AssignmentOptions, hits: SecretHit[]) =>
  hits.push({ kind: PASSWORD_ASSIGNMENT, start, end, score: Math.min(0.85, 0.55 + (entropy - options.minEntropy) / 8) });

/**
 * A whole text field named by its JSON key or by the CLI flag before it (`{"password": "..."}`,
 * `["--token", "..."]`): the field is the value, as if quoted. Multi-word text is prose, not one.
 */
export function scanKeyedValue(key: string, text: string, options: AssignmentOptions, hits: SecretHit[]): void {
  if (!isSecretName(key)) return;
  const start = text.length - text.trimStart().length;
  const value = text.trim();
  if (!isCredentialValue(value, true, options)) return;
  pushAssignmentHit(start, start + value.length, shannonEntropy(value), options, hits);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const CODE_FOLLOWER = /^[ \t]*[;,)|&>=}\]<]/;
const TYPE_DECLARATION = /\b(?:type|typedef|using)\s+$/;

/**
 * `type SecretKey = Uint8Array`, `secretKey: Uint8Array;` or `{ secret: round1Secret }`: an
 * identifier after a type declaration, or after a colon and before code punctuation, is a type
 * or a variable. (`Password=abc1;` in a connection string uses `=`, so it still counts.)
 */
function isTypeAnnotation(text: string, name: Span, valueStart: number, valueEnd: number): boolean {
  if (!IDENTIFIER.test(text.slice(valueStart, valueEnd))) return false;
  if (TYPE_DECLARATION.test(text.slice(Math.max(0, name.start - 16), name.start))) return true;
  let op = valueStart - 1;
  while (op >= 0 && (text[op] === " " || text[op] === "\t")) op--;
  return text[op] === ":" && CODE_FOLLOWER.test(text.slice(valueEnd, valueEnd + 16));
}

/** Appends the value of every credential-named assignment in `text` to `hits`. */
export function scanAssignments(text: string, options: AssignmentOptions, hits: SecretHit[], budget: Budget): void {
  KEYWORD.lastIndex = 0;
  for (let match = KEYWORD.exec(text); match && !budget.spent(); match = KEYWORD.exec(text)) {
    const name = readName(text, match.index, match.index + match[0].length);
    if (typeof name === "number") {
      KEYWORD.lastIndex = name;
      continue;
    }
    KEYWORD.lastIndex = name.end;
    const at = findValueStart(text, name);
    if (at < 0 || !isSecretName(text.slice(name.start, name.end))) continue;
    const value = readValue(text, at);
    if (!value) continue;
    // A value is never also a name, and skipping it keeps repeated `k=k=k=...` input linear.
    KEYWORD.lastIndex = Math.max(KEYWORD.lastIndex, value.end);
    if (!value.quoted && isTypeAnnotation(text, name, at, value.end)) continue;
    if (!isCredentialValue(text.slice(value.start, value.end), value.quoted, options)) continue;
    pushAssignmentHit(value.start, value.end, shannonEntropy(text.slice(value.start, value.end)), options, hits);
  }
}
