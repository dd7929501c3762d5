// Where a text may hide an encoded run, found in about one scan: escape runs after a literal `%`
// or `\`, and base64 or hex blocks whose first bytes would decode to printable text. Hashes,
// ids and words rarely start like that, so most texts yield no candidate and cost the scan.

export interface Candidate {
  start: number;
  /** The run as written: escapes, or a block of the base64/hex alphabet (lines and padding). */
  run: string;
  kind: "escapes" | "block";
}

const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+|(?:\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}))+/g;

// Base64 spends 4 characters on 3 bytes. Printable bytes (0x20-0x7E, tab, line breaks) put the
// first character of a group in C-D or I-f, the second in A-H, Q-X, g-n or w-3, the third at an
// alphabet index 0 or 1 mod 4: twelve such bytes open a block of base64 text. Written out to a
// fixed length rather than as a repeated group, the pattern lets the engine skip ahead.
const GROUP = "[C-DI-Za-f][A-HQ-Xg-nw-z0-3][ABEFIJMNQRUVYZcdghklopstwx014589][A-Za-z0-9+/_-]";
const BASE64_TEXT = new RegExp(GROUP.repeat(4), "g");
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
    if (start !== undefined && !out.has(start)) out.set(start, { start, run, kind: "block" });
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
  if (text.includes("%") || text.includes("\\")) {
    for (const m of text.matchAll(ESCAPE_RUN)) {
      if (found.size >= max) {
        complete = false;
        break;
      }
      found.set(m.index, { start: m.index, run: m[0], kind: "escapes" });
    }
  }
  // A block is at least 16 characters: a shorter field (a name, an enum) is not scanned for one.
  if (complete && text.length >= 16) complete = findBlocks(text, BASE64_TEXT, found, max) && findBlocks(text, HEX_TEXT, found, max);
  const candidates = found.size === 0 ? [] : [...found.values()].sort((a, b) => a.start - b.start);
  return { candidates, truncated: !complete };
}
