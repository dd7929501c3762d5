// The texts a patch leaves in each file, for judging: per hunk, its added lines joined (what it
// adds, read alone), and its added lines among their context lines (what they become part of:
// a `| sh` added under a context `curl ... \`), where only findings on added lines count. Both
// keep exact offsets into the patch field, line by line.
import type { FieldSpan } from "./ast.ts";
import { type PatchLine, readPatch } from "./patches.ts";

/** One text written to a file, and the payload field it sits in. */
export interface Written {
  file: string;
  path: string;
  text: string;
  /** Set when the text was parsed out of a JSON-string field: offsets cannot be exact. */
  whole: FieldSpan | undefined;
  /** Part of the file (an edit, an append, a hunk), not all of it. */
  fragment: boolean;
  /** Maps an offset of `text` to its offset in the field, when the text is pieced from lines. */
  offsets?: (at: number) => number;
  /** Only findings on these spans count: the added lines of a hunk read in its context. */
  keep?: (span: FieldSpan) => boolean;
  /** Part of the field was not read (a patch past the reader's bounds). */
  cut?: boolean;
  /** The text an edit replaces (`old_string`), when it names one. */
  replaces?: string;
}

const MAX_PATCH_CHARS = 1 << 20;

/** Each hunk's added lines, alone and in context; `file` names the target when the patch does not. */
export function patchTexts(patch: string, path: string, whole: FieldSpan | undefined, file?: string): Written[] {
  const { hunks, complete } = readPatch(patch.slice(0, MAX_PATCH_CHARS));
  const texts: Written[] = [];
  for (const hunk of hunks) {
    const target = hunk.file || file || "";
    const added = hunk.lines.filter((line) => line.added);
    texts.push(joined(target, path, added, whole, !hunk.whole));
    // Offsets into a JSON string's text are not exact, so context cannot be told from additions there.
    if (!whole && !hunk.whole && added.length < hunk.lines.length) {
      const inContext = joined(target, path, hunk.lines, undefined, true);
      inContext.keep = keepAdded(path, added);
      texts.push(inContext);
    }
  }
  if (!complete || patch.length > MAX_PATCH_CHARS) {
    texts.push({ file: file ?? "", path, text: "", whole, fragment: true, cut: true });
  }
  return texts;
}

/** Lines joined with newlines, each mapped back to where it sits in the patch. */
function joined(file: string, path: string, lines: readonly PatchLine[], whole: FieldSpan | undefined, fragment: boolean): Written {
  const starts: number[] = [];
  let text = "";
  for (const line of lines) {
    starts.push(text.length);
    text += `${line.text}\n`;
  }
  const offsets = (at: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= at) low = mid;
      else high = mid - 1;
    }
    const line = lines[low];
    return line ? line.at + Math.min(at - (starts[low] as number), line.text.length + 1) : at;
  };
  return whole ? { file, path, text, whole, fragment } : { file, path, text, whole, fragment, offsets };
}

/** A finding counts when its span touches an added line. */
function keepAdded(path: string, added: readonly PatchLine[]): (span: FieldSpan) => boolean {
  return (span) => span.path === path && added.some((line) => line.at < span.end && span.start < line.at + line.text.length);
}
