// Which writes change who the machine trusts or what runs later: account databases, SSH
// authorized keys, startup and scheduler files, hooks, and the agent's own guardrail and
// instruction files. Deleting a guardrail file counts as writing it: both switch a guard off.
import { TELEMETRY_DOMAIN } from "./security-vendors.ts";
import { isInertStartup } from "../startup-lines.ts";
import { isInertUnitSnippet } from "../unit-files.ts";
import { SSHD_WEAKENING } from "../sshd-options.ts";
import type { CheckId } from "./checks.ts";
import { type NormalPath, baseOf, endsWith, findSequence, isBelow, parentOf } from "./paths.ts";

export type WriteOp = "write" | "delete";

const ACCOUNT_FILES = new Set([
  "passwd", "passwd-", "shadow", "shadow-", "group", "gshadow", "sudoers", "master.passwd", "doas.conf",
]);

const isAccountFile = (p: NormalPath, base: string): boolean =>
  (p.absolute && p.segs.length === 2 && p.segs[0] === "etc" && ACCOUNT_FILES.has(base)) ||
  isBelow(p, "abs", ["etc", "sudoers.d"]) ||
  isBelow(p, "abs", ["etc", "pam.d"]);

const isAuthorizedKeys = (p: NormalPath, base: string): boolean =>
  (base === "authorized_keys" || base === "authorized_keys2") && (parentOf(p) === ".ssh" || isBelow(p, "abs", ["etc", "ssh"]));

const SHELL_STARTUP = new Set([
  ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zshenv", ".zprofile", ".zlogin",
  ".zlogout", ".cshrc", ".tcshrc", ".kshrc", ".mkshrc", ".xprofile", ".xinitrc", ".xsession", ".pam_environment",
]);
const SYSTEM_STARTUP_FILES = new Set(["profile", "bashrc", "bash.bashrc", "zshrc", "zprofile", "environment", "rc.local", "crontab", "anacrontab", "ld.so.preload"]);
/** Directories below which every file runs later as some user (often root). */
const ABS_STARTUP_DIRS: readonly (readonly string[])[] = [
  ["etc", "profile.d"], ["etc", "zsh"], ["etc", "rc.d"], ["etc", "init.d"], ["etc", "systemd"], ["lib", "systemd"],
  ["usr", "lib", "systemd"], ["run", "systemd"], ["etc", "xdg", "autostart"], ["var", "spool", "cron"], ["var", "at"],
  ["usr", "lib", "cron"], ["etc", "ld.so.conf.d"], ["etc", "udev", "rules.d"], ["etc", "modules-load.d"],
  ["etc", "update-motd.d"], ["etc", "apt", "apt.conf.d"], ["library", "launchagents"], ["library", "launchdaemons"],
  ["system", "library", "launchagents"], ["system", "library", "launchdaemons"],
];
const HOME_STARTUP_DIRS: readonly (readonly string[])[] = [
  [".config", "systemd", "user"], [".config", "autostart"], [".config", "fish"], ["library", "launchagents"],
  [".local", "share", "systemd", "user"],
  // Every file in an editor's plugin directory runs when the editor starts.
  [".vim", "plugin"], [".config", "nvim", "plugin"],
];

/** A startup file of the user's own (`~/.bashrc`, `/home/dev/.profile`), not a system-wide one. */
export const isOwnStartupFile = (p: NormalPath): boolean => p.home && p.segs.length === 1 && SHELL_STARTUP.has(baseOf(p));

function isPersistence(p: NormalPath, base: string, content: string | undefined): boolean {
  // A user's own startup file given only configuration (a PATH entry, an alias, a tool's init line) plants nothing.
  if (isOwnStartupFile(p)) return content === undefined || !isInertStartup(content);
  if (p.absolute && p.segs.length === 2 && p.segs[0] === "etc" && SYSTEM_STARTUP_FILES.has(base)) return true;
  if (p.absolute && p.segs[0] === "etc" && p.segs[1]?.startsWith("cron")) return true;
  const unitPath = `${p.home ? "~" : ""}/${p.segs.join("/")}`;
  if (content !== undefined && isInertUnitSnippet(unitPath, content)) return false;
  if (ABS_STARTUP_DIRS.some((dir) => isBelow(p, "abs", dir))) return true;
  if (HOME_STARTUP_DIRS.some((dir) => isBelow(p, "home", dir))) return true;
  if (parentOf(p) === ".ssh" && (base === "rc" || base === "environment")) return true;
  if (parentOf(p) === ".ssh" && base === "config") return content === undefined || sshConfigRunsCode(content);
  if (findSequence(p.segs, ["windows", "start menu", "programs", "startup"]) >= 0) return true;
  if (/^(?:microsoft\.powershell_profile|profile)\.ps1$/.test(base) && /powershell$/.test(parentOf(p))) return true;
  return isCodeHook(p, base, content);
}

/** `/etc/ssh/sshd_config` and its drop-ins. */
const isSshdConfig = (p: NormalPath, base: string): boolean =>
  (p.absolute && p.segs.length === 3 && p.segs[0] === "etc" && p.segs[1] === "ssh" && base === "sshd_config") || isBelow(p, "abs", ["etc", "ssh", "sshd_config.d"]);

/** Files that decide where names resolve, which certificates and which package sources are trusted. */
const RESOLVER_FILES = new Set(["hosts", "resolv.conf", "nsswitch.conf", "gai.conf"]);
const TRUST_DIRS: readonly (readonly string[])[] = [
  ["etc", "ssl", "certs"], ["etc", "pki", "ca-trust"], ["etc", "ca-certificates"], ["usr", "local", "share", "ca-certificates"],
  ["usr", "share", "ca-certificates"], ["etc", "apt", "sources.list.d"], ["etc", "apt", "trusted.gpg.d"], ["etc", "apt", "keyrings"],
  ["etc", "yum.repos.d"], ["etc", "zypp", "repos.d"],
];

function isTrustConfig(p: NormalPath, base: string): boolean {
  if (p.absolute && p.segs.length === 2 && p.segs[0] === "etc" && (RESOLVER_FILES.has(base) || base === "trusted.gpg")) return true;
  if (isBelow(p, "abs", ["etc", "apt"]) && base === "sources.list") return true;
  if (TRUST_DIRS.some((dir) => isBelow(p, "abs", dir))) return true;
  return findSequence(p.segs, ["system32", "drivers", "etc", "hosts"]) >= 0;
}

const MAX_CONFIG_CHARS = 1 << 16;

/** ssh_config(5) directives that run a local command: on every connection, or to match a host. */
const SSH_COMMAND = /^[ \t]*(?:proxycommand|localcommand|permitlocalcommand|knownhostscommand|match[ \t][^\n]*?\bexec)\b/im;

const sshConfigRunsCode = (content: string): boolean => SSH_COMMAND.test(content.slice(0, MAX_CONFIG_CHARS));

/**
 * git-config(1) keys, by section, whose value git runs as a command (or, for `url.*.insteadOf`
 * and `include.path`, that redirect fetches or pull in other config). `alias` runs only `!` values.
 */
const GIT_CODE_KEYS = new Map<string, ReadonlySet<string>>([
  ["core", new Set(["fsmonitor", "hookspath", "sshcommand", "pager", "editor", "askpass", "gitproxy"])],
  ["credential", new Set(["helper"])],
  ["filter", new Set(["clean", "smudge", "process"])],
  ["diff", new Set(["textconv", "command"])],
  ["merge", new Set(["driver"])],
  ["url", new Set(["insteadof", "pushinsteadof"])],
  ["include", new Set(["path"])],
  ["includeif", new Set(["path"])],
  ["sequence", new Set(["editor"])],
  ["gpg", new Set(["program"])],
]);
const GIT_SECTION = /^\[\s*([a-z0-9.-]+)[^\]]*\](.*)$/;
const GIT_ENTRY = /^([a-z][a-z0-9-]*)\s*(?:=\s*(.*))?$/;

export function gitConfigRunsCode(content: string): boolean {
  let section = "";
  for (const raw of content.slice(0, MAX_CONFIG_CHARS).split("\n")) {
    let line = raw.trim().toLowerCase();
    const header = GIT_SECTION.exec(line);
    if (header) {
      // `[core.fsmonitor]`-style dotted headers name the section by their first part.
      section = header[1]!.split(".")[0]!;
      line = header[2]!.trim();
    }
    const entry = GIT_ENTRY.exec(line);
    if (!entry) continue;
    const value = (entry[2] ?? "").trim();
    if (value.startsWith("!") && (section === "alias" || section === "")) return true;
    // An edit may insert lines below a header it does not repeat: any section's key counts then.
    const keys = section === "" ? [...GIT_CODE_KEYS.values()] : [GIT_CODE_KEYS.get(section)];
    if (value !== "" && keys.some((set) => set?.has(entry[1]!))) return true;
  }
  return false;
}

/** Files that run code in later, unrelated commands: git hooks and config, Python startup hooks. */
function isCodeHook(p: NormalPath, base: string, content: string | undefined): boolean {
  const git = p.segs.lastIndexOf(".git");
  if (git >= 0 && p.segs[git + 1] === "hooks" && p.segs.length > git + 2 && !base.endsWith(".sample")) return true;
  // With the written text at hand, only config that runs code counts: `[user]` or `[remote]` is routine.
  if (git >= 0 && git === p.segs.length - 2 && base === "config") return content === undefined || gitConfigRunsCode(content);
  if (base === "sitecustomize.py" || base === "usercustomize.py") return true;
  return base.endsWith(".pth") && /^(?:site|dist)-packages$/.test(parentOf(p));
}

/** Files that configure what the agent may run unasked, which MCP servers load, and its hooks. */
const MCP_CONFIG_FILES = new Set([
  ".mcp.json", "mcp.json", "mcp_config.json", "mcp_settings.json", "cline_mcp_settings.json", "claude_desktop_config.json",
  ".aider.conf.yml", "opencode.json", "opencode.jsonc", ".cursorrules", ".windsurfrules", ".clinerules",
]);
const INSTRUCTION_FILES = new Set([
  "claude.md", "claude.local.md", "agents.md", "agent.md", "agents.override.md", "gemini.md", "copilot-instructions.md",
]);
/** Per agent directory: files below it that hold guard config when written inside a project. */
const PROJECT_GUARD_FILES = new Map<string, ReadonlySet<string>>([
  [".claude", new Set(["settings.json", "settings.local.json", "hooks"])],
  [".codex", new Set(["config.toml", "hooks.json", "rules", "requirements.toml"])],
  [".cursor", new Set(["mcp.json", "hooks.json", "cli.json", "cli-config.json", "permissions.json", "rules", "environment.json"])],
  [".gemini", new Set(["settings.json"])],
  [".windsurf", new Set(["rules", "hooks.json", "workflows"])],
  [".continue", new Set(["config.json", "config.yaml", "config.ts"])],
  [".amazonq", new Set(["mcp.json", "rules"])],
  [".roo", new Set(["mcp.json", "rules"])],
]);
const AGENT_INSTRUCTION_DIRS = new Set([
  "commands", "agents", "skills", "output-styles", "prompts", "instructions", "projects", "memory",
]);
/** The agent's own working state (plans, to-do lists), written routinely by the agent itself. */
const AGENT_STATE_DIRS = new Set(["plans", "todos", "shell-snapshots", "statsig", "ide"]);

type Tamper = "files.guard_config_write" | "files.instructions_write" | undefined;

function classifyAgentDir(p: NormalPath, base: string): Tamper {
  for (const [i, seg] of p.segs.entries()) {
    const guarded = PROJECT_GUARD_FILES.get(seg);
    if (!guarded || i === p.segs.length - 1) continue;
    const next = p.segs[i + 1]!;
    if (AGENT_STATE_DIRS.has(next)) return undefined;
    if (INSTRUCTION_FILES.has(base) || AGENT_INSTRUCTION_DIRS.has(next)) return "files.instructions_write";
    // The agent's home directory (`~/.claude/`) is its configuration as a whole.
    if (guarded.has(next) || (p.home && i === 0)) return "files.guard_config_write";
  }
  return undefined;
}

const APPROVAL_SETTINGS = /autoapprove|auto_approve|chat\.tools\.|chat\.agent\.|allowautomatictasks|"yolo|alwaysallow/;

/** warden's own data: a `.warden` directory, its database files, its state directory. */
export const isWardenData = (p: NormalPath, base = baseOf(p)): boolean =>
  p.segs.includes(".warden") || /^warden\.db(?:-wal|-shm|-journal)?$/.test(base) || isBelow(p, "home", [".local", "state", "warden"]);

/**
 * The agent's guard: its harness's hook and permission config, MCP config, warden's own data.
 * The file tools (classifyWrite) and the shell detector's file effects share this one list.
 */
export const isGuardPath = (p: NormalPath): boolean => {
  const base = baseOf(p);
  return base !== "" && classifyTamper(p, base, undefined) === "files.guard_config_write";
};

function classifyTamper(p: NormalPath, base: string, content: string | undefined): Tamper {
  if (isWardenData(p, base)) return "files.guard_config_write";
  if (p.home && p.segs.length === 1 && base === ".claude.json") return "files.guard_config_write";
  if (MCP_CONFIG_FILES.has(base)) return "files.guard_config_write";
  const agentDir = classifyAgentDir(p, base);
  if (agentDir) return agentDir;
  if (INSTRUCTION_FILES.has(base) || endsWith(p, [".github", "instructions", base])) return "files.instructions_write";
  const editorSettings = base === "settings.json" && (parentOf(p) === ".vscode" || parentOf(p) === "user");
  if (editorSettings && content !== undefined && APPROVAL_SETTINGS.test(content.slice(0, 1 << 16).toLowerCase())) {
    return "files.guard_config_write";
  }
  return undefined;
}

/** Where database servers keep their data: deleting below them destroys the database. */
const DATA_STORE_DIRS: readonly (readonly string[])[] = [
  "postgresql", "pgsql", "mysql", "mariadb", "mongodb", "mongo", "redis", "etcd", "elasticsearch", "opensearch",
  "cassandra", "clickhouse", "influxdb", "rabbitmq", "couchdb", "neo4j", "docker/volumes", "containers/storage",
].map((dir) => ["var", "lib", ...dir.split("/")]);

/** A database server's data directory or anything below it. */
export const isDataStore = (p: NormalPath): boolean =>
  DATA_STORE_DIRS.some((dir) => isBelow(p, "abs", dir) || (p.absolute && p.segs.length === dir.length && dir.every((seg, i) => seg === p.segs[i])));

/** The check a write (or delete) of this path trips, if any. */
export function classifyWrite(p: NormalPath, op: WriteOp, content?: string): CheckId | undefined {
  const base = baseOf(p);
  if (base === "") return undefined;
  const tamper = classifyTamper(p, base, content);
  if (tamper) return tamper;
  // Deleting a startup file or an account database does not plant anything.
  if (op === "delete") return undefined;
  if (isAccountFile(p, base)) return "files.account_file_write";
  if (isAuthorizedKeys(p, base)) return "files.authorized_keys_write";
  if (isSshdConfig(p, base) && content !== undefined && SSHD_WEAKENING.test(content.slice(0, 1 << 16))) return "files.remote_login_weakened";
  if (isPersistence(p, base, content)) return "files.persistence_write";
  if (isTrustConfig(p, base)) return base === "hosts" && content !== undefined && TELEMETRY_DOMAIN.test(content.slice(0, MAX_CONFIG_CHARS)) ? "files.telemetry_sinkhole" : "files.trust_config_write";
  return undefined;
}
