// Peels the programs that only launch another program (`sudo`, `env`, `nohup`, `timeout 5`,
// `xargs`, `su -c`...) so rules see the command that really runs, and remembers that it ran
// with raised privileges or as an interactive shell.
import { commandName } from "./commands.ts";
import type { Field } from "./expand.ts";
import { type DispatchSpec, peelDispatcher } from "./dispatchers.ts";
import { hasFlag, type OptionSpec, operands, optionValue, scanOptions } from "./options.ts";

export interface Peeled {
  /** The command that finally runs; empty when the wrapper runs nothing or a login shell. */
  argv: Field[];
  wrappers: string[];
  /** Runs as root through sudo/doas/pkexec/su/runuser. */
  privileged: boolean;
  /** `sudo -i`, `sudo -s`, `su -`: an interactive shell with no command. */
  loginShell: boolean;
  /** `systemd-run --on-calendar=..`: the command runs later, on a timer. */
  scheduled?: boolean;
  /** A shell script string the wrapper hands to `sh -c` (`su -c`, `watch`, `flock -c`). */
  script: Field | undefined;
  /** Set when `xargs` or `parallel` runs the command with arguments read from their items. */
  dispatch?: DispatchSpec;
  /** `NAME=value` words skipped before the command (`env A=1 cmd`, `sudo A=1 cmd`). */
  assignments: Field[];
  /** The normalised name of `argv[0]` when peeling stopped at it (saves computing it again). */
  name?: string;
}

interface SimpleWrapper {
  spec: OptionSpec;
  /** Operands consumed by the wrapper before the command (`timeout DURATION cmd`). */
  positionals: number;
}

const SIMPLE_WRAPPERS: Record<string, SimpleWrapper> = {
  nohup: { spec: {}, positionals: 0 },
  setsid: { spec: {}, positionals: 0 },
  builtin: { spec: {}, positionals: 0 },
  unbuffer: { spec: {}, positionals: 0 },
  catchsegv: { spec: {}, positionals: 0 },
  torsocks: { spec: { shortWithValue: "uapP" }, positionals: 0 },
  proxychains: { spec: { shortWithValue: "f" }, positionals: 0 },
  proxychains4: { spec: { shortWithValue: "f" }, positionals: 0 },
  stdbuf: { spec: { shortWithValue: "ioe", longWithValue: ["input", "output", "error"] }, positionals: 0 },
  nice: { spec: { shortWithValue: "n", longWithValue: ["adjustment"] }, positionals: 0 },
  ionice: { spec: { shortWithValue: "cnpPu", longWithValue: ["class", "classdata", "pid", "pgid", "uid"] }, positionals: 0 },
  chrt: { spec: { shortWithValue: "TPD" }, positionals: 1 },
  taskset: { spec: {}, positionals: 1 },
  timeout: { spec: { shortWithValue: "sk", longWithValue: ["signal", "kill-after"] }, positionals: 1 },
  gtimeout: { spec: { shortWithValue: "sk", longWithValue: ["signal", "kill-after"] }, positionals: 1 },
  time: { spec: { shortWithValue: "fo", longWithValue: ["format", "output"] }, positionals: 0 },
  caffeinate: { spec: { shortWithValue: "tw" }, positionals: 0 },
  strace: { spec: { shortWithValue: "oepsuEaIbSX" }, positionals: 0 },
  ltrace: { spec: { shortWithValue: "oepsuaAnSD" }, positionals: 0 },
  xargs: {
    spec: {
      shortWithValue: "IEdLnPsaJ",
      longWithValue: ["max-args", "max-procs", "max-chars", "arg-file", "delimiter", "eof", "max-lines"],
    },
    positionals: 0,
  },
  parallel: {
    spec: { shortWithValue: "jIdaSCEnNX", longWithValue: ["jobs", "delimiter", "arg-file", "sshlogin", "colsep", "max-args", "replace", "joblog", "results", "timeout", "tmpdir", "workdir"] },
    positionals: 0,
  },
  doas: { spec: { shortWithValue: "uC" }, positionals: 0 },
  pkexec: { spec: { longWithValue: ["user"] }, positionals: 0 },
  run0: { spec: { shortWithValue: "ugD", longWithValue: ["user", "group", "unit", "property", "description", "slice", "setenv", "chdir", "nice", "machine", "background"] }, positionals: 0 },
  exec: { spec: { shortWithValue: "a" }, positionals: 0 },
  command: { spec: {}, positionals: 0 },
  busybox: { spec: {}, positionals: 0 },
  toybox: { spec: {}, positionals: 0 },
  // Sandboxes, transient units and terminal multiplexers run their command like any launcher.
  firejail: { spec: {}, positionals: 0 },
  "systemd-run": {
    spec: {
      shortWithValue: "pEMHu",
      longWithValue: ["unit", "property", "description", "slice", "setenv", "uid", "gid", "working-directory", "machine", "host", "nice", "service-type", "on-active", "on-boot", "on-calendar", "on-unit-active", "timer-property", "path-property", "socket-property"],
    },
    positionals: 0,
  },
  screen: { spec: { shortWithValue: "SpcTehL" }, positionals: 0 },
  dtach: { spec: { shortWithValue: "er" }, positionals: 1 },
};

const SUDO_SPEC: OptionSpec = {
  shortWithValue: "ugpCrtUDRT",
  longWithValue: ["user", "group", "prompt", "close-from", "role", "type", "other-user", "chdir", "chroot", "command-timeout", "host"],
};
const ENV_SPEC: OptionSpec = { shortWithValue: "uCS", longWithValue: ["unset", "chdir", "split-string"] };
const SU_SPEC: OptionSpec = {
  shortWithValue: "csgGw",
  longWithValue: ["command", "shell", "group", "supp-group", "whitelist-environment", "session-command"],
};
const RUNUSER_SPEC: OptionSpec = { ...SU_SPEC, shortWithValue: "ugGcsw", longWithValue: [...(SU_SPEC.longWithValue ?? []), "user"] };
const WATCH_SPEC: OptionSpec = { shortWithValue: "nq", longWithValue: ["interval"] };
const FLOCK_SPEC: OptionSpec = { shortWithValue: "wEc", longWithValue: ["timeout", "conflict-exit-code", "command"] };
const SCRIPT_SPEC: OptionSpec = { shortWithValue: "cEIOlTm", longWithValue: ["command", "echo", "log-in", "log-out", "log-io", "log-timing", "logging-format"] };

const isAssignment = (text: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*=/.test(text);
/** Root by name or id; `#-1` and `#4294967295` wrap to uid 0 in old sudo, and a computed `#$((..))` may be either. */
const isRootUser = (user: string | undefined): boolean =>
  user === undefined || user === "root" || user === "0" || /^#(?:0+|-1|4294967295)$/.test(user) || (user.startsWith("#") && !/^#\d+$/.test(user));
const MAX_PEELS = 16;

export function peelWrappers(argv: Field[]): Peeled {
  const peeled: Peeled = { argv, wrappers: [], privileged: false, loginShell: false, script: undefined, assignments: [] };
  for (let round = 0; round < MAX_PEELS && peeled.argv.length > 0 && !peeled.script; round++) {
    const name = commandName((peeled.argv[0] as Field).text);
    if (!isWrapperName(name)) {
      peeled.name = name;
      return peeled;
    }
    const args = peeled.argv.slice(1);
    const next = peelOne(name, args, peeled);
    // A wrapper with nothing to run (`env`, `sudo -l`, `nohup`) is itself the command.
    if (!next || (next.length === 0 && !peeled.loginShell && !peeled.script)) return peeled;
    peeled.wrappers.push(name);
    peeled.argv = next;
  }
  return peeled;
}

/**
 * Every name `peelOne` peels, checked first because most commands wrap nothing (a Set lookup is
 * far cheaper than a keyed lookup on the table object).
 */
const WRAPPER_NAMES = new Set(["sudo", "env", "su", "runuser", "watch", "flock", "script", "tmux", ...Object.keys(SIMPLE_WRAPPERS)]);

const isWrapperName = (name: string): boolean => WRAPPER_NAMES.has(name);

/** The argv after removing one wrapper, or undefined when `name` is not a wrapper. */
function peelOne(name: string, args: Field[], peeled: Peeled): Field[] | undefined {
  if (name === "sudo") return peelSudo(args, peeled);
  if (name === "env") return peelEnv(args, peeled);
  if (name === "su" || name === "runuser") return peelSu(name, args, peeled);
  if (name === "watch") return peelWatch(args, peeled);
  if (name === "flock") return peelFlock(args, peeled);
  if (name === "script") return peelScript(args, peeled);
  if (name === "tmux") return peelTmux(args, peeled);
  // Own properties only: a command named `constructor` or `__proto__` is not a wrapper.
  const wrapper = Object.hasOwn(SIMPLE_WRAPPERS, name) ? SIMPLE_WRAPPERS[name] : undefined;
  if (!wrapper) return undefined;
  const scan = scanOptions(args, wrapper.spec);
  if (name === "command" && hasFlag(scan, "-v", "-V")) return [];
  if (name === "xargs" || name === "parallel") return peelDispatcher(name, args, scan, peeled);
  if (name === "systemd-run" && scan.options.some((option) => /^--on-(?:active|boot|startup|unit-active|unit-inactive|calendar|clock-change|timezone-change)$/.test(option.flag))) {
    peeled.scheduled = true;
  }
  if (name === "doas" || name === "pkexec" || name === "run0") {
    peeled.privileged ||= isRootUser(optionValue(scan, "-u", "--user"));
    // `doas -s`; `run0` and `pkexec` with no command start root's shell.
    peeled.loginShell ||= hasFlag(scan, "-s") || (name !== "doas" && scan.operandIndex >= args.length);
  }
  return args.slice(Math.min(args.length, scan.operandIndex + wrapper.positionals));
}

function peelSudo(args: Field[], peeled: Peeled): Field[] {
  const scan = scanOptions(args, SUDO_SPEC);
  if (hasFlag(scan, "-l", "--list", "-v", "--validate", "-k", "-K", "-e", "--edit", "-V", "--version", "-h", "--help")) return [];
  peeled.privileged ||= isRootUser(optionValue(scan, "-u", "--user"));
  peeled.loginShell ||= hasFlag(scan, "-i", "--login", "-s", "--shell");
  let i = scan.operandIndex;
  while (i < args.length && isAssignment((args[i] as Field).text)) peeled.assignments.push(args[i++] as Field);
  return args.slice(i);
}

function peelEnv(args: Field[], peeled: Peeled): Field[] {
  const scan = scanOptions(args, ENV_SPEC);
  let i = scan.operandIndex;
  while (i < args.length && isAssignment((args[i] as Field).text)) peeled.assignments.push(args[i++] as Field);
  const split = scan.options.find((option) => option.flag === "-S" || option.flag === "--split-string");
  if (!split || split.value === undefined) return args.slice(i);
  // `env -S 'sh -c "…"'` splits with quotes honoured, as a shell would: read it as a script.
  const carrier = args[split.index] as Field;
  const text = typeof split.value === "string" ? split.value : split.value.text;
  const rest = args.slice(i).map((field) => field.text);
  peeled.script = { ...carrier, text: [text, ...rest].join(" "), subs: [] };
  return [];
}

/** `tmux new -d CMD`, `tmux split-window CMD`: tmux hands the command to a shell. */
function peelTmux(args: Field[], peeled: Peeled): Field[] {
  const verb = args.findIndex((field) => TMUX_RUNNERS.has(field.text));
  if (verb === -1) return [];
  const rest = args.slice(verb + 1);
  const scan = scanOptions(rest, { shortWithValue: "censtxyFlLBf" });
  const command = rest.slice(scan.operandIndex);
  if (command.length > 0) peeled.script = joinFields(command);
  return [];
}

const TMUX_RUNNERS = new Set(["new", "new-session", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp", "respawn-window", "respawnw", "run-shell", "run"]);

function peelSu(name: string, args: Field[], peeled: Peeled): Field[] {
  if (name === "runuser") {
    const scan = scanOptions(args, RUNUSER_SPEC);
    const user = optionValue(scan, "-u", "--user");
    if (user !== undefined) {
      peeled.privileged ||= isRootUser(user);
      return args.slice(scan.operandIndex);
    }
  }
  const scan = scanOptions(args, SU_SPEC);
  const rest = operands(args, SU_SPEC).filter((field) => field.text !== "-");
  // su switches to its target user whatever ran it: `sudo su - postgres` is not root.
  peeled.privileged = isRootUser(rest[0]?.text);
  const command = scan.options.find((option) => ["-c", "--command", "--session-command"].includes(option.flag));
  const commandOption = command ?? findLateCommand(args);
  if (commandOption) peeled.script = asField(commandOption.value, args[commandOption.index] as Field);
  else peeled.loginShell = true;
  return [];
}

/** `su root -c cmd`: options may follow the user name. */
function findLateCommand(args: Field[]): { value: Field | string | undefined; index: number } | undefined {
  const index = args.findIndex((field) => field.text === "-c" || field.text === "--command");
  return index === -1 ? undefined : { value: args[index + 1], index };
}

function peelWatch(args: Field[], peeled: Peeled): Field[] {
  const scan = scanOptions(args, WATCH_SPEC);
  const rest = args.slice(scan.operandIndex);
  if (hasFlag(scan, "-x", "--exec") || rest.length === 0) return rest;
  peeled.script = joinFields(rest);
  return [];
}

function peelFlock(args: Field[], peeled: Peeled): Field[] {
  const scan = scanOptions(args, FLOCK_SPEC);
  const command = scan.options.find((option) => option.flag === "-c" || option.flag === "--command");
  const rest = operands(args, FLOCK_SPEC);
  if (command) {
    peeled.script = asField(command.value, args[command.index] as Field);
    return [];
  }
  return rest.slice(1);
}

function peelScript(args: Field[], peeled: Peeled): Field[] {
  const scan = scanOptions(args, SCRIPT_SPEC);
  const command = scan.options.find((option) => option.flag === "-c" || option.flag === "--command");
  if (command) peeled.script = asField(command.value, args[command.index] as Field);
  return [];
}

function asField(value: Field | string | undefined, carrier: Field): Field | undefined {
  if (value === undefined) return undefined;
  return typeof value === "string" ? { ...carrier, text: value } : value;
}

/** Several arguments a wrapper joins with spaces into one script (`watch a b`). */
export function joinFields(fields: readonly Field[]): Field {
  const first = fields[0] as Field;
  const last = fields[fields.length - 1] as Field;
  const sameSource = fields.every((field) => field.word.source === first.word.source);
  return {
    text: fields.map((field) => field.text).join(" "),
    dynamic: fields.some((field) => field.dynamic),
    subs: fields.flatMap((field) => field.subs),
    procsub: undefined,
    word: fields.length === 1 || !sameSource ? first.word : { ...first.word, parts: [], end: last.word.end },
  };
}
