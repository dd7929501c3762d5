// Downloads reaching a program that is not known to only read them: a pipeline stage, a
// `< <(curl ..)` feed or a `<(curl ..)` file argument given to a program warden has no table for
// (`| foobarzz`, `| ./runner`, `make -f <(..)`, `pip install -r <(..)`), and `> >(sh)` /
// `tee >(sh)` handing a download to a process substitution. Not knowing what a program does
// with fetched bytes is judged as it running them (consumers.ts keeps the short list of those
// that do not). Interpreters with a known program source are judged by remote-code.ts.
import { isPureConsumer, procsubDirection } from "../consumers.ts";
import type { Field } from "../expand.ts";
import { invocationsIn } from "../facts.ts";
import type { Invocation, ShellModel } from "../model.ts";
import { ignoresStdin, type Taint, type TaintTracker } from "../taint.ts";

/** Variables whose value names a file a shell or the loader runs before anything else. */
const LOADED_VARIABLES = new Set(["BASH_ENV", "ENV", "LD_PRELOAD", "LD_AUDIT", "PROMPT_COMMAND"]);

/** Network content `inv` receives and may run because it is not a known pure consumer. */
export function fedToUnknown(model: ShellModel, taint: TaintTracker, inv: Invocation): Taint | undefined {
  if (inv.program || inv.dispatch || isPureConsumer(inv)) return undefined;
  if (!ignoresStdin(inv) && taint.feed(inv.stdin) === "network") return "network";
  for (const arg of inv.args) {
    if (arg.procsub && procsubDirection(arg) === "<" && taint.invocations(invocationsIn(model, [arg.procsub])) === "network") return "network";
  }
  return undefined;
}

/** `curl .. > >(sh)`, `curl .. | tee >(sh)`: a download written into a process substitution that runs it. */
export function writtenToProcess(model: ShellModel, taint: TaintTracker, inv: Invocation): Taint | undefined {
  const targets: Field[] = [];
  for (const redirect of inv.redirects) if (redirect.target?.procsub) targets.push(redirect.target);
  for (const arg of inv.args) if (arg.procsub && procsubDirection(arg) === ">") targets.push(arg);
  if (targets.length === 0) return undefined;
  if (taint.of(inv) !== "network" && taint.feed(inv.stdin) !== "network") return undefined;
  for (const target of targets) {
    const readers = invocationsIn(model, [target.procsub as NonNullable<Field["procsub"]>]);
    if (readers.some((reader) => reader.program?.kind === "stdin" || !isPureConsumer(reader))) return "network";
  }
  return undefined;
}

/** `export BASH_ENV=<(curl ..)`: a download named as the file a later shell loads first. */
export function loadedFromNetwork(model: ShellModel, taint: TaintTracker): boolean {
  for (const assignment of model.assignments) {
    const value = assignment.value;
    if (!value || !LOADED_VARIABLES.has(assignment.name)) continue;
    const scripts = value.procsub ? [value.procsub, ...value.subs] : value.subs;
    if (scripts.length > 0 && taint.invocations(invocationsIn(model, scripts)) === "network") return true;
  }
  return false;
}
