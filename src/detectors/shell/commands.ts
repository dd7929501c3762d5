// Vocabulary: how a program is named once its path is stripped, and which programs are code
// interpreters, network fetchers, decoders or raw sockets. Rules reason with these roles.

export type Language = "shell" | "python" | "perl" | "ruby" | "node" | "php" | "lua" | "powershell" | "awk" | "tcl";

/** `/usr/bin/Curl.exe` -> `curl`: what PATH lookup would run, case-folded for Windows tools. */
export function commandName(text: string): string {
  const slash = Math.max(text.lastIndexOf("/"), text.lastIndexOf("\\"));
  const base = text.slice(slash + 1).toLowerCase();
  return base.endsWith(".exe") ? base.slice(0, -4) : base;
}

const SHELLS = new Set([
  "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "rbash", "yash", "pdksh", "posh", "ksh93", "oksh", "loksh",
]);

const LANGUAGE_PREFIXES: readonly [string, Language][] = [
  ["python", "python"],
  ["pypy", "python"],
  ["perl", "perl"],
  ["ruby", "ruby"],
  ["jruby", "ruby"],
  ["php", "php"],
  ["lua", "lua"],
  ["luajit", "lua"],
  ["node", "node"],
  ["nodejs", "node"],
  ["pwsh", "powershell"],
  ["powershell", "powershell"],
  ["tclsh", "tcl"],
];

const AWKS = new Set(["awk", "gawk", "mawk", "nawk", "busybox-awk"]);

const LANGUAGE_BY_PREFIX = new Map(LANGUAGE_PREFIXES);
/** One match instead of a loop over prefixes: a prefix plus an optional version suffix. */
const INTERPRETER_NAME = new RegExp(`^(${LANGUAGE_PREFIXES.map(([prefix]) => prefix).join("|")})(?:[0-9][0-9.]*[mw]?)?$`);

/** Every interpreter name starts with one of these letters: most command names skip the regex. */
const INTERPRETER_INITIALS = new Set(LANGUAGE_PREFIXES.map(([prefix]) => prefix[0]));

/** A language for interpreter names, allowing version suffixes (`python3.12`, `php8.2`). */
export function languageOf(name: string): Language | undefined {
  if (SHELLS.has(name)) return "shell";
  if (AWKS.has(name)) return "awk";
  if (!INTERPRETER_INITIALS.has(name[0])) return undefined;
  const match = INTERPRETER_NAME.exec(name);
  return match ? LANGUAGE_BY_PREFIX.get(match[1] as string) : undefined;
}

/** Programs whose job is to pull content from the network. */
export const FETCHERS = new Set([
  "curl", "wget", "fetch", "aria2c", "axel", "http", "https", "xh", "xhs", "curlie", "lwp-request", "lwp-download", "get",
  "httpie", "invoke-webrequest", "iwr", "invoke-restmethod", "irm", "wget2", "tftp", "ftp", "scp", "sftp", "certutil",
  "bitsadmin", "start-bitstransfer",
]);

/** Programs that open raw network connections and relay stdio over them. */
export const SOCKET_TOOLS = new Set(["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "socat", "telnet", "pwncat", "sbd", "cryptcat"]);

/** Interpreters that read a program on stdin even though they are not classic shells. */
export const STDIN_EVALUATORS = new Set(["iex", "invoke-expression"]);

/** Commands whose arguments are only ever printed or searched: text here is data. */
export const DATA_COMMANDS = new Set([
  "echo", "printf", "print", "grep", "egrep", "fgrep", "rg", "ag", "ack", "git", "man", "which", "type", "whatis",
  "apropos", "help", "whereis", "info", "tldr", "hash", "alias", "true", "false", ":", "test", "[", "[[", "case",
  "for", "select", "export", "declare", "local", "readonly", "typeset", "set", "unset", "read",
]);
