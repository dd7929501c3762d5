// Finds the command in an event: `exec` argv, the command of a shell-like tool call (a script
// string or an argv array, in `arguments` given as an object or a JSON string), the shell tool
// calls a `model_output` proposes, or the commands in a file being written (written-files.ts).
// Anything unusable yields an abstention reason instead of a throw.
import type { FieldSpan, Script, Source, Word } from "./ast.ts";
import { childPath } from "../../engine/text-fields.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import { createDetachedSource, createRootSource } from "./source.ts";
import { writtenTargets, writtenTexts } from "./written-files.ts";
import { writtenFilesLeft } from "./files-left.ts";
import type { FileLeft, SessionFilesView } from "../../engine/detector.ts";
import { editsInContext } from "./edit-context.ts";
import { proposedCalls } from "../proposed-calls.ts";

export interface TextItem {
  path: string;
  text: string;
  /** Where findings on this text point when offsets cannot be exact (JSON-string arguments). */
  whole: FieldSpan | undefined;
  /** Where the text starts in its field when it is a verbatim slice of it (a recipe in a Makefile). */
  base?: number;
  /** Maps an offset of the text to its field when the text is pieced from lines (a patch hunk). */
  offsets?: ((at: number) => number) | undefined;
}

/** `code`: a source file's text, judged by its capabilities rather than parsed as shell. */
/** `keep`: only findings on the spans it accepts count (a patch hunk read in its context). */
/** `written`: content a command puts in a file (a patch it applies), judged as written content. */
/** `embedded`: a command string found inside source code, judged as shell and not sniffed again. */
export type Target = (
  | { kind: "script"; item: TextItem }
  | { kind: "argv"; items: TextItem[] }
  | { kind: "code"; item: TextItem; powershell: boolean }
) & { keep?: ((span: FieldSpan) => boolean) | undefined; written?: boolean; embedded?: boolean };

/**
 * `from`: the targets came out of file content an event writes or tool calls a model proposed,
 * not a command being run, so no rewrite of the payload is offered.
 */
/** `left`: the files a written content leaves (files-left.ts), whether or not it runs commands. */
export type Extraction = ({ targets: Target[]; unjudged: string[]; from?: "file" | "model" } | { abstain: string; unjudged: string[] }) & { left?: FileLeft[] };

const SHELL_TOOLS = new Set([
  "bash", "shell", "sh", "zsh", "run_shell_command", "run_command", "execute_command", "exec", "execute", "terminal",
  "run_terminal_cmd", "run_in_terminal", "local_shell", "container.exec", "computer/bash", "exec_command", "shell_command",
  "run_bash", "bash_tool", "powershell", "pwsh",
  // Codex: characters typed into a shell it keeps running.
  "write_stdin",
]);
const SHELL_SUFFIXES = ["bash", "shell", "exec", "terminal"];
/** `chars`: what Codex's write_stdin types into a running shell. */
const COMMAND_KEYS = ["command", "cmd", "script", "code", "commands", "input", "chars"];
/** Each key with its payload path, built once rather than per event. */
const COMMAND_FIELDS: readonly [string, string][] = COMMAND_KEYS.map((key) => [key, childPath("payload.arguments", key)]);
const MAX_ARGV = 4096;
const MAX_JSON_CHARS = 1 << 20;

export function isShellToolName(name: string): boolean {
  const lower = name.toLowerCase();
  if (SHELL_TOOLS.has(lower)) return true;
  const last = lower.split(/[./:]|__/).pop() ?? lower;
  return SHELL_TOOLS.has(last) || SHELL_SUFFIXES.some((suffix) => lower.endsWith(suffix));
}

/** `files`: what the session wrote before, to read an edit in the file it changes. */
export function extractTargets(event: GuardEvent, files: SessionFilesView = NO_FILES): Extraction {
  const payload = event.payload;
  if (event.kind === "exec") return extractArgv(payload.argv, "payload.argv", undefined);
  if (event.kind === "file") return extractWritten(event.kind, payload, "file event writes no content", files);
  if (event.kind === "model_output") return extractModelCalls(payload);
  if (event.kind === "mcp_connect") return extractServerCommand(payload);
  if (event.kind !== "tool_call") return { abstain: `does not handle kind ${event.kind}`, unjudged: [] };
  const name = payload.name;
  if (typeof name !== "string") return { abstain: "tool call has no name", unjudged: [] };
  if (!isShellToolName(name)) {
    const written = extractWritten(event.kind, payload, "tool call is not a shell tool", files);
    return "abstain" in written && written.left === undefined ? (extractShellLike(name, payload.arguments) ?? written) : written;
  }
  const extraction = extractToolCommand(payload.arguments);
  return POWERSHELL_TOOL.test(name) && "targets" in extraction ? { ...extraction, targets: extraction.targets.map(asPowerShell) } : extraction;
}

const NO_FILES: SessionFilesView = { size: 0, read: () => undefined };

function extractWritten(kind: string, payload: Record<string, unknown>, otherwise: string, files: SessionFilesView): Extraction {
  const texts = writtenTexts(kind, payload);
  if (texts === undefined) return { abstain: otherwise, unjudged: [] };
  const { targets, unjudged } = writtenTargets([...texts, ...editsInContext(texts, files)]);
  const left = writtenFilesLeft(texts);
  if (targets.length === 0) return { abstain: "the written file runs no commands", unjudged, left };
  return { targets, unjudged, from: "file", left };
}

const POWERSHELL_TOOL = /(?:^|[./:_]|__)(?:powershell|pwsh)$/i;

/**
 * A PowerShell tool's command is PowerShell, not POSIX shell: it is judged as the program of
 * `pwsh -Command '<command>'`, so the interpreter rules read it as PowerShell. Offsets inside
 * the wrapper do not match the command's, so findings point at the whole command.
 */
function asPowerShell(target: Target): Target {
  if (target.kind !== "script") return target;
  const { item } = target;
  const text = `pwsh -NoProfile -Command '${item.text.replaceAll("'", "'\\''")}'`;
  return { kind: "script", item: { path: item.path, text, whole: item.whole ?? { path: item.path, start: 0, end: item.text.length } } };
}

function extractToolCommand(args: unknown, root = "payload.arguments"): Extraction {
  let object = args;
  let whole: FieldSpan | undefined;
  if (typeof args === "string") {
    const parsed = args.length <= MAX_JSON_CHARS ? parseJson(args) : undefined;
    if (parsed === undefined || typeof parsed !== "object" || parsed === null) {
      return { targets: [{ kind: "script", item: { path: root, text: args, whole: undefined } }], unjudged: [] };
    }
    object = parsed;
    whole = { path: root, start: 0, end: args.length };
  }
  if (typeof object !== "object" || object === null || Array.isArray(object)) {
    return { abstain: "shell tool call has no arguments object", unjudged: [] };
  }
  const record = object as Record<string, unknown>;
  const fields = root === "payload.arguments" ? COMMAND_FIELDS : COMMAND_KEYS.map((key): [string, string] => [key, childPath(root, key)]);
  for (const [key, path] of fields) {
    const found = commandAt(record[key], path, whole);
    if (found) return found;
  }
  const action = record.action;
  if (typeof action === "object" && action !== null) {
    const found = commandAt((action as Record<string, unknown>).command, `${root}.action.command`, whole);
    if (found) return found;
  }
  return { abstain: "shell tool call carries no command", unjudged: [] };
}

/**
 * Words in a tool's name that say it runs commands (`mcp__shell__run`, `start_process`,
 * `run_command`): with a `command`, `cmd` or `script` argument, or an `args` array, it is
 * judged as a shell tool is.
 */
const SHELL_LIKE_WORDS = new Set(["shell", "terminal", "exec", "execute", "run", "process", "command", "cmd", "bash", "sh", "zsh", "spawn", "subprocess", "console"]);
/** Tools named after a program whose `args` are that program's arguments (`mcp__k8s__kubectl {args}`). */
const PROGRAM_TOOLS = new Set([
  "kubectl", "docker", "podman", "nerdctl", "ssh", "git", "npm", "npx", "pnpm", "yarn", "pip", "pip3", "uv", "python", "python3",
  "node", "deno", "bun", "bash", "sh", "zsh", "make", "terraform", "helm", "aws", "gcloud", "az", "gh", "curl", "wget", "systemctl", "sudo",
]);
const SHELL_LIKE_KEYS = ["command", "cmd", "script"] as const;

/** A tool not named as a shell whose name and arguments say it runs a command. */
function extractShellLike(name: string, args: unknown): Extraction | undefined {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return undefined;
  const record = args as Record<string, unknown>;
  const words = name.toLowerCase().split(/__|[._\-/:]/);
  const program = words[words.length - 1] ?? "";
  const list = record.args;
  if (PROGRAM_TOOLS.has(program) && Array.isArray(list) && list.every((arg) => typeof arg === "string")) {
    // The program is the tool's own name: findings on it point at the name.
    const head: TextItem = { path: "payload.name", text: program, whole: { path: "payload.name", start: 0, end: name.length } };
    const rest = (list as string[]).slice(0, MAX_ARGV).map((text, i): TextItem => ({ path: `payload.arguments.args[${i}]`, text, whole: undefined }));
    return { targets: [{ kind: "argv", items: [head, ...rest] }], unjudged: list.length > MAX_ARGV ? [`payload.arguments.args[${MAX_ARGV}]`] : [] };
  }
  if (!words.some((word) => SHELL_LIKE_WORDS.has(word))) return undefined;
  for (const key of SHELL_LIKE_KEYS) {
    const found = commandAt(record[key], childPath("payload.arguments", key), undefined);
    if (found) return found;
  }
  return Array.isArray(list) ? extractArgv(list, "payload.arguments.args", undefined) : undefined;
}

/** A stdio MCP server is a program started with arguments (`{command: "sh", args: ["-c", ...]}`). */
function extractServerCommand(payload: Record<string, unknown>): Extraction {
  const { command, args } = payload;
  if (typeof command !== "string" || command.trim() === "") return { abstain: "MCP connection starts no command", unjudged: [] };
  const list = Array.isArray(args) ? args : [];
  if (!list.every((arg) => typeof arg === "string")) return { abstain: "MCP server arguments are not strings", unjudged: ["payload.args"] };
  const head: TextItem = { path: "payload.command", text: command, whole: undefined };
  const rest = (list as string[]).slice(0, MAX_ARGV).map((text, i): TextItem => ({ path: `payload.args[${i}]`, text, whole: undefined }));
  return { targets: [{ kind: "argv", items: [head, ...rest] }], unjudged: list.length > MAX_ARGV ? [`payload.args[${MAX_ARGV}]`] : [] };
}

/** The shell calls among the tool calls a model produced (proposed-calls.ts), judged as if already being run. */
function extractModelCalls(payload: Record<string, unknown>): Extraction {
  const targets: Target[] = [];
  const unjudged: string[] = [];
  for (const call of proposedCalls(payload)) {
    if (!isShellToolName(call.name)) continue;
    const extraction = extractToolCommand(call.raw, call.root);
    if (!("targets" in extraction)) continue;
    targets.push(...(POWERSHELL_TOOL.test(call.name) ? extraction.targets.map(asPowerShell) : extraction.targets));
    unjudged.push(...extraction.unjudged);
  }
  return targets.length > 0 ? { targets, unjudged, from: "model" } : { abstain: "model output carries no shell tool call", unjudged };
}

/** The command held by one candidate field: a script string or an argv array. */
function commandAt(value: unknown, path: string, whole: FieldSpan | undefined): Extraction | undefined {
  if (typeof value === "string") return { targets: [{ kind: "script", item: { path, text: value, whole } }], unjudged: [] };
  if (Array.isArray(value)) return extractArgv(value, path, whole);
  return undefined;
}

function extractArgv(value: unknown, path: string, whole: FieldSpan | undefined): Extraction {
  if (!Array.isArray(value)) return { abstain: "event has no argv array", unjudged: value === undefined ? [] : [path] };
  if (value.length === 0) return { abstain: "argv is empty", unjudged: [] };
  if (!value.every((element) => typeof element === "string")) {
    return { abstain: "argv holds values that are not strings", unjudged: [path] };
  }
  const strings = value as string[];
  const items = strings.slice(0, MAX_ARGV).map((text, i) => ({ path: `${path}[${i}]`, text, whole }));
  return { targets: [{ kind: "argv", items }], unjudged: strings.length > MAX_ARGV ? [`${path}[${MAX_ARGV}]`] : [] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A source for one payload text, mapped exactly unless it was embedded in a JSON string. */
export function sourceFor(item: TextItem, text: string): Source {
  if (item.whole) return createDetachedSource(text, item.whole, 0);
  const offsets = item.offsets;
  if (offsets) return { path: item.path, text, depth: 0, locate: (start, end) => ({ path: item.path, start: offsets(start), end: offsets(end) }) };
  const base = item.base;
  if (!base) return createRootSource(item.path, text);
  return { path: item.path, text, depth: 0, locate: (start, end) => ({ path: item.path, start: base + start, end: base + end }) };
}

/** An argv is one simple command whose words are taken literally, one per element. */
export function argvScript(items: readonly { item: TextItem; text: string }[]): Script {
  const words: Word[] = items.map(({ item, text }) => {
    const source = sourceFor(item, text);
    return { parts: [{ kind: "lit", text, quoted: true, exact: true, start: 0, end: text.length }], start: 0, end: text.length, source };
  });
  const first = words[0] as Word;
  const command = { type: "simple" as const, assignments: [], words, redirects: [], start: 0, end: first.end };
  const pipeline = { commands: [command], start: 0, end: first.end };
  return { items: [{ pipelines: [pipeline], background: false }], source: first.source, incomplete: false };
}
