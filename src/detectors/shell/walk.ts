// Walks the syntax tree in execution order and builds the ShellModel: expands words with the
// variables known so far, runs substitutions first, wires pipes and redirections into feeds,
// and hands each simple command to invoke.ts.
import { UNLIMITED, type Budget } from "../../engine/budget.ts";
import type { Command, Pipeline, Script, SimpleCommand, Source, Word } from "./ast.ts";
import { literalOutputOf } from "./content.ts";
import { type Env, expandJoined, expandWords, type Field } from "./expand.ts";
import { createDefinitions, type Definitions } from "./calls.ts";
import { assignOrigins } from "./dataflow.ts";
import { invokeCommand } from "./invoke.ts";
import { plainText } from "./token-stream.ts";
import { feedFromRedirects, NO_REDIRECTS, openDescriptors, resolveRedirects } from "./redirects.ts";
import type { Feed, Invocation, ResolvedRedirect, ShellModel, ValueOrigin } from "./model.ts";

export interface WalkLimits {
  /** Deepest `bash -c` / eval / fed-script nesting parsed. */
  maxSourceDepth: number;
  /** Most invocations recorded before the rest is reported as unjudged. */
  maxInvocations: number;
  /** Total characters of derived scripts (`bash -c`, eval, heredocs fed to shells) parsed. */
  maxNestedChars: number;
}

export interface WalkState {
  model: ShellModel;
  env: Env;
  /** Literal output of substitutions already run, used when expanding the words around them. */
  outputs: Map<Script, string>;
  limits: WalkLimits;
  /** Once spent, nothing more is walked or parsed and the model is incomplete. */
  budget: Budget;
  nextId: number;
  nextPipeline: number;
  nestedChars: number;
  /** Where variables holding run-time values got them (dataflow.ts). */
  origins: Map<string, readonly ValueOrigin[]>;
  /** Functions and aliases defined so far (calls.ts). */
  defs: Definitions;
  /** Input descriptors above 2 opened by `exec N< ...`, for `<&N` and `/dev/fd/N` (redirects.ts). */
  fds: Map<number, Feed>;
}

export interface Frame {
  stdin: Feed | undefined;
  background: boolean;
  inFunction: string | undefined;
}

export function walkRoot(script: Script, limits: WalkLimits, budget: Budget = UNLIMITED): ShellModel {
  const model: ShellModel = { invocations: [], assignments: [], environment: [], functions: [], byScript: new Map(), incomplete: false };
  const state: WalkState = {
    model, env: new Map(), outputs: new Map(), limits, budget, nextId: 0, nextPipeline: 0, nestedChars: 0, origins: new Map(), defs: createDefinitions(), fds: new Map(),
  };
  walkScript(state, script, { stdin: undefined, background: false, inFunction: undefined });
  return model;
}

/** Walks a script; returns the invocations whose output is the script's output. */
export function walkScript(state: WalkState, script: Script, frame: Frame): Invocation[] {
  if (script.incomplete) state.model.incomplete = true;
  const before = state.model.invocations.length;
  const outputs: Invocation[] = [];
  for (const item of script.items) {
    const itemFrame = item.background && !frame.background ? { ...frame, background: true } : frame;
    for (const pipeline of item.pipelines) outputs.push(...walkPipeline(state, pipeline, itemFrame));
  }
  state.model.byScript.set(script, state.model.invocations.slice(before));
  return outputs;
}

function walkPipeline(state: WalkState, pipeline: Pipeline, frame: Frame): Invocation[] {
  const id = state.nextPipeline++;
  const upstream: Invocation[] = [];
  let previous: Invocation[] = [];
  const { invocations } = state.model;
  for (let stage = 0; stage < pipeline.commands.length; stage++) {
    if (invocations.length >= state.limits.maxInvocations || state.budget.spent()) {
      state.model.incomplete = true;
      break;
    }
    const stdin: Feed | undefined = stage > 0 ? { kind: "pipe", upstream: { all: upstream, count: upstream.length }, previous } : frame.stdin;
    const before = invocations.length;
    previous = walkCommand(state, pipeline.commands[stage] as Command, stdin === frame.stdin ? frame : { ...frame, stdin }, id, stage);
    for (let i = before; i < invocations.length; i++) upstream.push(invocations[i] as Invocation);
  }
  return previous;
}

export function walkCommand(state: WalkState, command: Command, frame: Frame, pipeline: number, stage: number): Invocation[] {
  if (state.model.invocations.length >= state.limits.maxInvocations || state.budget.spent()) {
    state.model.incomplete = true;
    return [];
  }
  if (command.type === "simple") return walkSimple(state, command, frame, pipeline, stage);
  if (command.type === "function") {
    const source = sourceOfCommand(command.body);
    if (source) state.model.functions.push({ name: command.name, span: source.locate(command.start, command.end) });
    // The body is judged where it is defined (it may never be called) and again at each call.
    walkCommand(state, command.body, { ...frame, inFunction: command.name }, pipeline, stage);
    state.defs.functions.set(command.name, command.body);
    return [];
  }
  const redirects = resolveRedirects(state, command.redirects, frame);
  const stdin = feedFromRedirects(state, redirects) ?? frame.stdin;
  const outputs = walkScript(state, command.body, { ...frame, stdin });
  if (redirects.length === 0) return outputs;
  const span = command.body.source.locate(command.start, command.end);
  const group = record(state, { name: "{}", argv0: "{}", redirects, stdin, members: outputs, span }, frame, pipeline, stage);
  return [group];
}

/**
 * Words, assignments or redirections of one command, and parts of one word, walked at most: every
 * later step (wrappers, expansion, rules) goes over them again. Past it the command is cut and
 * reported as unjudged.
 */
const MAX_COMMAND_ITEMS = 4096;

function boundCommand(state: WalkState, command: SimpleCommand): SimpleCommand {
  const { words, assignments, redirects } = command;
  const long = (word: Word) => word.parts.length > MAX_COMMAND_ITEMS;
  if (Math.max(words.length, assignments.length, redirects.length) <= MAX_COMMAND_ITEMS && !words.some(long)) return command;
  state.model.incomplete = true;
  const cut = <T>(items: T[]): T[] => items.slice(0, MAX_COMMAND_ITEMS);
  const cutWord = (word: Word): Word => (long(word) ? { ...word, parts: cut(word.parts) } : word);
  return { ...command, words: cut(words).map(cutWord), assignments: cut(assignments), redirects: cut(redirects) };
}

function walkSimple(state: WalkState, whole: SimpleCommand, frame: Frame, pipeline: number, stage: number): Invocation[] {
  const command = boundCommand(state, whole);
  const inert = walkInert(state, command, frame, pipeline, stage);
  if (inert) return inert;
  for (const assignment of command.assignments) if (assignment.value) runWordSubstitutions(state, assignment.value, frame);
  for (const word of command.words) runWordSubstitutions(state, word, frame);
  const fields = expandWords(command.words, state.env, state.outputs);
  const values =
    command.assignments.length === 0
      ? NO_VALUES
      : command.assignments.map((assignment) => ({
          assignment,
          value: assignment.value ? expandJoined(assignment.value, state.env, state.outputs) : undefined,
        }));
  runSubstitutions(state, fields, frame);
  for (const { value } of values) if (value) runSubstitutions(state, [value], frame);
  const redirects = resolveRedirects(state, command.redirects, frame);
  const stdin = feedFromRedirects(state, redirects) ?? frame.stdin;
  const source = sourceOfSimple(command);
  const span = spanOf(command, fields, source);
  if (fields.length === 0) {
    for (const { assignment, value } of values) {
      state.env.set(assignment.name, value && !value.dynamic ? value.text : undefined);
      assignOrigins(state, assignment.name, value);
      if (source) state.model.assignments.push({ name: assignment.name, value, span: source.locate(assignment.start, assignment.end) });
    }
    if (redirects.length === 0) return [];
    return [record(state, { name: "", argv0: "", redirects, stdin, members: [], span }, frame, pipeline, stage)];
  }
  if (fields.length === 1 && fields[0]?.text === "exec") openDescriptors(state, redirects);
  const program = (fields[0]?.text ?? "").split("/").pop() ?? "";
  if (source) for (const { assignment, value } of values) state.model.environment.push({ name: assignment.name, value, span: source.locate(assignment.start, assignment.end), command: program });
  const prefix = values.length === 0 ? undefined : values.flatMap(({ assignment, value }) => (value ? [{ ...value, text: `${assignment.name}=${value.text}` }] : []));
  return invokeCommand(state, fields, { redirects, stdin, span, frame, pipeline, stage, prefix });
}

const NO_VALUES: { assignment: SimpleCommand["assignments"][number]; value: Field | undefined }[] = [];

/**
 * `true`, `echo some text`: a literal inert builtin that no function or alias redefines is
 * recorded directly, without the wrapper, program and call machinery filler would pay for.
 */
function walkInert(state: WalkState, command: SimpleCommand, frame: Frame, pipeline: number, stage: number): Invocation[] | undefined {
  if (command.assignments.length > 0 || command.redirects.length > 0) return undefined;
  const name = command.words[0] ? plainText(command.words[0]) : undefined;
  if (name === undefined || !INERT.has(name) || state.defs.functions.has(name) || state.defs.aliases.has(name)) return undefined;
  for (const word of command.words) for (const part of word.parts) if (part.kind !== "lit") return undefined;
  const fields = expandWords(command.words, state.env, state.outputs);
  const span = spanOf(command, fields, sourceOfSimple(command));
  const input = { name, argv0: name, redirects: NO_REDIRECTS, stdin: frame.stdin, members: [], span };
  return [record(state, input, frame, pipeline, stage, { nameField: fields[0], args: fields.slice(1) })];
}

/**
 * Command substitutions in a command's words run first; a literal output (`$(echo curl)`,
 * a decoded constant) then stands in for the substitution when the words are expanded.
 */
function runWordSubstitutions(state: WalkState, word: Word, frame: Frame): void {
  for (const part of word.parts) {
    if (part.kind !== "cmdsub" || state.model.byScript.has(part.script)) continue;
    if (state.budget.spent()) {
      state.model.incomplete = true;
      return;
    }
    const output = literalOutputOf(walkScript(state, part.script, frame));
    if (output && !output.dynamic) state.outputs.set(part.script, trimTrailingNewlines(output.text));
  }
}

/** `$(..)` drops trailing newlines (a loop, not a regex: a regex would backtrack on long runs). */
function trimTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === "\n") end--;
  return text.slice(0, end);
}

/**
 * Command and process substitutions run while the command line is expanded, with the command's
 * frame: they read its input (`curl .. | eval "$(cat)"` runs what curl sent).
 */
export function runSubstitutions(state: WalkState, fields: readonly Field[], frame: Frame): void {
  for (const field of fields) {
    for (const sub of field.subs) if (!state.model.byScript.has(sub)) walkScript(state, sub, frame);
    if (field.procsub && !state.model.byScript.has(field.procsub)) walkScript(state, field.procsub, frame);
  }
}

interface RecordInput {
  name: string;
  argv0: string;
  redirects: ResolvedRedirect[];
  stdin: Feed | undefined;
  members: Invocation[];
  span: Invocation["span"];
}

/** What invoke.ts knows about a program beyond its name; a group or bare redirection has none. */
export type InvocationDetails = Partial<
  Pick<Invocation, "nameField" | "args" | "wrappers" | "privileged" | "loginShell" | "scheduled" | "program" | "unresolved" | "dispatch" | "inert" | "programFeed">
> & {
  nameOrigins?: readonly ValueOrigin[] | undefined;
  codeOrigins?: readonly ValueOrigin[] | undefined;
  outputOrigins?: readonly ValueOrigin[] | undefined;
  preloads?: readonly string[] | undefined;
};

const NONE: readonly string[] = [];

const NO_ORIGINS: readonly ValueOrigin[] = [];

/**
 * Builtins that change nothing rules look at when they have no redirection and no wrapper: what
 * they print is judged where it is read, their substitutions are invocations of their own.
 */
const INERT = new Set(["true", "false", ":", "echo", "printf", "test", "[", "pwd", "sleep", "wait", "exit", "return", "shift", "break", "continue"]);

export function record(state: WalkState, input: RecordInput, frame: Frame, pipeline: number, stage: number, extra: InvocationDetails = {}): Invocation {
  // Spelled out rather than spread: this runs for every command and spreads copy slowly.
  const invocation: Invocation = {
    id: state.nextId++,
    name: input.name,
    argv0: input.argv0,
    nameField: extra.nameField,
    args: extra.args ?? [],
    redirects: input.redirects,
    stdin: input.stdin,
    pipeline,
    stage,
    wrappers: extra.wrappers ?? [],
    privileged: extra.privileged ?? false,
    loginShell: extra.loginShell ?? false,
    scheduled: extra.scheduled ?? false,
    program: extra.program,
    span: input.span,
    members: input.members,
    inFunction: frame.inFunction,
    background: frame.background,
    writes: undefined,
    optionPaths: undefined,
    unresolved: extra.unresolved ?? false,
    nameOrigins: extra.nameOrigins ?? NO_ORIGINS,
    codeOrigins: extra.codeOrigins ?? NO_ORIGINS,
    dispatch: extra.dispatch,
    outputOrigins: extra.outputOrigins ?? NO_ORIGINS,
    programFeed: extra.programFeed,
    preloads: extra.preloads ?? NONE,
    inert: extra.inert ?? (INERT.has(input.name) && input.redirects.length === 0 && (extra.wrappers?.length ?? 0) === 0 && extra.program === undefined),
  };
  state.model.invocations.push(invocation);
  return invocation;
}

function sourceOfSimple(command: SimpleCommand): Source | undefined {
  return command.words[0]?.source ?? command.assignments[0]?.value?.source ?? command.redirects[0]?.target?.source;
}

function sourceOfCommand(command: Command): Source | undefined {
  if (command.type === "simple") return sourceOfSimple(command);
  if (command.type === "group") return command.body.source;
  return sourceOfCommand(command.body);
}

/** The whole command in its field; argv built from several payload fields points at argv[0]. */
function spanOf(command: SimpleCommand, fields: Field[], source: Source | undefined): Invocation["span"] {
  const first = command.words[0];
  if (first && command.words.some((word) => word.source !== first.source)) {
    return first.source.locate(first.start, first.end);
  }
  if (source) return source.locate(command.start, command.end);
  const field = fields[0];
  return field ? field.word.source.locate(field.word.start, field.word.end) : { path: "", start: 0, end: 0 };
}
