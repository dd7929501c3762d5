// Persistence: code planted to run again later (cron, shell startup files, services and
// autostart entries, git hooks) and SSH keys planted for access. Installing a hook is a legitimate admin
// act, so cron/rc/service writes ask for approval; authorized_keys writes are blocked. What
// the hook would run is judged too when it is spelled out, and blocked if it is an attack.
import { feedOutput } from "../content.ts";
import { writesOf } from "../effects.ts";
import { operandFields } from "../facts.ts";
import type { Invocation } from "../model.ts";
import { baseName, normalizePath } from "../paths.ts";
import { gitConfigRunsCode, isOwnStartupFile as isUsersStartupFile } from "../../egress/write-rules.ts";
import { baseOf, normalisePath } from "../../egress/paths.ts";
import { globToRegExp } from "../resolve.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";
import { isInertStartup } from "../../startup-lines.ts";
import { isInertUnitSnippet } from "../../unit-files.ts";

type Hook =
  | "shell.persistence_authorized_keys"
  | "shell.persistence_cron"
  | "shell.persistence_shell_rc"
  | "shell.persistence_service"
  | "shell.persistence_git_hook";

const RC_FILES = new Set([
  ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin",
  ".kshrc", ".cshrc", ".tcshrc", ".mkshrc", "config.fish", ".xprofile", ".xinitrc", ".xsession",
]);
const RC_PATHS = ["/etc/profile", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zshrc", "/etc/zsh/", "/etc/environment", "/etc/profile.d/"];
const CRON_PATHS = ["/etc/cron", "/var/spool/cron", "/etc/anacrontab", "/var/spool/anacron", "/usr/lib/cron/tabs", "/private/var/at/tabs", "/var/at/tabs"];
const SERVICE_PATHS = [
  "/etc/systemd/", "/lib/systemd/system/", "/usr/lib/systemd/", "/etc/init.d/", "/etc/rc.local", "/etc/rc.d/", "/etc/init/",
  "/library/launchdaemons/", "/library/launchagents/", "~/library/launchagents/", "/etc/xdg/autostart/",
  "~/.config/autostart/", "~/.config/systemd/", "/etc/update-motd.d/", "/usr/lib/systemd/user/",
  // udev runs a rule's RUN+= program as root on every matching device event; modules-load.d
  // loads the kernel modules it names at every boot.
  "/etc/udev/rules.d/", "/lib/udev/rules.d/", "/usr/lib/udev/rules.d/", "/etc/modules-load.d/",
];

const SYSTEM_PROGRAMS = /^\/(?:usr\/(?:local\/)?)?s?bin\/|^\/opt\/[^/]+\/s?bin\/|^\/usr\/(?:local\/)?lib\/[^/]+\/[^/]+\.sh$/;

const startsWithAny = (path: string, prefixes: readonly string[]): boolean => prefixes.some((prefix) => path.startsWith(prefix));

/** Files other tools run as commands: direnv's `.envrc`, husky's hooks, git's global hooks directory. */
const isToolHook = (path: string, name: string): boolean =>
  name === ".envrc" || path.startsWith(".husky/") || path.includes("/.husky/") || path.startsWith("~/.config/git/hooks/") || path.startsWith("~/.githooks/");

/** A project's `.envrc`, or a startup file of the user's own (write-rules.ts says which those are). */
function isOwnStartupFile(rawPath: string): boolean {
  const path = normalisePath(rawPath);
  if (path === undefined) return false;
  return baseOf(path) === ".envrc" ? !(path.absolute && path.segs[0] === "etc") : isUsersStartupFile(path);
}

/** Rc names a glob in a written path may expand to (`>> ~/.b*rc`). */
const RC_CANDIDATES = [...RC_FILES].map((name) => `~/${name}`);

export function hookOf(rawPath: string): Hook | undefined {
  const path = normalizePath(rawPath).toLowerCase();
  const name = baseName(path);
  if (/[*?[]/.test(path)) {
    const glob = globToRegExp(path);
    if (glob && RC_CANDIDATES.some((candidate) => glob.test(candidate))) return "shell.persistence_shell_rc";
  }
  if (isToolHook(path, name)) return name === ".envrc" ? "shell.persistence_shell_rc" : "shell.persistence_git_hook";
  // A directory written into (`cp x ~/.config/autostart/`) is matched with its trailing slash.
  if (startsWithAny(`${path}/`, SERVICE_PATHS)) return "shell.persistence_service";
  if (name === "authorized_keys" || name === "authorized_keys2") return "shell.persistence_authorized_keys";
  if (startsWithAny(path, CRON_PATHS)) return "shell.persistence_cron";
  if (startsWithAny(path, SERVICE_PATHS) || path.includes("/library/launchagents/") || path.includes("/.config/systemd/user/")) {
    return "shell.persistence_service";
  }
  if (RC_FILES.has(name) || startsWithAny(path, RC_PATHS)) return "shell.persistence_shell_rc";
  if (isGitHook(path)) return "shell.persistence_git_hook";
  return undefined;
}

/** `.git/hooks/post-merge`: run by git on the next pull or commit; `.sample` files never run. */
const isGitHook = (path: string): boolean =>
  (path.startsWith(".git/hooks/") || path.includes("/.git/hooks/")) && !path.endsWith(".sample") && !path.endsWith("/hooks");

export const persistenceRule: Rule = (ctx) => [...eachInvocation(ctx, (inv) => judgeWrites(ctx, inv)), ...eachInvocation(ctx, (inv) => judgeSchedulers(ctx, inv))];

function judgeWrites(ctx: RuleContext, inv: Invocation): Hit[] | undefined {
  if (writesOf(inv).length === 0) return undefined;
  const hits: Hit[] = [];
  for (const write of writesOf(inv)) {
    const hook = hookOf(write.path) ?? contentHook(write.path, write.content?.text);
    // Text added to a program in a system directory runs with whoever runs it (often root, from cron or a unit).
    if (!hook && write.content && !write.clearing && SYSTEM_PROGRAMS.test(normalizePath(write.path))) hits.push(...ctx.analyzeEmbedded(write.content.text, inv.span));
    if (!hook) continue;
    // A user's own startup file given only configuration (a PATH entry, an alias, a tool's init
    // line): nothing planted, so nothing to approve (startup-lines.ts says which lines those are).
    if (hook === "shell.persistence_shell_rc" && write.content && isOwnStartupFile(write.path) && isInertStartup(write.content.text)) continue;
    // A unit override that only sets environment or limits starts nothing new (unit-files.ts).
    if (hook === "shell.persistence_service" && write.content && !write.clearing && isInertUnitSnippet(normalizePath(write.path), write.content.text)) continue;
    hits.push(hit(hook, inv));
    if (hook === "shell.persistence_shell_rc" && write.content && capturesCommands(write.content.text)) hits.push(hit("shell.keystroke_capture", inv));
    if (write.content && !write.clearing && hook !== "shell.persistence_authorized_keys") {
      hits.push(...ctx.analyzeEmbedded(executablePart(write.path, write.content.text), inv.span));
    }
  }
  return hits;
}

/** A prompt or DEBUG hook that hands each command typed to a file or the network. */
const COMMAND_HOOK = /\bPROMPT_COMMAND\s*\+?=|\btrap\b.*\bDEBUG\b|\bpreexec(?:_functions)?\b|\bprecmd_functions\b|\bzle\s+-N\b|\bbind\s+-x\b/;
const TYPED_COMMAND = /\$\{?BASH_COMMAND|\bhistory\s+1\b|\bfc\s+-[a-z]*l|\$\{?1\b|\$\{?BUFFER|\$\{?READLINE_LINE/;
const CARRIED_AWAY = />>?\s*\S|\|\s*(?:nc|ncat|curl|wget|logger|socat|tee)\b|\/dev\/(?:tcp|udp)\/|\b(?:curl|wget|nc)\s/;
/** `script -qf FILE` started from a startup file: every session recorded. */
const SESSION_RECORDER = /(?:^|[;&|]\s*)(?:exec\s+)?script\s+(?:-[a-zA-Z]+\s+)*-[a-zA-Z]*f/m;

/** Startup-file lines that record what is typed: the hook is a keylogger, not a prompt. */
function capturesCommands(text: string): boolean {
  if (SESSION_RECORDER.test(text)) return true;
  return text.split("\n").some((line) => COMMAND_HOOK.test(line) && TYPED_COMMAND.test(line) && CARRIED_AWAY.test(line));
}

/** APT's hook options: each runs a shell command as root on every update or install. */
const APT_HOOK = /\b(?:APT::Update::(?:Pre|Post)-Invoke(?:-Success)?|DPkg::(?:Pre|Post)-Invoke|DPkg::Pre-Install-Pkgs)\b/i;
/** A `.pth` line that Python's site module runs at every interpreter start. */
const PTH_IMPORT = /^import[ \t]/m;

/**
 * Files whose danger is in what is written: an APT configuration snippet that sets a hook
 * (a proxy or retry setting does not), a `.pth` file with an import line (a path line does not).
 */
function contentHook(path: string, content: string | undefined): Hook | undefined {
  if (content === undefined) return undefined;
  const normalized = normalizePath(path).toLowerCase();
  if (normalized.startsWith("/etc/apt/apt.conf") && APT_HOOK.test(content)) return "shell.persistence_service";
  if (normalized.endsWith(".pth") && PTH_IMPORT.test(content)) return "shell.persistence_service";
  return sshCommandHook(path, content);
}

/** `~/.ssh/config` given a ProxyCommand or LocalCommand: ssh runs it on every connection. */
function sshCommandHook(path: string, content: string | undefined): Hook | undefined {
  // `.git/config` given fsmonitor, sshCommand, hooksPath, a pager or a `!` alias: git runs it later.
  if (/(?:^|\/)\.git\/config$/.test(normalizePath(path)) && content !== undefined) return gitConfigRunsCode(content) ? "shell.persistence_git_hook" : undefined;
  if (!/(?:^|\/)\.ssh\/config$/.test(normalizePath(path)) || content === undefined) return undefined;
  return /\b(?:proxycommand|localcommand|knownhostscommand|match\s+exec)\b/i.test(content) ? "shell.persistence_service" : undefined;
}

/** `crontab -`, `crontab file`, `at`, `schtasks /create`, Run registry keys. */
const SCHEDULERS = new Set(["crontab", "at", "batch", "schtasks", "reg", "systemctl"]);

function judgeSchedulers(ctx: RuleContext, inv: Invocation): Hit[] | undefined {
  // `systemd-run --on-calendar=.. cmd`: a transient timer runs the command again and again.
  if (inv.scheduled) return [hit("shell.persistence_cron", inv)];
  if (!SCHEDULERS.has(inv.name)) return undefined;
  const args = inv.args.map((arg) => arg.text);
  if (inv.name === "crontab") {
    if (args.some((arg) => /^-[lrT]$/.test(arg))) return [];
    const fromStdin = operandFields(inv, "u").every((field) => field.text === "-");
    const content = fromStdin ? feedOutput(inv.stdin) : undefined;
    const hits = [hit("shell.persistence_cron", inv)];
    if (content) hits.push(...ctx.analyzeEmbedded(cronCommands(content.text, false), inv.span));
    return hits;
  }
  // `at -f job.sh now + 5 minutes`: the job read from a file rather than the input.
  if ((inv.name === "at" || inv.name === "batch") && args.some((arg) => arg === "-f" || /^-[a-zA-Z]*f/.test(arg))) return [hit("shell.persistence_cron", inv)];
  // `echo 'systemctl --user restart x' | at now + 5 minutes`: a job that runs once, later, and
  // whose every word is judged here now; it plants nothing that comes back. A job whose text
  // cannot be read is still a scheduled task to approve.
  if ((inv.name === "at" || inv.name === "batch") && inv.stdin) {
    const content = feedOutput(inv.stdin);
    return content ? ctx.analyzeEmbedded(content.text, inv.span) : [hit("shell.persistence_cron", inv)];
  }
  const lower = args.map((arg) => arg.toLowerCase());
  if (inv.name === "schtasks" && lower.some((arg) => arg === "/create" || arg === "-create")) return [hit("shell.persistence_cron", inv)];
  if (inv.name === "reg" && lower[0] === "add" && lower.some((arg) => arg.includes("\\currentversion\\run"))) return [hit("shell.persistence_service", inv)];
  // `systemctl --user enable x.service`: a unit the agent could write itself, started at every login from
  // now on. System units (`systemctl enable nginx`) need root, which has its own prompt: left alone.
  if (inv.name === "systemctl" && lower.includes("--user") && lower.includes("enable")) return [hit("shell.persistence_service", inv)];
  // `systemctl link /tmp/x.service`, `systemctl enable ./x.service`: a unit file from outside systemd's own directories installed.
  if (inv.name === "systemctl" && (lower.includes("link") || lower.includes("enable")) && args.some((arg) => /^[./~]/.test(arg) && arg.includes("/"))) {
    return [hit("shell.persistence_service", inv)];
  }
  return [];
}

/** The part of a hook file that runs as commands. */
function executablePart(path: string, text: string): string {
  const normalized = normalizePath(path).toLowerCase();
  if (/^\/etc\/cron\.(hourly|daily|weekly|monthly)\//.test(normalized)) return text;
  if (normalized === "/etc/crontab" || normalized.startsWith("/etc/cron.d/")) return cronCommands(text, true);
  if (hookOf(path) === "shell.persistence_cron") return cronCommands(text, false);
  if (normalized.endsWith(".service") || normalized.includes("/systemd/")) return unitCommands(text);
  return text;
}

/** Commands of crontab lines: the schedule (and, for system tables, the user) removed. */
function cronCommands(text: string, hasUserField: boolean): string {
  const commands: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line)) continue;
    const fields = line.split(/\s+/);
    const skip = (line.startsWith("@") ? 1 : 5) + (hasUserField ? 1 : 0);
    commands.push(fields.slice(skip).join(" "));
  }
  return commands.join("\n");
}

/** `ExecStart=`, `ExecStartPre=`... values of a systemd unit, prefixes removed. */
function unitCommands(text: string): string {
  const commands: string[] = [];
  for (const raw of text.split("\n")) {
    const match = /^\s*Exec[A-Za-z]*\s*=\s*[-@+!:]*(.*)$/.exec(raw);
    if (match?.[1]) commands.push(match[1]);
  }
  return commands.join("\n");
}
