// Word expansion as the shell performs it, to the extent a guard can know the values: quote
// removal, literal variables assigned earlier in the script, `${IFS}` splitting, brace lists.
// Anything unknowable stays as a visible placeholder (`$NAME`, `$(…)`) and marks the field
// dynamic, so rules can tell "spelled out" from "computed at run time".
import type { Script, Word, WordPart } from "./ast.ts";
import { applyParamOperator } from "./param-ops.ts";

export interface Field {
  text: string;
  /** Some part of the text is only known at run time. */
  dynamic: boolean;
  /** Command substitutions that run when the word is expanded. */
  subs: Script[];
  /** Set when the field is a `<(..)` / `>(..)` process substitution. */
  procsub: Script | undefined;
  word: Word;
}

/** Variables known so far: a string when assigned a literal, undefined when computed. */
export type Env = Map<string, string | undefined>;

/** Output of command substitutions whose output is knowable (`$(echo curl)`). */
export type KnownOutputs = ReadonlyMap<Script, string>;

const NO_OUTPUTS: KnownOutputs = new Map();

const DEFAULT_IFS = " \t\n";
const BRACE_OPEN = "\u0001";
const BRACE_COMMA = "\u0002";
const BRACE_CLOSE = "\u0003";
const MAX_BRACE_FIELDS = 64;
/** Brace expansion is quadratic in the worst case, so only words of a plausible size get it. */
const MAX_BRACE_TEXT = 4096;
const MAX_BRACE_OPENS = 64;

interface Builder {
  fields: Field[];
  current: Field;
  started: boolean;
  /** The IFS in force: null when computed at run time, so splitting cannot be known. */
  ifs: string | null;
}

export function expandWords(words: readonly Word[], env: Env, known: KnownOutputs = NO_OUTPUTS): Field[] {
  const fields: Field[] = [];
  for (const word of words) {
    const plain = plainField(word);
    if (plain) fields.push(plain);
    else for (const field of expandWord(word, env, known)) fields.push(field);
  }
  return fields;
}

/** Shared by every literal field, which runs no substitution: frozen, so a push would throw. */
const NO_SUBS = Object.freeze([]) as unknown as Script[];

/** The common word, one literal with no brace list, is its own single field: no builder needed. */
function plainField(word: Word): Field | undefined {
  if (word.parts.length !== 1) return undefined;
  const only = word.parts[0] as WordPart;
  if (only.kind !== "lit" || (!only.quoted && only.text.includes("{")) || only.text.includes(BRACE_OPEN)) return undefined;
  return { text: only.text, dynamic: false, subs: NO_SUBS, procsub: undefined, word };
}

export function expandWord(word: Word, env: Env, known: KnownOutputs = NO_OUTPUTS): Field[] {
  const plain = plainField(word);
  if (plain) return [plain];
  const builder: Builder = { fields: [], current: emptyField(word), started: false, ifs: ifsOf(env) };
  for (const part of word.parts) appendPart(builder, part, env, known);
  if (builder.started) builder.fields.push(builder.current);
  // Most words have no brace list: their fields are final as built.
  if (!builder.fields.some((field) => field.text.includes(BRACE_OPEN))) return builder.fields;
  return builder.fields.flatMap((field) => expandBraces(field));
}

/** `IFS=,` earlier in the script changes how every later unquoted expansion splits. */
function ifsOf(env: Env): string | null {
  if (!env.has("IFS")) return DEFAULT_IFS;
  return env.get("IFS") ?? null;
}

/** The word as one string, the way an assignment or a here-string sees it (no splitting). */
export function expandJoined(word: Word, env: Env, known: KnownOutputs = NO_OUTPUTS): Field {
  const fields = expandWord(word, env, known);
  const joined = emptyField(word);
  joined.text = fields.map((field) => field.text).join(" ");
  joined.dynamic = fields.some((field) => field.dynamic);
  joined.subs = fields.flatMap((field) => field.subs);
  joined.procsub = fields.find((field) => field.procsub)?.procsub;
  return joined;
}

const emptyField = (word: Word): Field => ({ text: "", dynamic: false, subs: [], procsub: undefined, word });

function appendPart(builder: Builder, part: WordPart, env: Env, known: KnownOutputs): void {
  const field = builder.current;
  switch (part.kind) {
    case "lit":
      field.text += part.quoted ? part.text : markBraces(part.text);
      builder.started = true;
      return;
    case "cmdsub": {
      field.subs.push(part.script);
      const output = known.get(part.script);
      if (output === undefined) appendUnknown(builder, "$(…)");
      else appendValue(builder, output, part.quoted);
      return;
    }
    case "arith":
      appendUnknown(builder, "$((…))");
      return;
    case "procsub":
      field.procsub = part.script;
      field.text += "/dev/fd/63";
      builder.started = true;
      return;
    case "param":
      appendParam(builder, part, env);
  }
}

function appendUnknown(builder: Builder, placeholder: string): void {
  builder.current.text += placeholder;
  builder.current.dynamic = true;
  builder.started = true;
}

function appendParam(builder: Builder, part: Extract<WordPart, { kind: "param" }>, env: Env): void {
  const value = lookupParam(part, env);
  if (value === undefined) appendUnknown(builder, `$${part.name || "?"}`);
  // `"$@"` and `"${a[@]}"` stay one field per element even when quoted.
  else appendValue(builder, value, part.quoted && part.name !== "@" && !part.arg.startsWith("[@]"));
}

/** A known expansion result: verbatim inside quotes, split into fields outside them. */
function appendValue(builder: Builder, value: string, quoted: boolean): void {
  if (!quoted) return splitInto(builder, value);
  builder.current.text += value;
  builder.started = true;
}

/**
 * Unquoted expansion results are split on IFS (bash manual, Word Splitting): a run of IFS
 * whitespace is one delimiter, each other IFS character is one (so `a,,b` has an empty field),
 * and a trailing delimiter makes no field. An unknown IFS leaves the value whole and dynamic.
 */
function splitInto(builder: Builder, value: string): void {
  const ifs = builder.ifs;
  if (ifs === null || ifs === "") {
    builder.current.text += value;
    builder.current.dynamic ||= ifs === null;
    builder.started = true;
    return;
  }
  let i = 0;
  while (i < value.length) {
    if (!ifs.includes(value[i] as string)) {
      let j = i;
      while (j < value.length && !ifs.includes(value[j] as string)) j++;
      builder.current.text += value.slice(i, j);
      builder.started = true;
      i = j;
      continue;
    }
    i = skipDelimiter(value, i, ifs, builder);
  }
}

const isIfsWhitespace = (c: string): boolean => c === " " || c === "\t" || c === "\n";

/** Consumes one delimiter (whitespace run, or one other IFS character with whitespace around it). */
function skipDelimiter(value: string, from: number, ifs: string, builder: Builder): number {
  let i = from;
  while (i < value.length && isIfsWhitespace(value[i] as string) && ifs.includes(value[i] as string)) i++;
  let hard = false;
  if (i < value.length && ifs.includes(value[i] as string) && !isIfsWhitespace(value[i] as string)) {
    hard = true;
    i++;
    while (i < value.length && isIfsWhitespace(value[i] as string) && ifs.includes(value[i] as string)) i++;
  }
  if (builder.started || hard) {
    builder.fields.push(builder.current);
    builder.current = emptyField(builder.current.word);
    builder.started = false;
  }
  return i;
}

function lookupParam(part: Extract<WordPart, { kind: "param" }>, env: Env): string | undefined {
  const value = part.name === "IFS" && !env.has("IFS") ? DEFAULT_IFS : env.get(part.name);
  if (part.op === "") return value;
  if (part.op === "?" && part.arg.startsWith("[")) return subscript(value, part.arg);
  if (part.op === "!") {
    const target = value === undefined ? undefined : env.get(value);
    return target;
  }
  return applyParamOperator(value, part.op, part.arg);
}

/** `${a[@]}`, `${a[*]}`, `${a[2]}` of an array assigned literally (its elements space-joined). */
function subscript(value: string | undefined, arg: string): string | undefined {
  if (value === undefined) return undefined;
  if (arg === "[@]" || arg === "[*]") return value;
  const index = /^\[(\d{1,4})\]$/.exec(arg)?.[1];
  if (index === undefined) return undefined;
  return value.split(/[ \t\n]+/).filter((element) => element !== "")[Number(index)] ?? "";
}

/** Native replacements, not a loop appending a character at a time: a word can be 1 MiB long. */
function markBraces(text: string): string {
  if (!text.includes("{")) return text;
  return text.replaceAll("{", BRACE_OPEN).replaceAll(",", BRACE_COMMA).replaceAll("}", BRACE_CLOSE);
}

const unmarkBraces = (text: string): string =>
  text.replaceAll(BRACE_OPEN, "{").replaceAll(BRACE_COMMA, ",").replaceAll(BRACE_CLOSE, "}");

function expandBraces(field: Field): Field[] {
  if (!field.text.includes(BRACE_OPEN)) return [field];
  if (field.text.length > MAX_BRACE_TEXT) return [{ ...field, text: unmarkBraces(field.text) }];
  const texts = expandBraceText(field.text, 0).slice(0, MAX_BRACE_FIELDS);
  // Unquoted empty results are dropped as null words are: `{bash,}` is the one word `bash`.
  const kept = texts.length > 1 ? texts.filter((text) => text !== "") : texts;
  return kept.map((text) => ({ ...field, text: unmarkBraces(text) }));
}

/** `a{b,c}d` -> [abd, acd], for the first group with a top-level comma, recursively. */
function expandBraceText(text: string, depth: number): string[] {
  const group = depth < 8 ? findBraceGroup(text) : undefined;
  if (!group) return [text];
  const prefix = text.slice(0, group.open);
  const suffix = text.slice(group.close + 1);
  const results: string[] = [];
  for (const alternative of group.alternatives) {
    for (const expanded of expandBraceText(prefix + alternative + suffix, depth + 1)) {
      if (results.length >= MAX_BRACE_FIELDS) return results;
      results.push(expanded);
    }
  }
  return results;
}

function findBraceGroup(text: string): { open: number; close: number; alternatives: string[] } | undefined {
  let tries = 0;
  for (let open = text.indexOf(BRACE_OPEN); open !== -1 && tries++ < MAX_BRACE_OPENS; open = text.indexOf(BRACE_OPEN, open + 1)) {
    let depth = 0;
    const commas: number[] = [];
    for (let i = open; i < text.length; i++) {
      const c = text[i];
      if (c === BRACE_OPEN) depth++;
      else if (c === BRACE_COMMA && depth === 1) commas.push(i);
      else if (c === BRACE_CLOSE && --depth === 0) {
        if (commas.length === 0) break;
        const bounds = [open, ...commas, i];
        const alternatives = bounds.slice(1).map((end, k) => text.slice((bounds[k] as number) + 1, end));
        return { open, close: i, alternatives };
      }
    }
  }
  return undefined;
}
