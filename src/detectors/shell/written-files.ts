// Commands inside content an agent writes: a Write/Edit-style tool call, a patch, or a `file`
// write event whose file runs commands (a script, Makefile, CI workflow, Dockerfile, package.json,
// crontab) yields those commands as shell targets; source code yields its text as a program.
import type { FieldSpan } from "./ast.ts";
import { childPath } from "../../engine/text-fields.ts";
import { CONTENT_KEYS, PATCH_KEYS, PATH_KEYS, fileRoleOf, normaliseKey } from "../egress/tool-names.ts";
import { embeddedCommands } from "./rules/inline-code.ts";
import { fileKindOf, isPowerShellFile, type Piece, scanFile } from "./file-scripts.ts";
import type { Target, TextItem } from "./payload.ts";

/** One text written to a file, and the payload field it sits in. */
interface Written {
  file: string;
  path: string;
  text: string;
  /** Set when the text was parsed out of a JSON-string field: offsets cannot be exact. */
  whole: FieldSpan | undefined;
}

const MAX_CONTENT_CHARS = 1 << 18;
const MAX_EDITS = 64;
const WRITE_OPS = new Set(["write", "create", "append", "modify", "overwrite"]);
/** Keys of the new text in edit tools (`new_string`, Cursor `code_edit`, editor `insert_text`). */
const EDIT_NEW_KEYS = new Set(["newstring", "newstr", "newtext", "replace", "replacement", "codeedit", "inserttext"]);

/** Written texts of a file tool call or `file` event; undefined when the event writes none. */
export function writtenTexts(kind: string, payload: Record<string, unknown>): Written[] | undefined {
  if (kind === "file") {
    const { op, path, content } = payload;
    if (typeof op !== "string" || !WRITE_OPS.has(op.toLowerCase()) || typeof path !== "string" || typeof content !== "string") return undefined;
    return [{ file: path, path: "payload.content", text: content, whole: undefined }];
  }
  const name = payload.name;
  if (typeof name !== "string") return undefined;
  const role = fileRoleOf(name);
  if (role !== "write" && role !== "editor" && role !== "patch") return undefined;
  let args = payload.arguments;
  let whole: FieldSpan | undefined;
  if (typeof args === "string") {
    whole = { path: "payload.arguments", start: 0, end: args.length };
    const parsed = args.length <= MAX_CONTENT_CHARS * 4 ? parseJson(args) : undefined;
    if (role === "patch" && (typeof parsed !== "object" || parsed === null)) return patchTexts(args, "payload.arguments");
    args = parsed;
  }
  if (typeof args !== "object" || args === null || Array.isArray(args)) return undefined;
  const record = args as Record<string, unknown>;
  if (role === "patch") {
    const [key, patch] = Object.entries(record).find(([k, v]) => PATCH_KEYS.has(normaliseKey(k)) && typeof v === "string") ?? [];
    return typeof key === "string" && typeof patch === "string" ? patchTexts(patch, whole ? "payload.arguments" : childPath("payload.arguments", key)) : undefined;
  }
  if (role === "editor" && String(record.command ?? "").toLowerCase() === "view") return undefined;
  return editTexts(record, whole);
}

/** The new text of a write or edit: content fields, and each `edits[].new_string`. */
function editTexts(record: Record<string, unknown>, whole: FieldSpan | undefined): Written[] | undefined {
  const file = Object.entries(record).find(([key, value]) => PATH_KEYS.has(normaliseKey(key)) && typeof value === "string")?.[1];
  if (typeof file !== "string") return undefined;
  const texts: Written[] = [];
  for (const [key, value] of Object.entries(record)) {
    const normal = normaliseKey(key);
    if (typeof value === "string" && (CONTENT_KEYS.has(normal) || EDIT_NEW_KEYS.has(normal)) && normal !== "diff") {
      texts.push({ file, path: childPath("payload.arguments", key), text: value, whole });
    } else if (normal === "edits" && Array.isArray(value)) {
      for (const [i, edit] of value.slice(0, MAX_EDITS).entries()) {
        if (typeof edit !== "object" || edit === null) continue;
        for (const [editKey, editValue] of Object.entries(edit as Record<string, unknown>)) {
          if (typeof editValue !== "string" || !EDIT_NEW_KEYS.has(normaliseKey(editKey))) continue;
          texts.push({ file, path: childPath(childPath(childPath("payload.arguments", key), i), editKey), text: editValue, whole });
        }
      }
    }
  }
  return texts;
}

const PATCH_FILE = /^\*\*\* (?:Add|Update) File: (.+)$|^\+\+\+ (?:b\/)?(\S+)/;

/**
 * The lines a patch (Codex `apply_patch` envelope or unified diff) adds, per file. They are
 * joined, not sliced, so findings point at the whole patch field.
 */
function patchTexts(patch: string, path: string): Written[] {
  const whole = { path, start: 0, end: patch.length };
  const texts: Written[] = [];
  let current: { file: string; lines: string[] } | undefined;
  const flush = () => {
    if (current && current.lines.length > 0) texts.push({ file: current.file, path, text: current.lines.join("\n"), whole });
  };
  for (const line of patch.slice(0, MAX_CONTENT_CHARS * 4).split("\n")) {
    const header = PATCH_FILE.exec(line.replace(/\r$/, ""));
    if (header) {
      flush();
      if (texts.length >= MAX_EDITS) return texts;
      current = { file: (header[1] ?? header[2] ?? "").trim(), lines: [] };
    } else if (current && line.startsWith("+")) {
      current.lines.push(line.slice(1).replace(/\r$/, ""));
    }
  }
  flush();
  return texts;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Shell targets (and source programs) in the written texts; the cut rest of a huge one is unjudged. */
export function writtenTargets(texts: readonly Written[]): { targets: Target[]; unjudged: string[] } {
  const targets: Target[] = [];
  const unjudged: string[] = [];
  for (const written of texts) {
    const kind = fileKindOf(written.file, written.text);
    if (kind === undefined || written.text.trim() === "") continue;
    if (written.text.length > MAX_CONTENT_CHARS) unjudged.push(written.path);
    const content = written.text.slice(0, MAX_CONTENT_CHARS);
    if (kind === "code") {
      const whole = written.whole ?? { path: written.path, start: 0, end: written.text.length };
      targets.push({ kind: "code", item: { path: written.path, text: content, whole: written.whole, base: 0 }, powershell: isPowerShellFile(written.file) });
      for (const command of embeddedCommands(content)) targets.push({ kind: "script", item: { path: written.path, text: command, whole } });
      continue;
    }
    for (const piece of scanFile(kind, content)) targets.push(targetOf(written, piece));
  }
  return { targets, unjudged };
}

function targetOf(written: Written, piece: Piece): Target {
  const region: FieldSpan = written.whole ?? { path: written.path, start: piece.start, end: piece.end };
  if ("argv" in piece) {
    return { kind: "argv", items: piece.argv.map((text): TextItem => ({ path: written.path, text, whole: region })) };
  }
  if (piece.exact && written.whole === undefined) {
    return { kind: "script", item: { path: written.path, text: piece.text, whole: undefined, base: piece.start } };
  }
  return { kind: "script", item: { path: written.path, text: piece.text, whole: region } };
}
