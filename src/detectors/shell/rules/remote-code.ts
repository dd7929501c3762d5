// Code that arrives from outside and runs: fetched or decoded content reaching an interpreter
// (pipes, `<(..)`, `$(..)`, here-strings, variables), reaching a program warden cannot name
// (`$c`, a glob, `$(…)`), dispatched by a program that runs its input (runs-input.ts), and files
// written with such content that a later command executes. One pass in execution order.
import { codeProducers } from "../facts.ts";
import type { Invocation } from "../model.ts";
import { isShellLoaded } from "../file-kinds.ts";
import { baseName } from "../paths.ts";
import { globToRegExp } from "../resolve.ts";
import { isOnPath, mayBeTainted, type Taint, TaintTracker } from "../taint.ts";
import { fedToUnknown, loadedFromNetwork, writtenToProcess } from "./fed-content.ts";
import { runsInput } from "./runs-input.ts";
import { type Hit, hit, type Rule, type RuleContext, visitInvocations } from "./rule.ts";

export const remoteCodeRule: Rule = (ctx) => {
  if (!mayBeTainted(ctx.invocations)) return ctx.invocations.filter(runsUrl).map((inv) => hit("shell.download_then_execute", inv));
  const taint = new TaintTracker(ctx.model);
  const hits: Hit[] = [];
  let lastFind: Invocation | undefined;
  visitInvocations(ctx, (inv) => {
    const channel =
      channelTaint(ctx, taint, inv) ?? runsInput(taint, inv) ?? fedToUnknown(ctx.model, taint, inv) ?? writtenToProcess(ctx.model, taint, inv);
    if (channel) hits.push(hit(channel === "network" ? "shell.pipe_to_interpreter" : "shell.decode_then_execute", inv));
    else {
      const file = droppedTaint(taint, inv, lastFind);
      if (file) hits.push(hit(file === "network" ? "shell.download_then_execute" : "shell.decode_then_execute", inv));
    }
    if (inv.name === "find") lastFind = inv;
    // Fetched content written into a file a shell or git runs by itself runs there later.
    const written = taint.noteWrites(inv);
    if (written.some((write) => isShellLoaded(write.path.toLowerCase()) || shadowsCommand(write.path))) hits.push(hit("shell.download_then_execute", inv));
    else if (runsUrl(inv)) hits.push(hit("shell.download_then_execute", inv));
  });
  const first = ctx.invocations[0];
  if (first && hits.length === 0 && loadedFromNetwork(ctx.model, taint)) hits.push(hit("shell.pipe_to_interpreter", first));
  return hits;
};

/**
 * Fetched or decoded content that `inv` runs as code: its program on stdin, a process
 * substitution given as the script, a substitution or variable that is the whole inline
 * program (`sh -c "$(curl ..)"`, `eval "$l"`), or a command name computed from such content.
 */
function channelTaint(ctx: RuleContext, taint: TaintTracker, inv: Invocation): Taint | undefined {
  // Most commands run no code of their own and have a literal name: nothing to trace.
  if (!inv.program && inv.nameOrigins.length === 0 && !inv.nameField?.subs.length) return undefined;
  const producers = codeProducers(inv, ctx.model);
  const fromProducers = producers.length > 0 ? taint.invocations(producers) : undefined;
  if (fromProducers === "network") return fromProducers;
  const fromName = inv.nameOrigins.length > 0 ? taint.origins(inv.nameOrigins) : undefined;
  const fromCode = inv.codeOrigins.length > 0 && inv.program?.kind === "inline" && isWhollyExpanded(inv) ? taint.origins(inv.codeOrigins) : undefined;
  // The program read from stdin or a descriptor: here-strings of variables, heredocs with `$(..)`, dropped files.
  const fromInput = readsProgramFromStdin(inv) ? taint.feed(inv.stdin) : undefined;
  const fromDescriptor = inv.programFeed ? taint.feed(inv.programFeed) : undefined;
  return strongest(fromProducers, fromName, fromCode, fromInput, fromDescriptor);
}

function readsProgramFromStdin(inv: Invocation): boolean {
  const program = inv.program;
  if (!program || program.kind === "module" || program.kind === "inline") return false;
  return program.kind === "stdin" || /^\/(?:dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/.test(program.file.text);
}

/** True when every non-blank character of the inline program comes from an expansion. */
function isWhollyExpanded(inv: Invocation): boolean {
  const fields = inv.name === "eval" ? inv.args : inv.program?.kind === "inline" ? [inv.program.code] : [];
  return fields.every((field) => field.word.parts.every((part) => part.kind !== "lit" || part.text.trim() === ""));
}

function strongest(...taints: (Taint | undefined)[]): Taint | undefined {
  return taints.includes("network") ? "network" : taints.includes("decoded") ? "decoded" : undefined;
}

/** A file holding fetched or decoded content, run as a program, script or sourced file. */
function droppedTaint(taint: TaintTracker, inv: Invocation, lastFind: Invocation | undefined): Taint | undefined {
  if (taint.dropped.size === 0) return undefined;
  let found: Taint | undefined;
  const note = (next: Taint | undefined) => {
    if (next === "network" || found === undefined) found = next ?? found;
  };
  for (const path of inv.preloads) note(taint.droppedAt(path));
  for (const path of executedPaths(inv)) note(path === "{}" && lastFind ? foundByFind(taint, lastFind) : taint.droppedAt(path));
  // A program dropped into a PATH directory runs by its bare name.
  if (taint.onPath.size > 0 && !inv.argv0.includes("/")) note(taint.onPath.get(inv.argv0));
  return found;
}

/** `find DIR -name x.sh -exec sh {} \;`: `{}` is whichever dropped file the name test matches. */
function foundByFind(taint: TaintTracker, find: Invocation): Taint | undefined {
  const names = find.args.flatMap((arg, i) => (/^-i?name$|^-i?path$/.test(arg.text) ? [find.args[i + 1]?.text ?? ""] : []));
  const patterns = names.map((name) => globToRegExp(baseName(name))).filter((pattern): pattern is RegExp => pattern !== undefined);
  return strongest(...taint.dropped.matching((name) => patterns.some((pattern) => pattern.test(name))));
}

const NO_PATHS: readonly string[] = [];

/** Paths an invocation runs as code: the program itself, a script file, a sourced file. */
export function executedPaths(inv: Invocation): readonly string[] {
  // Most commands run no file: no array for them.
  if (!inv.program && !inv.argv0.includes("/") && inv.argv0 !== "{}" && inv.name !== "go" && inv.name !== "java") return NO_PATHS;
  const paths: string[] = [];
  if (inv.argv0.includes("/") || inv.argv0 === "{}") paths.push(inv.argv0);
  const program = inv.program;
  if (program?.kind === "file" && !program.file.procsub) paths.push(program.file.text);
  if (program?.kind === "stdin" && inv.stdin?.kind === "file") paths.push(inv.stdin.field.text);
  if (inv.name === "go" && inv.args[0]?.text === "run") paths.push(...inv.args.slice(1).filter((arg) => !arg.text.startsWith("-")).map((arg) => arg.text));
  const jar = inv.name === "java" ? inv.args.findIndex((arg) => arg.text === "-jar") : -1;
  if (jar !== -1 && inv.args[jar + 1]) paths.push((inv.args[jar + 1] as Invocation["args"][number]).text);
  return paths;
}

/**
 * System commands every later shell runs by name: a download saved under one in a PATH directory
 * replaces it. Tools people do install this way (kubectl, helm, docker-compose) are not here.
 */
const SHADOWED = new Set([
  "git", "ls", "cat", "sudo", "su", "ssh", "scp", "sh", "bash", "zsh", "python", "python3", "pip", "pip3", "node", "npm", "npx",
  "curl", "wget", "env", "grep", "find", "cp", "mv", "rm", "gpg", "id", "ps", "which", "passwd",
]);

const shadowsCommand = (path: string): boolean => isOnPath(path) && SHADOWED.has(baseName(path));

/** Runners that fetch a script or package named by URL and run it (`deno run https://..`, `npx https://..`). */
const URL_RUNNERS: Record<string, readonly string[]> = { deno: ["run", "install", "eval"], pipx: ["run"], bun: ["x", "run"], bunx: [], npx: [], pnpx: [] };

function runsUrl(inv: Invocation): boolean {
  if (!Object.hasOwn(URL_RUNNERS, inv.name)) return false;
  const verbs = URL_RUNNERS[inv.name] as readonly string[];
  const words = inv.args.map((arg) => arg.text).filter((text) => !text.startsWith("-"));
  const target = verbs.length === 0 ? words[0] : verbs.includes(words[0] ?? "") ? words[1] : undefined;
  return target !== undefined && /^https?:\/\//i.test(target);
}
