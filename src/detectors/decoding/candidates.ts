// Where a text may hide an encoded run, found in about one scan per family: escape runs after
// their opener (`%`, `\`, `&#`, `=`), separated hex bytes, and base64 or hex blocks whose first
// bytes would decode to printable text (UTF-8 or UTF-16LE). Hashes, ids and words rarely start
// like that, so most texts yield no candidate and cost the scans.

/**
 * A family of escapes, decoded as a run: `percent` (`%4B`), `backslash` (`\x4b`, `\113`,
 * `\u004b`, `\u{4b}`), `entity` (`&#75;`, `&#x4b;`, plain characters between), `qp`
 * (quoted-printable `=4B`), `form` (a query or form value, application/x-www-form-urlencoded:
 * `+` for a space, `%XX` for a byte, decoded together as one value: `q=call+me%2C+please`)
 * and `hexsep` (hex bytes with separators: `4b:45`, `0x4b, 0x45`).
 */
export type EscapeFamily = "form" | "percent" | "backslash" | "entity" | "qp" | "hexsep";

export interface Candidate {
  start: number;
  /** The run as written: escapes, or a block of the base64/hex alphabet (lines and padding). */
  run: string;
  kind: "escapes" | "block";
  family?: EscapeFamily;
  /** A form value that is also a base64 block (`+` is in both alphabets): tried first. */
  block?: Candidate;
}

const ENTITY = "&#(?:[0-9]{1,7}|[xX][0-9A-Fa-f]{1,6});";
/** Hex of a printable byte (high digit 2-7), as a byte in a separated list. */
const SEP_BYTE = "(?:0[xX])?[2-7][0-9A-Fa-f]";

const SEP = "(?:[:,] ?| )";

/**
 * Each family, a cheap test that it may occur (one pass without collecting anything: most texts
 * stop there), and its runs.
 */
const ESCAPE_FAMILIES: readonly { family: EscapeFamily; gate: RegExp; pattern: RegExp }[] = [
  // A value after `key=` at the start of a query, a form body or a pair (`?`, `&`, a space or a
  // quote before the key) holding a `+`: the whole value, so its `%XX` and `+` decode at once
  // (decoded apart, a `%2B` turned `+` would be read as a space by the next layer).
  {
    family: "form",
    gate: /[\w\]]=[A-Za-z0-9%._~!*,:@\/-]*\+/,
    pattern: /(?<=(?:^|[?&\s"'])[\w.\[\]%-]{1,64}=)[A-Za-z0-9%._~!*,:@\/-]*\+[A-Za-z0-9%._~!*,:@\/+-]*/g,
  },
  { family: "percent", gate: /%[0-9A-Fa-f]{2}/, pattern: /(?:%[0-9A-Fa-f]{2})+/g },
  {
    family: "backslash",
    gate: /\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f{]|[0-3][0-7]{2})/,
    pattern: /(?:\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|u\{[0-9A-Fa-f]{1,6}\}|[0-3][0-7]{2}))+/g,
  },
  // Three entities or more, with plain letters between: a lone `&#39;` in a page is punctuation.
  { family: "entity", gate: /&#[xX0-9]/, pattern: new RegExp(`${ENTITY}(?:[A-Za-z0-9_+/=.:-]*${ENTITY}){2,}`, "g") },
  // Four or more in a row: `a=1F&b=2` is a query, not an encoding.
  { family: "qp", gate: /(?:=[0-9A-F]{2}){4}/, pattern: /(?:=[0-9A-F]{2}){4,}/g },
  // Eight bytes or more: shorter lists are MAC addresses and colours.
  {
    family: "hexsep",
    gate: new RegExp(`${SEP_BYTE}${SEP}${SEP_BYTE}${SEP}${SEP_BYTE}${SEP}${SEP_BYTE}`),
    pattern: new RegExp(`(?<![0-9A-Za-z])(?:${SEP_BYTE}${SEP}){7,}${SEP_BYTE}(?![0-9A-Za-z])`, "g"),
  },
];

// Base64 spends 4 characters on 3 bytes. Printable bytes (0x20-0x7E, tab, line breaks) put the
// first character of a group in C-D or I-f, the second in A-H, Q-X, g-n or w-3, the third at an
// alphabet index 0 or 1 mod 4: twelve such bytes open a block of base64 text. Written out to a
// fixed length rather than as a repeated group, the pattern lets the engine skip ahead.
const GROUP = "[C-DI-Za-f][A-HQ-Xg-nw-z0-3][ABEFIJMNQRUVYZcdghklopstwx014589][A-Za-z0-9+/_-]";
const BASE64_TEXT = new RegExp(GROUP.repeat(4), "g");
// Base64 of UTF-16LE text (PowerShell's -EncodedCommand): each printable byte is followed by a
// zero, so six bytes spell two fixed groups; two such pairs (six characters) open a block.
const GROUP_UTF16 = "[I-Za-f][AQgw][AB][A-Za-z0-9+/_-]A[C-H][AEIMQUYcgkosw048]A";
const BASE64_UTF16 = new RegExp(GROUP_UTF16.repeat(2), "g");
// Hex of text: the high digit of a printable byte is 2-7; eight such bytes open a block.
const HEX_TEXT = new RegExp("[2-7][0-9A-Fa-f]".repeat(8), "g");
/** A whole block from its start: the run, whole continuation lines (line-wrapped), padding. */
const BLOCK = /[A-Za-z0-9+/_-]+(?:\r?\n[ \t]*[A-Za-z0-9+/_-]{4,}(?==*[ \t]*(?:\r?\n|$)))*={0,2}/y;
const RUN_REST = /[A-Za-z0-9+/_-]*/y;

const ALPHABET = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-") ALPHABET[c.charCodeAt(0)] = 1;
const inAlphabet = (text: string, at: number): boolean => at >= 0 && ALPHABET[text.charCodeAt(at)] === 1;

/**
 * Where the block holding `at` starts: `at` itself, or its `0x` prefix; undefined inside a run.
 * After a `/` a block may start too: base64url in a URL path follows one.
 */
function blockStart(text: string, at: number): number | undefined {
  if (!inAlphabet(text, at - 1) || text[at - 1] === "/") return at;
  const prefixed = at >= 2 && text[at - 2] === "0" && (text[at - 1] === "x" || text[at - 1] === "X");
  return prefixed && !inAlphabet(text, at - 3) ? at - 2 : undefined;
}

/**
 * Blocks `pattern` opens. A match inside a run is no block start (the run's own start did not
 * match), so the scan moves past the run: a long run is judged once, whatever its length.
 * False once `max` candidates are found: the rest of the text was not looked at.
 */
function findBlocks(text: string, pattern: RegExp, out: Map<number, Candidate>, max: number): boolean {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (out.size >= max) return false;
    const start = blockStart(text, m.index);
    const from = start ?? m.index;
    const re = start === undefined ? RUN_REST : BLOCK;
    re.lastIndex = from;
    const run = re.exec(text)![0];
    pattern.lastIndex = Math.max(m.index + 1, from + run.length);
    if (start === undefined) continue;
    const known = out.get(start);
    if (known === undefined) out.set(start, { start, run, kind: "block" });
    else if (known.family === "form") known.block = { start, run, kind: "block" };
  }
  return true;
}

export interface Candidates {
  candidates: Candidate[];
  /** More than the `max` asked for: candidates past it were not collected. */
  truncated: boolean;
}

/** Up to `max` candidates in `text`, sorted by start. */
export function findCandidates(text: string, max: number): Candidates {
  const found = new Map<number, Candidate>();
  let complete = true;
  for (const { family, gate, pattern } of ESCAPE_FAMILIES) {
    if (!complete || !gate.test(text)) continue;
    for (const m of text.matchAll(pattern)) {
      if (found.size >= max) {
        complete = false;
        break;
      }
      if (!found.has(m.index)) found.set(m.index, { start: m.index, run: m[0], kind: "escapes", family });
    }
  }
  // A block is at least 16 characters: a shorter field (a name, an enum) is not scanned for one.
  if (complete && text.length >= 16) {
    complete = findBlocks(text, BASE64_TEXT, found, max) && findBlocks(text, BASE64_UTF16, found, max) && findBlocks(text, HEX_TEXT, found, max);
  }
  const candidates = found.size === 0 ? [] : [...found.values()].sort((a, b) => a.start - b.start);
  return { candidates, truncated: !complete };
}
