// Other readings of a text that may carry an instruction in a simple cipher: rot13 and reversed
// text when the text itself points at the cipher ("decode this rot13", "read it backwards"), and
// leetspeak ("1gn0r3 4ll ...") when several words trade letters for digits; and runs of morse, hex
// or binary bytes, and letters spaced or split one by one ("m-e-t-h"), read in place wherever they
// decode to prose; words spelled backwards in place, and code words the text defines ("🍎 means
// 'how to'") replaced by their meaning.
// Each view is scored like the text; base64 and invisible carriers are read elsewhere (encoded-payloads.ts, hidden-unicode.ts).

export interface CipherView {
  name: "rot13" | "reversed" | "leet" | "morse" | "hex" | "binary" | "spaced" | "substitution";
  text: string;
}

/** A view is read over this much of the text at most. */
const MAX_VIEW = 8192;
const ROT13_CUE = /\brot-?13\b|\bcaesar\b|\bcipher(?:ed|text)?\b|\bdecrypt\b|\bdecode\b/i;
const REVERSED_CUE = /\bbackwards?\b|\breversed?\b|\bright[\s-]to[\s-]left\b|\bmirror(?:ed)?\b|\bin\s+reverse\b/i;
/**
 * The cue words are everyday words in code and docs ("decode", "cipher", a RAID "mirror"), and a
 * reading is a second scan of the whole text. Past a short prompt, a reading is made only where
 * the text holds English so written: its commonest words ("gur", "lbh"; "eht", "uoy"), two of them.
 */
const SHORT_TEXT = 1024;
const ROT13_WORDS = /\b(?:gur|naq|lbh|lbhe|gung|guvf|jvgu|sbe|nyy|abg|ner|vf|gb|bs|vtaber|cerivbhf|vafgehpgvbaf|flfgrz|cnffjbeq|frperg|cebzcg|gryy|fnl|jevgr|fubj|erirny|znxr|ubj|jung|jura|gurl|unir|jvyy|pna)\b/gi;
const REVERSED_WORDS = /\b(?:eht|dna|uoy|ruoy|taht|siht|htiw|rof|erongi|suoiverp|snoitcurtsni|metsys|drowssap|terces|tpmorp|llet|yas|etirw|wohs|laever|ekam|woh|tahw|nehw|yeht|evah|lliw|nac|morf|tuoba)\b/gi;
const MIN_CIPHER_WORDS = 2;

function hasWords(text: string, words: RegExp): boolean {
  if (text.length <= SHORT_TEXT) return true;
  words.lastIndex = 0;
  for (let n = 0; words.exec(text) !== null; ) if (++n >= MIN_CIPHER_WORDS) return true;
  return false;
}
/**
 * A word of letters with leet digits in it, two letters at least or three characters (not `I4`, but
 * "80m8"), and one letter hex cannot have (not a digest).
 */
const LEET_WORD = /\b(?=[a-z0-9]*[g-z])(?=[a-z]*[01345789])(?:(?=[01345789]*[a-z][01345789]*[a-z])|(?=[a-z01345789]{3}))[a-z]*[01345789][a-z01345789]*\b/gi;
/** Among leet words, a short run of digits is a word too: "70" is "to", "4" is "a". */
const LEET_DIGITS = /\b[01345789]{1,3}\b/g;
const MIN_LEET_WORDS = 3;
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g" };
const unleet = (w: string): string => w.replace(/[01345789]/g, (d) => LEET[d]!);

const MORSE: Record<string, string> = {
  ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g", "....": "h", "..": "i", ".---": "j",
  "-.-": "k", ".-..": "l", "--": "m", "-.": "n", "---": "o", ".--.": "p", "--.-": "q", ".-.": "r", "...": "s", "-": "t",
  "..-": "u", "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z", "-----": "0", ".----": "1", "..---": "2",
  "...--": "3", "....-": "4", ".....": "5", "-....": "6", "--...": "7", "---..": "8", "----.": "9", ".-.-.-": ".", "--..--": ",",
};
/** Eight or more morse letters in a row, words split by a slash or wide gaps. */
const MORSE_RUN = /(?<![\w.-])(?:[.-]{1,6}(?:[ \t]*\/[ \t]*|[ \t]+(?![ \t/]))){7,}[.-]{1,6}(?![\w.-])/g;
/** Twelve or more hex bytes, written together or spaced (a digest is letters a-f only and reads as noise). */
const HEX_RUN = /(?<![\w])(?:(?:0x)?[0-9a-fA-F]{2}[ ,:]?){12,}(?![\w])/g;
/** Six or more bytes written as groups of eight bits. */
const BINARY_RUN = /(?<![\w])(?:[01]{8}[ ,]?){6,}(?![\w])/g;
/** Letters one by one, words set apart by wider gaps: "i g n o r e   a l l". */
const SPACED_RUN = /(?<![A-Za-z])[A-Za-z](?:[ ]{1,4}[A-Za-z](?![A-Za-z])){5,}/g;
/** Six or more letters split by one hyphen, dot, star or underscore each: "m-e-t-h", "b.o.m.b.s". */
const SPLIT_RUN = /(?<![A-Za-z0-9])[A-Za-z](?:[-.*_][A-Za-z](?![A-Za-z0-9])){5,}/g;
/** A word cut by stars into pieces of any length: "m*eth*amphetamine", "ransom*ware". */
const STARRED_RUN = /(?<![A-Za-z0-9*])[A-Za-z]{1,20}(?:\*[A-Za-z]{1,20}){1,6}(?![A-Za-z0-9*])/g;

/** A code word defined in the text: `🍎 means 'how to'`, `"apple" stands for "bomb"`. */
const CODE_WORD = /(?<![^\s,;(])["'‘“]?([^\s"'‘“’”]{1,12})["'’”]?\s+(?:means|stands\s+for|=|is\s+code\s+for)\s+["'‘“]([^"'’”\n]{1,40})["'’”]/gi;
const MAX_CODE_WORDS = 16;

/** The text with every code word it defines replaced by its meaning; two definitions at least. */
function substituted(text: string): string | undefined {
  const book = new Map<string, string>();
  for (const m of text.matchAll(CODE_WORD)) {
    book.set(m[1]!, m[2]!);
    if (book.size >= MAX_CODE_WORDS) break;
  }
  if (book.size < 2) return undefined;
  let out = text;
  // A code word of letters is replaced as a whole word only ("a" is no code inside "make").
  for (const [word, meaning] of book) out = /^\w+$/.test(word) ? out.replace(new RegExp(`\\b${word}\\b`, "g"), meaning) : out.split(word).join(meaning);
  return out;
}

/** Readable prose: printable ASCII with spaces between words, else nothing. */
function readable(decoded: string): string | undefined {
  if (decoded.length < 8 || !/ /.test(decoded)) return undefined;
  let printable = 0;
  for (let i = 0; i < decoded.length; i++) {
    const c = decoded.charCodeAt(i);
    if (c >= 32 && c < 127) printable++;
  }
  return printable / decoded.length >= 0.95 ? decoded : undefined;
}

function decodeMorse(run: string): string | undefined {
  const words = run.trim().split(/\s*\/\s*|\s{3,}/);
  let out = "";
  for (const word of words) {
    for (const code of word.split(/\s+/)) {
      const letter = MORSE[code];
      if (letter === undefined) return undefined;
      out += letter;
    }
    out += " ";
  }
  return readable(out.trim());
}

const decodeHex = (run: string): string | undefined => {
  const digits = run.replace(/0x|[ ,:]/gi, "");
  return readable(digits.replace(/../g, (b) => String.fromCharCode(parseInt(b, 16))));
};

const decodeBinary = (run: string): string | undefined =>
  readable(run.replace(/[ ,]/g, "").replace(/[01]{8}/g, (b) => String.fromCharCode(parseInt(b, 2))));

/**
 * Spaced letters glued into words, a wider gap between words; a run with no wider gap is one
 * word spelled out in a sentence ("how to make n a p a l m").
 */
function decodeSpaced(run: string): string | undefined {
  if (!/[ ]{2,}/.test(run)) return run.replace(/ /g, "");
  return run.split(/[ ]{2,}/).map((w) => w.replace(/ /g, "")).join(" ");
}

/** Split letters glued into the word they spell. */
const decodeSplit = (run: string): string => run.replace(/[-.*_]/g, "");

/** `text` with every run of `pattern` that decodes replaced by its reading, if any did. */
function replaceRuns(text: string, pattern: RegExp, decode: (run: string) => string | undefined): string | undefined {
  let changed = false;
  const out = text.replace(pattern, (run) => {
    const decoded = decode(run);
    if (decoded === undefined) return run;
    changed = true;
    return ` ${decoded} `;
  });
  return changed ? out : undefined;
}

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

/**
 * Code and logs are full of words with digits in them (`utf8`, `sha256`, `base64`, `ec2`), and
 * a leetspeak reading is a second scan of the whole text. Past a short prompt, the reading is made
 * only where two of them read as common English words once their digits are letters again.
 */
const LEET_ENGLISH = new Set(
  ("the and you your all ignore previous instructions instruction system prompt password secret tell say make how " +
    "what this that with not are for from now give show print reveal write hack hacker bomb kill drug drugs steal " +
    "weapon weapons code key admin rules mode free limits answer please explain step steps guide illegal money bank " +
    "attack virus malware poison hate").split(" "),
);

function hasLeetEnglish(text: string): boolean {
  if (text.length <= SHORT_TEXT) return true;
  let n = 0;
  LEET_WORD.lastIndex = 0;
  for (let m = LEET_WORD.exec(text); m !== null; m = LEET_WORD.exec(text)) {
    if (LEET_ENGLISH.has(unleet(m[0].toLowerCase())) && ++n >= MIN_CIPHER_WORDS) return true;
  }
  return false;
}

const RUN_CODES: readonly [CipherView["name"], RegExp, (run: string) => string | undefined][] = [
  ["morse", MORSE_RUN, decodeMorse],
  ["hex", HEX_RUN, decodeHex],
  ["binary", BINARY_RUN, decodeBinary],
  ["spaced", SPACED_RUN, decodeSpaced],
  ["spaced", SPLIT_RUN, decodeSplit],
  ["spaced", STARRED_RUN, (run) => run.replace(/\*/g, "")],
];

/** The cipher readings worth scoring for `text`, none for most texts. */
export function cipherViews(text: string): CipherView[] {
  const head = text.length > MAX_VIEW ? text.slice(0, MAX_VIEW) : text;
  const views: CipherView[] = [];
  if (ROT13_CUE.test(head) && hasWords(head, ROT13_WORDS)) views.push({ name: "rot13", text: rot13(head) });
  if (REVERSED_CUE.test(head) && hasWords(head, REVERSED_WORDS)) {
    views.push({ name: "reversed", text: [...head].reverse().join("") });
    // Each word spelled backwards, in its place: "woh ot" is "how to". The words around it are
    // plain, so the reading follows the text as written ("answer it in detail: woh ot ...").
    views.push({ name: "reversed", text: `${head}\n${head.replace(/[A-Za-z]{2,}/g, (w) => [...w].reverse().join(""))}` });
  }
  const book = substituted(head);
  if (book !== undefined) views.push({ name: "substitution", text: book });
  for (const [name, pattern, decode] of RUN_CODES) {
    const view = replaceRuns(head, pattern, decode);
    if (view !== undefined) views.push({ name, text: view });
  }
  if (countLeetWords(head) >= MIN_LEET_WORDS && hasLeetEnglish(head)) {
    views.push({ name: "leet", text: head.replace(LEET_WORD, unleet).replace(LEET_DIGITS, unleet) });
  }
  return views;
}
