// Reads the vocabulary's own regex sources: which words or characters a pattern can start
// with, so the scanner can anchor on them. Handles only what the vocabulary uses: literal words,
// escapes, non-capturing and lookaround groups, `?`/`*` after a group, top-level alternation.

/** Index just past the character class opened at `open` (`[...]`, escapes honoured). */
function skipClass(source: string, open: number): number {
  for (let i = open + 1; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source[i] === "]") return i + 1;
  }
  return source.length;
}

/** Splits a regex source at its top-level `|`. */
export function splitAlternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") i = skipClass(source, i) - 1;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(source.slice(from, i));
      from = i + 1;
    }
  }
  out.push(source.slice(from));
  return out;
}

/** Index of the `)` closing the group opened at `open`. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") i = skipClass(source, i) - 1;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return source.length;
}

/** First characters (lower-cased) a match of `source` can start with. */
export function firstCharsOf(source: string): string[] {
  return splitAlternatives(source).flatMap((alt) => firstCharsOfAlternative(alt));
}

function firstCharsOfAlternative(alt: string): string[] {
  if (alt.startsWith("(")) {
    const close = closingParen(alt, 0);
    const rest = alt.slice(close + 1);
    if (/^\(\?<?[=!]/.test(alt)) return firstCharsOfAlternative(rest);
    const inner = firstCharsOf(alt.slice(alt.startsWith("(?:") ? 3 : 1, close));
    return /^[?*]/.test(rest) ? [...inner, ...firstCharsOfAlternative(rest.slice(1))] : inner;
  }
  if (alt.startsWith("\\b")) return firstCharsOfAlternative(alt.slice(2));
  // Bun's transpiler may turn non-ASCII in a String.raw source into \uXXXX escapes.
  const escaped = /^\\u([0-9a-fA-F]{4})/.exec(alt);
  if (escaped) return [String.fromCharCode(parseInt(escaped[1]!, 16)).toLowerCase()];
  if (alt.startsWith("\\")) return [alt[1]!];
  return [alt[0]!.toLowerCase()];
}

/**
 * The first words a match of `source` can start with, as anchor alternatives: `word\\b` when the
 * word ends there, a bare prefix when the pattern goes on inside the word (`instructions?`).
 */
export function firstWordsOf(source: string): string[] {
  return splitAlternatives(source).flatMap((alt) => firstWordsOfAlternative(alt));
}

function firstWordsOfAlternative(alt: string): string[] {
  if (alt.startsWith("(")) {
    const close = closingParen(alt, 0);
    const rest = alt.slice(close + 1);
    if (/^\(\?<?[=!]/.test(alt)) return firstWordsOfAlternative(rest);
    const optional = /^[?*]/.test(rest);
    const after = optional ? rest.slice(1) : rest;
    let inner = firstWordsOf(alt.slice(alt.startsWith("(?:") ? 3 : 1, close));
    // A word ending the group may go on after it (`(?:send|post)(?:s|ed)?`): anchor its prefix.
    if (after !== "" && !/^(?:\\[sb]|[|)])/.test(after)) inner = inner.map((w) => w.replace(/\\b$/, ""));
    return optional ? [...inner, ...firstWordsOfAlternative(after)] : inner;
  }
  if (alt.startsWith("\\b")) return firstWordsOfAlternative(alt.slice(2));
  // Accented Latin letters go on a word ("bỏ qua", "tüm"), literal or escaped by the transpiler.
  const word = /^[A-Za-z](?:[A-Za-z0-9_\u00c0-\u024f\u1e00-\u1eff]|\\u(?:00[c-fC-F][0-9a-fA-F]|0[12][0-9a-fA-F]{2}|1[eE][0-9a-fA-F]{2}))*/.exec(alt)?.[0];
  if (word === undefined) throw new Error(`injection vocabulary: a head must start with a word: ${alt}`);
  const next = alt.slice(word.length);
  if (/^[?*]/.test(next)) return [word.slice(0, -1)];
  // `\b` only sees ASCII word characters: after an accented letter it would never match.
  const asciiEnd = /[A-Za-z0-9_]$/.test(word) && !/\\u[0-9a-fA-F]{4}$/.test(word);
  return asciiEnd && (next === "" || /^(?:\\[sb]|[|)])/.test(next)) ? [`${word}\\b`] : [word];
}

/** A first word as the scanner sees it in text: lower case, escapes read as their characters. */
export function wordKey(word: string): string {
  return word
    .replace(/\\b$/, "")
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .toLowerCase();
}

/** Moved beside the other callers that search lower-cased text; kept here for the vocabulary code. */
export { lowerCaseLiterals } from "../lower-case.ts";
