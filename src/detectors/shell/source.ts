// Sources: a text plus the way its offsets map back to the payload field it came from, so a
// finding deep inside `bash -c '...'` still points at the right characters of the event.
import type { FieldSpan, Source, Word } from "./ast.ts";

export function createRootSource(path: string, text: string): Source {
  return { path, text, depth: 0, locate: (start, end) => ({ path, start, end }) };
}

/**
 * A text derived from `parent`. When `base` is given the text is a verbatim slice of the parent
 * starting there, so offsets shift; otherwise (unescaped, decoded, joined text) every span
 * collapses to `fallback`, the parent span the text was derived from.
 */
export function createChildSource(
  parent: Source,
  text: string,
  base: number | undefined,
  fallback: { start: number; end: number },
): Source {
  const locate =
    base === undefined
      ? (): FieldSpan => parent.locate(fallback.start, fallback.end)
      : (start: number, end: number): FieldSpan => parent.locate(base + start, base + end);
  return { path: parent.path, text, depth: parent.depth + 1, locate };
}

/** The offset in `word.source` where the word's text starts verbatim, if it is one plain slice. */
export function verbatimBase(word: Word): number | undefined {
  if (word.parts.length !== 1) return undefined;
  const part = word.parts[0];
  return part?.kind === "lit" && part.exact ? part.start : undefined;
}

export const locateWord = (word: Word): FieldSpan => word.source.locate(word.start, word.end);

/** A derived text (decoded, echoed, joined) whose every span is the command it came from. */
export function createDetachedSource(text: string, span: FieldSpan, depth: number): Source {
  return { path: span.path, text, depth, locate: () => span };
}
