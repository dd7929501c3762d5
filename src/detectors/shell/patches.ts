// Reads a patch (Codex `apply_patch` envelope or unified diff) into the hunks it applies to each
// file: every line a hunk leaves in the file (context and added), with where it sits in the
// patch text, so what a hunk adds can be judged in the file it lands in.

export interface PatchLine {
  /** The line without its one-character prefix. */
  text: string;
  /** Offset of `text` in the patch. */
  at: number;
  added: boolean;
}

export interface Hunk {
  /** The file the hunk's lines end up in (the `Move to:` path when there is one). */
  file: string;
  lines: PatchLine[];
  /** A whole new file (`*** Add File:`, or a diff from /dev/null), not a fragment of one. */
  whole: boolean;
}

const MAX_HUNKS = 256;
const MAX_LINES = 1 << 16;

const ENVELOPE_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/;
const MOVE_TO = /^\*\*\* Move to: (.+)$/;
const DIFF_NEW = /^\+\+\+ (?:b\/)?(.+?)(?:\t.*)?$/;
const DIFF_OLD = /^--- (.+?)(?:\t.*)?$/;

interface Reader {
  hunks: Hunk[];
  current: Hunk | undefined;
  file: string | undefined;
  whole: boolean;
  /** An old-side `---` line was just read: the next `+++` line is a header, not content. */
  oldHeader: string | undefined;
  /** Lines a unified-diff hunk still has on each side (`@@ -1,3 +1,4 @@`); inside one, nothing is a header. */
  remaining: { old: number; new: number } | undefined;
  /** Inside an `apply_patch` envelope, `--- x` and `+++ x` are removed and added lines, not headers. */
  envelope: boolean;
}

const COUNTED_HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/** The hunks of a patch, in order; lines past the bounds are left out (the caller reports it). */
export function readPatch(patch: string): { hunks: Hunk[]; complete: boolean } {
  const reader: Reader = { hunks: [], current: undefined, file: undefined, whole: false, oldHeader: undefined, remaining: undefined, envelope: false };
  let at = 0;
  for (let count = 0; at <= patch.length; count++) {
    if (count >= MAX_LINES || reader.hunks.length > MAX_HUNKS) return { hunks: reader.hunks.slice(0, MAX_HUNKS), complete: false };
    const newline = patch.indexOf("\n", at);
    const end = newline === -1 ? patch.length : newline;
    const raw = patch.slice(at, end);
    readLine(reader, raw.endsWith("\r") ? raw.slice(0, -1) : raw, at);
    if (newline === -1) break;
    at = newline + 1;
  }
  return { hunks: reader.hunks.filter((hunk) => hunk.lines.some((line) => line.added)), complete: true };
}

function readLine(reader: Reader, line: string, at: number): void {
  if (reader.remaining) return readCounted(reader, line, at);
  if (readHeader(reader, line) || reader.file === undefined) return;
  if (line.startsWith("@@") || line.startsWith("*** End of File")) {
    reader.current = undefined;
    const counts = COUNTED_HUNK.exec(line);
    if (counts) reader.remaining = { old: Number(counts[1] ?? 1), new: Number(counts[2] ?? 1) };
    return;
  }
  const prefix = line[0];
  if (prefix === "+" || prefix === " " || (prefix === undefined && reader.current)) addLine(reader, line, at);
}

/** A unified-diff hunk: its header counted the lines on each side, so `--- x` inside is content. */
function readCounted(reader: Reader, line: string, at: number): void {
  const remaining = reader.remaining as { old: number; new: number };
  const prefix = line[0] ?? " ";
  if (prefix === "\\") return;
  if (prefix === " " || prefix === "-") remaining.old--;
  if (prefix === " " || prefix === "+") remaining.new--;
  if (prefix === " " || prefix === "+") addLine(reader, line, at);
  if (remaining.old <= 0 && remaining.new <= 0) {
    reader.remaining = undefined;
    reader.current = undefined;
  }
}

function addLine(reader: Reader, line: string, at: number): void {
  if (reader.file === undefined) return;
  if (!reader.current) {
    reader.current = { file: reader.file, lines: [], whole: reader.whole };
    reader.hunks.push(reader.current);
  }
  reader.current.lines.push({ text: line.slice(1), at: at + 1, added: line[0] === "+" });
}

/** File headers of both formats; true when `line` was one. */
function readHeader(reader: Reader, line: string): boolean {
  const envelope = ENVELOPE_FILE.exec(line);
  if (envelope) {
    reader.envelope = true;
    startFile(reader, envelope[1] === "Delete" ? undefined : (envelope[2] ?? "").trim(), envelope[1] === "Add");
    return true;
  }
  const move = MOVE_TO.exec(line);
  if (move) {
    reader.file = (move[1] ?? "").trim();
    return true;
  }
  if (line === "*** Begin Patch" || line === "*** End Patch") {
    reader.envelope = line === "*** Begin Patch";
    startFile(reader, undefined, false);
    return true;
  }
  if (reader.envelope) return false;
  const old = DIFF_OLD.exec(line);
  if (old) {
    reader.oldHeader = old[1];
    return true;
  }
  const next = reader.oldHeader !== undefined ? DIFF_NEW.exec(line) : null;
  if (next) {
    const file = (next[1] ?? "").trim();
    startFile(reader, file === "/dev/null" ? undefined : file, reader.oldHeader === "/dev/null");
    return true;
  }
  if (line.startsWith("diff --git ")) {
    startFile(reader, undefined, false);
    return true;
  }
  return false;
}

function startFile(reader: Reader, file: string | undefined, whole: boolean): void {
  reader.file = file;
  reader.whole = whole;
  reader.current = undefined;
  reader.oldHeader = undefined;
  reader.remaining = undefined;
}
