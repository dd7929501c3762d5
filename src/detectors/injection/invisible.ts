// Invisible format characters (zero-width, bidi controls, soft hyphens, tag characters) split
// words so keyword scans miss them: "Ignore\u200b all\u200b prior\u200b instructions". Instructions
// are scanned in a view without them, with offsets mapped back to the text as transported.

const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;
const HAS_INVISIBLE = new RegExp(INVISIBLE.source);

export interface VisibleView {
  text: string;
  /** Offset in the original text of each offset in `text` (one past the end included). */
  toOriginal(offset: number): number;
  /** Whether invisible characters were removed between these view offsets. */
  hidesBetween(start: number, end: number): boolean;
}

const identity: Omit<VisibleView, "text"> = { toOriginal: (offset) => offset, hidesBetween: () => false };

export function visibleView(text: string): VisibleView {
  if (!HAS_INVISIBLE.test(text)) return { text, ...identity };
  const origin: number[] = [];
  let visible = "";
  let last = 0;
  for (const match of text.matchAll(INVISIBLE)) {
    for (let i = last; i < match.index; i++) origin.push(i);
    visible += text.slice(last, match.index);
    last = match.index + match[0].length;
  }
  for (let i = last; i < text.length; i++) origin.push(i);
  visible += text.slice(last);
  origin.push(text.length);
  return {
    text: visible,
    toOriginal: (offset) => origin[Math.min(offset, origin.length - 1)]!,
    hidesBetween: (start, end) => origin[Math.min(end, origin.length - 1)]! - origin[start]! > end - start,
  };
}
