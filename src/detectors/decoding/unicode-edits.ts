// The folding layer's edits: invisible characters (zero-width, bidi controls, soft hyphens, tags)
// removed, full-width and mixed-script look-alikes folded (invisible.ts, shared with the injection
// detector), and other compatibility forms (mathematical, circled, ligature letters) read as the
// ASCII that NFKC gives them.
import type { Budget } from "../../engine/budget.ts";
import { INVISIBLE_RUN, foldLookalikes, hasLookalikes } from "./invisible.ts";
import type { Edit } from "./text-view.ts";

// Letterlike symbols, circled letters and digits, ligatures, small forms, mathematical
// alphanumerics (U+1D400-1D7FF) and squared/parenthesised letters (U+1F100-1F14F). Superscripts
// are left alone: a footnote mark folded onto a number would make a longer number.
const COMPAT = /[\u2100-\u214F\u2460-\u24FF\uFB00-\uFB06\uFE50-\uFE6B]|\uD835[\uDC00-\uDFFF]|\uD83C[\uDD00-\uDD4F]/g;
const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;
/**
 * Characters folded per field. Folding builds a copy, calling back per full-width run, which a
 * megabyte of short runs makes tens of milliseconds; past this the rest is reported unread.
 */
const FOLD_PREFIX = 64 * 1024;

export interface FoldEdits {
  edits: Edit[];
  /** More edits than `maxEdits`, or look-alikes past the folded prefix: not all was folded. */
  truncated: boolean;
}

/** Where `folded` (same length) differs from `text`, as linear edits of whole differing runs. */
function foldDiffs(text: string, folded: string, edits: Edit[], max: number, budget: Budget): void {
  for (let i = 0; i < text.length && edits.length <= max && !budget.spent(); i++) {
    if (text.charCodeAt(i) === folded.charCodeAt(i)) continue;
    const start = i;
    while (i < text.length && text.charCodeAt(i) !== folded.charCodeAt(i)) i++;
    edits.push({ start, end: i, text: folded.slice(start, i), linear: true });
  }
}

function compatEdits(text: string, edits: Edit[], max: number, budget: Budget): void {
  for (const match of text.matchAll(COMPAT)) {
    if (edits.length > max || budget.spent()) return;
    const ascii = match[0].normalize("NFKC");
    if (ascii !== match[0] && PRINTABLE_ASCII.test(ascii)) {
      edits.push({ start: match.index, end: match.index + match[0].length, text: ascii });
    }
  }
}

/**
 * The edits that fold `text`, sorted; none for ASCII text (one fast count). The character classes do
 * not overlap, so neither do the edits.
 */
export function findUnicodeEdits(text: string, maxEdits: number, budget: Budget): FoldEdits {
  // UTF-8 length equals the length in code units only for ASCII; Bun counts it at memory speed.
  if (Buffer.byteLength(text, "utf8") === text.length) return { edits: [], truncated: false };
  const edits: Edit[] = [];
  for (const match of text.matchAll(INVISIBLE_RUN)) {
    if (edits.length > maxEdits || budget.spent()) break;
    edits.push({ start: match.index, end: match.index + match[0].length, text: "" });
  }
  const head = text.length > FOLD_PREFIX ? text.slice(0, FOLD_PREFIX) : text;
  const folded = foldLookalikes(head);
  if (folded !== head) foldDiffs(head, folded, edits, maxEdits, budget);
  const unfolded = head !== text && hasLookalikes(text.slice(FOLD_PREFIX));
  compatEdits(text, edits, maxEdits, budget);
  edits.sort((a, b) => a.start - b.start);
  const truncated = edits.length > maxEdits;
  return { edits: truncated ? edits.slice(0, maxEdits) : edits, truncated: truncated || unfolded };
}
