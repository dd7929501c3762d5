// Invisible format characters (zero-width, bidi controls, soft hyphens, tag characters) split
// words so keyword scans miss them: "Ignore\u200b all\u200b prior\u200b instructions". They also
// glue words: "product\u200bIgnore previous" read without them is "productIgnore". Instructions are
// scanned in two views, one with each run deleted and one with each run read as a space, with
// offsets mapped back to the text as transported. Full-width letters are folded to ASCII in both.
// Shared: the injection detector reads instructions through visibleView; decoded-views.ts builds
// the views the secrets and PII detectors scan from the same character classes and folds.

const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;
const HAS_INVISIBLE = new RegExp(INVISIBLE.source);

export interface VisibleView {
  text: string;
  /** Offset in the original text of each offset in `text` (one past the end included). */
  toOriginal(offset: number): number;
  /** Whether invisible characters were removed between these view offsets. */
  hidesBetween(start: number, end: number): boolean;
}

const identity: Omit<VisibleView, "text"> = { toOriginal: (offset) => offset, hidesBetween: () => false };

const HAS_FULL_WIDTH = /[\uFF01-\uFF5E]/;
/** Code units turned back into a string this many at a time (the argument count stays small). */
const CHUNK = 4096;

/**
 * Full-width ASCII (NFKC's mapping, one UTF-16 unit each way, so offsets are kept). One pass over
 * code units: a regex replace building each run a character at a time took 40-150 ms on a MiB of
 * full-width text, before any detector could look at its clock.
 */
function foldFullWidth(text: string): string {
  if (!HAS_FULL_WIDTH.test(text)) return text;
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    units[i] = c >= 0xff01 && c <= 0xff5e ? c - 0xfee0 : c;
  }
  let out = "";
  for (let at = 0; at < units.length; at += CHUNK) out += String.fromCharCode.apply(null, units.subarray(at, at + CHUNK) as unknown as number[]);
  return out;
}

/** Greek and Cyrillic letters drawn like Latin ones, each one UTF-16 unit (offsets are kept). */
const LOOKALIKE_FROM = "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαοριν" + "АВЕКМНОРСТХаеорсухіјѕԁ";
const LOOKALIKE_TO = "ABEZHIKMNOPTYXaopiv" + "ABEKMHOPCTXaeopcyxijsd";
const LOOKALIKES = new Map([...LOOKALIKE_FROM].map((c, i) => [c, LOOKALIKE_TO[i]!]));
const HAS_GREEK_OR_CYRILLIC = /[\u0370-\u03FF\u0400-\u04FF\u0500-\u052F]/;
const WORD = /[\p{L}\p{M}]+/gu;
const MIXED_WORD = /[A-Za-z]/;

/**
 * Words that mix Latin letters with Greek or Cyrillic look-alikes (`Ιgnore`, `previοus`) are
 * spelled to evade a scan: their look-alikes read as the Latin letters they imitate. Words
 * wholly in Greek or Cyrillic are real text in those scripts and stay as they are.
 */
function foldMixedScript(text: string): string {
  if (!HAS_GREEK_OR_CYRILLIC.test(text)) return text;
  return text.replace(WORD, (word) =>
    MIXED_WORD.test(word) && HAS_GREEK_OR_CYRILLIC.test(word) ? [...word].map((c) => LOOKALIKES.get(c) ?? c).join("") : word,
  );
}

/** Whether `text` has anything foldLookalikes could change (full-width, Greek or Cyrillic letters). */
export const hasLookalikes = (text: string): boolean => HAS_FULL_WIDTH.test(text) || HAS_GREEK_OR_CYRILLIC.test(text);

/** Full-width letters and mixed-script look-alikes read as the ASCII they stand for (offsets kept). */
export const foldLookalikes = (text: string): string => foldMixedScript(foldFullWidth(text));

/** Whether `text` has invisible characters, so a second (spaced) view is worth scanning. */
export const hasInvisible = (text: string): boolean => HAS_INVISIBLE.test(text);

/** Runs of invisible characters, so a text made of them costs one step per run, not per character. */
export const INVISIBLE_RUN = new RegExp(`(?:${INVISIBLE.source})+`, "g");

/**
 * The text with each run of invisible characters replaced by `joiner` ("" rejoins split words,
 * " " splits glued ones). Offsets map back through the start of each visible piece (binary
 * search), so the map costs memory per piece rather than per character; it is built as far as
 * the offsets asked for, which only findings need. A joiner maps back to the start of its run.
 */
export function visibleView(text: string, joiner: "" | " " = ""): VisibleView {
  if (!HAS_INVISIBLE.test(text)) return { text: foldLookalikes(text), ...identity };
  const visible = foldLookalikes(text.replace(INVISIBLE_RUN, joiner));
  // Where each visible piece starts in the view, and in the original text, read from the text
  // only as far as the offsets asked for: a finding near the start of a 1 MiB text costs little.
  const viewStarts: number[] = [];
  const originStarts: number[] = [];
  const runs = text.matchAll(INVISIBLE_RUN);
  let length = 0;
  let last = 0;
  let done = false;
  const keep = (to: number) => {
    if (to <= last) return;
    viewStarts.push(length);
    originStarts.push(last);
    length += to - last;
  };
  /** Maps pieces until the one holding view offset `offset` is known. */
  const reach = (offset: number) => {
    while (!done && length <= offset) {
      const next = runs.next();
      if (next.done) {
        keep(text.length);
        done = true;
        break;
      }
      const match = next.value;
      keep(match.index);
      if (joiner !== "") {
        viewStarts.push(length);
        originStarts.push(match.index);
        length += joiner.length;
      }
      last = match.index + match[0].length;
    }
  };
  const toOriginal = (offset: number): number => {
    // One past the visible end is the end of the original, trailing invisible characters included.
    if (offset >= visible.length) return text.length;
    reach(offset);
    let lo = 0;
    let hi = viewStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (viewStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return originStarts[lo]! + (offset - viewStarts[lo]!);
  };
  return {
    text: visible,
    toOriginal,
    hidesBetween: (start, end) => HAS_INVISIBLE.test(text.slice(toOriginal(start), toOriginal(end))),
  };
}
