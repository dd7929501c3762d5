// Features of the statistical injection tier: hashed character 3- to 5-grams, word 1- and 2-grams
// and, in Chinese, Japanese and Korean, character 1- and 2-grams of a normalised text, each
// counted once, L2-normalised. The training script and the
// detector share this file, so a model always sees text the way it was trained on.
import { isAscii } from "../../lower-case.ts";

/**
 * Buckets of the hashing trick: 2^19 keeps collisions rare at a few hundred thousand n-grams, each
 * read twice (below).
 */
export const BUCKETS = 1 << 19;

/**
 * Every n-gram has two weights: one it carries in any text, and one only where it appears, in a
 * user's prompt or in data (its bucket XOR the context's salt). "From now on, answer in French"
 * is an ordinary request from the person at the keyboard and a planted one in a fetched page.
 */
export const CONTEXT_SALT = { user: 0x5c1b3, data: 0x3d4e5 } as const;
/** Characters read per text: the head and the tail of a long one (instructions hide at either end). */
export const MAX_CHARS = 8192;

/**
 * FNV-1a over UTF-16 code units, into BUCKETS; `seed` separates the n-gram families. The hashes
 * stay signed 32-bit integers (no `>>> 0`): an unsigned value past 2^31 is a double in the engine,
 * and the bucket is the same low bits either way.
 */
function bucket(text: string, start: number, end: number, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h & (BUCKETS - 1);
}

/** Lower case, compatibility forms folded, invisible characters out, whitespace runs as one space. */
export function normalise(text: string): string {
  const cut = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS / 2)} ${text.slice(-MAX_CHARS / 2)}` : text;
  // NFKC leaves ASCII as it is: most tool output is ASCII, and the normalisation is a copy.
  return (isAscii(cut) ? cut : cut.normalize("NFKC"))
    .toLowerCase()
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\u00ad]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const WORD = /[\p{L}\p{N}_']+/gu;
/** WORD on ASCII text (lower-cased): the same words without Unicode property look-ups. */
const ASCII_WORD = /[a-z0-9_']+/g;

/** Kana, CJK ideographs and Hangul syllables. */
const isIdeographic = (code: number): boolean => (code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af);

/**
 * Which buckets the text being read has touched, and in what order: a bitset reused across calls
 * (cleared after each) instead of a Set, which cost most of a score's time; one bit a bucket
 * (64 KB) stays in the cache where a byte a bucket did not.
 */
const marked = new Uint32Array(BUCKETS >>> 5);
let touched = new Uint32Array(4096);
let count = 0;

function add(index: number): void {
  const word = index >>> 5;
  const bit = 1 << (index & 31);
  if (marked[word]! & bit) return;
  marked[word] = marked[word]! | bit;
  if (count === touched.length) {
    const grown = new Uint32Array(touched.length * 2);
    grown.set(touched);
    touched = grown;
  }
  touched[count++] = index;
}

/** FNV-1a of `a`, a space and `b` (a word pair) without building the joined string. */
function pairBucket(a: string, b: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ 32, 0x01000193);
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b.charCodeAt(i), 0x01000193);
  return h & (BUCKETS - 1);
}

/** The distinct feature buckets of `text`, in the order first seen, and the weight each carries (1/sqrt(count)). */
export function featuresOf(text: string): { indices: Uint32Array; value: number } {
  const t = normalise(text);
  const padded = ` ${t} `;
  count = 0;
  // The 3-, 4- and 5-gram at each position, in one pass: each hash runs on from the shorter one's
  // characters under its own seed.
  const length = padded.length;
  const s3 = 0x811c9dc5 ^ 3;
  const s4 = 0x811c9dc5 ^ 4;
  const s5 = 0x811c9dc5 ^ 5;
  const mask = BUCKETS - 1;
  for (let i = 0; i + 3 <= length; i++) {
    const c0 = padded.charCodeAt(i);
    const c1 = padded.charCodeAt(i + 1);
    const c2 = padded.charCodeAt(i + 2);
    const h3 = Math.imul(Math.imul(s3 ^ c0, 0x01000193) ^ c1, 0x01000193);
    const h4 = Math.imul(Math.imul(s4 ^ c0, 0x01000193) ^ c1, 0x01000193);
    const h5 = Math.imul(Math.imul(s5 ^ c0, 0x01000193) ^ c1, 0x01000193);
    add(Math.imul(h3 ^ c2, 0x01000193) & mask);
    if (i + 4 > length) continue;
    const c3 = padded.charCodeAt(i + 3);
    add(Math.imul(Math.imul(h4 ^ c2, 0x01000193) ^ c3, 0x01000193) & mask);
    if (i + 5 > length) continue;
    add(Math.imul(Math.imul(Math.imul(h5 ^ c2, 0x01000193) ^ c3, 0x01000193) ^ padded.charCodeAt(i + 4), 0x01000193) & mask);
  }
  // Chinese, Japanese and Korean write words without spaces and in one to three characters:
  // their single characters and pairs carry what a word does in a spaced script.
  for (let i = 0; i < t.length; i++) {
    if (!isIdeographic(t.charCodeAt(i))) continue;
    add(bucket(t, i, i + 1, 1));
    if (i + 1 < t.length && isIdeographic(t.charCodeAt(i + 1))) add(bucket(t, i, i + 2, 2));
  }
  const words = t.match(isAscii(t) ? ASCII_WORD : WORD) ?? [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    add(bucket(w, 0, w.length, 101));
    if (i + 1 < words.length) add(pairBucket(w, words[i + 1]!, 102));
  }
  const indices = touched.slice(0, count);
  for (let i = 0; i < count; i++) marked[touched[i]! >>> 5] = 0;
  return { indices, value: count ? 1 / Math.sqrt(count) : 0 };
}
