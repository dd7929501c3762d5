// "Did you mean ...?" for a misspelt name: the closest candidate by edit distance (Levenshtein,
// a transposition counted once), when it is close enough to be the intended one.

function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The candidate closest to `word`, if within a third of its length (at least 1, at most 4 edits). */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.min(4, Math.max(1, Math.floor(word.length / 3)));
  let best: { name: string; d: number } | undefined;
  for (const name of candidates) {
    if (Math.abs(name.length - word.length) > limit) continue;
    const d = distance(word.toLowerCase(), name.toLowerCase());
    if (d <= limit && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** `; did you mean X?` or nothing. */
export const didYouMean = (word: string, candidates: Iterable<string>): string => {
  const near = closest(word, candidates);
  return near ? `; did you mean ${near}?` : "";
};
