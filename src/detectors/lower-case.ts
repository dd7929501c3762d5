// Case-insensitive searches run as case-sensitive ones on the text lower-cased once: a /i search
// costs the regex engine two comparisons a character, and detectors run dozens of them over every
// field. Only ASCII text takes this path: there lower-casing keeps every offset, and a lower-cased
// pattern on it matches exactly where the /i pattern matches on the text as sent.

/**
 * The same pattern for text already lower-cased: its literal letters lower-cased, escapes
 * (`\B`, `\S`, `\u00C9`, `\p{Lu}`) and group names left as written. A case-insensitive search
 * costs the engine two comparisons a character; on lower-cased text a case-sensitive one does not.
 */
export function lowerCaseLiterals(source: string): string {
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      let end = i + 2;
      if ((next === "u" || next === "p" || next === "P" || next === "k") && /[{<]/.test(source[i + 2] ?? "")) end = source.indexOf(source[i + 2] === "{" ? "}" : ">", i) + 1;
      else if (next === "u") end = i + 6;
      else if (next === "x") end = i + 4;
      else if (next === "c") end = i + 3;
      out += source.slice(i, end);
      i = end - 1;
    } else if (c === "(" && source.startsWith("(?<", i) && /[A-Za-z_$]/.test(source[i + 3] ?? "")) {
      const end = source.indexOf(">", i) + 1;
      out += source.slice(i, end);
      i = end - 1;
    } else out += c.toLowerCase();
  }
  return out;
}

const ASCII = /^[\x00-\x7f]*$/;

/** Every code unit of `text` is ASCII. */
export const isAscii = (text: string): boolean => ASCII.test(text);

let memo: { text: string; lower: string | undefined } = { text: "", lower: "" };

/** `text` lower-cased when it is ASCII, else undefined; the last answer is kept (scanners share a field). */
export function asciiLower(text: string): string | undefined {
  if (memo.text !== text) memo = { text, lower: isAscii(text) ? text.toLowerCase() : undefined };
  return memo.lower;
}

/** A case-insensitive pattern and its case-sensitive twin for lower-cased text. */
export interface Caseless {
  readonly pattern: RegExp;
  readonly lower: RegExp;
}

export function caseless(pattern: RegExp): Caseless {
  return { pattern, lower: new RegExp(lowerCaseLiterals(pattern.source), pattern.flags.replace("i", "")) };
}

/**
 * The regex to run and the text to run it on: the twin on the lower-cased text when `text` is
 * ASCII, else the pattern on `text`. Either finds the same matches at the same offsets.
 */
export function searchIn(search: Caseless, text: string): [RegExp, string] {
  const lower = asciiLower(text);
  return lower === undefined ? [search.pattern, text] : [search.lower, lower];
}

/** `search.pattern.test(text)`, at a case-sensitive search's cost where it can. */
export function caselessTest(search: Caseless, text: string): boolean {
  const [re, subject] = searchIn(search, text);
  re.lastIndex = 0;
  return re.test(subject);
}
