// Encoded runs in a text (percent escapes; \x, octal, \u and \u{} escapes; HTML character
// references; quoted-printable; hex, plain or separated; base64 and base64url, line-wrapped)
// and the text they decode to: the edits of one decoding layer. Only runs that look like an
// encoding are decoded, and only text comes out; every count is bounded.
import type { Budget } from "../../engine/budget.ts";
import { base64Bytes } from "./base64.ts";
import { isReadableString, looksTextual, readableText } from "./bytes-text.ts";
import { findCandidates, type Candidate, type EscapeFamily } from "./candidates.ts";
import type { Edit, Span } from "./text-view.ts";

export interface DecodeLimits {
  /** Decoding layers on top of the folded text: 2 reads base64 of hex, or hex of base64. */
  maxDepth: number;
  /** Characters decoded (base64, hex, escapes) over a whole event, all fields together. */
  maxDecodedChars: number;
  /** Base64 and hex runs decoded in full per field and layer. */
  maxRunsPerField: number;
  /** Edits per field and layer (escape runs are cheap, but each is a piece of the view). */
  maxEdits: number;
  /** Candidate runs collected per field and layer, most of which are judged from their head. */
  maxCandidates: number;
  /** Characters of context kept around each change in a view. */
  window: number;
}

/** What one event may still decode: shared by its fields and by the detectors that read them. */
export interface DecodeState {
  decodedLeft: number;
  readonly limits: DecodeLimits;
}

export interface LayerEdits {
  edits: Edit[];
  /** A bound stopped something that looked encoded from being decoded. */
  undecoded: boolean;
}

const HEX = /^(?:0[xX])?[0-9A-Fa-f]+$/;
const LINE_BREAK = /\r?\n[ \t]*/g;
const PERCENT_AT = /^%[0-9A-Fa-f]{2}/;
const DIGITS = /^\d+$/;
const DOTTED_AT = /^\.[A-Za-z0-9_-]/;
const JWT_TAIL = /(?:\.[A-Za-z0-9_-]*){1,2}/y;
/** Shorter runs are words and ids; 16 base64 characters are 12 bytes, 16 hex digits 8. */
const MIN_RUN = 16;
const MIN_DECODED = 8;
/** Base64 characters decoded to judge a run before decoding all of it (48 bytes). */
const HEAD = 64;
/** A wrapped block's lines are all this long or longer (PEM 64, MIME 76), but the last. */
const MIN_WRAP = 40;

/** The run cut at the first line that breaks line-wrapping (equal full lines, a shorter last). */
function unwrap(run: string): string {
  const breaks = [...run.matchAll(LINE_BREAK)];
  if (breaks.length === 0) return run;
  const width = breaks[0]!.index;
  if (width < MIN_WRAP) return run.slice(0, width);
  let lineStart = breaks[0]!.index + breaks[0]![0].length;
  for (let i = 1; i <= breaks.length; i++) {
    const lineEnd = i < breaks.length ? breaks[i]!.index : run.length;
    const length = lineEnd - lineStart;
    const last = i === breaks.length;
    if (length > width || (!last && length !== width)) return run.slice(0, breaks[i - 1]!.index);
    if (!last) lineStart = lineEnd + breaks[i]![0].length;
  }
  return run;
}

type Alphabet = "hex" | "base64" | "base64url";

/** The alphabet of a run that looks like an encoding of text, judged from its first bytes. */
function textualAlphabet(body: string): Alphabet | undefined {
  if (HEX.test(body)) {
    const digits = body.replace(/^0[xX]/, "");
    if (digits.length < MIN_RUN || digits.length % 2 !== 0) return undefined;
    return looksTextual(Uint8Array.fromHex(digits.slice(0, (HEAD * 3) / 2))) ? "hex" : undefined;
  }
  // Base64 of text mixes letter cases and keeps to one alphabet; paths and ids mostly do not.
  const core = body.replace(/=+$/, "");
  const head = core.slice(0, 256);
  if (core.length < MIN_RUN || core.length % 4 === 1 || !/[A-Z]/.test(head) || !/[a-z]/.test(head)) return undefined;
  const url = /[-_]/.test(core);
  if (url && /[+/]/.test(core)) return undefined;
  const first = base64Bytes(core.slice(0, HEAD), url);
  return first !== undefined && looksTextual(first) ? (url ? "base64url" : "base64") : undefined;
}

const decodedSize = (body: string, alphabet: Alphabet): number =>
  alphabet === "hex" ? body.length / 2 : Math.ceil((body.length * 3) / 4);

const decodeAll = (body: string, alphabet: Alphabet): Uint8Array | undefined =>
  alphabet === "hex" ? Uint8Array.fromHex(body.replace(/^0[xX]/, "")) : base64Bytes(body.replace(/=+$/, ""), alphabet === "base64url");

function decodePercent(run: string): string | undefined {
  const bytes = new Uint8Array(run.length / 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(3 * i + 1, 3 * i + 3), 16);
  return readableText(bytes);
}

const BACKSLASH_ESCAPE = /\\(?:x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f]+)\}|u([0-9A-Fa-f]{4})|([0-7]{3}))/g;

/**
 * `\xNN` and octal `\NNN` runs are bytes (UTF-8 when valid); with a `\u` escape in the run every
 * escape is a character: `\uNNNN` a UTF-16 code unit, `\u{N}` a code point, a byte as Latin-1.
 */
function decodeBackslash(run: string): string | undefined {
  const codes: { code: number; point: boolean }[] = [];
  for (const m of run.matchAll(BACKSLASH_ESCAPE)) {
    if (m[2] !== undefined) codes.push({ code: parseInt(m[2], 16), point: true });
    else codes.push({ code: parseInt(m[1] ?? m[3] ?? m[4]!, m[4] === undefined ? 16 : 8), point: m[3] !== undefined });
  }
  if (!codes.some((c) => c.point)) {
    const utf8 = readableText(Uint8Array.from(codes, (c) => c.code));
    if (utf8 !== undefined) return utf8;
  }
  return charactersOf(codes.map((c) => c.code));
}

/** Code points (or UTF-16 units) as text when every one is valid and the text is readable. */
function charactersOf(codes: readonly number[]): string | undefined {
  // One at a time: a spread of a long run would overflow the call stack.
  let text = "";
  for (const code of codes) {
    if (code > 0x10ffff) return undefined;
    text += code > 0xffff ? String.fromCodePoint(code) : String.fromCharCode(code);
  }
  return isReadableString(text) ? text : undefined;
}

/** `&#75;` and `&#x4b;` as the characters they name, the plain characters between kept. */
function decodeEntities(run: string): string | undefined {
  let valid = true;
  const text = run.replace(/&#(?:([0-9]+)|[xX]([0-9A-Fa-f]+));/g, (_, dec: string | undefined, hex: string | undefined) => {
    const code = dec !== undefined ? parseInt(dec, 10) : parseInt(hex!, 16);
    if (code > 0x10ffff || code === 0) valid = false;
    return valid ? String.fromCodePoint(code) : "";
  });
  return valid && isReadableString(text) ? text : undefined;
}

/** The bytes a run of two-digit hex spells, whatever separates them (`=`, `:`, `, 0x`, spaces). */
function hexBytes(run: string, byte: RegExp): string | undefined {
  const digits = [...run.matchAll(byte)].map((m) => parseInt(m[1]!, 16));
  return readableText(Uint8Array.from(digits), MIN_DECODED);
}

/** A form value: `+` is a space, `%XX` a byte (UTF-8 together), other characters as written. */
function decodeFormValue(run: string): string | undefined {
  const bytes = new Uint8Array(run.length);
  let n = 0;
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    const hex = c === 37 ? run.slice(i + 1, i + 3) : "";
    if (hex.length === 2 && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes[n++] = parseInt(hex, 16);
      i += 2;
    } else bytes[n++] = c === 43 ? 32 : c;
  }
  return readableText(bytes.subarray(0, n));
}

function decodeEscapeFamily(family: EscapeFamily, run: string): string | undefined {
  switch (family) {
    case "form":
      return decodeFormValue(run);
    case "percent":
      return decodePercent(run);
    case "backslash":
      return decodeBackslash(run);
    case "entity":
      return decodeEntities(run);
    case "qp":
      return readableText(Uint8Array.from(run.slice(1).split("="), (h) => parseInt(h, 16)), 4);
    case "hexsep":
      return hexBytes(run, /(?:0[xX])?([0-9A-Fa-f]{2})/g);
  }
}

/** Whether [start, end) overlaps one of `ranges` (sorted); `from` is where to look first. */
function overlapsAt(ranges: readonly Span[], start: number, end: number, from: { i: number }): boolean {
  while (from.i < ranges.length && ranges[from.i]!.end <= start) from.i++;
  const range = ranges[from.i];
  return range !== undefined && range.start < end;
}

interface Cursor {
  text: string;
  state: DecodeState;
  runs: number;
  undecoded: boolean;
}

/** Charges `size` decoded characters to the event, or notes that a bound stopped them. */
function charge(cursor: Cursor, size: number, isRun: boolean): boolean {
  const { limits } = cursor.state;
  if ((isRun && cursor.runs >= limits.maxRunsPerField) || size > cursor.state.decodedLeft) {
    cursor.undecoded = true;
    return false;
  }
  if (isRun) cursor.runs++;
  cursor.state.decodedLeft -= size;
  return true;
}

/** The decoded text of a base64 or hex run, within the run and size bounds. */
function decodeBlock(cursor: Cursor, body: string): string | undefined {
  const alphabet = textualAlphabet(body);
  if (alphabet === undefined) return undefined;
  // It looks like text: from here on, a bound that stops it leaves something unjudged.
  if (!charge(cursor, decodedSize(body, alphabet), true)) return undefined;
  const bytes = decodeAll(body, alphabet);
  return bytes === undefined ? undefined : readableText(bytes, MIN_DECODED);
}

/** An escape run, decoded as a whole. */
function decodeEscapeRun(cursor: Cursor, run: string, family: EscapeFamily): string | undefined {
  if (!charge(cursor, run.length, false)) return undefined;
  return decodeEscapeFamily(family, run);
}

/** One candidate as an edit (or nothing), and where the next may start. */
function decodeCandidate(cursor: Cursor, { start, run, kind, family, block: alsoBlock }: Candidate): { edit?: Edit; next: number } {
  if (alsoBlock !== undefined) {
    // `token=SGVsbG8+d29y...`: a value that decodes as base64 text is base64, not words.
    const asBlock = decodeCandidate(cursor, alsoBlock);
    if (asBlock.edit) return asBlock;
  }
  if (kind === "escapes") {
    const text = decodeEscapeRun(cursor, run, family ?? "percent");
    const end = start + run.length;
    // An undecodable form value still holds escape runs of its own, read next.
    if (text === undefined) return { next: family === "form" ? start + 1 : end };
    return { edit: { start, end, text }, next: end };
  }
  const block = unwrap(run);
  const end = start + block.length;
  // A JWT is structure, not a hidden value: the secrets detector judges it as a whole.
  if (block.startsWith("eyJ") && cursor.text[end] === ".") {
    JWT_TAIL.lastIndex = end;
    return { next: JWT_TAIL.exec(cursor.text) ? JWT_TAIL.lastIndex : end };
  }
  // Percent escapes inside a run (`%2B`, `%3D`): read it whole once the next layer unescaped them.
  if (PERCENT_AT.test(cursor.text.slice(end, end + 3))) return { next: end };
  const text = decodeBlock(cursor, block.replace(/\s+/g, ""));
  // A dotted token whose first part is a number in base64 (a Discord bot token's user id) is
  // an id, like a JWT's header: read as digits it would only pass for a card or a phone.
  if (text === undefined || (DIGITS.test(text) && DOTTED_AT.test(cursor.text.slice(end, end + 2)))) return { next: end };
  return { edit: { start, end, text }, next: end };
}

/**
 * The edits that decode the encoded runs of `text`; with `ranges`, only runs overlapping them
 * (the parts a previous layer changed: what is left was tried before).
 */
export function findEncodedRuns(text: string, state: DecodeState, budget: Budget, ranges?: readonly Span[]): LayerEdits {
  const cursor: Cursor = { text, state, runs: 0, undecoded: false };
  const edits: Edit[] = [];
  const from = { i: 0 };
  let next = 0;
  const { candidates, truncated } = findCandidates(text, state.limits.maxCandidates);
  for (const candidate of candidates) {
    // Past a bound, every further run would be left undecoded too: stop paying for them.
    if (cursor.undecoded || budget.spent()) break;
    if (candidate.start < next) continue;
    if (ranges && !overlapsAt(ranges, candidate.start, candidate.start + candidate.run.length, from)) continue;
    if (edits.length >= state.limits.maxEdits) {
      cursor.undecoded = true;
      break;
    }
    const decoded = decodeCandidate(cursor, candidate);
    if (decoded.edit) edits.push(decoded.edit);
    next = decoded.next;
  }
  return { edits, undecoded: cursor.undecoded || truncated };
}
