// Derived facts rules share: which invocations fetch, decode or open sockets, and which
// invocations produce the code another invocation runs (through a pipe, a substitution, a
// process substitution or a here-string).
import type { Script } from "./ast.ts";
import { DATA_COMMANDS, FETCHERS, SOCKET_TOOLS } from "./commands.ts";
import { decoderOf } from "./content.ts";
import type { Field } from "./expand.ts";
import { type Invocation, type ShellModel, upstreamOf } from "./model.ts";

export const argTexts = (inv: Invocation): string[] => inv.args.map((arg) => arg.text);

export const isFetcher = (inv: Invocation): boolean =>
  FETCHERS.has(inv.name) && !(inv.name === "certutil" && !argTexts(inv).some((arg) => /^[-/]urlcache$/i.test(arg)));

const EXTRA_DECODERS = new Set(["base32", "basenc", "uudecode", "gpg", "certutil", "gzip", "bzip2", "xz", "zstd", "lzma"]);
/** Decompressors always decode: an archive piped into a shell hides the script from review. */
const DECOMPRESSORS = new Set(["gunzip", "zcat", "gzcat", "bzcat", "xzcat", "unxz", "unzstd", "zstdcat", "lzcat", "unlzma"]);

/** Every name `isDecoder` can accept, so other commands skip the flag checks. */
const DECODER_NAMES = new Set(["base64", "openssl", "xxd", "rev", "tr", ...EXTRA_DECODERS, ...DECOMPRESSORS]);

export function isDecoder(inv: Invocation): boolean {
  if (!DECODER_NAMES.has(inv.name)) return false;
  const flags = argTexts(inv);
  if (decoderOf(inv.name, flags) || DECOMPRESSORS.has(inv.name)) return true;
  if (!EXTRA_DECODERS.has(inv.name)) return false;
  if (inv.name === "uudecode") return true;
  if (inv.name === "certutil") return flags.some((flag) => /^[-/]decode(hex)?$/i.test(flag));
  return flags.some((flag) => flag === "--decode" || flag === "--decrypt" || /^-[a-zA-Z]*d/.test(flag));
}

export const isSocketTool = (inv: Invocation): boolean =>
  SOCKET_TOOLS.has(inv.name) || (inv.name === "openssl" && inv.args[0]?.text === "s_client");

export const isDataCommand = (inv: Invocation): boolean => DATA_COMMANDS.has(inv.name);

export function invocationsIn(model: ShellModel, scripts: readonly Script[]): Invocation[] {
  return scripts.flatMap((script) => model.byScript.get(script) ?? []);
}

const isStdinPath = (path: string): boolean => ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "-"].includes(path);

/** True when every non-blank character of the field comes from an expansion. */
function isWhollyExpanded(field: Field): boolean {
  return field.word.parts.every((part) => part.kind !== "lit" || part.text.trim() === "");
}

/** `X=$(curl ..); eval "$X"`: the commands whose output the code's variables were assigned. */
function assignedProducers(code: Field, model: ShellModel): Invocation[] {
  const names = new Set(code.word.parts.flatMap((part) => (part.kind === "param" ? [part.name] : [])));
  if (names.size === 0) return [];
  const subs = model.assignments.flatMap((a) => (names.has(a.name) && a.value ? a.value.subs : []));
  return invocationsIn(model, subs);
}

/** The invocations whose output `inv` reads on stdin. */
function stdinProducers(inv: Invocation, model: ShellModel): Invocation[] {
  const feed = inv.stdin;
  if (!feed) return [];
  if (feed.kind === "pipe") return upstreamOf(feed.upstream);
  if (feed.kind === "herestring") return invocationsIn(model, feed.field.subs);
  if (feed.kind === "file" && feed.field.procsub) return invocationsIn(model, [feed.field.procsub]);
  return [];
}

/**
 * Invocations whose output becomes code that `inv` executes: stdin of an interpreter reading
 * its program there, a process substitution given as the script file, a substitution that is
 * the whole inline program (`sh -c "$(curl ..)"`, `eval "$(..)"`), or a substituted command name.
 */
export function codeProducers(inv: Invocation, model: ShellModel): Invocation[] {
  if (!inv.program && !inv.nameField?.subs.length) return [];
  const producers: Invocation[] = [];
  if (inv.nameField?.subs.length) producers.push(...invocationsIn(model, inv.nameField.subs));
  const program = inv.program;
  if (!program || program.kind === "module") return producers;
  if (program.kind === "stdin") producers.push(...stdinProducers(inv, model));
  if (program.kind === "inline" && isWhollyExpanded(program.code)) {
    producers.push(...invocationsIn(model, program.code.subs), ...assignedProducers(program.code, model));
  }
  if (program.kind === "file") {
    if (program.file.procsub) producers.push(...invocationsIn(model, [program.file.procsub]));
    else if (isStdinPath(program.file.text)) producers.push(...stdinProducers(inv, model));
  }
  return producers;
}

/** Operands of a command: arguments that are not options (everything after `--`). */
export const operandFields = (inv: Invocation, valueOptions = ""): Field[] => operandsOf(inv.args, valueOptions);

/** Operands among `args`: what is neither an option nor the value of one in `valueOptions`. */
export function operandsOf(args: readonly Field[], valueOptions = ""): Field[] {
  const found: Field[] = [];
  let afterDashes = false;
  for (let i = 0; i < args.length; i++) {
    const field = args[i] as Field;
    if (!afterDashes && field.text === "--") afterDashes = true;
    else if (afterDashes || !field.text.startsWith("-") || field.text === "-") found.push(field);
    else if (field.text.length === 2 && valueOptions.includes(field.text[1] as string)) i++;
  }
  return found;
}

/** Short-option letters present in any cluster (`-rf` -> r, f) plus long options. */
export function flagSet(inv: Invocation): Set<string> {
  const flags = new Set<string>();
  for (const { text } of inv.args) {
    if (text === "--") break;
    if (text.startsWith("--")) flags.add(text.split("=")[0] as string);
    else if (text.startsWith("-") && text.length > 1) for (const letter of text.slice(1)) flags.add(`-${letter}`);
  }
  return flags;
}
