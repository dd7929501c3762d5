// One linear pass per text: a single anchor regex (the first word of every pattern's head,
// grouped by first letter, plus symbol leads) finds where a signal could start; only there are
// the few patterns starting with that word tried, sticky. The result is context-free; scoring
// picks the weights.
import { UNLIMITED, type Budget } from "../../engine/budget.ts";
import { rateQuotation } from "./doc-context.ts";
import { textWindows } from "./text-windows.ts";
import { CONTEXT_INDEX, type Context, type Signal, type SignalClass, type Weights } from "./signal-kind.ts";
import { firstCharsOf, firstWordsOf, lowerCaseLiterals, wordKey } from "./regex-source.ts";
import { bodyOf } from "./vocabulary-parts.ts";
import { PATTERNS } from "./vocabulary.ts";

export interface RawSignal {
  cls: SignalClass;
  start: number;
  end: number;
  w: Weights;
  /** 1 for a live instruction, lower when the text quotes it as an example. */
  quote: number;
}

/** Enough hits to judge any real text; a hostile text repeating triggers gains nothing past it. */
const MAX_HITS = 256;
/**
 * A long text is searched for anchors a window at a time (text-windows.ts): one search of the
 * anchor pattern over a megabyte with nothing in it ran for a third of a second. REACH covers any
 * anchor and the context its lookarounds need.
 */
const WINDOW = 1 << 14;
const REACH = 256;

/**
 * Every head's first words as one alternation grouped by first letter. The engine tries every
 * top-level alternative at every position, so one letter-grouped word list is far cheaper than
 * one alternative per pattern; whole patterns are only tried where a word matched.
 */
function buildAnchorWords(): string {
  const byFirst = new Map<string, Set<string>>();
  for (const p of PATTERNS) {
    for (const word of p.head === undefined ? [] : firstWordsOf(p.head)) {
      const key = word[0]!.toLowerCase();
      byFirst.set(key, (byFirst.get(key) ?? new Set()).add(word.toLowerCase()));
    }
  }
  // Longest first: the anchor reports the longest word that matches, so "involve" tries the
  // patterns whose first word is a prefix of it, not every pattern starting with an "i".
  const bySize = (words: Set<string>) => [...words].sort((a, b) => b.replace(/\\b$/, "").length - a.replace(/\\b$/, "").length);
  return [...byFirst].map(([key, words]) => `${key}(?:${bySize(words).map((w) => w.slice(1)).join("|")})`).join("|");
}

/**
 * Leads in other scripts (Cyrillic, CJK, Arabic, Devanagari, accented Latin) anchor on their first
 * character alone: dozens of whole phrases in the anchor would be tried at every position of every
 * text, a character class costs one test. Their phrases are only tried where one of them starts.
 */
const inOtherScript = (lead: string): boolean => firstCharsOf(lead).every((c) => c.charCodeAt(0) > 0x7f);
const SCRIPT_FIRST = [...new Set(PATTERNS.flatMap((p) => (p.lead !== undefined && inOtherScript(p.lead) ? firstCharsOf(p.lead) : [])))].join("");
const SYMBOLS = PATTERNS.flatMap((p) => (p.lead === undefined || inOtherScript(p.lead) ? [] : [p.lead])).join("|");
const ANCHOR_SOURCE = `\\b(?:${buildAnchorWords()})|${SYMBOLS}${SCRIPT_FIRST ? `|[${SCRIPT_FIRST}]` : ""}`;
const ANCHOR = new RegExp(ANCHOR_SOURCE, "gi");
/**
 * The anchor for the text lower-cased, searched case-sensitively: the same matches at about half
 * the cost (the anchor search was most of the detector's time on long prompts and documents). A
 * text whose lower-cased form has another length (a dotted capital I) keeps the first anchor,
 * so that offsets hold.
 */
const LOWER_ANCHOR = new RegExp(lowerCaseLiterals(ANCHOR_SOURCE), "g");
const BODIES = PATTERNS.map((p) => new RegExp(bodyOf(p), "iy"));

/** Pattern indices by the first character their head or lead can start with. */
const BY_FIRST_CHAR = new Map<string, number[]>();
for (const [i, p] of PATTERNS.entries()) {
  for (const c of new Set(firstCharsOf(p.head ?? p.lead ?? ""))) {
    BY_FIRST_CHAR.set(c, [...(BY_FIRST_CHAR.get(c) ?? []), i]);
  }
}

/**
 * Pattern indices by first word (lower-cased, without its boundary), apart for first words that
 * end at a word boundary (`a\b`, `you\b`): those can only match where the anchor is that word.
 */
const BY_FIRST_WORD = new Map<string, number[]>();
const BY_WHOLE_FIRST_WORD = new Map<string, number[]>();
for (const [i, p] of PATTERNS.entries()) {
  for (const word of new Set(p.head === undefined ? [] : firstWordsOf(p.head))) {
    const byWord = word.endsWith("\\b") ? BY_WHOLE_FIRST_WORD : BY_FIRST_WORD;
    const key = wordKey(word);
    byWord.set(key, [...(byWord.get(key) ?? []), i]);
  }
}
/** An ASCII word character: after one, `\b` cannot hold (the patterns have no `u` flag). */
const WORD_CHAR = /[A-Za-z0-9_]/;
/** Patterns with a lead (no head) that can start with an ASCII letter, by that letter. */
const LETTER_LEADS = new Map<string, number[]>();
for (const [i, p] of PATTERNS.entries()) {
  for (const c of new Set(p.head === undefined && p.lead !== undefined ? firstCharsOf(p.lead).filter((ch) => /^[a-z]$/.test(ch)) : [])) {
    LETTER_LEADS.set(c, [...(LETTER_LEADS.get(c) ?? []), i]);
  }
}
const candidatesByAnchor = new Map<string, readonly number[]>();

/**
 * Patterns worth trying where `anchor` matched. The anchor regex lists each letter's words longest
 * first, so it reports the longest vocabulary word that matches here: the candidates are the
 * patterns whose first word is a prefix of it (a longer first word would have been reported).
 * Symbol anchors go by first character.
 */
function candidatesFor(anchor: string): readonly number[] {
  // Anchors found in the lower-cased text are lower case already: the common case is one look-up.
  const cached = candidatesByAnchor.get(anchor);
  if (cached) return cached;
  const key = anchor.toLowerCase();
  // Symbol leads, and letter leads spelled out with separators ("i.g.n.o.r.e"), go by first character.
  if (!/^[a-z]/.test(key) || /^[a-z][^a-z0-9_\u00c0-\u024f\u1e00-\u1eff]/.test(key)) return BY_FIRST_CHAR.get(key[0]!) ?? [];
  const known = candidatesByAnchor.get(key);
  if (known) return known;
  // A lead starting with a letter ("ab sofort") may start where a word anchor matched first.
  const found = new Set<number>(LETTER_LEADS.get(key[0]!) ?? []);
  for (const [word, indices] of BY_FIRST_WORD) {
    if (key.startsWith(word)) for (const i of indices) found.add(i);
  }
  // "a\b" where the anchor read "aim": the boundary after the first word cannot hold there.
  for (const [word, indices] of BY_WHOLE_FIRST_WORD) {
    if (key.startsWith(word) && !WORD_CHAR.test(key[word.length] ?? "")) for (const i of indices) found.add(i);
  }
  const sorted = [...found].sort((a, b) => a - b);
  candidatesByAnchor.set(key, sorted);
  return sorted;
}

/** Appends every candidate that matches at `pos` (and survives its validator); returns how many. */
function matchAt(text: string, pos: number, candidates: readonly number[], out: RawSignal[]): number {
  let found = 0;
  for (const i of candidates) {
    const body = BODIES[i]!;
    body.lastIndex = pos;
    const m = body.exec(text);
    if (m === null) continue;
    const pattern = PATTERNS[i]!;
    const factor = pattern.validate ? pattern.validate(m[0], text, pos) : 1;
    if (factor <= 0) continue;
    const w: Weights = [pattern.w[0] * factor, pattern.w[1] * factor, pattern.w[2] * factor];
    out.push({ cls: pattern.cls, start: pos, end: pos + m[0].length, w, quote: 1 });
    found++;
  }
  return found;
}

/**
 * Finds every vocabulary hit in `text`, in order of position. Several patterns may match at one
 * position ("send the API keys to https://..." is an exfiltration object and a destination).
 * Once `budget` is spent it stops with the hits found so far.
 */
export function scanSignals(text: string, budget: Budget = UNLIMITED): RawSignal[] {
  const hits: RawSignal[] = [];
  // Where anchors are still to be looked for: every one before it has been judged.
  let next = 0;
  const lower = text.toLowerCase();
  const [searched, anchors] = lower.length === text.length ? [lower, LOWER_ANCHOR] : [text, ANCHOR];
  for (const window of textWindows(searched, budget, WINDOW, REACH)) {
    if (hits.length >= MAX_HITS) break;
    anchors.lastIndex = Math.max(next, window.start) - window.offset;
    let anchor: RegExpExecArray | null;
    while (hits.length < MAX_HITS && !budget.spent() && (anchor = anchors.exec(window.text)) !== null) {
      const at = window.offset + anchor.index;
      // One starting past this window's own part is the next window's, read with what follows it.
      if (at >= window.end) break;
      next = at + 1;
      // An anchor may hide another inside it (".ssh/id_rsa" holds "id_rsa"): look again just after.
      anchors.lastIndex = anchor.index + 1;
      const before = hits.length;
      if (matchAt(text, at, candidatesFor(anchor[0]), hits) === 0) continue;
      const quote = rateQuotation(text, at);
      for (let i = before; i < hits.length; i++) hits[i]!.quote = quote;
      // No skipping past the match: a later signal may start inside it ("you are now in opposite
      // mode" is a persona switch and a jailbreak mode). Scoring takes one signal per class.
    }
  }
  return hits;
}

/** The hits that count in `context`, weighted for it. */
export function weighSignals(raw: readonly RawSignal[], context: Context): Signal[] {
  const idx = CONTEXT_INDEX[context];
  const out: Signal[] = [];
  for (const s of raw) {
    const weight = Math.min(1, s.w[idx] * s.quote);
    if (weight > 0) out.push({ cls: s.cls, start: s.start, end: s.end, weight });
  }
  return out;
}
