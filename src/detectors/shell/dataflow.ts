// Where run-time values come from: variables assigned from command output (`c=$(curl ..)`),
// read from an input (`read l`, `mapfile`, `for l in $(..)`) or copied from another variable,
// so a command whose name or code is such a value can be traced to what produced it.
import type { Field } from "./expand.ts";
import { invocationsIn, operandsOf } from "./facts.ts";
import type { Feed, ValueOrigin } from "./model.ts";
import type { WalkState } from "./walk.ts";

const NONE: readonly ValueOrigin[] = [];
/** Origins kept per variable: a value built from many pieces is judged on its first ones. */
const MAX_ORIGINS = 32;

/** The origins of the run-time parts of `fields`: their substitutions and the variables they name. */
export function originsOf(state: WalkState, fields: readonly Field[]): readonly ValueOrigin[] {
  let found: ValueOrigin[] | undefined;
  for (const field of fields) {
    if (!field.dynamic && field.subs.length === 0) continue;
    found ??= [];
    if (field.subs.length > 0) found.push({ kind: "output", invocations: invocationsIn(state.model, field.subs) });
    for (const part of field.word.parts) {
      if (part.kind !== "param") continue;
      const origins = state.origins.get(part.name);
      if (origins) found.push(...origins);
    }
    if (found.length > MAX_ORIGINS) break;
  }
  return found ? found.slice(0, MAX_ORIGINS) : NONE;
}

/** `NAME=value`: the variable now comes from wherever the value's run-time parts come from. */
export function assignOrigins(state: WalkState, name: string, value: Field | undefined): void {
  const origins = value ? originsOf(state, [value]) : NONE;
  if (origins.length > 0) state.origins.set(name, origins);
  else state.origins.delete(name);
}

/** Options of `read` that take a value (`-d delim`, `-p prompt`, `-u fd` ...). */
const READ_VALUE_OPTIONS = "adinNptu";

/**
 * Builtins that set variables from their input or their words: `read`, `mapfile`/`readarray`
 * and a `for` loop header. The variables become unknown, and come from that input.
 */
export function trackInputVariables(state: WalkState, name: string, args: readonly Field[], stdin: Feed | undefined): void {
  if (name === "read" || name === "mapfile" || name === "readarray") {
    const operands = operandsOf(args, name === "read" ? READ_VALUE_OPTIONS : "dnOsuCc");
    const names = name === "read" ? operands.map((field) => field.text) : [operands[operands.length - 1]?.text ?? "MAPFILE"];
    const origins: readonly ValueOrigin[] = stdin ? [{ kind: "input", feed: stdin }] : NONE;
    for (const variable of names.length > 0 ? names : ["REPLY"]) setUnknown(state, variable, origins);
    return;
  }
  if ((name === "for" || name === "select") && args[1]?.text === "in") {
    setUnknown(state, args[0]?.text ?? "", originsOf(state, args.slice(2)));
  }
}

function setUnknown(state: WalkState, variable: string, origins: readonly ValueOrigin[]): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) return;
  state.env.set(variable, undefined);
  if (origins.length > 0) state.origins.set(variable, origins);
  else state.origins.delete(variable);
}
