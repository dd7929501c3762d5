// What an action leaves in files with content known from its own text, for the engine to
// remember per session (engine/session-files.ts): a Write's content, an edit's new text in place
// of its old, a patch hunk's added lines, and what a command writes with literal content
// (`echo .. > f`, a heredoc into `cat > f`), a copy of a file known so. A file a command changes
// in a way its text does not tell (a download, a copy of an unknown file) is reported without
// content, so what was remembered of it is dropped.
import type { FileLeft, SessionFilesView } from "../../engine/detector.ts";
import { writesOf } from "./effects.ts";
import type { Field } from "./expand.ts";
import { operandFields } from "./facts.ts";
import type { Invocation, ShellModel } from "./model.ts";
import type { Written } from "./written-patch.ts";

/** Device and process paths hold no file a later command could run. */
const NOT_A_FILE = /^\/(?:dev|proc)\//;

export function writtenFilesLeft(texts: readonly Written[]): FileLeft[] {
  const left: FileLeft[] = [];
  for (const written of texts) {
    // A hunk read in its context repeats its added lines; a cut marker names no content.
    if (written.keep || written.cut || written.file === "") continue;
    if (!written.fragment) left.push({ path: written.file, content: written.text });
    else left.push({ path: written.file, content: written.text, fragment: true, ...(written.replaces ? { replaces: written.replaces } : {}) });
  }
  return left;
}

/** The files a command run now writes, in the order it writes them; `files`, what the session wrote before. */
export function commandFilesLeft(model: ShellModel, files: SessionFilesView): FileLeft[] {
  const left: FileLeft[] = [];
  for (const inv of model.invocations) {
    if (inv.inert && inv.redirects.length === 0) continue;
    for (const write of writesOf(inv)) {
      if (NOT_A_FILE.test(write.path)) continue;
      if (write.clearing) left.push({ path: write.path, content: "" });
      else if (write.content && write.mode === "overwrite") left.push({ path: write.path, content: write.content.text });
      else if (write.content && write.mode === "append") left.push({ path: write.path, content: write.content.text, fragment: true });
      else if (write.mode === "copy") left.push({ path: write.path, content: copiedContent(inv, write.path, left, files) });
      else left.push({ path: write.path, content: undefined });
    }
    // `mv a b`: a is gone.
    if (inv.name === "mv") for (const source of operandFields(inv).slice(0, -1)) left.push({ path: source.text, content: undefined });
  }
  return left;
}

const COPIERS = new Set(["cp", "mv", "install"]);

/** What `cp a b` leaves in b when a is known: written earlier in this command, else in the session. */
function copiedContent(inv: Invocation, dest: string, left: readonly FileLeft[], files: SessionFilesView): string | undefined {
  const operands = operandFields(inv, inv.name === "install" ? "mogS" : "");
  if (!COPIERS.has(inv.name) || operands.length !== 2 || dest.endsWith("/")) return undefined;
  const source = (operands[0] as Field).text;
  for (let i = left.length - 1; i >= 0; i--) {
    const earlier = left[i] as FileLeft;
    if (earlier.path === source) return earlier.fragment ? undefined : earlier.content;
  }
  const remembered = files.size > 0 ? files.read(source) : undefined;
  return remembered && !remembered.cut ? remembered.content : undefined;
}
