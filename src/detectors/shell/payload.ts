// Finds the command in an event: `exec` argv, or the command of a shell-like tool call (a
// script string or an argv array, in `arguments` given as an object or a JSON string).
// Anything unusable yields an abstention reason instead of a throw.
import type { FieldSpan, Script, Word } from "./ast.ts";
import { childPath } from "../../engine/text-fields.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import { createDetachedSource, createRootSource } from "./source.ts";

export interface TextItem {
  path: string;
  text: string;
  /** Where findings on this text point when offsets cannot be exact (JSON-string arguments). */
  whole: FieldSpan | undefined;
}

export type Target = { kind: "script"; item: TextItem } | { kind: "argv"; items: TextItem[] };

export type Extraction = { targets: Target[]; unjudged: string[] } | { abstain: string; unjudged: string[] };

const SHELL_TOOLS = new Set([
  "bash", "shell", "sh", "zsh", "run_shell_command", "run_command", "execute_command", "exec", "execute", "terminal",
  "run_terminal_cmd", "run_in_terminal", "local_shell", "container.exec", "computer/bash", "exec_command", "shell_command",
  "run_bash", "bash_tool", "powershell", "pwsh",
]);
const SHELL_SUFFIXES = ["bash", "shell", "exec", "terminal"];
const COMMAND_KEYS = ["command", "cmd", "script", "code", "commands", "input"];
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

export function extractTargets(event: GuardEvent): Extraction {
  const payload = event.payload;
  if (event.kind === "exec") return extractArgv(payload.argv, "payload.argv", undefined);
  if (event.kind !== "tool_call") return { abstain: `does not handle kind ${event.kind}`, unjudged: [] };
  const name = payload.name;
  if (typeof name !== "string") return { abstain: "tool call has no name", unjudged: [] };
  if (!isShellToolName(name)) return { abstain: "tool call is not a shell tool", unjudged: [] };
  const extraction = extractToolCommand(payload.arguments);
  return POWERSHELL_TOOL.test(name) && "targets" in extraction ? { ...extraction, targets: extraction.targets.map(asPowerShell) } : extraction;
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

function extractToolCommand(args: unknown): Extraction {
  let object = args;
  let whole: FieldSpan | undefined;
  if (typeof args === "string") {
    const parsed = args.length <= MAX_JSON_CHARS ? parseJson(args) : undefined;
    if (parsed === undefined || typeof parsed !== "object" || parsed === null) {
      return { targets: [{ kind: "script", item: { path: "payload.arguments", text: args, whole: undefined } }], unjudged: [] };
    }
    object = parsed;
    whole = { path: "payload.arguments", start: 0, end: args.length };
  }
  if (typeof object !== "object" || object === null || Array.isArray(object)) {
    return { abstain: "shell tool call has no arguments object", unjudged: [] };
  }
  const record = object as Record<string, unknown>;
  for (const [key, path] of COMMAND_FIELDS) {
    const found = commandAt(record[key], path, whole);
    if (found) return found;
  }
  const action = record.action;
  if (typeof action === "object" && action !== null) {
    const found = commandAt((action as Record<string, unknown>).command, "payload.arguments.action.command", whole);
    if (found) return found;
  }
  return { abstain: "shell tool call carries no command", unjudged: [] };
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
export function sourceFor(item: TextItem, text: string) {
  return item.whole ? createDetachedSource(text, item.whole, 0) : createRootSource(item.path, text);
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
