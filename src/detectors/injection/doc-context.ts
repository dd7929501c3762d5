// Tells writing ABOUT injection apart from injection: a trigger quoted after a citing word
// ("such as", "e.g.", `payload = "..."`, `detect("...")`) is an example, and security vocabulary
// around a trigger marks an article, README, issue or test. Hidden markup works the other way.

/** Quoted after one of these, a phrase is being cited, not issued. JSON's `"key": "..."` is not. */
const CITE_CUE =
  /(?:\b(?:such\s+as|like|e\.g\.?|i\.e\.?|for\s+example|for\s+instance|example|phrases?|strings?|texts?|prompts?|payloads?|inputs?|contains?|containing|says?|said|called|typed?|wrote|writes|messages?|keywords?|patterns?|words?|sentences?|reads?|including|include|comment(?:ing)?|as)|[=(]|\bin|(?:^|\n)[ \t]*[-*])\s*[:,]?\s*$/i;

const ANY_QUOTE = /["'`“‘«]/;
const HIDDEN_ATTRIBUTE = /<[a-z][\w-]*\s[^<>]*\b(?:alt|title|aria-label|aria-description|content|data-[\w-]+)\s*=\s*$/i;
/** A hyphenated key (`user-agent=`, `x-note=`) is a header, log or markup field: no code assigns to one. */
const CARRIER_FIELD = /\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\s*=\s*$/i;
const OPEN_CLOSE: Record<string, string> = { "“": "”", "‘": "’", "«": "»" };
const SYMMETRIC = new Set(['"', "`", "'"]);
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Position of the quote left open before `start` on its line (within 200 chars), or -1. */
function findOpenQuote(text: string, start: number): number {
  const floor = Math.max(0, start - 200);
  const from = floor + text.slice(floor, start).lastIndexOf("\n") + 1;
  const open = new Map<string, number>();
  for (let i = from; i < start; i++) {
    const c = text[i]!;
    if (c === "'" && isWordChar(text[i - 1]) && isWordChar(text[i + 1])) continue;
    if (SYMMETRIC.has(c)) {
      if (open.has(c)) open.delete(c);
      else open.set(c, i);
    } else if (Object.hasOwn(OPEN_CLOSE, c)) open.set(c, i);
    else if (c === "”" || c === "’" || c === "»") open.delete(c === "”" ? "“" : c === "’" ? "‘" : "«");
  }
  let pos = -1;
  for (const p of open.values()) pos = Math.max(pos, p);
  return pos;
}

/** 1 for a live phrase; 0.35 when it sits inside a quotation introduced by a citing cue. */
export function rateQuotation(text: string, start: number): number {
  if (!ANY_QUOTE.test(text.slice(Math.max(0, start - 200), start))) return 1;
  const quote = findOpenQuote(text, start);
  if (quote < 0) return 1;
  const before = text.slice(Math.max(0, quote - 40), quote);
  // An HTML attribute a reader never sees (alt, title, aria-label) is where a planted line hides.
  if (HIDDEN_ATTRIBUTE.test(before)) return 1;
  // A header or log field (`user-agent="..."`) carries data, not a code example.
  if (CARRIER_FIELD.test(before)) return 1;
  return CITE_CUE.test(before) ? 0.35 : 1;
}

const META =
  /\b(?:prompt[\s-]injections?|injection\s+attacks?|indirect\s+injections?|jailbreak(?:s|ing)?|attackers?(?![.\w])|adversar(?:y|ial|ies)|malicious|exploit(?:s|ed|ing|ation)?|vulnerab\w*|red[\s-]team\w*|payloads?|for\s+example|(?<!\.)e\.g\.(?![a-z]\.)|for\s+instance|such\s+as|examples?(?![.\w])|researchers?|mitigat\w*|defen[cs]e\w*|defenders?|detect\w*|classif\w*|benchmark\w*|datasets?|test\s+cases?|owasp|cve-\d+|threat\w*|phishing|sanitiz\w*|security\s+(?:class|course|research|blog|training)|assert\w*|expect\(|attacks?\b|benign|labels?\b|guardrails?|blocklists?|denylists?|special\s+tokens?|tokeni[sz]ers?)|(?<![a-z])(?:injections?|jailbreaks?|patterns?|regex(?:es)?|detectors?|classifiers?|deny)/gi;

/** Words of any technical manual: they count only beside a word about attacks or detection. */
const GENERIC = /^(?:for\s+example|e\.g\.|for\s+instance|such\s+as|examples?|test\s+cases?|assert\w*|expect\(|labels?|datasets?|benchmark\w*|researchers?|patterns?|deny)$/i;
const META_FACTOR = [1, 0.7, 0.45, 0.3] as const;
const META_WINDOW = 300;

/** Where a cited example sits: a quote block, a list item, indented or fenced code. */
const EXAMPLE_BLOCK = /^(?:>|[-*+]\s|\d+[.)]\s|\x60{3}|~{3}|    |\t)/;

/**
 * A paragraph of its own after the article's last sentence, with no word about attacks in it,
 * not set off as an example (quote block, list item, code, a line ending in a colon before it):
 * a line planted under a page, not one the page is discussing.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  const breakBefore = text.lastIndexOf("\n\n", start);
  if (breakBefore < 0) return false;
  const from = breakBefore + 2;
  const breakAfter = text.indexOf("\n\n", end);
  const to = breakAfter < 0 ? text.length : breakAfter;
  if (to - from > 2 * META_WINDOW || EXAMPLE_BLOCK.test(text.slice(from, to))) return false;
  if (/:\s*$/.test(text.slice(Math.max(0, breakBefore - 80), breakBefore))) return false;
  // Inside a fenced block (counted over the last stretch of text: a page may be long).
  if ((text.slice(Math.max(0, from - 20000), from).match(/\x60{3}/g)?.length ?? 0) % 2 === 1) return false;
  META.lastIndex = 0;
  const paragraph = text.slice(from, to).replace(/\b(?:https?:)?\/\/[^\s)"'>]+/gi, " ");
  for (let m = META.exec(paragraph); m !== null; m = META.exec(paragraph)) if (!GENERIC.test(m[0])) return false;
  return true;
}

/** Discount for security/documentation vocabulary around [start, end): 1, 0.7, 0.45 or 0.3. */
export function rateDocumentation(text: string, start: number, end: number): number {
  if (standsAlone(text, start, end)) return 1;
  const from = Math.max(0, start - META_WINDOW);
  const to = Math.min(text.length, end + META_WINDOW);
  // Hosts such as example-attacker.net are the attack's own words, not an article's.
  // So are reserved names (RFC 2606: mailbox.example, shop.test), in hosts and mail addresses.
  const window = text
    .slice(from, to)
    .replace(/\b(?:https?:)?\/\/[^\s)"'>]+/gi, " ")
    // Only the reserved label goes: a pattern spanning the whole host would backtrack on "1.1.1...".
    .replace(/\.(?:example|test|invalid|localhost)\b/gi, " ");
  const seen = new Set<string>();
  let topical = false;
  META.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((seen.size < 3 || !topical) && (m = META.exec(window)) !== null) {
    seen.add(m[0].toLowerCase().replace(/s$/, "").slice(0, 8));
    topical ||= !GENERIC.test(m[0]);
  }
  // "for example" and "such as" fill every manual; only beside a word about attacks do they mark
  // writing about one (a cheat sheet's examples do not make an instruction planted in it a quote).
  return topical ? META_FACTOR[Math.min(3, seen.size) as 0 | 1 | 2 | 3] : 1;
}

const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0(?![.\d])|color\s*:\s*(?:white|#fff(?:fff)?\b|transparent)/i;

/** Bonus when a trigger sits in an HTML comment or hidden element: text meant for the model only. */
export function rateHiddenMarkup(text: string, start: number): number {
  const before = text.slice(Math.max(0, start - 4096), start + 4);
  const open = before.lastIndexOf("<!--");
  if (open >= 0 && before.indexOf("-->", open) < 0) return 0.15;
  return HIDING_STYLE.test(text.slice(Math.max(0, start - 240), start)) ? 0.15 : 0;
}
