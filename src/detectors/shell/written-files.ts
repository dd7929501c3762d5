// Commands inside content an agent writes: a Write/Edit-style tool call, a patch, or a `file`
// event that writes, edits, appends or patches a file that runs commands (a script, an rc file,
// a Makefile, a CI workflow, a Dockerfile, package.json, a crontab, a unit, a notebook) yields
// those commands as shell targets; source code yields its text as a program. An edit is judged
// as what it adds to that file; a patch hunk by its added lines, alone and in their context.
import type { FieldSpan } from "./ast.ts";
import { childPath } from "../../engine/text-fields.ts";
import { CONTENT_KEYS, PATCH_KEYS, PATH_KEYS, fileRoleOf, normaliseKey } from "../egress/tool-names.ts";
import { embeddedCommands } from "./rules/inline-code.ts";
import { fileKindOf, isPowerShellFile } from "./file-kinds.ts";
import { type Piece, scanFile } from "./file-scripts.ts";
import { readNotebook } from "./notebook.ts";
import type { Target, TextItem } from "./payload.ts";
import { patchTexts, type Written } from "./written-patch.ts";

export type { Written };

const MAX_CONTENT_CHARS = 1 << 20;
const MAX_EDITS = 64;
/** Ops that leave `content` in the file; all but the first three add it to text already there. */
const WHOLE_OPS = new Set(["write", "create", "overwrite"]);
const FRAGMENT_OPS = new Set(["append", "modify", "edit", "update", "replace", "insert"]);
/** Ops that carry no text the file is left with (a read's pattern, a delete). */
const KNOWN_OTHER_OPS = new Set(["read", "open", "glob", "list", "stat", "grep", "search", "delete", "remove", "unlink", "rm", "rename", "move", "mv", "copy", "cp"]);
/** Keys of the new text in edit tools (`new_string`, Cursor `code_edit`, editor `insert_text`). */
const EDIT_NEW_KEYS = new Set(["newstring", "newstr", "newtext", "replace", "replacement", "codeedit", "inserttext", "newsource"]);
/** Keys of the text an edit replaces (`old_string`, `old_str`, a search-and-replace's `search`). */
const EDIT_OLD_KEYS = new Set(["oldstring", "oldstr", "oldtext", "search"]);

/** The text an edit object says it replaces, when it says. */
function replacedIn(record: Record<string, unknown>): { replaces?: string } {
  for (const [key, value] of Object.entries(record)) if (typeof value === "string" && EDIT_OLD_KEYS.has(normaliseKey(key))) return { replaces: value };
  return {};
}

/** Written texts of a file tool call or `file` event; undefined when the event writes none. */
export function writtenTexts(kind: string, payload: Record<string, unknown>): Written[] | undefined {
  if (kind === "file") return fileEventTexts(payload);
  const name = payload.name;
  if (typeof name !== "string") return undefined;
  const role = fileRoleOf(name);
  if (role !== "write" && role !== "editor" && role !== "patch") return undefined;
  let args = payload.arguments;
  let whole: FieldSpan | undefined;
  if (typeof args === "string") {
    whole = { path: "payload.arguments", start: 0, end: args.length };
    const parsed = args.length <= MAX_CONTENT_CHARS * 4 ? parseJson(args) : undefined;
    if (role === "patch" && (typeof parsed !== "object" || parsed === null)) return patchTexts(args, "payload.arguments", undefined);
    args = parsed;
  }
  if (typeof args !== "object" || args === null || Array.isArray(args)) return undefined;
  const record = args as Record<string, unknown>;
  if (role === "patch") {
    const entries = Object.entries(record);
    const [key, patch] = entries.find(([k, v]) => PATCH_KEYS.has(normaliseKey(k)) && typeof v === "string") ?? entries.find(([, v]) => looksLikePatch(v)) ?? [];
    return typeof key === "string" && typeof patch === "string" ? patchTexts(patch, whole ? "payload.arguments" : childPath("payload.arguments", key), whole) : undefined;
  }
  if (role === "editor" && String(record.command ?? "").toLowerCase() === "view") return undefined;
  return editTexts(record, whole);
}

/** A patch under a key no patch tool is known to use (`command`): its envelope or diff headers say so. */
const looksLikePatch = (value: unknown): boolean => typeof value === "string" && (value.includes("*** Begin Patch") || /^(?:\+\+\+ |@@ )/m.test(value));

/** `file {op, path, content}`: a write leaves `content` whole, an edit adds it, a patch is parsed. */
function fileEventTexts(payload: Record<string, unknown>): Written[] | undefined {
  const { op, path, content, replaces } = payload;
  if (typeof op !== "string" || typeof content !== "string") return undefined;
  const lower = op.toLowerCase();
  if (lower === "patch") return patchTexts(content, "payload.content", undefined);
  if (typeof path !== "string" || KNOWN_OTHER_OPS.has(lower)) return undefined;
  // An operation named in no known way (or not named) that carries content is read as writing it.
  const fragment = FRAGMENT_OPS.has(lower);
  // A sensor may say what an edit replaces (`replaces`), so the file after it is known.
  const replaced = fragment && typeof replaces === "string" && replaces !== "" ? { replaces } : {};
  return [{ file: path, path: "payload.content", text: content, whole: undefined, fragment, ...replaced }];
}

/** The new text of a write or edit: content fields, each `edits[].new_string`, a `diff` as a patch. */
function editTexts(record: Record<string, unknown>, whole: FieldSpan | undefined): Written[] | undefined {
  const file = Object.entries(record).find(([key, value]) => PATH_KEYS.has(normaliseKey(key)) && typeof value === "string")?.[1];
  if (typeof file !== "string") return undefined;
  const texts: Written[] = [];
  for (const [key, value] of Object.entries(record)) {
    const normal = normaliseKey(key);
    const path = childPath("payload.arguments", key);
    if (typeof value === "string" && normal === "diff") texts.push(...patchTexts(value, whole ? "payload.arguments" : path, whole, file));
    else if (typeof value === "string" && (CONTENT_KEYS.has(normal) || EDIT_NEW_KEYS.has(normal))) {
      texts.push({ file, path, text: value, whole, fragment: EDIT_NEW_KEYS.has(normal), ...(EDIT_NEW_KEYS.has(normal) ? replacedIn(record) : {}) });
    } else if (normal === "edits" && Array.isArray(value)) {
      for (const [i, edit] of value.slice(0, MAX_EDITS).entries()) {
        if (typeof edit !== "object" || edit === null) continue;
        for (const [editKey, editValue] of Object.entries(edit as Record<string, unknown>)) {
          if (typeof editValue !== "string" || !EDIT_NEW_KEYS.has(normaliseKey(editKey))) continue;
          texts.push({ file, path: childPath(childPath(path, i), editKey), text: editValue, whole, fragment: true, ...replacedIn(edit as Record<string, unknown>) });
        }
      }
    }
  }
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
    if (written.cut) unjudged.push(written.path);
    const kind = fileKindOf(written.file, written.text);
    if (kind === undefined || written.text.trim() === "") continue;
    if (written.text.length > MAX_CONTENT_CHARS) unjudged.push(written.path);
    const content = written.text.slice(0, MAX_CONTENT_CHARS);
    if (kind === "code") targets.push(...codeTargets(written, content));
    if (kind === "notebook") targets.push(...notebookCodeTargets(written, content));
    if (kind === "code") continue;
    for (const piece of scanFile(kind, content, written.fragment)) targets.push(targetOf(written, piece));
  }
  return { targets, unjudged };
}

function codeTargets(written: Written, content: string): Target[] {
  const region = regionOf(written, 0, content.length);
  const item: TextItem = { path: written.path, text: content, whole: written.whole, base: 0, offsets: written.offsets };
  const targets: Target[] = [{ kind: "code", item, powershell: isPowerShellFile(written.file), keep: written.keep }];
  for (const command of embeddedCommands(content)) targets.push({ kind: "script", item: { path: written.path, text: command, whole: region }, keep: written.keep });
  return targets;
}

/** A notebook's code cells as the program they are; one that is not JSON, as its text. */
function notebookCodeTargets(written: Written, content: string): Target[] {
  const program = readNotebook(content)?.program;
  if (program === undefined) return codeTargets(written, content);
  // The program is pieced from JSON strings: findings point at the whole field.
  const whole = written.whole ?? regionOf(written, 0, content.length);
  return codeTargets({ ...written, whole, offsets: undefined }, program);
}

/** Where a span of the written text lies in its field, when it cannot be pointed at exactly. */
function regionOf(written: Written, start: number, end: number): FieldSpan {
  if (written.whole) return written.whole;
  if (written.offsets) return { path: written.path, start: written.offsets(start), end: written.offsets(end) };
  return { path: written.path, start, end };
}

function targetOf(written: Written, piece: Piece): Target {
  const keep = written.keep;
  if ("argv" in piece) {
    const region = regionOf(written, piece.start, piece.end);
    return { kind: "argv", items: piece.argv.map((text): TextItem => ({ path: written.path, text, whole: region })), keep };
  }
  if (!piece.exact || written.whole !== undefined) {
    return { kind: "script", item: { path: written.path, text: piece.text, whole: regionOf(written, piece.start, piece.end) }, keep };
  }
  const offsets = written.offsets;
  const item: TextItem = offsets
    ? { path: written.path, text: piece.text, whole: undefined, offsets: (at) => offsets(piece.start + at) }
    : { path: written.path, text: piece.text, whole: undefined, base: piece.start };
  return { kind: "script", item, keep };
}
