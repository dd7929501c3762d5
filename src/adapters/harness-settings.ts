// Merging warden's hooks into (and out of) a harness's parsed settings: Claude Code's
// settings.json and Codex's hooks.json share `{ hooks: { Event: [ { matcher?, hooks: [...] } ] } }`.
// Pure: values in, a new value and human-readable change lines out; the caller does the I/O.
import type { Harness } from "./hook-input.ts";

export type JsonObject = { [key: string]: unknown };
export type Transport = "command" | "http";

export type SettingsEdit = { ok: true; value: JsonObject; changes: string[] } | { ok: false; message: string };

export const HOOK_EVENTS = ["PreToolUse", "PostToolUse", "PermissionRequest", "UserPromptSubmit", "SessionStart"] as const;

/** Claude Code matches these by tool name; the others fire without a tool, so take no matcher. */
const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PostToolUse", "PermissionRequest"]);
const HOOK_TIMEOUT_SECONDS = 30;

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** POSIX single-quoting, only when the word has characters a shell would read specially. */
export function quoteShellWord(word: string): string {
  if (/^[A-Za-z0-9_./:@%+=-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The hook entry warden writes: `wardenCommand` for command hooks, `baseUrl` for http ones. */
export function buildWardenHook(harness: Harness, transport: Transport, target: { wardenCommand: string; baseUrl: string }): JsonObject {
  if (transport === "command") {
    return { type: "command", command: `${target.wardenCommand} hook ${harness}`, timeout: HOOK_TIMEOUT_SECONDS };
  }
  return {
    type: "http",
    url: `${target.baseUrl}/hooks/${harness}`,
    headers: { Authorization: "Bearer $WARDEN_KEY" },
    allowedEnvVars: ["WARDEN_KEY"],
    timeout: HOOK_TIMEOUT_SECONDS,
  };
}

/** Codex matchers are regexes and an omitted one matches everything, so Codex groups have none. */
function buildWardenGroup(harness: Harness, event: string, hook: JsonObject): JsonObject {
  if (harness === "claude-code" && TOOL_EVENTS.has(event)) return { matcher: "*", hooks: [hook] };
  return { hooks: [hook] };
}

/** Recognises warden's hooks from any install (another path, the other transport); nothing else. */
export function isWardenHook(harness: Harness, hook: unknown): boolean {
  if (!isObject(hook)) return false;
  if (hook.type === "command" && typeof hook.command === "string") {
    const command = hook.command.trim();
    return command.endsWith(` hook ${harness}`) && (command.includes("warden") || command.includes("main.ts"));
  }
  return hook.type === "http" && typeof hook.url === "string" && hook.url.endsWith(`/hooks/${harness}`);
}

export function describeHook(hook: unknown): string {
  if (!isObject(hook)) return JSON.stringify(hook);
  if (hook.type === "command") return `command ${String(hook.command)}`;
  if (hook.type === "http") return `http ${String(hook.url)}`;
  return String(hook.type);
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => isDeepEqual(item, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && isDeepEqual(a[key], b[key]));
}

/** The `hooks` object of a copy of `root`, or why the file's shape is not one we may edit. */
function readHooks(root: unknown, events: readonly string[]): { ok: true; root: JsonObject; hooks: JsonObject | undefined } | { ok: false; message: string } {
  if (!isObject(root)) return { ok: false, message: "its top level is not a JSON object" };
  const copy = structuredClone(root);
  if (copy.hooks === undefined) return { ok: true, root: copy, hooks: undefined };
  if (!isObject(copy.hooks)) return { ok: false, message: '"hooks" is not an object' };
  for (const event of events) {
    const groups = copy.hooks[event];
    if (groups !== undefined && !Array.isArray(groups)) return { ok: false, message: `"hooks.${event}" is not an array` };
  }
  return { ok: true, root: copy, hooks: copy.hooks };
}

/** Where warden's hooks sit in one event's groups, in file order. */
function findWardenHooks(harness: Harness, groups: unknown[]): { group: JsonObject; index: number }[] {
  const found: { group: JsonObject; index: number }[] = [];
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group.hooks)) continue;
    group.hooks.forEach((hook, index) => {
      if (isWardenHook(harness, hook)) found.push({ group, index });
    });
  }
  return found;
}

/**
 * Drops the hooks `isDropped` picks. A group emptied by that goes too; a group that was empty
 * already is the user's and stays. Returns the hooks dropped.
 */
function dropHooks(groups: unknown[], isDropped: (hook: unknown, group: JsonObject, index: number) => boolean): unknown[] {
  const dropped: unknown[] = [];
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g];
    if (!isObject(group) || !Array.isArray(group.hooks)) continue;
    const picked = group.hooks.map((hook, index) => isDropped(hook, group, index));
    if (!picked.includes(true)) continue;
    dropped.unshift(...group.hooks.filter((_, index) => picked[index]));
    const kept = group.hooks.filter((_, index) => !picked[index]);
    if (kept.length === 0) groups.splice(g, 1);
    else group.hooks = kept;
  }
  return dropped;
}

/** Adds or updates warden's hook for every event; everything else is kept as it was. */
export function installWardenHooks(root: unknown, harness: Harness, hook: JsonObject): SettingsEdit {
  const read = readHooks(root, HOOK_EVENTS);
  if (!read.ok) return read;
  const hooks = read.hooks ?? {};
  if (read.hooks === undefined) read.root.hooks = hooks;
  const changes: string[] = [];
  for (const event of HOOK_EVENTS) {
    const groups = (hooks[event] as unknown[] | undefined) ?? [];
    if (hooks[event] === undefined) hooks[event] = groups;
    const [first, ...extra] = findWardenHooks(harness, groups);
    if (!first) {
      groups.push(buildWardenGroup(harness, event, structuredClone(hook)));
      changes.push(`+ ${event}: ${describeHook(hook)}`);
      continue;
    }
    const inGroup = first.group.hooks as unknown[];
    const old = inGroup[first.index];
    if (!isDeepEqual(old, hook)) {
      inGroup[first.index] = structuredClone(hook);
      changes.push(`~ ${event}: ${describeHook(hook)} (was ${describeHook(old)})`);
    }
    const isDuplicate = (_: unknown, group: JsonObject, index: number) => extra.some((d) => d.group === group && d.index === index);
    for (const gone of dropHooks(groups, isDuplicate)) changes.push(`- ${event}: ${describeHook(gone)} (duplicate)`);
  }
  return { ok: true, value: read.root, changes };
}

/**
 * Removes warden's hooks from every event. An event (and then `hooks`) emptied by that is
 * removed; ones that were empty already stay.
 */
export function uninstallWardenHooks(root: unknown, harness: Harness): SettingsEdit {
  const read = readHooks(root, HOOK_EVENTS);
  if (!read.ok) return read;
  const changes: string[] = [];
  const hooks = read.hooks;
  if (!hooks) return { ok: true, value: read.root, changes };
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const dropped = dropHooks(groups, (hook) => isWardenHook(harness, hook));
    for (const gone of dropped) changes.push(`- ${event}: ${describeHook(gone)}`);
    if (dropped.length > 0 && groups.length === 0) delete hooks[event];
  }
  if (changes.length > 0 && Object.keys(hooks).length === 0) delete read.root.hooks;
  return { ok: true, value: read.root, changes };
}
