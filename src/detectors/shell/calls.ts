// Functions and aliases defined earlier in the same script: a call runs the body defined for
// its name, with the call's input and arguments, so `b() { bash; }; curl .. | b` is judged as
// the bash it runs. Bounded in depth and count; a call that cannot be followed is unresolved.
import type { Command, Script } from "./ast.ts";
import { assignOrigins } from "./dataflow.ts";
import { expandWords, type Field } from "./expand.ts";
import type { Invocation } from "./model.ts";
import { createDetachedSource } from "./source.ts";
import { type InvokeContext, invokeCommand, parseWithin } from "./invoke.ts";
import { record, runSubstitutions, walkCommand, walkScript, type WalkState } from "./walk.ts";

export interface Definitions {
  functions: Map<string, Command>;
  aliases: Map<string, string>;
  /** Functions and aliases being expanded, innermost last: recursion is not followed. */
  active: string[];
  /** Calls followed so far in this walk. */
  followed: number;
}

export const createDefinitions = (): Definitions => ({ functions: new Map(), aliases: new Map(), active: [], followed: 0 });

const MAX_ACTIVE = 8;
const MAX_FOLLOWED = 256;
const POSITIONAL = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "@", "*", "#"];

/** Runs a call of a defined function or alias; undefined when `fields` names neither. */
export function callDefinition(state: WalkState, fields: Field[], ctx: InvokeContext): Invocation[] | undefined {
  const defs = state.defs;
  // Most scripts define nothing: one check instead of two lookups per command.
  if (defs.functions.size === 0 && defs.aliases.size === 0) return undefined;
  const head = fields[0] as Field;
  if (head.dynamic) return undefined;
  const body = defs.functions.get(head.text);
  if (body) return callFunction(state, head.text, body, fields, ctx);
  const alias = isPlainWord(head) ? defs.aliases.get(head.text) : undefined;
  return alias === undefined || defs.active.includes(`alias ${head.text}`) ? undefined : expandAlias(state, alias, fields, ctx);
}

const isPlainWord = (field: Field): boolean => field.word.parts.length === 1 && field.word.parts[0]?.kind === "lit" && !field.word.parts[0].quoted;

function callFunction(state: WalkState, name: string, body: Command, fields: Field[], ctx: InvokeContext): Invocation[] {
  const defs = state.defs;
  const followable = !defs.active.includes(name) && defs.active.length < MAX_ACTIVE && defs.followed < MAX_FOLLOWED;
  const call = record(
    state,
    { name, argv0: name, redirects: ctx.redirects, stdin: ctx.stdin, members: [], span: ctx.span },
    ctx.frame,
    ctx.pipeline,
    ctx.stage,
    // A call is never inert, even of a function named `:` (the fork bomb is judged by its calls).
    { nameField: fields[0], args: fields.slice(1), unresolved: !followable, inert: false },
  );
  if (!followable) return [call];
  defs.followed++;
  defs.active.push(name);
  const restore = setPositional(state, fields.slice(1));
  const outputs = walkCommand(state, body, { ...ctx.frame, stdin: ctx.stdin, inFunction: name }, ctx.pipeline, ctx.stage);
  restore();
  defs.active.pop();
  return outputs.length > 0 ? outputs : [call];
}

/** `$1`..`$9`, `$@`, `$*`, `$#` hold the call's arguments while its body runs. */
function setPositional(state: WalkState, args: Field[]): () => void {
  const saved = POSITIONAL.map((key) => [key, state.env.has(key), state.env.get(key), state.origins.get(key)] as const);
  const known = (fields: Field[]) => (fields.some((field) => field.dynamic) ? undefined : fields.map((field) => field.text).join(" "));
  for (let i = 0; i < 9; i++) {
    const arg = args[i];
    state.env.set(String(i + 1), arg ? known([arg]) : "");
    assignOrigins(state, String(i + 1), arg);
  }
  for (const key of ["@", "*"]) state.env.set(key, known(args));
  state.env.set("#", String(args.length));
  return () => {
    for (const [key, had, value, origins] of saved) {
      if (had) state.env.set(key, value);
      else state.env.delete(key);
      if (origins) state.origins.set(key, origins);
      else state.origins.delete(key);
    }
  };
}

/**
 * An alias is text put in place of the command's first word: a simple command's words join the
 * call's own; anything larger (a pipeline, a list) runs as written.
 */
function expandAlias(state: WalkState, text: string, fields: Field[], ctx: InvokeContext): Invocation[] {
  const head = fields[0] as Field;
  const depth = head.word.source.depth + 1;
  const script = parseWithin(state, createDetachedSource(text, ctx.span, depth), undefined);
  if (!script) return [];
  state.defs.active.push(`alias ${head.text}`);
  try {
    const simple = singleSimple(script);
    if (!simple) return walkScript(state, script, { ...ctx.frame, stdin: ctx.stdin });
    const words = expandWords(simple.words, state.env, state.outputs);
    runSubstitutions(state, words, ctx.frame);
    return words.length > 0 ? invokeCommand(state, [...words, ...fields.slice(1)], ctx) : [];
  } finally {
    state.defs.active.pop();
  }
}

function singleSimple(script: Script): Extract<Command, { type: "simple" }> | undefined {
  const command = script.items.length === 1 ? script.items[0]?.pipelines : undefined;
  const only = command?.length === 1 && command[0]?.commands.length === 1 ? command[0].commands[0] : undefined;
  return only?.type === "simple" && only.redirects.length === 0 && only.assignments.length === 0 ? only : undefined;
}

/** `alias name=value ...` defines aliases for the commands after it. */
export function trackAliases(state: WalkState, args: readonly Field[]): void {
  for (const arg of args) {
    const eq = arg.text.indexOf("=");
    if (eq <= 0 || arg.dynamic) continue;
    state.defs.aliases.set(arg.text.slice(0, eq), arg.text.slice(eq + 1));
  }
}
