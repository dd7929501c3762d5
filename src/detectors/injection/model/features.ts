// Features of the statistical injection tier: hashed character 3- to 5-grams, word 1- and 2-grams
// and, in Chinese, Japanese and Korean, character 1- and 2-grams of a normalised text, each
// counted once, L2-normalised. The training script and the
// detector share this file, so a model always sees text the way it was trained on.

/** Buckets of the hashing trick: 2^18 keeps collisions rare at a few hundred thousand n-grams. */
export const BUCKETS = 1 << 18;
/** Characters read per text: the head and the tail of a long one (instructions hide at either end). */
export const MAX_CHARS = 8192;

/** FNV-1a over UTF-16 code units, into BUCKETS; `seed` separates the n-gram families. */
function bucket(text: string, start: number, end: number, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & (BUCKETS - 1);
}

/** Lower case, compatibility forms folded, invisible characters out, whitespace runs as one space. */
export function normalise(text: string): string {
  const cut = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS / 2)} ${text.slice(-MAX_CHARS / 2)}` : text;
  return cut
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\u00ad]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const WORD = /[\p{L}\p{N}_']+/gu;

/** Kana, CJK ideographs and Hangul syllables. */
const isIdeographic = (code: number): boolean => (code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af);

/** The distinct feature buckets of `text` and the weight each carries (1/sqrt(count)). */
export function featuresOf(text: string): { indices: Uint32Array; value: number } {
  const t = normalise(text);
  const seen = new Set<number>();
  const padded = ` ${t} `;
  for (let n = 3; n <= 5; n++) {
    for (let i = 0; i + n <= padded.length; i++) seen.add(bucket(padded, i, i + n, n));
  }
  // Chinese, Japanese and Korean write words without spaces and in one to three characters:
  // their single characters and pairs carry what a word does in a spaced script.
  for (let i = 0; i < t.length; i++) {
    if (!isIdeographic(t.charCodeAt(i))) continue;
    seen.add(bucket(t, i, i + 1, 1));
    if (i + 1 < t.length && isIdeographic(t.charCodeAt(i + 1))) seen.add(bucket(t, i, i + 2, 2));
  }
  const words = t.match(WORD) ?? [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    seen.add(bucket(w, 0, w.length, 101));
    if (i + 1 < words.length) {
      const pair = `${w} ${words[i + 1]}`;
      seen.add(bucket(pair, 0, pair.length, 102));
    }
  }
  const indices = Uint32Array.from(seen);
  return { indices, value: indices.length ? 1 / Math.sqrt(indices.length) : 0 };
}
