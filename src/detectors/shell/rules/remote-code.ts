// Code that arrives from outside and runs: fetched or decoded content reaching an interpreter
// (pipes, `<(..)`, `$(..)`, here-strings) and files written by a fetch or a decoder that a later
// command executes.
import { writesOf } from "../effects.ts";
import { codeProducers, isDecoder, isFetcher } from "../facts.ts";
import { type Invocation, upstreamOf } from "../model.ts";
import { normalizePath } from "../paths.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";

export const remoteCodeRule: Rule = (ctx) => [...channelHits(ctx), ...droppedFileHits(ctx)];

function channelHits(ctx: RuleContext): Hit[] {
  return eachInvocation(ctx, (inv) => {
    const producers = codeProducers(inv, ctx.model);
    if (producers.some(isFetcher)) return hit("shell.pipe_to_interpreter", inv);
    if (producers.some(isDecoder)) return hit("shell.decode_then_execute", inv);
    return undefined;
  });
}

type Origin = "shell.download_then_execute" | "shell.decode_then_execute";

/** Files produced by a fetch or a decode, then run as a program, script or sourced file. */
function droppedFileHits(ctx: RuleContext): Hit[] {
  const dropped = new Map<string, Origin>();
  const hits: Hit[] = [];
  for (const inv of ctx.model.invocations) {
    // Nothing dropped yet means nothing to find, whatever this command executes.
    if (dropped.size > 0) {
      for (const path of executedPaths(inv)) {
        const origin = findDropped(dropped, path);
        if (origin) hits.push(hit(origin, inv));
      }
    }
    for (const path of droppedBy(inv)) dropped.set(normalizePath(path), isDecoder(inv) ? "shell.decode_then_execute" : "shell.download_then_execute");
  }
  return hits;
}

function droppedBy(inv: Invocation): readonly string[] {
  if (isFetcher(inv) || isDecoder(inv)) return writesOf(inv).map((write) => write.path);
  if (inv.name === "tee" && inv.stdin?.kind === "pipe" && upstreamOf(inv.stdin.upstream).some((from) => isFetcher(from) || isDecoder(from))) {
    return writesOf(inv).map((write) => write.path);
  }
  return NONE;
}

const NONE: readonly string[] = [];

/** Paths an invocation runs as code: the program itself, a script file, a sourced file. */
export function executedPaths(inv: Invocation): string[] {
  const paths: string[] = [];
  if (inv.argv0.includes("/")) paths.push(inv.argv0);
  const program = inv.program;
  if (program?.kind === "file" && !program.file.procsub) paths.push(program.file.text);
  if (program?.kind === "stdin" && inv.stdin?.kind === "file") paths.push(inv.stdin.field.text);
  if (inv.name === "go" && inv.args[0]?.text === "run") paths.push(...inv.args.slice(1).filter((arg) => !arg.text.startsWith("-")).map((arg) => arg.text));
  return paths;
}

function findDropped(dropped: Map<string, Origin>, path: string): Origin | undefined {
  const wanted = normalizePath(path);
  const exact = dropped.get(wanted);
  if (exact) return exact;
  for (const [written, origin] of dropped) {
    if (isRelative(written) && wanted.endsWith(`/${written}`)) return origin;
    if (isRelative(wanted) && written.endsWith(`/${wanted}`)) return origin;
  }
  return undefined;
}

const isRelative = (path: string): boolean => !path.startsWith("/") && !path.startsWith("~") && !path.startsWith("$");
