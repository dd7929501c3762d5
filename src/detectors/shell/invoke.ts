// Turns one expanded command line into invocations: peels wrappers, records the program it
// runs, and descends into the code it executes (`bash -c`, eval, scripts fed on stdin,
// `find -exec`, `nsenter ... cmd`), all within the walk's depth and size bounds.
import type { Script, Source } from "./ast.ts";
import { STDIN_EVALUATORS } from "./commands.ts";
import { feedOutput, MAX_OUTPUT } from "./content.ts";
import type { Field } from "./expand.ts";
import { classifyProgram, type Program } from "./interpreters.ts";
import { innerCommands } from "./launchers.ts";
import type { Feed, Invocation, ResolvedRedirect } from "./model.ts";
import { parseScript } from "./parser.ts";
import { createChildSource, createDetachedSource, verbatimBase } from "./source.ts";
import { type Frame, record, walkScript, type WalkState } from "./walk.ts";
import { joinFields, peelWrappers } from "./wrappers.ts";
import { callDefinition, trackAliases } from "./calls.ts";
import { assignOrigins, trackInputVariables } from "./dataflow.ts";
import { provenanceOf } from "./provenance.ts";
import { resolveName } from "./resolve.ts";

export interface InvokeContext {
  redirects: ResolvedRedirect[];
  stdin: Feed | undefined;
  span: Invocation["span"];
  frame: Frame;
  pipeline: number;
  stage: number;
  /** `NAME=value` words before the command: its own environment (`BASH_ENV=F bash`). */
  prefix?: readonly Field[];
}

const DECLARATION_BUILTINS = new Set(["export", "declare", "typeset", "local", "readonly"]);

export function invokeCommand(state: WalkState, fields: Field[], ctx: InvokeContext): Invocation[] {
  const called = callDefinition(state, fields, ctx);
  if (called) return called;
  const peeled = peelWrappers(fields);
  const carrier = fields[0] as Field;
  let argv = peeled.argv;
  if (peeled.script) argv = [synthetic(carrier, "sh"), synthetic(carrier, "-c"), peeled.script];
  else if (argv.length === 0 && peeled.loginShell) argv = [synthetic(carrier, "sh")];
  const head = argv[0];
  if (!head) {
    if (ctx.redirects.length === 0) return [];
    return [record(state, { name: "", argv0: "", redirects: ctx.redirects, stdin: ctx.stdin, members: [], span: ctx.span }, ctx.frame, ctx.pipeline, ctx.stage)];
  }
  const { name, unresolved } = resolveName(head, head === peeled.argv[0] ? peeled.name : undefined);
  const args = argv.slice(1);
  trackDeclarations(state, name, args, ctx);
  const program = programOf(name, args);
  const invocation = record(
    state,
    { name, argv0: head.text, redirects: ctx.redirects, stdin: ctx.stdin, members: [], span: ctx.span },
    ctx.frame,
    ctx.pipeline,
    ctx.stage,
    {
      nameField: head,
      args,
      wrappers: peeled.wrappers,
      privileged: peeled.privileged,
      loginShell: peeled.loginShell && argv.length === 1,
      scheduled: peeled.scheduled === true,
      program,
      unresolved,
      ...provenanceOf(state, name, head, args, program, peeled, ctx),
    },
  );
  descendIntoCode(state, invocation, ctx);
  for (const inner of innerCommands(name, args)) {
    if (inner.length > 0) invokeCommand(state, inner, { ...ctx, redirects: [] });
  }
  return [invocation];
}

function programOf(name: string, args: Field[]): Program | undefined {
  if (name === "eval") return args.length > 0 ? { kind: "inline", language: "shell", code: joinFields(args) } : undefined;
  if (name === "source" || name === ".") return args[0] ? { kind: "file", language: "shell", file: args[0] } : undefined;
  if (STDIN_EVALUATORS.has(name)) {
    return args.length > 0 ? { kind: "inline", language: "powershell", code: joinFields(args) } : { kind: "stdin", language: "powershell", interactive: false };
  }
  return classifyProgram(name, args);
}

/** Shell code the invocation runs is parsed and walked as part of the same model. */
function descendIntoCode(state: WalkState, invocation: Invocation, ctx: InvokeContext): void {
  const program = invocation.program;
  if (program?.language !== "shell") return;
  const inner: Frame = { ...ctx.frame, stdin: program.kind === "inline" ? invocation.stdin : undefined };
  if (program.kind === "inline") {
    const script = parseField(state, program.code);
    if (script) walkScript(state, script, inner);
    return;
  }
  const fed = program.kind === "stdin" || isStdinPath(program.kind === "file" ? program.file.text : "") ? feedScript(state, invocation) : undefined;
  if (fed) walkScript(state, fed, inner);
}

const isStdinPath = (path: string): boolean => path === "/dev/stdin" || path === "/dev/fd/0" || path === "/proc/self/fd/0";

/** A script that reaches a shell on stdin from a heredoc, here-string or literal pipe. */
function feedScript(state: WalkState, invocation: Invocation): Script | undefined {
  const feed = invocation.stdin;
  if (feed?.kind === "heredoc") {
    const { body } = feed;
    return parseWithin(state, createChildSource(body.source, body.text, body.start, body), body.source);
  }
  const output = feedOutput(feed);
  if (!output) return undefined;
  if (output.text.length >= MAX_OUTPUT) state.model.incomplete = true;
  const depth = (invocation.nameField?.word.source.depth ?? 0) + 1;
  const span = feed?.kind === "pipe" ? (feed.previous[0]?.span ?? invocation.span) : invocation.span;
  return parseWithin(state, createDetachedSource(output.text, span, depth), undefined);
}

/** Parses a field's text as a nested script, mapped to its exact offsets when it is verbatim. */
export function parseField(state: WalkState, field: Field): Script | undefined {
  const { word } = field;
  const base = verbatimBase(word);
  const part = word.parts[0];
  const exact = base !== undefined && part?.kind === "lit" && part.text === field.text;
  const child = createChildSource(word.source, field.text, exact ? base : undefined, word);
  return parseWithin(state, child, word.source);
}

export function parseWithin(state: WalkState, child: Source, parent: Source | undefined): Script | undefined {
  const depth = Math.max(child.depth, (parent?.depth ?? 0) + 1);
  state.nestedChars += child.text.length;
  if (depth > state.limits.maxSourceDepth || state.nestedChars > state.limits.maxNestedChars) {
    state.model.incomplete = true;
    return undefined;
  }
  return parseScript(child, state.budget);
}

function trackDeclarations(state: WalkState, name: string, args: Field[], ctx: InvokeContext): void {
  if (name === "unset") {
    for (const arg of args) if (!arg.text.startsWith("-")) state.env.delete(arg.text);
    return;
  }
  if (name === "alias") return trackAliases(state, args);
  if (INPUT_BUILTINS.has(name)) return trackInputVariables(state, name, args, ctx.stdin);
  if (!DECLARATION_BUILTINS.has(name)) return;
  for (const arg of args) {
    const eq = arg.text.indexOf("=");
    if (eq <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(arg.text.slice(0, eq))) continue;
    const varName = arg.text.slice(0, eq);
    const value = { ...arg, text: arg.text.slice(eq + 1) };
    state.env.set(varName, arg.dynamic ? undefined : value.text);
    assignOrigins(state, varName, arg);
    state.model.assignments.push({ name: varName, value, span: ctx.span });
  }
}

const INPUT_BUILTINS = new Set(["read", "mapfile", "readarray", "for", "select"]);

function synthetic(carrier: Field, text: string): Field {
  return { ...carrier, text, dynamic: false, subs: [], procsub: undefined };
}
