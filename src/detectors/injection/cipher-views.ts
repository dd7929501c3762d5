// Other readings of a text that may carry an instruction in a simple cipher: rot13 and reversed
// text when the text itself points at the cipher ("decode this rot13", "read it backwards"), and
// leetspeak ("1gn0r3 4ll ...") when several words trade letters for digits. Each view is scored
// like the text; base64 and invisible carriers are read elsewhere (encoded-payloads.ts, hidden-unicode.ts).

export interface CipherView {
  name: "rot13" | "reversed" | "leet";
  text: string;
}

/** A view is read over this much of the text at most. */
const MAX_VIEW = 8192;
const ROT13_CUE = /\brot-?13\b|\bcaesar\b|\bcipher(?:ed|text)?\b|\bdecrypt\b|\bdecode\b/i;
const REVERSED_CUE = /\bbackwards?\b|\breversed?\b|\bright[\s-]to[\s-]left\b|\bmirror(?:ed)?\b|\bin\s+reverse\b/i;
/** A word of letters with leet digits in it, two letters at least (not `I4`), and one letter hex cannot have (not a digest). */
const LEET_WORD = /\b(?=[a-z0-9]*[g-z])(?=[a-z]*[013457])(?=[013457]*[a-z][013457]*[a-z])[a-z]*[013457][a-z013457]*\b/gi;
const MIN_LEET_WORDS = 3;
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t" };

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function countLeetWords(text: string): number {
  let n = 0;
  LEET_WORD.lastIndex = 0;
  while (n < MIN_LEET_WORDS && LEET_WORD.exec(text) !== null) n++;
  return n;
}

/** The cipher readings worth scoring for `text`, none for most texts. */
export function cipherViews(text: string): CipherView[] {
  const head = text.length > MAX_VIEW ? text.slice(0, MAX_VIEW) : text;
  const views: CipherView[] = [];
  if (ROT13_CUE.test(head)) views.push({ name: "rot13", text: rot13(head) });
  if (REVERSED_CUE.test(head)) views.push({ name: "reversed", text: [...head].reverse().join("") });
  if (countLeetWords(head) >= MIN_LEET_WORDS) {
    views.push({ name: "leet", text: head.replace(LEET_WORD, (w) => w.replace(/[013457]/g, (d) => LEET[d]!)) });
  }
  return views;
}
