// Commands a program runs through a feature of its own rather than as a wrapper: ssh's
// ProxyCommand, rsync's remote shell, git's sshCommand and pager, apt's Pre-Invoke hooks, zip's
// test command, tar's checkpoint actions, gdb's `!`, sqlite3's `.shell`, mysql's `\!`, sed's
// `e`. Looked up by program name, so a command whose program has no such feature costs one
// Map lookup. The command text is judged like any other (a reverse shell in a ProxyCommand is
// one), and under privilege a shell started this way is the escape GTFOBins-style lists document.
import type { Invocation } from "./model.ts";

type Extract = (args: readonly string[]) => string[];

/** The value of `-o Key=V` / `-oKey=V` / `-o "Key V"` for the keys in `keys` (ssh_config, apt.conf). */
const configOption = (keys: RegExp): Extract => (args) => {
  const found: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const value = arg === "-o" ? args[i + 1] : arg.startsWith("-o") ? arg.slice(2) : undefined;
    const match = value === undefined ? null : keys.exec(value);
    if (match?.[1]) found.push(match[1]);
  }
  return found;
};

/** Values of options spelled `-x V`, `--long=V` or `--long V`. */
const optionValues = (short: readonly string[], long: readonly string[]): Extract => (args) => {
  const found: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (short.includes(arg) || long.includes(arg)) {
      if (args[i + 1] !== undefined) found.push(args[i + 1] as string);
      continue;
    }
    const eq = arg.indexOf("=");
    if (eq > 0 && long.includes(arg.slice(0, eq))) found.push(arg.slice(eq + 1));
  }
  return found;
};

/** Every argument matching `pattern`, its first group being the command. */
const argumentsMatching = (pattern: RegExp): Extract => (args) =>
  args.flatMap((arg) => {
    const match = pattern.exec(arg);
    return match?.[1] ? [match[1]] : [];
  });

const both = (...extracts: Extract[]): Extract => (args) => extracts.flatMap((extract) => extract(args));

/** What `extract` finds, kept where `pattern` matches and narrowed to its first group (`-ex '!sh'` -> `sh`). */
const within = (extract: Extract, pattern: RegExp): Extract => (args) => argumentsMatching(pattern)(extract(args));

const SQL_SHELL = /(?:\\!|\bsystem)\s+(.+)$/s;

const SSH: Extract = configOption(/^\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand)\s*[=\s]\s*(.+)$/is);
const GIT_CONFIG = /^(?:core\.sshCommand|core\.pager|core\.fsmonitor|core\.editor|sequence\.editor|pager\.[\w-]+|diff\.[\w-]+\.(?:command|textconv)|alias\.[\w-]+)=!?(.+)$/is;

const FEATURES = new Map<string, Extract>([
  ["ssh", SSH],
  ["scp", SSH],
  ["sftp", SSH],
  ["autossh", SSH],
  ["rsync", optionValues(["-e"], ["--rsh"])],
  ["git", both(optionValues([], ["--upload-pack", "--receive-pack", "--exec"]), within(optionValues(["-c"], []), GIT_CONFIG))],
  ["apt", configOption(/^[\w:]*(?:Pre|Post)-Invoke(?:-Success)?::?=\s*(.+)$/is)],
  ["apt-get", configOption(/^[\w:]*(?:Pre|Post)-Invoke(?:-Success)?::?=\s*(.+)$/is)],
  ["zip", optionValues(["-TT"], ["--unzip-command"])],
  ["tar", both(optionValues(["-I", "-F"], ["--use-compress-program", "--to-command", "--info-script", "--new-volume-script", "--rsh-command"]), argumentsMatching(/^--checkpoint-action=exec=(.+)$/s))],
  ["gtar", argumentsMatching(/^--(?:checkpoint-action=exec|to-command|use-compress-program)=(.+)$/s)],
  ["gdb", within(optionValues(["-ex", "--ex", "-eval-command"], ["--eval-command"]), /^\s*(?:!|shell\s+)(.+)$/s)],
  ["sqlite3", argumentsMatching(/^\s*\.(?:shell|system)\s+(.+)$/s)],
  ["mysql", within(optionValues(["-e"], ["--execute"]), SQL_SHELL)],
  ["mariadb", within(optionValues(["-e"], ["--execute"]), SQL_SHELL)],
  ["psql", within(optionValues(["-c"], ["--command"]), /\\!\s*(.+)$/s)],
  // GNU sed's `e COMMAND`: runs COMMAND and inserts its output (`1e id`, `/x/e sh`).
  ["sed", argumentsMatching(/^(?:\d+|\$|\/[^/]*\/)?\s*e\s+(\S.*)$/s)],
  ["man", optionValues(["-P", "-H"], ["--pager", "--html"])],
  ["less", argumentsMatching(/^\+?!(.+)$/s)],
  // tcpdump's post-rotate command (`-z CMD`), run on each saved file as the -Z user.
  ["tcpdump", optionValues(["-z"], [])],
  // script runs `-c CMD`, or the user's shell when given none: a session in a new terminal.
  ["script", (args) => {
    const clustered = args.findIndex((arg) => /^-[a-zA-Z]*c$/.test(arg));
    const command = clustered !== -1 && args[clustered + 1] !== undefined ? [args[clustered + 1]!] : optionValues([], ["--command"])(args);
    return command.length > 0 ? command : ["sh"];
  }],
  // expect's `spawn PROGRAM` in a -c script; make's recipe lines given with --eval (`x:\n\tCMD`).
  ["expect", within(optionValues(["-c"], []), /\bspawn\s+([^;\n]+)/)],
  ["make", within(optionValues([], ["--eval"]), /\n\t-?@?(.+)$/s)],
  ["gmake", within(optionValues([], ["--eval"]), /\n\t-?@?(.+)$/s)],
]);

/** The commands `inv` hands to its own exec feature; empty for most programs. */
export function featureCommands(inv: Invocation): string[] {
  const extract = FEATURES.get(inv.name);
  if (!extract || inv.args.length === 0) return [];
  return extract(inv.args.map((arg) => arg.text)).filter((text) => text.trim() !== "");
}

/** Command text that starts a shell: `sh`, `/bin/bash -p`, `;sh 0<&2 1>&2`, `exec sh`. */
export const startsShell = (text: string): boolean =>
  /(?:^|[\s;&|('"`])(?:exec\s+)?(?:\/[\w./-]*\/)?(?:ba|da|z|k|c|tc|fi|a|mk|ya)?sh(?![\w.-])/.test(text);
