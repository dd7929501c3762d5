// Where what a command runs comes from, recorded on its invocation for the rules: the origins of
// a run-time name, of run-time inline code and of what echo/printf print; the items xargs and
// parallel dispatch; a program read from a descriptor (`source /dev/fd/3`); files a program
// loads before its own code (`BASH_ENV=F bash`, `LD_PRELOAD=F cmd`).
import { languageOf } from "./commands.ts";
import { originsOf } from "./dataflow.ts";
import type { Field } from "./expand.ts";
import type { Program } from "./interpreters.ts";
import type { Dispatch, Feed, ValueOrigin } from "./model.ts";
import { feedOfDescriptor } from "./redirects.ts";
import type { InvokeContext } from "./invoke.ts";
import type { InvocationDetails, WalkState } from "./walk.ts";
import type { Peeled } from "./wrappers.ts";

const PRINTERS = new Set(["echo", "printf", "print"]);
const DESCRIPTOR = /^\/(?:dev|proc\/self)\/fd\/(\d{1,3})$/;

type Provenance = Pick<InvocationDetails, "nameOrigins" | "codeOrigins" | "outputOrigins" | "dispatch" | "programFeed" | "preloads">;

const NOTHING: Provenance = Object.freeze({});

export function provenanceOf(state: WalkState, name: string, head: Field, args: Field[], program: Program | undefined, peeled: Peeled, ctx: InvokeContext): Provenance {
  // The common command: a literal name, no code, nothing dispatched or preloaded.
  const plain = !head.dynamic && program === undefined && !peeled.dispatch && !PRINTERS.has(name) && peeled.assignments.length === 0 && !ctx.prefix;
  if (plain) return NOTHING;
  const provenance: Provenance = {};
  if (head.dynamic) provenance.nameOrigins = originsOf(state, [head]);
  if (program?.kind === "inline") {
    const fields = name === "eval" ? args : [program.code];
    if (fields.some((field) => field.dynamic || field.subs.length > 0)) provenance.codeOrigins = originsOf(state, fields);
  }
  if (PRINTERS.has(name) && args.some((arg) => arg.dynamic)) provenance.outputOrigins = originsOf(state, args);
  if (peeled.dispatch) provenance.dispatch = dispatchOf(state, peeled, ctx);
  const descriptor = program?.kind === "file" ? DESCRIPTOR.exec(program.file.text)?.[1] : undefined;
  if (descriptor !== undefined && descriptor !== "0") provenance.programFeed = feedOfDescriptor(state, ctx.redirects, Number(descriptor));
  if ((ctx.prefix?.length ?? 0) + peeled.assignments.length > 0) {
    const preloads = preloadsOf(name, head.text, [...(ctx.prefix ?? []), ...peeled.assignments], peeled.privileged);
    if (preloads.length > 0) provenance.preloads = preloads;
  }
  return provenance;
}

function dispatchOf(state: WalkState, peeled: Peeled, ctx: InvokeContext): Dispatch {
  const spec = peeled.dispatch as NonNullable<Peeled["dispatch"]>;
  const argFile = spec.argFile;
  const feed: Feed | undefined = argFile ? { kind: "file", field: argFile } : ctx.stdin;
  const items: readonly ValueOrigin[] = spec.items.some((item) => item.dynamic || item.subs.length > 0) ? originsOf(state, spec.items) : [];
  return { feed, items, replace: spec.replace };
}

/**
 * Variables naming files a program loads before doing anything else: a shell sources BASH_ENV
 * (non-interactive bash) or ENV (sh), the dynamic linker loads LD_PRELOAD and LD_AUDIT, and a
 * relative PATH entry (`PATH=.:$PATH a`) makes a bare name run the file of that name in it.
 */
const WORLD_WRITABLE = /^\/(?:tmp|var\/tmp|dev\/shm)\/?$/;

/** Each interpreter's module search path: what it imports is looked for there first. */
const MODULE_PATHS: Record<string, readonly string[]> = {
  python: ["PYTHONPATH"], perl: ["PERL5LIB", "PERLLIB"], ruby: ["RUBYLIB"], node: ["NODE_PATH"],
};
/** Directories the invoking user (or anyone) can write: a module there was put there by them. */
const USER_WRITABLE = /^(?:\/(?:tmp|var\/tmp|dev\/shm|home)\/|~|\$HOME|[^/$])/;

function preloadsOf(name: string, written: string, assignments: readonly Field[], privileged = false): string[] {
  const found: string[] = [];
  const language = languageOf(name);
  const shell = language === "shell";
  const modulePaths = privileged && language !== undefined ? MODULE_PATHS[language] : undefined;
  for (const assignment of assignments) {
    const eq = assignment.text.indexOf("=");
    const variable = assignment.text.slice(0, eq);
    const value = assignment.text.slice(eq + 1);
    if (eq <= 0 || value === "") continue;
    if (shell && (variable === "BASH_ENV" || variable === "ENV")) found.push(value);
    if (variable === "LD_PRELOAD" || variable === "LD_AUDIT") found.push(...value.split(/[:\s]+/).filter((path) => path !== ""));
    // `sudo PYTHONPATH=/tmp/mods python3 /opt/x.py`, `sudo LD_LIBRARY_PATH=~/lib prog`: root imports
    // or links whatever the user put in a directory they can write; the directory is what loads.
    if (modulePaths?.includes(variable) || (privileged && variable === "LD_LIBRARY_PATH")) {
      for (const dir of value.split(":")) if (dir !== "" && USER_WRITABLE.test(dir)) found.push(`${dir.replace(/\/+$/, "")}/`);
    }
    // `PATH=.:$PATH a`: a relative PATH entry makes the bare name run the file of that name there.
    if (variable === "PATH" && !name.includes("/")) {
      for (const dir of value.split(":")) if (dir === "" || /^[^/~$]/.test(dir)) found.push(`${dir || "."}/${name}`);
    }
    // `PATH=/tmp:$PATH /usr/local/bin/x`: the program is named in full, so PATH is for what *it* runs,
    // searched first in a directory anyone can write: the directory itself is what loads.
    if (variable === "PATH" && written.startsWith("/")) {
      for (const dir of value.split(":")) if (WORLD_WRITABLE.test(dir)) found.push(`${dir.replace(/\/+$/, "")}/`);
    }
  }
  return found;
}
