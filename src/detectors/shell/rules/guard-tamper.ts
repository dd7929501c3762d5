// The guard itself, acted on from the shell: warden's operator commands (approving its own held
// action, minting keys and grants, lowering a ceiling, uninstalling the hook), writing, moving or
// deleting the harness's hook and permission config or warden's data (the same path list the
// file tools are denied, write-rules.ts), sqlite3 on warden's database, stopping warden, and
// reading warden's own secrets (its state files, `$WARDEN_KEY`).
import { normalisePath } from "../../egress/paths.ts";
import { isGuardPath, isWardenData } from "../../egress/write-rules.ts";
import { commandName } from "../commands.ts";
import { deletionsOf, writesOf } from "../effects.ts";
import { invocationsIn, isFetcher, operandFields } from "../facts.ts";
import type { Invocation, ShellModel } from "../model.ts";
import { type Hit, hit, type Rule } from "./rule.ts";

export const guardTamperRule: Rule = (ctx) => {
  const hits: Hit[] = [];
  for (const inv of ctx.invocations) {
    if (ctx.budget.spent()) {
      ctx.markIncomplete();
      break;
    }
    if (isAdminCommand(inv) || callsAdminApi(inv) || unguardsAgent(inv) || touchesGuard(inv) || stopsWarden(ctx.model, inv)) hits.push(hit("shell.guard_tampering", inv));
    else if (readsWardenData(inv)) hits.push(hit("shell.credential_read", inv));
  }
  // `echo $WARDEN_KEY` is an inert builtin rules skip: secret variables are looked for everywhere.
  for (const inv of ctx.model.invocations) if (printsWardenSecret(inv)) hits.push(hit("shell.credential_read", inv));
  return hits;
};

/** Operator commands per verb, and the sub-verbs of each that only read. */
const ADMIN_VERBS: Record<string, ReadonlySet<string> | "all"> = {
  approvals: new Set(["list", "show", "get", "help"]),
  operators: new Set(["list", "show", "help"]),
  grants: new Set(["list", "show", "help"]),
  keys: new Set(["list", "show", "help"]),
  pep: new Set(["list", "show", "status", "help"]),
  policy: new Set(["check", "validate", "show", "lint", "test", "help"]),
  console: "all",
};

const isWardenName = (name: string): boolean => /^warden(?:[-_.][\w.-]+)?$/.test(name) && name !== "warden.db";

/** `warden approvals approve ..`, `./dist/warden console`, `warden init claude-code --uninstall`. */
function isAdminCommand(inv: Invocation): boolean {
  // `bun src/main.ts approvals approve ..`, `npx bun .. approvals deny ..`: warden from its source.
  if (inv.args.some((arg, i) => arg.text === "approvals" && /^(?:approve|deny)$/.test(inv.args[i + 1]?.text ?? ""))) return true;
  if (!isWardenName(inv.name)) return false;
  const words = inv.args.map((arg) => arg.text).filter((text) => !text.startsWith("-"));
  const verb = words[0];
  if (verb === "init") return inv.args.some((arg) => arg.text === "--uninstall" || arg.text === "--remove");
  const readOnly = verb === undefined ? undefined : Object.hasOwn(ADMIN_VERBS, verb) ? ADMIN_VERBS[verb] : undefined;
  if (readOnly === undefined) return false;
  return readOnly === "all" || !readOnly.has(words[1] ?? "list");
}

/** `curl -X POST http://127.0.0.1:8787/admin/v1/approvals/apr_1/approve`: the operator API, called by the agent. */
const callsAdminApi = (inv: Invocation): boolean => isFetcher(inv) && inv.args.some((arg) => /^(?:https?:\/\/[^/\s]+)?\/admin\/v\d+\//i.test(arg.text));

/** Flags that start an agent with its permission prompts (and so its guard's holds) switched off. */
const UNGUARDED_FLAGS = new Set(["--dangerously-skip-permissions", "--dangerously-bypass-approvals-and-sandbox", "--yolo", "--permission-mode=bypasspermissions"]);

/** `claude --dangerously-skip-permissions`, `codex --dangerously-bypass-approvals-and-sandbox`, `claude config set hooks {}`. */
function unguardsAgent(inv: Invocation): boolean {
  if (inv.name !== "claude" && inv.name !== "codex" && inv.name !== "gemini") return false;
  const texts = inv.args.map((arg) => arg.text.toLowerCase());
  if (texts.some((text, i) => UNGUARDED_FLAGS.has(text) || (text === "--permission-mode" && texts[i + 1] === "bypasspermissions"))) return true;
  return inv.name === "claude" && texts[0] === "config" && ["set", "add", "remove"].includes(texts[1] ?? "");
}

/**
 * Every guard path spells one of these (write-rules.ts's agent directories, MCP config names,
 * warden's data): most written paths are ruled out without normalising them.
 */
const MAY_BE_GUARD = /claude|codex|cursor|gemini|windsurf|continue|amazonq|\.roo|warden|mcp|aider|opencode|rules/i;

const isGuard = (text: string): boolean => {
  if (!MAY_BE_GUARD.test(text)) return false;
  const path = normalisePath(text);
  return path !== undefined && isGuardPath(path);
};

/** Directories holding an agent's guard config or warden's data as a whole. */
const GUARD_DIRS = new Set([".claude", ".codex", ".cursor", ".gemini", ".windsurf", ".continue", ".amazonq", ".roo", ".warden"]);

/** A directory whose removal takes guard files with it (`rm -rf .claude`, `rm -rf ~/.local/state`). */
function holdsGuard(text: string): boolean {
  if (!MAY_BE_GUARD.test(text) && !/\.local/.test(text)) return false;
  const path = normalisePath(text);
  if (!path) return false;
  const base = path.segs[path.segs.length - 1] ?? "";
  if (GUARD_DIRS.has(base) || isWardenData(path)) return true;
  return path.home && path.segs[0] === ".local" && (path.segs.length === 1 || (path.segs.length === 2 && path.segs[1] === "state") || path.segs.join("/") === ".local/state/warden");
}

/** Writes, deletions, moves and `sqlite3` opening of guard config or warden data. */
function touchesGuard(inv: Invocation): boolean {
  if (writesOf(inv).some((write) => isGuard(write.path))) return true;
  if (deletionsOf(inv).some((deletion) => isGuard(deletion.path) || (deletion.recursive && holdsGuard(deletion.path)))) return true;
  // `mv .claude/settings.json /tmp`: the source is gone from where the harness reads it.
  if (inv.name === "mv" && operandFields(inv).slice(0, -1).some((field) => isGuard(field.text) || holdsGuard(field.text))) return true;
  return inv.name === "sqlite3" && operandFields(inv).some((field) => isWardenPath(field.text));
}

const isWardenPath = (text: string): boolean => {
  if (!/warden/i.test(text)) return false;
  const path = normalisePath(text);
  return path !== undefined && isWardenData(path);
};

const STOPPERS = new Set(["kill", "pkill", "killall", "skill", "systemctl", "launchctl", "service"]);
const mentionsWarden = (text: string): boolean => /warden/i.test(text) && !/\.warden\/|warden\.db/i.test(text);

/** `pkill -f warden`, `killall warden`, `kill $(pgrep warden)`, `systemctl stop warden`. */
function stopsWarden(model: ShellModel, inv: Invocation): boolean {
  if (!STOPPERS.has(inv.name)) return false;
  if ((inv.name === "systemctl" || inv.name === "service" || inv.name === "launchctl") && !inv.args.some((arg) => /^(?:stop|disable|kill|mask|unload|remove|bootout)$/.test(arg.text))) return false;
  if (inv.args.some((arg) => mentionsWarden(arg.text))) return true;
  return inv.args.some((arg) => arg.subs.length > 0 && invocationsIn(model, arg.subs).some((sub) => sub.args.some((a) => /warden/i.test(a.text))));
}

const READERS = new Set(["cat", "tac", "less", "more", "head", "tail", "bat", "nl", "base64", "xxd", "od", "hexdump", "strings", "grep", "rg", "jq", "sed", "awk", "cp", "scp", "tar", "zip", "dd", "sort", "cut"]);

/** `cat ~/.local/state/warden/*`, `cat .warden/warden.db`: warden's keys and records. */
function readsWardenData(inv: Invocation): boolean {
  if (!READERS.has(inv.name)) return false;
  if (inv.stdin?.kind === "file" && isWardenPath(inv.stdin.field.text)) return true;
  const dd = inv.name === "dd" ? inv.args.find((arg) => arg.text.startsWith("if="))?.text.slice(3) : undefined;
  return dd !== undefined ? isWardenPath(dd) : operandFields(inv).some((field) => isWardenPath(field.text));
}

/** Variables holding warden's credentials (`WARDEN_KEY`, `WARDEN_KEY_FILE`, `WARDEN_SPLUNK_TOKEN_FILE`). */
const WARDEN_SECRET = /^WARDEN_[A-Z_]*(?:KEY|TOKEN|SECRET|PASSWORD)(?:_FILE)?$/;

/** `echo $WARDEN_KEY`, `printenv WARDEN_KEY`, `cat $WARDEN_KEY_FILE`. */
function printsWardenSecret(inv: Invocation): boolean {
  if ((inv.name === "printenv" || commandName(inv.argv0) === "printenv") && inv.args.some((arg) => WARDEN_SECRET.test(arg.text))) return true;
  return inv.args.some((arg) => arg.word.parts.some((part) => part.kind === "param" && WARDEN_SECRET.test(part.name)));
}
