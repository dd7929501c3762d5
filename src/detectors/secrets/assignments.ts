// Generic `password = ...` style assignments in code, config, env files, JSON, YAML, TOML, INI,
// .properties, HCL, XML (elements, attributes, `key="..." value="..."` pairs) and CLI flags.
// The scan is keyword-driven: find `pass|secret|token|key|auth|...`, widen to the whole name,
// and only then look for an operator and a value, so prose without such words costs one regex.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { secretNameStrength, type NameStrength } from "./secret-names.ts";
import { looksLikePlaceholderValue, shannonEntropy } from "./value-filters.ts";

export interface AssignmentOptions {
  minEntropy: number;
  minLength: number;
}

const PASSWORD_ASSIGNMENT = defineKind(
  "password_assignment", CATEGORIES.password, "medium", "PASSWORD", "Hard-coded password or secret", PRIORITIES.generic,
);

// Every word a credential name may end in (see secret-names.ts); prose without one costs one scan.
const KEYWORD = /pass|pwd|pw|secret|token|key|cred|auth|sig|salt|pepper|cookie|session|bearer|private|hmac|seed|material|handshake/gi;
// `name = v`, `"name": v`, `name := v`, `['name'] = v` (a subscript), `name => v`.
const OPERATOR = /(?:\\?["'])?\]?[ \t]*(?::=|=>|\?=|=(?!=)|:(?![:\-+?=]))[ \t]*/y;
// `<add key="apiSecret" value="...">`, `<property name="db.auth" value="..."/>`: the name is an
// attribute's value and the credential the `value` attribute beside it.
const NAMING_ATTRIBUTE = /(?:key|name|id)[ \t]*=[ \t]*["']$/;
const VALUE_ATTRIBUTE = /["'][ \t]+value[ \t]*=[ \t]*(?=["'])/y;
// `<entry key="token">...</entry>`: the element's text is the value.
const ELEMENT_TEXT = /["'][ \t]*>/y;
// A call given a name and its value: `define('DB_PASSWORD', '...')`, `setdefault("API_TOKEN", "...")`.
const CALL_NAME = /\([ \t]*["']$/;
const CALL_VALUE = /["'][ \t]*,[ \t]*(?=["'])/y;
// Terraform: `variable "db_password" { ... default = "..." }`.
const HCL_VARIABLE = /variable[ \t]+"$/;
const HCL_DEFAULT = /"[ \t]*\{[^}]{0,200}?\bdefault[ \t]*=[ \t]*(?=")/y;
// A setter or builder given the literal: `ds.setPassword("...")`, `withApiKey('...')`, `.password("...")`.
const SETTER = /(?:^|\.)(?:set|with|use)[A-Z_][\w$]*$|\.(?:password|passwd|passphrase|secret|token|api_?[kK]ey)$/;
const SETTER_VALUE = /\([ \t]*(?=["'])/y;
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

/** `key="apiSecret" value="..."`, `variable "db_password" { default = "..." }`: a quoted name. */
function findQuotedNameValue(text: string, name: Span): number {
  const before = text.slice(Math.max(0, name.start - 16), name.start);
  if (NAMING_ATTRIBUTE.test(before)) {
    for (const pattern of [VALUE_ATTRIBUTE, ELEMENT_TEXT]) {
      pattern.lastIndex = name.end;
      if (pattern.test(text)) return pattern.lastIndex;
    }
  }
  if (CALL_NAME.test(before)) {
    CALL_VALUE.lastIndex = name.end;
    if (CALL_VALUE.test(text)) return CALL_VALUE.lastIndex;
  }
  if (!HCL_VARIABLE.test(before)) return -1;
  HCL_DEFAULT.lastIndex = name.end;
  return HCL_DEFAULT.test(text) ? HCL_DEFAULT.lastIndex : -1;
}

/** Where the value starts after `name`, or -1 when no assignment follows. */
function findValueStart(text: string, name: Span): number {
  const before = text.charCodeAt(name.start - 1);
  // `${PASSWORD}` and `%PASSWORD%` read a variable rather than assign one.
  if (before === 37 || (before === 123 && text.charCodeAt(name.start - 2) === 36)) return -1;
  if (before === 60 && text.charCodeAt(name.end) === 62) return findElementText(text, name);
  if (before === 34 || before === 39) {
    const quoted = findQuotedNameValue(text, name);
    if (quoted >= 0) return quoted;
  }
  OPERATOR.lastIndex = name.end;
  if (OPERATOR.test(text)) return OPERATOR.lastIndex;
  if (text.charCodeAt(name.end) === 40 && SETTER.test(text.slice(name.start, name.end))) {
    SETTER_VALUE.lastIndex = name.end;
    if (SETTER_VALUE.test(text)) return SETTER_VALUE.lastIndex;
  }
  const isFlag = text.charCodeAt(name.start) === 45 && (name.start === 0 || text.charCodeAt(name.start - 1) <= 32);
  if (!isFlag) return -1;
  FLAG_SPACE.lastIndex = name.end;
  return FLAG_SPACE.test(text) ? FLAG_SPACE.lastIndex : -1;
}

interface ValueSpan extends Span {
  quoted: boolean;
}

/** An unquoted value from `at`: up to a stop character, without a sentence's final `.` or `:`. */
function readBareValue(text: string, at: number): ValueSpan {
  let end = at;
  while (end < text.length && end - at <= MAX_VALUE && !isValueStop(text.charCodeAt(end))) end++;
  while (end > at && (text.charCodeAt(end - 1) === 46 || text.charCodeAt(end - 1) === 58)) end--;
  return { start: at, end, quoted: false };
}

function readValue(text: string, at: number): ValueSpan | undefined {
  const c = text.charCodeAt(at);
  const escaped = c === 92 && (text[at + 1] === '"' || text[at + 1] === "'");
  if (escaped || c === 34 || c === 39 || c === 96) {
    const delimiter = escaped ? text.slice(at, at + 2) : text[at]!;
    const start = at + delimiter.length;
    const end = indexWithin(text, delimiter, start, MAX_VALUE);
    const line = indexWithin(text, "\n", start, MAX_VALUE);
    if (end >= 0 && (line < 0 || end < line)) return { start, end, quoted: true };
    // A quote never closed on its line (a value cut short, a pasted fragment): the token
    // after it is the value, read as if unquoted.
    const bare = readBareValue(text, start);
    const rest = text.slice(bare.end, line < 0 ? Math.min(text.length, start + MAX_VALUE) : line);
    return rest.trim() === "" && (line >= 0 || start + MAX_VALUE >= text.length) ? bare : undefined;
  }
  return readBareValue(text, at);
}

// Unquoted digit-free words and dotted paths are variables or keywords (`None`, `process.env.X`),
// TypeScript's non-null assertion included (`process.env.SESSION_SECRET!`).
const CODE_REFERENCE = /^[A-Za-z_$][A-Za-z_$-]*!?$|^[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*)+!?$/;
// A path, or a credential's name bound to its file (systemd's `LoadCredential=db:/etc/app/db`).
const LOOKS_LIKE_PATH = /^(?:[\w.-]{1,64}:)?(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/;
const LOOKS_LIKE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

// Lower, upper, digit, symbol: a single class is a word or a number, not a chosen secret.
const CLASS_TESTS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];
const countCharClasses = (value: string): number => CLASS_TESTS.filter((re) => re.test(value)).length;

// `550e8400-e29b-41d4-a716-446655440000`: an identifier, under any name.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Hex digests, `sha512-<base64>` integrity strings and the names of hash tools.
const DIGEST_VALUE = /^(?:[0-9a-f]{7,128}|sha(?:1|256|384|512)-[A-Za-z0-9+/=]{20,}|(?:sha\d*|md5|blake\d*|crc32)(?:sum)?)$/i;
// Words that make a hex value a checksum or a commit, in the name or just before it (`sha` as a
// word or with its size, so `handshake` is not one).
const DIGEST_CONTEXT = /sha(?:\d|sum|(?![a-z]))|digest|integrity|checksum|hash|md5|commit|etag|revision/i;
const DIGEST_WINDOW = 48;
// `public key: age1...`, `host key: ...`: a word before a weak name that makes it shareable.
const PUBLIC_BEFORE = /(?:public|publishable|host|primary|foreign|sort|partition|cache)[ \t]+$/i;

// `user:42:profile`, `cache-v2-users`, `mail@host`, `a/b`: names and paths built of words;
// `SHA256withRSA`, `aes-256-gcm`: algorithm names under `signature` or `key`.
const WORDY = /[:/@]|^[A-Za-z]{3,}(?:[-_.][A-Za-z0-9]+)+$|sha-?\d|rsa|ecdsa|ed25519|aes-?\d|hmac|pkcs/i;

/** A dotted token drawn at random (`AbC12x.Yz9.q8R...`), not a member access (`process.env.X`). */
const looksDrawn = (value: string): boolean => value.length >= 24 && countCharClasses(value) >= 3 && /\d/.test(value);

/**
 * A weakly named value (`upstream_auth`, `app_key`) counts only when it looks drawn: long
 * enough, letters and digits mixed, high entropy, and no identifier shape.
 */
const isDrawnValue = (value: string): boolean =>
  value.length >= 12 && /[A-Za-z]/.test(value) && /\d/.test(value) && !UUID.test(value) && !WORDY.test(value) &&
  shannonEntropy(value) >= 3;

function isCredentialValue(value: string, quoted: boolean, options: AssignmentOptions, strength: NameStrength): boolean {
  if (value.length < options.minLength || value.length > MAX_VALUE) return false;
  if (/\s/.test(value) || countCharClasses(value) < 2) return false;
  // Unquoted brackets are calls and indexing; quoted ones only matter as `{name}` templates.
  if (!quoted && ((CODE_REFERENCE.test(value) && !looksDrawn(value)) || /[*([{]/.test(value))) return false;
  if (quoted && /\{[\w.]*\}/.test(value)) return false;
  if (LOOKS_LIKE_PATH.test(value) || LOOKS_LIKE_URL.test(value)) return false;
  if (/^\d+$/.test(value) && value.length < 12) return false;
  if (strength === "weak" && !isDrawnValue(value)) return false;
  // A JWT is judged whole by its own rule: unsigned, it unlocks nothing.
  if (value.startsWith("eyJ") && value.includes(".")) return false;
  return !looksLikePlaceholderValue(value) && shannonEntropy(value) >= options.minEntropy;
}

/** A hex or integrity value whose name, or the text just before it, says it is a digest. */
function isNamedDigest(value: string, context: string): boolean {
  return DIGEST_VALUE.test(value) && (DIGEST_CONTEXT.test(context) || DIGEST_CONTEXT.test(value));
}

const pushAssignmentHit = (start: number, end: number, entropy: number, options: AssignmentOptions, hits: SecretHit[]) =>
  hits.push({ kind: PASSWORD_ASSIGNMENT, start, end, score: Math.min(0.85, 0.55 + (entropy - options.minEntropy) / 8) });

/**
 * A whole text field named by its JSON key or by the CLI flag before it (`{"password": "..."}`,
 * `["--token", "..."]`): the field is the value, as if quoted. Multi-word text is prose, not one.
 */
export function scanKeyedValue(key: string, text: string, options: AssignmentOptions, hits: SecretHit[]): void {
  const strength = secretNameStrength(key);
  if (strength === undefined) return;
  const start = text.length - text.trimStart().length;
  const value = text.trim();
  if (!isCredentialValue(value, true, options, strength) || isNamedDigest(value, key)) return;
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
    if (at < 0) continue;
    const strength = secretNameStrength(text.slice(name.start, name.end));
    if (strength === undefined || (strength === "weak" && PUBLIC_BEFORE.test(text.slice(Math.max(0, name.start - 16), name.start)))) continue;
    const value = readValue(text, at);
    if (!value) continue;
    // A value is never also a name, and skipping it keeps `k=k=k=...` input cheap; but a naming
    // attribute's value names the next value (`key="apiSecret" value="..."`), so it is read again.
    const naming = value.quoted && NAMING_ATTRIBUTE.test(text.slice(Math.max(0, value.start - 16), value.start));
    KEYWORD.lastIndex = Math.max(KEYWORD.lastIndex, naming ? value.start : value.end);
    if (!value.quoted && isTypeAnnotation(text, name, at, value.end)) continue;
    const credential = text.slice(value.start, value.end);
    if (!isCredentialValue(credential, value.quoted, options, strength)) continue;
    if (isNamedDigest(credential, text.slice(Math.max(0, name.start - DIGEST_WINDOW), name.end))) continue;
    pushAssignmentHit(value.start, value.end, shannonEntropy(credential), options, hits);
    KEYWORD.lastIndex = Math.max(KEYWORD.lastIndex, value.end);
  }
}
