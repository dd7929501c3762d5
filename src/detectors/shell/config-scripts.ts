// Commands inside configuration files: CI `run:` steps and `script:` lists (GitHub, GitLab),
// package.json scripts and VS Code tasks. Line readers, no YAML or JSON parser for the whole: a
// fragment (an edit, a patch hunk) is read as well as a whole file.
import { exact, indentOf, type Line, linesOf, MAX_PIECES, type Piece } from "./file-scripts.ts";

const RUN_KEY = /^(\s*)(?:-\s+)?run:\s?(.*)$/;
const SCRIPT_KEY = /^(\s*)(?:-\s+)?(?:before_script|after_script|script):\s*(.*)$/;

/** GitHub/GitLab CI: `run:` values (plain, quoted or `|`/`>` blocks) and `script:` list items. */
export function scanCi(content: string): Piece[] {
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

const YAML_KEY = /^\s*(?:-\s+)?(?:[A-Za-z_$][\w.$-]*|"[^"]*"|'[^']*')\s*:(?:\s|$)/;

/**
 * In a fragment of a workflow (an edit, a hunk) the `run:` key may lie outside what is seen:
 * lines that are neither keys, comments nor covered by a step read above are judged as the
 * script lines they most likely are (a `- item` as its item).
 */
export function scanCiFragment(content: string): Piece[] {
  const pieces = scanCi(content);
  const covered = (line: Line) => pieces.some((piece) => piece.start <= line.start && line.end <= piece.end);
  for (const line of linesOf(content)) {
    if (pieces.length >= MAX_PIECES) break;
    const trimmed = line.text.trim();
    if (trimmed === "" || trimmed.startsWith("#") || YAML_KEY.test(line.text) || covered(line)) continue;
    const item = /^(\s*-\s+)/.exec(line.text)?.[1]?.length ?? indentOf(line.text);
    pieces.push(exact(content, line.start + item, line.end));
  }
  return pieces;
}

/** Scripts npm runs for whoever installs or packs the package, without being asked. */
const LIFECYCLE = ["preinstall", "install", "postinstall", "prepare", "prepublish", "prepack", "postpack", "preuninstall", "postuninstall"];

/** Keys of package.json whose string values are never run. */
const PACKAGE_METADATA = new Set([
  "name", "version", "description", "main", "module", "types", "typings", "license", "author", "homepage", "repository", "url",
  "type", "email", "browser", "bugs", "funding", "private", "packageManager", "engines", "node", "npm", "exports", "import",
  "require", "default", "source", "files", "keywords", "directory", "access", "registry", "tag",
]);

/**
 * package.json `scripts`: every script when the file parses whole, and lifecycle hooks; in a
 * fragment (an edit, a hunk, a file that does not parse) every value but known metadata, as the
 * `scripts` key may lie outside what is seen.
 */
export function scanPackageJson(content: string): Piece[] {
  const parsed = parseObject(content);
  if (!parsed) return scanJsonStrings(content, (key) => !PACKAGE_METADATA.has(key));
  const names = new Set(LIFECYCLE);
  const scripts = parsed.scripts;
  if (typeof scripts === "object" && scripts !== null) for (const name of Object.keys(scripts)) names.add(name);
  return scanJsonStrings(content, (key) => names.has(key));
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
export function scanJsonStrings(content: string, wanted: (key: string) => boolean): Piece[] {
  const pieces: Piece[] = [];
  for (const m of content.matchAll(JSON_PAIR)) {
    if (pieces.length >= MAX_PIECES) break;
    if (!wanted(m[1] ?? "")) continue;
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

