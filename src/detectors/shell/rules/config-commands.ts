// Commands hidden in a program's settings: git config keys whose value git runs (`core.pager`,
// `core.sshCommand`, `core.fsmonitor`, `alias.x=!cmd`, `credential.helper=!cmd`), given once
// (`git -c k=v`) or stored (`git config k v`, which persists for every later git command), and
// vim's `-c ':!cmd'` / `+'!cmd'`. The command is judged as if run; storing a command key or
// pointing `core.hooksPath` outside the repository is persistence a person approves.
import type { Field } from "../expand.ts";
import type { Invocation } from "../model.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";

/** Keys whose value git runs as a shell command (aliases and helpers only when they start with `!`). */
const COMMAND_KEY =
  /^(?:core\.(?:pager|sshcommand|fsmonitor|editor|askpass|hookspath)|sequence\.editor|diff\.external|gpg\.(?:\w+\.)?program|pager\.[\w-]+|alias\.[\w.-]+|credential\.(?:[^=]*\.)?helper|(?:diff|filter|merge)\.[^=]+\.(?:textconv|clean|smudge|process|driver|command)|uploadpack\.packobjectshook|sendemail\.(?:smtpserver|tocmd|cccmd)|web\.browser|browser\.[\w-]+\.cmd)$/i;
/** Keys naming a tool the user runs on purpose, not a hook git fires by itself. */
const TOOL_KEY = /^(?:core\.(?:editor|pager|askpass)|pager\.|sequence\.editor|web\.browser|browser\.|gpg\.|sendemail\.|diff\.external)/i;
/** Keys that run a command only when their value starts with `!`. */
const BANG_ONLY = /^(?:alias\.|credential\.)/i;

export const configCommandsRule: Rule = (ctx) =>
  eachInvocation(ctx, (inv) => (inv.name === "git" ? judgeGit(ctx, inv) : VIMS.has(inv.name) ? judgeVim(ctx, inv) : NODE_PACKAGERS.has(inv.name) ? judgeStrictSsl(inv) : undefined));

const NODE_PACKAGERS = new Set(["npm", "yarn", "pnpm"]);

/**
 * `npm config set strict-ssl false` (or `yarn`/`pnpm`): certificates no longer checked for any
 * registry from now on, so whoever sits on the path serves the packages.
 */
function judgeStrictSsl(inv: Invocation): Hit | undefined {
  const words = inv.args.map((arg) => arg.text.toLowerCase()).filter((text) => !text.startsWith("-"));
  if (words[0] !== "config" || words[1] !== "set") return undefined;
  const setting = words[3] === undefined ? words[2]?.split("=") : [words[2], words[3]];
  return setting?.[0] === "strict-ssl" && setting[1] === "false" ? hit("shell.trust_store_modification", inv) : undefined;
}

/**
 * `git config --global http.sslVerify false`: every later clone and fetch, from any host, takes
 * whatever certificate it is shown. For one command (`git -c`) or one repository it is a person's
 * workaround for an internal host; stored for the user or the machine it is a trust change.
 */
function disablesTlsVerify(args: readonly string[], key: string, value: string): boolean {
  return /^http\.(?:[^=]*\.)?sslverify$/i.test(key) && /^(?:false|no|off|0)$/i.test(value) && args.some((arg) => arg === "--global" || arg === "--system");
}

function commandOf(key: string, value: string): string | undefined {
  if (!COMMAND_KEY.test(key)) return undefined;
  if (BANG_ONLY.test(key)) return value.startsWith("!") ? value.slice(1) : undefined;
  return value;
}

function judgeGit(ctx: RuleContext, inv: Invocation): Hit[] | undefined {
  const texts = inv.args.map((arg) => arg.text);
  const hits: Hit[] = [];
  let i = 0;
  for (; i < texts.length && (texts[i] as string).startsWith("-"); i++) {
    const text = texts[i] as string;
    if (text === "-c" || text === "-C" || text === "--git-dir" || text === "--work-tree" || text === "--namespace" || text === "--config-env") {
      if (text === "-c") {
        const pair = texts[i + 1] ?? "";
        const eq = pair.indexOf("=");
        const command = eq > 0 ? commandOf(pair.slice(0, eq), pair.slice(eq + 1)) : undefined;
        if (command) hits.push(...ctx.analyzeEmbedded(command, inv.span));
      }
      i++;
    }
  }
  if (texts[i] === "config") hits.push(...judgeStoredConfig(ctx, inv, inv.args.slice(i + 1)));
  return hits;
}

/** `git config [--global] [set] KEY VALUE`: a command stored for every later git run. */
function judgeStoredConfig(ctx: RuleContext, inv: Invocation, args: readonly Field[]): Hit[] {
  const operands = args.map((arg) => arg.text).filter((text) => !text.startsWith("-"));
  const words = operands[0] === "set" ? operands.slice(1) : operands;
  const [key, value] = words;
  if (key === undefined || value === undefined) return [];
  if (disablesTlsVerify(args.map((arg) => arg.text), key, value)) return [hit("shell.trust_store_modification", inv)];
  const command = commandOf(key, value);
  if (command === undefined) return [];
  const hooksPath = /hookspath$/i.test(key);
  if (hooksPath && isRepoDirectory(value)) return [];
  const embedded = hooksPath ? [] : ctx.analyzeEmbedded(command, inv.span);
  // A program kept in a hidden or temporary directory, run by every later git command, is an implant however it is named.
  if (runsHiddenProgram(command)) return [hit("shell.persistence_git_hook", inv), ...embedded];
  // An editor, pager or browser is a tool the user names daily (`core.editor "code --wait"`), as is
  // plain ssh with the user's own options: only what it runs is judged.
  return TOOL_KEY.test(key) || (/sshcommand$/i.test(key) && firstPrograms(command).every((p) => /^(?:\S*\/)?ssh$/.test(p))) ? embedded : [hit("shell.persistence_git_hook", inv), ...embedded];
}

/** Programs that put their own binaries under a dot-directory of home (`~/.cargo/bin/delta`). */
const TOOL_DOT_DIRS = new Set([".local", ".cargo", ".bun", ".deno", ".nix-profile", ".npm-global", ".volta", ".asdf", ".rbenv", ".pyenv", ".sdkman", ".vscode", ".linuxbrew", ".dotnet", ".go", ".config", ".fzf", ".jenv", ".nvm", ".yarn", ".pixi", ".rye"]);

/** The program each simple command of a setting starts (the script, when it is `sh FILE`). */
function firstPrograms(command: string): string[] {
  return command.split(/[;&|]+/).flatMap((segment) => {
    const words = segment.trim().split(/\s+/).filter((word) => word !== "" && !/^\w+=/.test(word)).map((word) => word.replace(/^["']|["']$/g, ""));
    const start = /^(?:\S*\/)?(?:sh|bash|zsh|dash|exec|nohup|source|\.)$/.test(words[0] ?? "") ? words.findIndex((word, i) => i > 0 && !word.startsWith("-")) : 0;
    const program = words[start];
    return program ? [program] : [];
  });
}

/**
 * `~/.cache/.p.sh`, `$HOME/.local/share/.e/run`, `/tmp/.s/wrap`: a program in a temporary
 * directory, or whose own name or a directory of its path is hidden (the dot-directories that
 * package managers install binaries into excepted).
 */
function runsHiddenProgram(command: string): boolean {
  return firstPrograms(command).some((program) => {
    if (/^(?:\/private)?\/(?:tmp|var\/tmp|dev\/shm)\//.test(program)) return true;
    const parts = program.split("/");
    return parts.some((part, i) => part.length > 1 && part.startsWith(".") && part !== ".." && (i === parts.length - 1 || !TOOL_DOT_DIRS.has(part)));
  });
}

/**
 * `.githooks`, `.husky/_`, `scripts/git-hooks`: a directory of the repository itself, as husky
 * and team setups point `core.hooksPath`. The hooks are the repo's tracked code, run on the same
 * trust as its build and test scripts. A path outside it (`/tmp/h`, `~/.hooks`, `../x`) is not.
 */
const isRepoDirectory = (path: string): boolean => path !== "" && !/^[/~$\\]|^[A-Za-z]:|(?:^|\/)\.\.(?:\/|$)/.test(path);

const VIMS = new Set(["vim", "vi", "nvim", "view", "ex", "gvim", "rvim", "vimdiff"]);

/** `vim -c ':!cmd'`, `vim +'!cmd'`, `--cmd`, `:r !cmd`, `:call system('cmd')`: Ex commands that run a shell. */
function judgeVim(ctx: RuleContext, inv: Invocation): Hit[] | undefined {
  const hits: Hit[] = [];
  inv.args.forEach((arg, i) => {
    const ex = arg.text === "-c" || arg.text === "--cmd" ? inv.args[i + 1]?.text : arg.text.startsWith("+") ? arg.text.slice(1) : undefined;
    if (ex === undefined) return;
    const bang = /^[:\s]*(?:\d*,?\d*\s*)?(?:r(?:ead)?\s*|w(?:rite)?\s*|silent!?\s*)?!(.*)$/s.exec(ex);
    const call = /system\s*\(\s*(["'])(.*)\1\s*\)/s.exec(ex);
    const command = bang?.[1] ?? call?.[2];
    if (command) hits.push(...ctx.analyzeEmbedded(command, inv.span));
  });
  return hits;
}
