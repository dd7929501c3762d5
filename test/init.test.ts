// `warden init`: merging warden's hooks into real settings files in temp directories, and the
// pure merge rules of adapters/harness-settings.ts.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installWardenHooks, isWardenHook, quoteShellWord, uninstallWardenHooks } from "../src/adapters/harness-settings.ts";
import { runInit } from "../src/cli/init.ts";

const WARDEN = "/usr/local/bin/warden";
const NOW = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
const BACKUP_SUFFIX = ".warden-backup-20260102T030405Z";

/** A fresh project and home directory; `init` runs there with a fixed clock and keeps the last run's output. */
function workspace() {
  const root = mkdtempSync(join(tmpdir(), "warden-init-"));
  const cwd = join(root, "project");
  const home = join(root, "home");
  mkdirSync(cwd);
  mkdirSync(home);
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line), cwd, home, now: () => NOW };
  const claudeFile = join(cwd, ".claude", "settings.json");
  const init = (args: string[], env: Record<string, string | undefined> = {}) => {
    out.length = 0;
    err.length = 0;
    return runInit(args, env, io);
  };
  return { root, cwd, home, out, err, init, claudeFile, [Symbol.dispose]: () => rmSync(root, { recursive: true, force: true }) };
}

const commandHook = (harness: string, command = WARDEN) => ({ type: "command", command: `${command} hook ${harness}`, timeout: 30 });
const httpHook = (base: string) => ({
  type: "http",
  url: `${base}/hooks/claude-code`,
  headers: { Authorization: "Bearer $WARDEN_KEY" },
  allowedEnvVars: ["WARDEN_KEY"],
  timeout: 30,
});

/** What Claude Code's file holds for one hook: tool events take matcher "*", the others none. */
const claudeHooks = (hook: object) => ({
  PreToolUse: [{ matcher: "*", hooks: [hook] }],
  PostToolUse: [{ matcher: "*", hooks: [hook] }],
  PermissionRequest: [{ matcher: "*", hooks: [hook] }],
  UserPromptSubmit: [{ hooks: [hook] }],
  SessionStart: [{ hooks: [hook] }],
});

const USER_PRE_GROUP = { matcher: "Bash", hooks: [{ type: "command", command: "./scripts/lint-bash.sh", timeout: 5 }] };
const USER_SETTINGS = {
  model: "opus",
  permissions: { allow: ["Bash(npm test)"], deny: [] },
  hooks: {
    PreToolUse: [USER_PRE_GROUP],
    Stop: [{ hooks: [{ type: "command", command: "./scripts/on-stop.sh" }] }],
  },
  env: { EDITOR: "vi" },
};
/** Formatted unlike our output on purpose, so a rewrite is visible in the bytes. */
const USER_TEXT = JSON.stringify(USER_SETTINGS, null, 4);

/** USER_SETTINGS after an install: ours after the user's PreToolUse group, new events after Stop. */
const withOurs = (ours: ReturnType<typeof claudeHooks>) => ({
  ...USER_SETTINGS,
  hooks: {
    PreToolUse: [USER_PRE_GROUP, ...ours.PreToolUse],
    Stop: USER_SETTINGS.hooks.Stop,
    PostToolUse: ours.PostToolUse,
    PermissionRequest: ours.PermissionRequest,
    UserPromptSubmit: ours.UserPromptSubmit,
    SessionStart: ours.SessionStart,
  },
});

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const asFile = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("warden init: install into a missing file", () => {
  test("claude-code command hooks, exact file and output", async () => {
    using w = workspace();
    expect(await w.init(["claude-code", "--warden-command", WARDEN])).toBe(0);
    expect(readFileSync(w.claudeFile, "utf8")).toBe(asFile({ hooks: claudeHooks(commandHook("claude-code")) }));
    expect(w.out).toEqual([
      ...["PreToolUse", "PostToolUse", "PermissionRequest", "UserPromptSubmit", "SessionStart"].map((e) => `+ ${e}: command ${WARDEN} hook claude-code`),
      `wrote ${w.claudeFile}`,
      expect.stringContaining("WARDEN_URL and WARDEN_KEY"),
    ]);
    expect(readdirSync(join(w.cwd, ".claude"))).toEqual(["settings.json"]);
    expect(statSync(join(w.cwd, ".claude")).mode & 0o777).toBe(0o700);
  });

  test("claude-code http hooks", async () => {
    using w = workspace();
    expect(await w.init(["claude-code", "--http", "--url", "https://warden.example:9000//"])).toBe(0);
    expect(readJson(w.claudeFile)).toEqual({ hooks: claudeHooks(httpHook("https://warden.example:9000")) });
    expect(w.out.at(-1)).toContain("fails open");
  });

  test.each([
    [[], {}, "http://127.0.0.1:8787"],
    [[], { WARDEN_URL: "http://10.0.0.5:8787/" }, "http://10.0.0.5:8787"],
    [["--url", "http://a.example"], { WARDEN_URL: "http://b.example" }, "http://a.example"],
  ])("http url from %p and env %p is %s", async (args, env, base) => {
    using w = workspace();
    expect(await w.init(["claude-code", "--http", ...args], env)).toBe(0);
    expect(readJson(w.claudeFile)).toEqual({ hooks: claudeHooks(httpHook(base)) });
  });

  test("codex: command hooks without matchers in .codex/hooks.json", async () => {
    using w = workspace();
    expect(await w.init(["codex", "--warden-command", WARDEN])).toBe(0);
    const group = { hooks: [commandHook("codex")] };
    expect(readFileSync(join(w.cwd, ".codex", "hooks.json"), "utf8")).toBe(
      asFile({ hooks: { PreToolUse: [group], PostToolUse: [group], PermissionRequest: [group], UserPromptSubmit: [group], SessionStart: [group] } }),
    );
    expect(w.out.at(-1)).toContain("trusted projects");
  });

  test("without --warden-command, from source: bun running src/main.ts", async () => {
    using w = workspace();
    expect(await w.init(["claude-code"])).toBe(0);
    const command = `${quoteShellWord(process.execPath)} ${quoteShellWord(join(import.meta.dir, "..", "src", "main.ts"))}`;
    expect(readJson(w.claudeFile)).toEqual({ hooks: claudeHooks(commandHook("claude-code", command)) });
    // A project's settings file is often shared: init says the path is this machine's.
    expect(w.out.at(-1)).toContain("a path on this machine");
  });
});

describe("warden init: an existing file", () => {
  test("keeps other hooks and settings, in their order, and appends ours", async () => {
    using w = workspace();
    mkdirSync(join(w.cwd, ".claude"));
    writeFileSync(w.claudeFile, USER_TEXT);
    expect(await w.init(["claude-code", "--warden-command", WARDEN])).toBe(0);
    expect(readFileSync(w.claudeFile, "utf8")).toBe(asFile(withOurs(claudeHooks(commandHook("claude-code")))));
    expect(w.out).toContain(`backup: ${w.claudeFile}${BACKUP_SUFFIX}`);
  });

  test("the backup holds the original bytes", async () => {
    using w = workspace();
    mkdirSync(join(w.cwd, ".claude"));
    writeFileSync(w.claudeFile, USER_TEXT);
    await w.init(["claude-code", "--warden-command", WARDEN]);
    expect(readFileSync(`${w.claudeFile}${BACKUP_SUFFIX}`, "utf8")).toBe(USER_TEXT);
  });

  test("a second install changes nothing and writes no backup", async () => {
    using w = workspace();
    mkdirSync(join(w.cwd, ".claude"));
    writeFileSync(w.claudeFile, USER_TEXT);
    await w.init(["claude-code", "--warden-command", WARDEN]);
    const first = readFileSync(w.claudeFile, "utf8");
    const files = readdirSync(join(w.cwd, ".claude")).sort();
    expect(await w.init(["claude-code", "--warden-command", WARDEN])).toBe(0);
    expect(w.out).toEqual([`warden init: ${w.claudeFile} already has warden's hooks; nothing changed`]);
    expect(readFileSync(w.claudeFile, "utf8")).toBe(first);
    expect(readdirSync(join(w.cwd, ".claude")).sort()).toEqual(files);
  });

  test("switching --command to --http replaces our hook in place", async () => {
    using w = workspace();
    mkdirSync(join(w.cwd, ".claude"));
    writeFileSync(w.claudeFile, USER_TEXT);
    await w.init(["claude-code", "--warden-command", WARDEN]);
    expect(await w.init(["claude-code", "--http", "--url", "http://w.example"])).toBe(0);
    expect(readFileSync(w.claudeFile, "utf8")).toBe(asFile(withOurs(claudeHooks(httpHook("http://w.example")))));
    expect(w.out[0]).toBe(`~ PreToolUse: http http://w.example/hooks/claude-code (was command ${WARDEN} hook claude-code)`);
  });

  test("--dry-run prints the changes and writes nothing", async () => {
    using w = workspace();
    mkdirSync(join(w.cwd, ".claude"));
    writeFileSync(w.claudeFile, USER_TEXT);
    expect(await w.init(["claude-code", "--dry-run", "--warden-command", WARDEN])).toBe(0);
    expect(w.out.at(-1)).toMatch(/^\(dry run: nothing written to \/.*settings\.json\)$/);
    expect(w.out[0]).toBe(`+ PreToolUse: command ${WARDEN} hook claude-code`);
    expect(readFileSync(w.claudeFile, "utf8")).toBe(USER_TEXT);
    expect(readdirSync(join(w.cwd, ".claude"))).toEqual(["settings.json"]);
    expect(await w.init(["codex", "--dry-run"])).toBe(0);
    expect(existsSync(join(w.cwd, ".codex"))).toBe(false);
  });

  test.each([
    ["{ not json", "is not valid JSON"],
    ["[]", "its top level is not a JSON object"],
    ['{"hooks": []}', '"hooks" is not an object'],
    ['{"hooks": {"PreToolUse": {"matcher": "*"}}}', '"hooks.PreToolUse" is not an array'],
  ])("refuses %s: exit 1, file untouched", async (text, problem) => {
    using w = workspace();
    mkdirSync(join(w.cwd, ".claude"));
    writeFileSync(w.claudeFile, text);
    expect(await w.init(["claude-code", "--warden-command", WARDEN])).toBe(1);
    expect(w.err).toEqual([expect.stringContaining(problem)]);
    expect(w.err[0]).toContain(w.claudeFile);
    expect(readFileSync(w.claudeFile, "utf8")).toBe(text);
    expect(readdirSync(join(w.cwd, ".claude"))).toEqual(["settings.json"]);
  });
});

describe("warden init --uninstall", () => {
  test("install then uninstall gives back the original value", async () => {
    using w = workspace();
    mkdirSync(join(w.cwd, ".claude"));
    writeFileSync(w.claudeFile, USER_TEXT);
    await w.init(["claude-code", "--http"]);
    expect(await w.init(["claude-code", "--uninstall"])).toBe(0);
    expect(readFileSync(w.claudeFile, "utf8")).toBe(asFile(USER_SETTINGS));
    expect(w.out[0]).toBe("- PreToolUse: http http://127.0.0.1:8787/hooks/claude-code");
  });

  test("a file that had no hooks ends with none; empty groups the user had stay", async () => {
    using w = workspace();
    mkdirSync(join(w.cwd, ".codex"));
    const file = join(w.cwd, ".codex", "hooks.json");
    const original = { hooks: { Stop: [], SessionStart: [{ hooks: [] }] } };
    writeFileSync(file, JSON.stringify(original));
    await w.init(["codex", "--warden-command", WARDEN]);
    expect(await w.init(["codex", "--uninstall"])).toBe(0);
    expect(readJson(file)).toEqual(original);
    rmSync(file);
    await w.init(["codex", "--warden-command", WARDEN]);
    await w.init(["codex", "--uninstall"]);
    expect(readJson(file)).toEqual({});
  });

  test("nothing of ours, or no file: nothing changed, no backup", async () => {
    using w = workspace();
    expect(await w.init(["claude-code", "--uninstall"])).toBe(0);
    expect(w.out).toEqual([`warden init: no warden hooks in ${w.claudeFile}; nothing changed`]);
    expect(existsSync(join(w.cwd, ".claude"))).toBe(false);
    mkdirSync(join(w.cwd, ".claude"));
    writeFileSync(w.claudeFile, USER_TEXT);
    expect(await w.init(["claude-code", "--uninstall"])).toBe(0);
    expect(w.out).toEqual([`warden init: no warden hooks in ${w.claudeFile}; nothing changed`]);
    expect(readdirSync(join(w.cwd, ".claude"))).toEqual(["settings.json"]);
  });
});

describe("warden init: where and which options", () => {
  test("--user writes under the home directory", async () => {
    using w = workspace();
    expect(await w.init(["claude-code", "--user", "--warden-command", WARDEN])).toBe(0);
    expect(readJson(join(w.home, ".claude", "settings.json"))).toEqual({ hooks: claudeHooks(commandHook("claude-code")) });
    expect(existsSync(join(w.cwd, ".claude"))).toBe(false);
  });

  test("codex --user: CODEX_HOME when set, else ~/.codex", async () => {
    using w = workspace();
    const codexHome = join(w.root, "codex-home");
    expect(await w.init(["codex", "--user", "--warden-command", WARDEN], { CODEX_HOME: codexHome })).toBe(0);
    expect(existsSync(join(codexHome, "hooks.json"))).toBe(true);
    expect(existsSync(join(w.home, ".codex"))).toBe(false);
    expect(await w.init(["codex", "--user", "--warden-command", WARDEN])).toBe(0);
    expect(existsSync(join(w.home, ".codex", "hooks.json"))).toBe(true);
  });

  test.each([
    [["codex", "--http"], "Codex runs command hooks only"],
    [["claude-code", "--force"], "unknown option --force"],
    [["claude-code", "--project", "--user"], "--project and --user"],
    [["claude-code", "--http", "--command"], "--http and --command"],
    [["cursor"], "claude-code or codex"],
    [["claude-code", "--warden-command", "/opt/guard"], "names neither warden nor main.ts"],
  ])("%p is a usage error (exit 2)", async (args, message) => {
    using w = workspace();
    expect(await w.init(args)).toBe(2);
    expect(w.err[0]).toContain(message);
    expect(readdirSync(w.cwd)).toEqual([]);
  });
});

describe("harness-settings", () => {
  test.each([
    ["/usr/local/bin/warden", "/usr/local/bin/warden"],
    ["/Users/me/My Tools/warden", "'/Users/me/My Tools/warden'"],
    ["/tmp/it's/warden", "'/tmp/it'\\''s/warden'"],
  ])("quoteShellWord(%p) is %p", (word, quoted) => {
    expect(quoteShellWord(word)).toBe(quoted);
  });

  test.each([
    [{ type: "command", command: "  '/opt/my warden' hook claude-code  " }, true],
    [{ type: "command", command: "bun /src/main.ts hook claude-code" }, true],
    [{ type: "command", command: "warden hook codex" }, false],
    [{ type: "command", command: "./my-hook hook claude-code" }, false],
    [{ type: "http", url: "https://w.example/hooks/claude-code" }, true],
    [{ type: "http", url: "https://w.example/hooks/other" }, false],
  ])("isWardenHook(claude-code, %p) is %p", (hook, ours) => {
    expect(isWardenHook("claude-code", hook)).toBe(ours);
  });

  test("our hook sharing a group is replaced in place; duplicates of ours are removed", () => {
    const userHook = { type: "command", command: "./check.sh" };
    const old = commandHook("claude-code", "/old/warden");
    const root = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [userHook, old] }, { matcher: "*", hooks: [old] }] } };
    const edit = installWardenHooks(root, "claude-code", commandHook("claude-code"));
    if (!edit.ok) throw new Error(edit.message);
    const ours = claudeHooks(commandHook("claude-code"));
    expect(edit.value).toEqual({ hooks: { ...ours, PreToolUse: [{ matcher: "Bash", hooks: [userHook, commandHook("claude-code")] }] } });
    expect(edit.changes.slice(0, 2)).toEqual([
      `~ PreToolUse: command ${WARDEN} hook claude-code (was command /old/warden hook claude-code)`,
      "- PreToolUse: command /old/warden hook claude-code (duplicate)",
    ]);
    expect(root.hooks.PreToolUse[0]!.hooks[1]).toBe(old);
    const removed = uninstallWardenHooks(edit.value, "claude-code");
    expect(removed.ok && removed.value).toEqual({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [userHook] }] } });
  });

  test("uninstall leaves a hooks object that was empty already", () => {
    expect(uninstallWardenHooks({ hooks: {} }, "codex")).toEqual({ ok: true, value: { hooks: {} }, changes: [] });
  });
});
