// Finds the commands inside a file by what the file is (file-kinds.ts): a shell script, Makefile
// recipes, Dockerfile `RUN`s, crontab lines, systemd `Exec*=` lines, notebook shell cells; CI,
// package.json and task files are read by config-scripts.ts. Scanners are small line readers
// and return pieces of the text: verbatim slices where they can, so findings keep exact
// offsets, else derived text. A fragment (an edit, a patch hunk) is read for what it adds.
import { scanCi, scanCiFragment, scanJsonStrings, scanPackageJson } from "./config-scripts.ts";
import { scanGitConfig, scanMakeShell, scanSshConfig } from "./command-settings.ts";
import type { FileKind } from "./file-kinds.ts";
import { readNotebook } from "./notebook.ts";

/** A command found in a file: `text` is `content.slice(start, end)` when `exact`. */
export type Piece = { start: number; end: number; exact: boolean; text: string } | { start: number; end: number; argv: string[] };

export const MAX_PIECES = 256;

export interface Line {
  start: number;
  end: number;
  text: string;
}

export function linesOf(content: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= content.length) {
    const newline = content.indexOf("\n", start);
    const end = newline === -1 ? content.length : newline;
    const text = content.slice(start, end).replace(/\r$/, "");
    lines.push({ start, end: start + text.length, text });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

export const exact = (content: string, start: number, end: number): Piece => ({ start, end, exact: true, text: content.slice(start, end) });
export const indentOf = (text: string): number => text.length - text.trimStart().length;

/** The commands a file of `kind` runs; `fragment` when the text is part of the file, not all of it. */
export function scanFile(kind: Exclude<FileKind, "code">, content: string, fragment = false): Piece[] {
  const pieces = fragment && kind === "ci" ? scanCiFragment(content) : fragment && kind === "docker" ? scanDockerFragment(content) : SCANNERS[kind](content);
  return pieces.slice(0, MAX_PIECES);
}

const SCANNERS: Record<Exclude<FileKind, "code">, (content: string) => Piece[]> = {
  script: (content) => [exact(content, 0, content.length)],
  make: (content) => [...scanMakefile(content), ...scanMakeShell(content)],
  ci: scanCi,
  docker: scanDockerfile,
  package: scanPackageJson,
  tasks: (content) => scanJsonStrings(content, (key) => key === "command"),
  crontab: (content) => scanCrontab(content, false),
  system_crontab: (content) => scanCrontab(content, true),
  unit: scanUnit,
  notebook: scanNotebook,
  ssh_config: scanSshConfig,
  git_config: scanGitConfig,
};

/** Recipe lines (tab-indented), with make's `@`, `-` and `+` prefixes dropped; `\` continues. */
function scanMakefile(content: string): Piece[] {
  const lines = linesOf(content);
  const pieces: Piece[] = [];
  for (let i = 0; i < lines.length && pieces.length < MAX_PIECES; i++) {
    const line = lines[i] as Line;
    if (!line.text.startsWith("\t")) continue;
    const prefix = /^\t[\s@+-]*/.exec(line.text)?.[0].length ?? 1;
    let last = line;
    while (last.text.endsWith("\\") && i + 1 < lines.length) last = lines[++i] as Line;
    if (line.start + prefix < last.end) pieces.push(exact(content, line.start + prefix, last.end));
  }
  return pieces;
}

const RUN_INSTRUCTION = /^\s*RUN\s+((?:--[\w-]+(?:=\S*)?\s+)*)/i;

/** `RUN` instructions: shell form with `\` continuations, exec form (a JSON array) as argv. */
function scanDockerfile(content: string): Piece[] {
  const lines = linesOf(content);
  const pieces: Piece[] = [];
  for (let i = 0; i < lines.length && pieces.length < MAX_PIECES; i++) {
    const line = lines[i] as Line;
    const run = RUN_INSTRUCTION.exec(line.text);
    if (!run) continue;
    const start = line.start + run[0].length;
    let last = line;
    while (last.text.trimEnd().endsWith("\\") && i + 1 < lines.length) last = lines[++i] as Line;
    const text = content.slice(start, last.end);
    if (text.startsWith("<<")) continue;
    if (text.startsWith("[")) {
      const argv = parseStringArray(text.replace(/\\\r?\n/g, ""));
      if (argv) pieces.push({ start, end: last.end, argv });
      continue;
    }
    pieces.push(exact(content, start, last.end));
  }
  return pieces;
}

function parseStringArray(text: string): string[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.length > 0 && parsed.every((x) => typeof x === "string") ? (parsed as string[]) : undefined;
  } catch {
    return undefined;
  }
}

const INSTRUCTION = /^\s*(?:FROM|RUN|CMD|LABEL|MAINTAINER|EXPOSE|ENV|ADD|COPY|ENTRYPOINT|VOLUME|USER|WORKDIR|ARG|ONBUILD|STOPSIGNAL|HEALTHCHECK|SHELL)\b/i;

/**
 * A Dockerfile fragment: `RUN`s it holds, and the lines that are neither instructions nor
 * comments, which continue an instruction above what is seen (most likely a `RUN`).
 */
function scanDockerFragment(content: string): Piece[] {
  const pieces = scanDockerfile(content);
  const covered = (line: Line) => pieces.some((piece) => piece.start <= line.start && line.end <= piece.end);
  for (const line of linesOf(content)) {
    if (pieces.length >= MAX_PIECES) break;
    const trimmed = line.text.trim();
    if (trimmed === "" || trimmed.startsWith("#") || INSTRUCTION.test(line.text) || covered(line)) continue;
    const end = line.text.trimEnd().endsWith("\\") ? line.start + line.text.trimEnd().length - 1 : line.end;
    pieces.push(exact(content, line.start + indentOf(line.text), Math.max(line.start + indentOf(line.text), end)));
  }
  return pieces;
}

const CRON_LINE = /^\s*(?:@\w+|\S+\s+\S+\s+\S+\s+\S+\s+\S+)\s+/;

/** The command part of each crontab line (after the user field in system crontabs). */
function scanCrontab(content: string, withUser: boolean): Piece[] {
  const pieces: Piece[] = [];
  for (const line of linesOf(content)) {
    if (pieces.length >= MAX_PIECES) break;
    if (/^\s*(?:#|$)/.test(line.text) || /^\s*[A-Za-z_]\w*\s*=/.test(line.text)) continue;
    const schedule = CRON_LINE.exec(line.text);
    if (!schedule) continue;
    let offset = schedule[0].length;
    if (withUser) offset += /^\S+\s+/.exec(line.text.slice(offset))?.[0].length ?? 0;
    if (offset < line.text.length) pieces.push(exact(content, line.start + offset, line.end));
  }
  return pieces;
}

/** `ExecStart=`, `ExecStartPre=`... of a systemd unit, with their `-@+!:` prefixes dropped. */
function scanUnit(content: string): Piece[] {
  const pieces: Piece[] = [];
  for (const line of linesOf(content)) {
    if (pieces.length >= MAX_PIECES) break;
    const match = /^(\s*Exec[A-Za-z]*\s*=\s*[-@+!:]*)(.*)$/.exec(line.text);
    if (match?.[2]) pieces.push(exact(content, line.start + (match[1] ?? "").length, line.end));
  }
  return pieces;
}

const CELL_MAGIC = /^\s*%%(?:bash|sh|script\s+(?:ba|z)?sh|system)\b[^\n]*\n/;
const CELL_MAGIC_LINE = /^\s*%%(?:bash|sh|script\s+(?:ba|z)?sh|system)\b/;
const SHELL_ESCAPE = /^\s*(?:!|%system\s|%sx\s)(.*)$/;
const JSON_ITEM = /^\s*"((?:[^"\\]|\\.)*)",?\s*$/;

/**
 * Notebook shell: a `%%bash` cell whole, `!cmd` and `%system cmd` lines. A whole notebook is
 * JSON (read by notebook.ts, or line by line when it does not parse: a fragment of one); a
 * cell's new source (NotebookEdit) is plain text.
 */
function scanNotebook(content: string): Piece[] {
  const notebook = readNotebook(content);
  if (notebook) return notebook.shell.map((text) => ({ start: 0, end: content.length, exact: false, text }));
  const magic = CELL_MAGIC.exec(content);
  if (magic) return [exact(content, magic[0].length, content.length)];
  const pieces: Piece[] = [];
  let shellCell = false;
  for (const line of linesOf(content)) {
    if (pieces.length >= MAX_PIECES) break;
    const json = JSON_ITEM.exec(line.text);
    if (!json) shellCell = false;
    const text = json ? (decodeJsonLine(json[1] ?? "") ?? "") : line.text;
    if (json && CELL_MAGIC_LINE.test(text)) {
      shellCell = true;
      continue;
    }
    const command = shellCell ? text.replace(/\n$/, "") : SHELL_ESCAPE.exec(text)?.[1];
    if (!command?.trim()) continue;
    pieces.push(json ? { start: line.start, end: line.end, exact: false, text: command } : exact(content, line.end - command.length, line.end));
  }
  return pieces;
}

function decodeJsonLine(raw: string): string | undefined {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return undefined;
  }
}
