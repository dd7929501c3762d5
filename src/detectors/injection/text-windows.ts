// A long text read a window at a time, the clock checked between windows: one regex search over
// a megabyte is a single call no budget can interrupt. Each window owns `size` characters and is
// read with `reach` more on each side, more than its patterns span or look around, so nothing is
// cut in two. A text no longer than one window is read whole, as it stands.
import type { Budget } from "../../engine/budget.ts";

export interface TextWindow {
  /** The part of the text this window owns: `start` to `end`. */
  start: number;
  end: number;
  /** Where `text` starts in the whole text. */
  offset: number;
  text: string;
}

export function* textWindows(text: string, budget: Budget, size: number, reach: number): Generator<TextWindow> {
  if (text.length <= size) {
    if (text.length > 0) yield { start: 0, end: text.length, offset: 0, text };
    return;
  }
  for (let start = 0; start < text.length; start += size) {
    if (start > 0 && budget.spentNow()) return;
    const offset = Math.max(0, start - reach);
    yield { start, end: Math.min(text.length, start + size), offset, text: text.slice(offset, start + size + reach) };
  }
}
