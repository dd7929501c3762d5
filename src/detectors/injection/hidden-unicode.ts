// Invisible Unicode: tag characters (U+E0000-U+E007F, each one a hidden ASCII character), runs
// of zero-width characters (which can encode bits), zero-width characters sprinkled inside words
// to split trigger phrases, and bidi controls. Each carrier is decoded so its hidden text can be
// scanned like visible text.

export type HiddenKind = "tag" | "zero_width" | "interleaved" | "bidi";

export interface HiddenRun {
  kind: HiddenKind;
  start: number;
  end: number;
  /** The text the run carries, when it carries any. */
  decoded?: string;
}

const ANY_HIDDEN = /[\u200B-\u200D\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/;
const RUNS = /(?:\uDB40[\uDC00-\uDC7F])+|[\u200B-\u200D\u2060-\u2064\uFEFF]+|[\u202A-\u202E\u2066-\u2069]+/g;
const ZERO_WIDTH_ALL = /[\u200B-\u200D\u2060-\u2064\uFEFF]/g;
const ZERO_WIDTH_IN_WORD = /[A-Za-z][\u200B-\u200D\u2060-\u2064\uFEFF](?=[A-Za-z])/g;
const RTL_SCRIPT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/;
const BLACK_FLAG = "\uD83C\uDFF4";
const MAX_RUNS = 256;
const MAX_DECODED = 4096;
/** A zero-width run this long is no typographic accident. */
const MIN_ZERO_WIDTH_RUN = 4;
/** Isolated zero-width characters inside words: this many is evasion, not hyphenation hints. */
const MIN_INTERLEAVED = 6;

function decodeTags(run: string): string {
  let out = "";
  for (let i = 1; i < run.length && out.length < MAX_DECODED; i += 2) {
    const ascii = run.charCodeAt(i) - 0xdc00;
    if (ascii >= 0x20 && ascii <= 0x7e) out += String.fromCharCode(ascii);
    else if (ascii === 0x0a || ascii === 0x09) out += " ";
  }
  return out;
}

/** England/Scotland/Wales flags are black flag + a few lowercase tag letters + cancel tag. */
const isFlagSequence = (text: string, start: number, run: string): boolean =>
  text.slice(start - 2, start) === BLACK_FLAG && run.length <= 14 && run.endsWith("\uDB40\uDC7F");

/** Zero-width steganography: two symbols used as bits, 8 per character, either bit order. */
function decodeBits(whole: string): string | undefined {
  if (whole.length < 32) return undefined;
  const run = whole.slice(0, MAX_DECODED * 8);
  const symbols = [...new Set(run)];
  if (symbols.length !== 2) return undefined;
  for (const one of symbols) {
    let out = "";
    for (let i = 0; i + 8 <= run.length && out.length < MAX_DECODED; i += 8) {
      let code = 0;
      for (let j = 0; j < 8; j++) code = (code << 1) | (run[i + j] === one ? 1 : 0);
      out += String.fromCharCode(code);
    }
    const printable = out.replace(/[^\x20-\x7e]/g, "").length;
    if (printable >= out.length * 0.9 && /[a-z]{2}/i.test(out)) return out;
  }
  return undefined;
}

function classifyRun(text: string, start: number, run: string, hasRtl: boolean): HiddenRun | undefined {
  const end = start + run.length;
  const first = run.charCodeAt(0);
  if (first === 0xdb40) {
    if (isFlagSequence(text, start, run) || run.length < 4) return undefined;
    return { kind: "tag", start, end, decoded: decodeTags(run) };
  }
  if ((first >= 0x202a && first <= 0x202e) || (first >= 0x2066 && first <= 0x2069)) {
    return /[\u202D\u202E]/.test(run) || !hasRtl ? { kind: "bidi", start, end } : undefined;
  }
  if (run.length < MIN_ZERO_WIDTH_RUN || (start === 0 && run === "\uFEFF")) return undefined;
  const decoded = decodeBits(run);
  return decoded === undefined ? { kind: "zero_width", start, end } : { kind: "zero_width", start, end, decoded };
}

/** Zero-width characters scattered inside words ("ig\u200Bnore"): report them with the joined text. */
function findInterleaved(text: string, runs: readonly HiddenRun[]): HiddenRun | undefined {
  const positions: number[] = [];
  ZERO_WIDTH_IN_WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (positions.length < 10_000 && (m = ZERO_WIDTH_IN_WORD.exec(text)) !== null) positions.push(m.index + 1);
  if (positions.length < MIN_INTERLEAVED || runs.some((r) => r.kind === "zero_width")) return undefined;
  const start = positions[0]!;
  const end = positions[positions.length - 1]! + 1;
  const window = text.slice(Math.max(0, start - 200), Math.min(text.length, end + 200));
  return { kind: "interleaved", start, end, decoded: window.replace(ZERO_WIDTH_ALL, "") };
}

/** Every invisible-character carrier in `text`, cheapest exit first. */
export function findHiddenUnicode(text: string): HiddenRun[] {
  if (!ANY_HIDDEN.test(text)) return [];
  const hasRtl = RTL_SCRIPT.test(text);
  const runs: HiddenRun[] = [];
  RUNS.lastIndex = 0;
  let m: RegExpExecArray | null;
  let seen = 0;
  while (seen++ < MAX_RUNS && (m = RUNS.exec(text)) !== null) {
    const run = classifyRun(text, m.index, m[0], hasRtl);
    if (run) runs.push(run);
  }
  const interleaved = findInterleaved(text, runs);
  if (interleaved) runs.push(interleaved);
  return runs;
}
