// Finds the commands inside a file by what the file is: a shell script, Makefile recipes,
// CI `run:` steps, Dockerfile `RUN`s, package.json scripts, VS Code tasks, crontab lines.
// Scanners are small line readers (no YAML or Dockerfile parser) and return pieces of the
// text: verbatim slices where they can, so findings keep exact offsets, else derived text.

/** A command found in a file: `text` is `content.slice(start, end)` when `exact`. */
export type Piece = { start: number; end: number; exact: boolean; text: string } | { start: number; end: number; argv: string[] };

export type FileKind = "script" | "make" | "ci" | "docker" | "package" | "tasks" | "crontab" | "system_crontab" | "code";

const MAX_PIECES = 256;
const SHEBANG = /^#!\s*(?:\/usr)?\/bin\/(?:env\s+)?(?:ba|z|k|da)?sh\b/;
const CODE_EXTENSIONS = new Set(["py", "js", "mjs", "cjs", "ts", "ps1", "rb", "php", "pl"]);

/** What kind of shell-bearing file `path` names (by name, or a shebang), if any. */
export function fileKindOf(path: string, content: string): FileKind | undefined {
  const normal = path.replaceAll("\\", "/").toLowerCase();
  const base = normal.slice(normal.lastIndexOf("/") + 1);
  const ext = base.includes(".") ? base.slice(base.lastIndexOf(".") + 1) : "";
  if (["sh", "bash", "zsh", "ksh"].includes(ext) || SHEBANG.test(content)) return "script";
  if (/^\/etc\/cron\.(?:hourly|daily|weekly|monthly)\//.test(normal)) return "script";
  if (base === "makefile" || base === "gnumakefile" || ext === "mk") return "make";
  if ((normal.includes(".github/workflows/") && (ext === "yml" || ext === "yaml")) || base === ".gitlab-ci.yml") return "ci";
  if (base === "action.yml" || base === "action.yaml") return "ci";
  if (base.startsWith("dockerfile") || base.startsWith("containerfile") || ext === "dockerfile") return "docker";
  if (base === "package.json") return "package";
  if (normal.endsWith(".vscode/tasks.json")) return "tasks";
  if (normal === "/etc/crontab" || normal.startsWith("/etc/cron.d/")) return "system_crontab";
  if (normal.startsWith("/var/spool/cron/") || base === "crontab") return "crontab";
  if (CODE_EXTENSIONS.has(ext)) return "code";
  return undefined;
}

export const isPowerShellFile = (path: string): boolean => /\.ps1$/i.test(path);

interface Line {
  start: number;
  end: number;
  text: string;
}

function linesOf(content: string): Line[] {
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

const exact = (content: string, start: number, end: number): Piece => ({ start, end, exact: true, text: content.slice(start, end) });
const indentOf = (text: string): number => text.length - text.trimStart().length;

/** The commands a file of `kind` runs. */
export function scanFile(kind: Exclude<FileKind, "code">, content: string): Piece[] {
  const pieces = SCANNERS[kind](content);
  return pieces.slice(0, MAX_PIECES);
}

const SCANNERS: Record<Exclude<FileKind, "code">, (content: string) => Piece[]> = {
  script: (content) => [exact(content, 0, content.length)],
  make: scanMakefile,
  ci: scanCi,
  docker: scanDockerfile,
  package: scanPackageJson,
  tasks: (content) => scanJsonStrings(content, new Set(["command"])),
  crontab: (content) => scanCrontab(content, false),
  system_crontab: (content) => scanCrontab(content, true),
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

const RUN_KEY = /^(\s*)(?:-\s+)?run:\s?(.*)$/;
const SCRIPT_KEY = /^(\s*)(?:-\s+)?(?:before_script|after_script|script):\s*(.*)$/;

/** GitHub/GitLab CI: `run:` values (plain, quoted or `|`/`>` blocks) and `script:` list items. */
function scanCi(content: string): Piece[] {
  const lines = linesOf(content);
  const pieces: Piece[] = [];
  for (let i = 0; i < lines.length && pieces.length < MAX_PIECES; i++) {
    const line = lines[i] as Line;
    const run = RUN_KEY.exec(line.text);
    if (run) {
      i = readValue(content, lines, i, line.start + line.text.length - (run[2] ?? "").length, indentOf(line.text), pieces);
      continue;
    }
    const script = SCRIPT_KEY.exec(line.text);
    if (!script) continue;
    const keyIndent = indentOf(line.text);
    if ((script[2] ?? "").trim() !== "") {
      i = readValue(content, lines, i, line.start + line.text.length - (script[2] ?? "").length, keyIndent, pieces);
      continue;
    }
    while (i + 1 < lines.length) {
      const next = lines[i + 1] as Line;
      if (next.text.trim() !== "" && indentOf(next.text) <= keyIndent && !next.text.trimStart().startsWith("-")) break;
      const item = /^(\s*)-\s+(.*)$/.exec(next.text);
      if (next.text.trim() !== "" && !item) break;
      i++;
      if (item) i = readValue(content, lines, i, next.start + next.text.length - (item[2] ?? "").length, indentOf(next.text), pieces);
    }
  }
  return pieces;
}

/** One YAML scalar starting at `from` on line `i`: a block (`|`, `>`), a quoted or a plain value. */
function readValue(content: string, lines: Line[], i: number, from: number, keyIndent: number, pieces: Piece[]): number {
  const line = lines[i] as Line;
  const value = content.slice(from, line.end);
  if (/^[|>][+-]?\d?\s*(?:#.*)?$/.test(value)) {
    let first: Line | undefined;
    let last: Line | undefined;
    while (i + 1 < lines.length) {
      const next = lines[i + 1] as Line;
      if (next.text.trim() !== "" && indentOf(next.text) <= keyIndent) break;
      i++;
      if (next.text.trim() === "") continue;
      first ??= next;
      last = next;
    }
    if (first && last) pieces.push(exact(content, first.start, last.end));
    return i;
  }
  const trimmed = value.trimEnd();
  const quote = trimmed[0];
  if ((quote === "'" || quote === '"') && trimmed.endsWith(quote) && trimmed.length >= 2) {
    pieces.push(exact(content, from + 1, from + trimmed.length - 1));
  } else if (trimmed !== "") {
    pieces.push(exact(content, from, from + trimmed.length));
  }
  return i;
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

/** Scripts npm runs for whoever installs or packs the package, without being asked. */
const LIFECYCLE = ["preinstall", "install", "postinstall", "prepare", "prepublish", "prepack", "postpack", "preuninstall", "postuninstall"];

/** package.json `scripts`: lifecycle hooks always (also in a fragment), every script when it parses. */
function scanPackageJson(content: string): Piece[] {
  const names = new Set(LIFECYCLE);
  const scripts = parseObject(content)?.scripts;
  if (typeof scripts === "object" && scripts !== null) for (const name of Object.keys(scripts)) names.add(name);
  return scanJsonStrings(content, names);
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const JSON_PAIR = /"((?:[^"\\\n]|\\.){1,128})"\s*:\s*"((?:[^"\\\n]|\\.)*)"/g;

/** String values of the named keys in JSON (or JSONC, or a fragment of either). */
function scanJsonStrings(content: string, names: ReadonlySet<string>): Piece[] {
  const pieces: Piece[] = [];
  for (const m of content.matchAll(JSON_PAIR)) {
    if (pieces.length >= MAX_PIECES) break;
    if (!names.has(m[1] ?? "")) continue;
    const raw = m[2] ?? "";
    const start = m.index + m[0].length - raw.length - 1;
    const end = start + raw.length;
    const decoded = decodeJsonString(raw);
    if (decoded === undefined) continue;
    pieces.push(decoded === raw ? exact(content, start, end) : { start, end, exact: false, text: decoded });
  }
  return pieces;
}

function decodeJsonString(raw: string): string | undefined {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return undefined;
  }
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
