// A view of a text field (folded, unescaped, decoded) and the map from its offsets back to the
// text as sent, so a finding in a view points at, and a redaction replaces, the original span.

export interface Span {
  start: number;
  end: number;
}

/** One change to a parent view's text: [start, end) of the parent reads as `text`. */
export interface Edit extends Span {
  text: string;
  /**
   * Each character stands for the one at the same place (a fold): offsets inside map one to
   * one. Otherwise the edit is atomic: any span touching it maps to the whole of [start, end).
   */
  linear?: boolean;
}

export interface TextView {
  readonly text: string;
  /** 0 for the text as sent; each layer of folding or decoding adds one. */
  readonly depth: number;
  /** The span of the text as sent that [start, end) of this view stands for; undefined across a gap. */
  toOriginal(start: number, end: number): Span | undefined;
  /** Ranges of this view that differ from its parent (what a deeper layer may decode further). */
  readonly changed: readonly Span[];
}

export const rootView = (text: string): TextView => ({
  text,
  depth: 0,
  toOriginal: (start, end) => ({ start, end }),
  changed: [],
});

/** A stretch of a view and the stretch of its parent it stands for. */
interface Piece {
  view: number;
  viewLen: number;
  parent: number;
  parentLen: number;
  linear: boolean;
  /** A separator between two windows: it stands for nothing, and no span may cross it. */
  gap: boolean;
}

/** Characters a token can be made of: a window edge is moved off them, so it never cuts one. */
const TOKEN_CHAR = /[A-Za-z0-9+/=_.%\\@-]/;
/** How far a window edge moves to reach a token boundary. */
const SNAP = 128;

function snap(text: string, at: number, step: -1 | 1): number {
  let i = at;
  for (let n = 0; n < SNAP && i > 0 && i < text.length && TOKEN_CHAR.test(text[step < 0 ? i - 1 : i]!); n++) i += step;
  return i;
}

/** Stretches of the parent within `radius` of an edit, merged, edges off tokens. */
function windowsOf(text: string, edits: readonly Edit[], radius: number): Span[] {
  const windows: Span[] = [];
  for (const edit of edits) {
    const start = snap(text, Math.max(0, edit.start - radius), -1);
    const end = snap(text, Math.min(text.length, edit.end + radius), 1);
    const last = windows[windows.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else windows.push({ start, end });
  }
  return windows;
}

/** Index of the piece holding view offset `offset` (pieces cover the view, sorted). */
function pieceAt(pieces: readonly Piece[], offset: number): number {
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (pieces[mid]!.view <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function mapThrough(pieces: readonly Piece[], start: number, end: number): Span | undefined {
  const first = pieceAt(pieces, start);
  const last = pieceAt(pieces, end - 1);
  for (let i = first; i <= last; i++) if (pieces[i]!.gap) return undefined;
  const a = pieces[first]!;
  const b = pieces[last]!;
  return {
    start: a.linear ? a.parent + (start - a.view) : a.parent,
    end: b.linear ? b.parent + (end - b.view) : b.parent + b.parentLen,
  };
}

/**
 * The parent with `edits` applied (sorted, not overlapping). Only the parent's text within
 * `radius` of an edit is kept, windows joined by a line break, so a long text with one small
 * change costs a view the size of the change, not of the text.
 */
export function applyEdits(parent: TextView, edits: readonly Edit[], radius: number): TextView {
  const source = parent.text;
  const pieces: Piece[] = [];
  const changed: Span[] = [];
  const out: string[] = [];
  let length = 0;
  const push = (text: string, parentAt: number, parentLen: number, linear: boolean, gap = false) => {
    if (text.length === 0) return;
    pieces.push({ view: length, viewLen: text.length, parent: parentAt, parentLen, linear, gap });
    out.push(text);
    length += text.length;
  };
  let next = 0;
  for (const [w, window] of windowsOf(source, edits, radius).entries()) {
    if (w > 0) push("\n", window.start, 0, false, true);
    let cursor = window.start;
    for (; next < edits.length && edits[next]!.start <= window.end; next++) {
      const edit = edits[next]!;
      push(source.slice(cursor, edit.start), cursor, edit.start - cursor, true);
      const at = length;
      push(edit.text, edit.start, edit.end - edit.start, edit.linear === true && edit.text.length === edit.end - edit.start);
      if (edit.text.length > 0) changed.push({ start: at, end: length });
      cursor = edit.end;
    }
    push(source.slice(cursor, window.end), cursor, window.end - cursor, true);
  }
  const text = out.join("");
  return {
    text,
    depth: parent.depth + 1,
    changed,
    toOriginal(start, end) {
      if (end <= start || pieces.length === 0) return undefined;
      const span = mapThrough(pieces, start, Math.min(end, text.length));
      return span && parent.toOriginal(span.start, span.end);
    },
  };
}
