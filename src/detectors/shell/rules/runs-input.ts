// Programs that run what they read: `xargs`/`parallel` splicing their input into a program's
// code or command name, awk's `system()` of a record, an inline program that evaluates its
// stdin, and any program warden cannot name (`$c`, a glob, `$(…)`) reading fetched content,
// which is judged as the interpreter it may well be.
import type { Field } from "../expand.ts";
import { innerCommands } from "../launchers.ts";
import type { Invocation } from "../model.ts";
import type { Taint, TaintTracker } from "../taint.ts";

/** The taint of content `inv` runs because it reads it, if any. */
export function runsInput(taint: TaintTracker, inv: Invocation): Taint | undefined {
  if (inv.dispatch && dispatchRunsInput(inv)) {
    const fed = taint.feed(inv.dispatch.feed) ?? (inv.dispatch.items.length > 0 ? taint.origins(inv.dispatch.items) : undefined);
    if (fed) return fed;
  }
  if (!inv.unresolved && !evaluatesStdin(inv) && !runsStdin(inv)) return undefined;
  return taint.feed(inv.stdin);
}

/**
 * Programs that take commands on stdin and run them, now or later, without being interpreters by
 * name: `at`/`batch`, `crontab -`, `ssh host` with no command (the remote login shell reads
 * them), `make -f -`, `script` with no command (an interactive shell).
 */
function runsStdin(inv: Invocation): boolean {
  if (!STDIN_RUNNERS.has(inv.name)) return false;
  const texts = inv.args.map((arg) => arg.text);
  switch (inv.name) {
    case "at":
    case "batch":
      return !texts.some((text) => /^-[lrdc]$/.test(text) || text === "-f");
    case "crontab":
      return !texts.some((text) => /^-[lreT]$/.test(text)) && texts.filter((text) => !text.startsWith("-") || text === "-").every((text) => text === "-");
    case "ssh":
      return innerCommands("ssh", inv.args).length === 0 && !texts.some((text) => /^-[a-zA-Z]*[NfW]/.test(text));
    case "script":
      return !texts.some((text) => text === "-c" || text.startsWith("--command"));
    default:
      return texts.some((text, i) => /^(?:-f|--file|--makefile)$/.test(text) && /^(?:-|\/dev\/stdin)$/.test(texts[i + 1] ?? "")) || texts.includes("--file=-");
  }
}

const STDIN_RUNNERS = new Set(["at", "batch", "crontab", "ssh", "script", "make", "gmake"]);

/** Launchers that, given only options, run their first argument as a command. */
const ARGUMENT_LAUNCHERS = new Set(["env", "sudo", "doas", "nohup", "exec", "command", "nice", "setsid", "stdbuf", "time", "parallel", "busybox"]);
/** Options that take the program's code as their value, per interpreter. */
const CODE_FLAGS = new Set(["-c", "-e", "-E", "-r", "--eval", "--command", "-command", "-p", "--print"]);

/**
 * `xargs -I{} sh -c {}` and `parallel sh -c` put each input item into the code; `xargs -I%
 * %` and `xargs env` make it the command. `xargs grep x`, `xargs -I{} cp {} /tmp` only pass
 * data as arguments.
 */
function dispatchRunsInput(inv: Invocation): boolean {
  const replace = inv.dispatch?.replace;
  if (inv.unresolved) return true;
  if (replace !== undefined && inv.argv0.includes(replace)) return true;
  if (ARGUMENT_LAUNCHERS.has(inv.name) && inv.args.every((arg) => arg.text.startsWith("-"))) return true;
  const program = inv.program;
  if (!program) return false;
  if (program.kind === "inline") return replace !== undefined && program.code.text.includes(replace);
  // Appended items: `sh -c` with no code takes the first one as its program.
  const last = inv.args[inv.args.length - 1];
  return replace === undefined && last !== undefined && isCodeFlag(last);
}

const isCodeFlag = (field: Field): boolean => CODE_FLAGS.has(field.text) || /^-[a-zA-Z]*c$/.test(field.text);

/** Calls that run a command or evaluate code, in the languages an inline program may be in. */
const EXECUTES = /\b(?:system|exec|execsync|execfilesync|spawnsync|eval|popen|spawn|passthru|shell_exec|proc_open|qx|instance_eval|invoke-expression|iex)\b|subprocess|child_process|`|new\s+function\s*\(/i;
/** awk: `system(x)` with anything but one string literal, a record piped into a shell, or a computed `| getline`. */
const AWK_EXECUTES = /system\s*\((?!\s*"[^"]*"\s*\))|\|\s*"\s*(?:\/[\w/]*\/)?(?:ba|da|z|k)?sh\b|[$\w\])]\s*\|\s*getline/;

/** A non-shell inline program that takes records from stdin and runs or evaluates them. */
function evaluatesStdin(inv: Invocation): boolean {
  const program = inv.program;
  if (program?.kind !== "inline" || program.language === "shell" || inv.stdin === undefined) return false;
  const code = program.code.text.slice(0, 1 << 16);
  return program.language === "awk" ? AWK_EXECUTES.test(code) : EXECUTES.test(code);
}
