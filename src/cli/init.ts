// `warden init claude-code|codex`: merges warden's hooks into the harness's settings file (or
// takes them out with --uninstall), keeping everything else, with a backup before any change.
// The merge itself is adapters/harness-settings.ts; this file owns options and file I/O.
import { mkdirSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import {
  buildWardenHook,
  installWardenHooks,
  isWardenHook,
  quoteShellWord,
  uninstallWardenHooks,
  type Transport,
} from "../adapters/harness-settings.ts";
import { isHarness, type Harness } from "../adapters/hook-input.ts";
import { parseArgs } from "../config/args.ts";
import { isCompiledBinary } from "../lib/worker-url.ts";

type Env = Record<string, string | undefined>;

export interface InitIo {
  out: (line: string) => void;
  err: (line: string) => void;
  cwd?: string;
  home?: string;
  now?: () => Date;
}

export const INIT_USAGE = `  warden init claude-code|codex [--project|--user] [--command|--http] [--uninstall] [--dry-run]
             [--url URL] [--warden-command CMD]
                                     Merge warden's hooks into .claude/settings.json or
                                     .codex/hooks.json (--user: ~/.claude, $CODEX_HOME or ~/.codex);
                                     a backup is written first; --uninstall removes only warden's`;

const OPTIONS = {
  project: "flag",
  user: "flag",
  command: "flag",
  http: "flag",
  uninstall: "flag",
  "dry-run": "flag",
  url: "value",
  "warden-command": "value",
} as const;

const DEFAULT_URL = "http://127.0.0.1:8787";

interface InitPlan {
  harness: Harness;
  file: string;
  uninstall: boolean;
  dryRun: boolean;
  transport: Transport;
  hook: Record<string, unknown>;
  scope: "project" | "user";
  /** The warden command init worked out itself (not given with --warden-command): this machine's path. */
  machinePath: string | undefined;
}

const consoleIo: InitIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

export async function runInit(args: string[], env: Env, io: InitIo = consoleIo): Promise<number> {
  const planned = planInit(args, env, io);
  if (typeof planned === "string") {
    io.err(`warden init: ${planned}`);
    io.err(`usage:\n${INIT_USAGE}`);
    return 2;
  }
  return applyPlan(planned, io);
}

/** Checks the options together; returns the first problem as a usage error. */
function planInit(args: string[], env: Env, io: InitIo): InitPlan | string {
  const parsed = parseArgs(args, OPTIONS);
  const has = (name: keyof typeof OPTIONS) => parsed.options.has(name);
  if (parsed.errors.length) return parsed.errors.join("; ");
  const [harness, ...extra] = parsed.positional;
  if (!harness || !isHarness(harness)) return "name the harness: claude-code or codex";
  if (extra.length) return `unexpected argument ${extra[0]}`;
  if (has("project") && has("user")) return "choose one of --project and --user";
  if (has("http") && has("command")) return "choose one of --http and --command";
  if (harness === "codex" && has("http")) return "Codex runs command hooks only; --http is for claude-code";
  const uninstall = has("uninstall");
  const transport: Transport = has("http") ? "http" : "command";
  if (uninstall && (has("http") || has("command") || has("url") || has("warden-command"))) {
    return "--uninstall removes warden's hooks of either kind; --http, --command, --url and --warden-command do not apply";
  }
  if (transport === "command" && has("url")) return "--url is for --http; a command hook reads WARDEN_URL from its environment";
  if (transport === "http" && has("warden-command")) return "--warden-command is for command hooks, not --http";
  const baseUrl = (parsed.options.get("url") ?? env.WARDEN_URL ?? DEFAULT_URL).replace(/\/+$/, "");
  if (transport === "http" && !/^https?:\/\/[^/]/.test(baseUrl)) return `--url must be an http(s) URL, not ${baseUrl}`;
  const given = parsed.options.get("warden-command")?.trim();
  const wardenCommand = given || computeWardenCommand();
  const hook = buildWardenHook(harness, transport, { wardenCommand, baseUrl });
  // A hook warden cannot recognise later would be appended again by every run and survive --uninstall.
  if (!uninstall && !isWardenHook(harness, hook)) {
    return `the hook command "${wardenCommand}" names neither warden nor main.ts, so a later init or --uninstall would not recognise it; pass --warden-command with a path that does`;
  }
  const scope = has("user") ? "user" : "project";
  const file = settingsFileOf(harness, scope, env, io);
  return { harness, file, uninstall, dryRun: has("dry-run"), transport, hook, scope, machinePath: given ? undefined : wardenCommand };
}

/** The compiled binary is its own command; from source it is bun running src/main.ts. */
function computeWardenCommand(): string {
  if (isCompiledBinary()) return quoteShellWord(process.execPath);
  return `${quoteShellWord(process.execPath)} ${quoteShellWord(join(import.meta.dir, "..", "main.ts"))}`;
}

function settingsFileOf(harness: Harness, scope: "project" | "user", env: Env, io: InitIo): string {
  const cwd = io.cwd ?? process.cwd();
  const home = io.home ?? homedir();
  if (harness === "claude-code") return resolve(scope === "user" ? home : cwd, ".claude", "settings.json");
  if (scope === "project") return resolve(cwd, ".codex", "hooks.json");
  return resolve(env.CODEX_HOME || join(home, ".codex"), "hooks.json");
}

type ReadSettings = { ok: true; bytes: Buffer | undefined; value: unknown } | { ok: false; message: string };

/** The file's bytes and parsed value; a missing file reads as an empty object. */
function readSettings(file: string): ReadSettings {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ok: true, bytes: undefined, value: {} };
    return { ok: false, message: `cannot read ${file}: ${(error as Error).message}` };
  }
  try {
    return { ok: true, bytes, value: JSON.parse(bytes.toString("utf8")) };
  } catch (error) {
    return { ok: false, message: `${file} is not valid JSON (${(error as Error).message}); nothing changed` };
  }
}

function applyPlan(plan: InitPlan, io: InitIo): number {
  const read = readSettings(plan.file);
  if (!read.ok) {
    io.err(`warden init: ${read.message}`);
    return 1;
  }
  const edit = plan.uninstall ? uninstallWardenHooks(read.value, plan.harness) : installWardenHooks(read.value, plan.harness, plan.hook);
  if (!edit.ok) {
    io.err(`warden init: ${plan.file}: ${edit.message}; nothing changed`);
    return 1;
  }
  if (edit.changes.length === 0) {
    io.out(plan.uninstall ? `warden init: no warden hooks in ${plan.file}; nothing changed` : `warden init: ${plan.file} already has warden's hooks; nothing changed`);
    return 0;
  }
  for (const line of edit.changes) io.out(line);
  if (plan.dryRun) {
    io.out(`(dry run: nothing written to ${plan.file})`);
    return 0;
  }
  const written = writeSettings(plan.file, read.bytes, `${JSON.stringify(edit.value, null, 2)}\n`, (io.now ?? (() => new Date()))());
  if (!written.ok) {
    io.err(`warden init: ${written.message}`);
    return 1;
  }
  if (written.backup) io.out(`backup: ${written.backup}`);
  io.out(`wrote ${plan.file}`);
  if (!plan.uninstall) io.out(reminderOf(plan));
  // A project's settings file is often committed: an absolute path to this machine's binary
  // would break the hook on every other machine.
  if (!plan.uninstall && plan.scope === "project" && plan.transport === "command" && plan.machinePath) {
    io.out(`Note: the hook names ${plan.machinePath}, a path on this machine. If ${plan.file} is shared with your team, put warden on PATH and run again with --warden-command warden.`);
  }
  return 0;
}

type Written = { ok: true; backup: string | undefined } | { ok: false; message: string };

/**
 * Backs the original bytes up, then replaces the file by rename so a crash never leaves half a
 * settings file. A symlinked file (dotfile managers) is written through, keeping the link.
 */
function writeSettings(file: string, original: Buffer | undefined, text: string, now: Date): Written {
  let backup: string | undefined;
  let tmp: string | undefined;
  try {
    if (original === undefined) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const target = original === undefined ? file : realpathSync(file);
    const mode = original === undefined ? 0o644 : statSync(target).mode & 0o777;
    if (original !== undefined) backup = writeBackup(file, original, mode, now);
    tmp = `${target}.tmp-${process.pid}`;
    writeFileSync(tmp, text, { mode });
    renameSync(tmp, target);
    return { ok: true, backup };
  } catch (error) {
    if (tmp) removeQuietly(tmp);
    const kept = backup ? ` (the original is kept in ${backup})` : "";
    return { ok: false, message: `cannot write ${file}: ${(error as Error).message}${kept}` };
  }
}

/** `<file>.warden-backup-20260102T030405Z`; never overwrites an earlier backup from the same second. */
function writeBackup(file: string, original: Buffer, mode: number, now: Date): string {
  const stamp = `${now.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
  for (let n = 0; ; n++) {
    const path = `${file}.warden-backup-${stamp}${n === 0 ? "" : `-${n}`}`;
    try {
      writeFileSync(path, original, { flag: "wx", mode });
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || n >= 100) throw error;
    }
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Nothing was left behind to clean up.
  }
}

function reminderOf(plan: InitPlan): string {
  if (plan.harness === "codex") {
    return "Codex loads project hooks (.codex/hooks.json) only for trusted projects; set WARDEN_URL and WARDEN_KEY in the environment Codex runs in.";
  }
  if (plan.transport === "http") {
    return "Set WARDEN_KEY in the environment Claude Code runs in. Note: this http hook fails open when warden is down (Claude Code treats a non-2xx answer or a timeout as a non-blocking error); the command hook (--command) fails closed.";
  }
  return "Set WARDEN_URL and WARDEN_KEY in the environment Claude Code runs in. This command hook fails closed when warden is down; an http hook (--http) would fail open, since Claude Code treats a non-2xx answer or a timeout as a non-blocking error.";
}
