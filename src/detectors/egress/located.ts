// Where a judged value sits, so findings can point at it: its own payload field, or a string
// inside a field that holds JSON text (tool arguments sent as a string). Offsets inside JSON
// text are looked up only when a finding needs them, from one linear index of its literals.
import type { Hit } from "./checks.ts";

/** JSON text values were parsed out of; its literal offsets are indexed on first use. */
export interface JsonSource {
  text: string;
  offsets?: Map<string, number>;
}

export interface Located {
  path: string;
  text: string;
  /** Offset of `text` inside the field when `exact`; otherwise findings cover the whole field. */
  base: number;
  exact: boolean;
  fieldLength: number;
  json?: JsonSource;
}

export type Span = Pick<Hit, "path" | "start" | "end">;

export const locateField = (path: string, text: string): Located => ({ path, text, base: 0, exact: true, fieldLength: text.length });

export const locateInJson = (path: string, text: string, json: JsonSource): Located => ({
  path, text, base: 0, exact: false, fieldLength: json.text.length, json,
});

export const wholeOf = (at: Located): Span => ({ path: at.path, start: 0, end: at.fieldLength });

/** Offsets of every string literal without escapes in JSON text (first occurrence wins). */
function indexJsonStrings(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  let i = text.indexOf('"');
  while (i >= 0) {
    let j = i + 1;
    let escaped = false;
    while (j < text.length && text.charCodeAt(j) !== 0x22) {
      if (text.charCodeAt(j) === 0x5c) {
        escaped = true;
        j++;
      }
      j++;
    }
    if (j >= text.length) break;
    const value = text.slice(i + 1, j);
    if (!escaped && !offsets.has(value)) offsets.set(value, i + 1);
    i = text.indexOf('"', j + 1);
  }
  return offsets;
}

/** The span of `text[start, end)` in its field, or the whole field when it cannot be exact. */
export function spanOf(at: Located, start: number, end: number): Span {
  if (at.json) {
    const index = (at.json.offsets ??= indexJsonStrings(at.json.text)).get(at.text);
    return index === undefined ? wholeOf(at) : { path: at.path, start: index + start, end: index + end };
  }
  return at.exact ? { path: at.path, start: at.base + start, end: at.base + end } : wholeOf(at);
}

/** A part of a located value (a path inside a patch), located in turn. */
export const subLocated = (at: Located, offset: number, text: string): Located =>
  at.json || !at.exact
    ? { path: at.path, text, base: 0, exact: false, fieldLength: at.fieldLength }
    : { path: at.path, text, base: at.base + offset, exact: true, fieldLength: at.fieldLength };
