// An edit read in the file it changes, when the session remembers that file: the lines the edit
// touches, as they read after it. `| cat` replaced by `| sh` adds a pipe to an interpreter that
// neither text shows alone; so does deleting the `#` in front of a command.
import type { SessionFilesView } from "../../engine/detector.ts";
import type { Written } from "./written-patch.ts";

/** Lines judged around an edit, beyond the ones it touches (a `\` continuation above or below). */
const MAX_CONTEXT_CHARS = 1 << 16;

export function editsInContext(texts: readonly Written[], files: SessionFilesView): Written[] {
  if (files.size === 0) return [];
  const found: Written[] = [];
  for (const written of texts) {
    if (!written.fragment || written.replaces === undefined || written.keep) continue;
    const before = files.read(written.file)?.content;
    const at = before?.indexOf(written.replaces) ?? -1;
    if (before === undefined || at === -1) continue;
    const after = before.slice(0, at) + written.text + before.slice(at + written.replaces.length);
    const text = touchedLines(after, at, at + written.text.length);
    // The lines are pieced from the file, not the field: findings point at the new text whole.
    const whole = written.whole ?? { path: written.path, start: 0, end: written.text.length };
    found.push({ file: written.file, path: written.path, text, whole, fragment: true });
  }
  return found;
}

/** The whole lines over [start, end) of `text`, with the lines a trailing `\` joins to them. */
function touchedLines(text: string, start: number, end: number): string {
  let from = text.lastIndexOf("\n", start - 1) + 1;
  while (from > 1 && text[from - 2] === "\\") from = text.lastIndexOf("\n", from - 2) + 1;
  let to = text.indexOf("\n", end);
  while (to !== -1 && text[to - 1] === "\\") to = text.indexOf("\n", to + 1);
  return text.slice(Math.max(from, start - MAX_CONTEXT_CHARS), to === -1 ? text.length : Math.min(to, end + MAX_CONTEXT_CHARS));
}
