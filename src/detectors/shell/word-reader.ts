// Reads one shell word: quote removal, ANSI-C `$'..'` decoding, parameters, `$(..)`, backticks
// and arithmetic, keeping each part's source offsets. Everything is a linear character scan.
import type { Budget } from "../../engine/budget.ts";
import type { Script, Source, Word, WordPart } from "./ast.ts";
import { decodeAnsiC } from "./ansi-c.ts";
import { createChildSource } from "./source.ts";

/** Parses a nested list starting at `start`, stopping at `)` (or at `limit` for "eof"). */
export type NestedParser = (
  source: Source,
  start: number,
  limit: number,
  closer: ")" | "eof",
  nesting: number,
) => { script: Script; end: number };

export interface ReaderContext {
  source: Source;
  limit: number;
  nesting: number;
  parseNested: NestedParser;
  /** Once spent, a word being read runs to `limit`: the parse has stopped, its rest is unjudged. */
  budget: Budget;
}

const METACHARS = new Set([" ", "\t", "\n", "\r", ";", "&", "|", "<", ">", "(", ")"]);
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAMS = new Set(["@", "*", "#", "?", "$", "!", "-", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);

export const isMetachar = (c: string): boolean => METACHARS.has(c);

/** Per ASCII code: ends a word, starts quoting or expansion, or is plain (a lookup per char). */
const PLAIN = 0;
const META = 1;
const SPECIAL = 2;
const CHAR_KIND = new Uint8Array(128);
for (const c of METACHARS) CHAR_KIND[c.charCodeAt(0)] = META;
for (const c of ["\\", "'", '"', "$", "`"]) CHAR_KIND[c.charCodeAt(0)] = SPECIAL;

/** Reads an unquoted word starting at `start`; its `end` is the offset after it. */
export function readWord(ctx: ReaderContext, start: number): Word {
  const { text } = ctx.source;
  const parts: WordPart[] = [];
  let i = start;
  let runStart = start;
  while (i < ctx.limit) {
    const code = text.charCodeAt(i);
    const kind = code < 128 ? CHAR_KIND[code]! : PLAIN;
    if (kind === META) break;
    if (kind === PLAIN) {
      i++;
      continue;
    }
    if (i > runStart) parts.push(lit(text.slice(runStart, i), false, true, runStart, i));
    if (ctx.budget.spent()) return { parts, start, end: ctx.limit, source: ctx.source };
    i = readSpecial(ctx, i, parts, false);
    runStart = i;
  }
  if (i > runStart) parts.push(lit(text.slice(runStart, i), false, true, runStart, i));
  return { parts, start, end: i, source: ctx.source };
}

/** Reads a heredoc body (or any text) with double-quote rules but no closing quote. */
export function readExpandingText(ctx: ReaderContext, start: number, end: number): Word {
  const parts: WordPart[] = [];
  readDoubleQuotedRun(ctx, start, parts, end, false);
  return { parts, start, end, source: ctx.source };
}

function readSpecial(ctx: ReaderContext, i: number, parts: WordPart[], quoted: boolean): number {
  const { text } = ctx.source;
  const c = text[i];
  if (c === "\\") {
    if (text[i + 1] === "\n") return i + 2;
    if (i + 1 >= ctx.limit) return i + 1;
    parts.push(lit(text[i + 1] as string, true, false, i, i + 2));
    return i + 2;
  }
  if (c === "'") {
    const close = indexBounded(text, "'", i + 1, ctx.limit);
    parts.push(lit(text.slice(i + 1, close), true, true, i + 1, close));
    return Math.min(close + 1, ctx.limit);
  }
  if (c === '"') return readDoubleQuotedRun(ctx, i + 1, parts, ctx.limit, true);
  if (c === "`") return readBackticks(ctx, i, parts, quoted);
  return readDollar(ctx, i, parts, quoted);
}

/** Double-quoted text from `start`; stops after a closing `"` when `closing`, else at `end`. */
function readDoubleQuotedRun(
  ctx: ReaderContext,
  start: number,
  parts: WordPart[],
  end: number,
  closing: boolean,
): number {
  const { text } = ctx.source;
  let i = start;
  let runStart = start;
  const flush = (to: number) => {
    if (to > runStart || (closing && parts.length === 0 && to === start)) {
      parts.push(lit(text.slice(runStart, to), true, true, runStart, to));
    }
  };
  while (i < end) {
    const c = text[i];
    if (closing && c === '"') {
      flush(i);
      return i + 1;
    }
    if (c === "\\" && i + 1 < end && '$`"\\\n'.includes(text[i + 1] as string)) {
      flush(i);
      if (text[i + 1] !== "\n") parts.push(lit(text[i + 1] as string, true, false, i, i + 2));
      i += 2;
      runStart = i;
      continue;
    }
    if (c === "$" || c === "`") {
      flush(i);
      if (ctx.budget.spent()) return end;
      i = c === "$" ? readDollar(ctx, i, parts, true) : readBackticks(ctx, i, parts, true);
      runStart = i;
      continue;
    }
    i++;
  }
  flush(i);
  return i;
}

function readDollar(ctx: ReaderContext, i: number, parts: WordPart[], quoted: boolean): number {
  const { text } = ctx.source;
  const next = text[i + 1] ?? "";
  // `$((..))` is arithmetic only when the inner `(` closes right before the outer: `$((cmd) )` runs cmd.
  const arithmetic = next === "(" && text[i + 2] === "(" ? arithmeticEnd(text, i + 1, ctx.limit) : undefined;
  if (arithmetic !== undefined) {
    parts.push({ kind: "arith", quoted, start: i, end: arithmetic });
    return arithmetic;
  }
  if (next === "(") {
    const { script, end } = ctx.parseNested(ctx.source, i + 2, ctx.limit, ")", ctx.nesting + 1);
    parts.push({ kind: "cmdsub", script, quoted, start: i, end });
    return end;
  }
  if (next === "{") return readBracedParam(ctx, i, parts, quoted);
  if (next === "'" && !quoted) {
    const { value, end } = decodeAnsiC(text, i + 2, ctx.limit);
    parts.push(lit(value, true, false, i, end));
    return end;
  }
  if (next === '"' && !quoted) return readDoubleQuotedRun(ctx, i + 2, parts, ctx.limit, true);
  if (NAME_START.test(next)) {
    let j = i + 2;
    while (j < ctx.limit && NAME_CHAR.test(text[j] as string)) j++;
    parts.push({ kind: "param", name: text.slice(i + 1, j), op: "", arg: "", quoted, start: i, end: j });
    return j;
  }
  if (SPECIAL_PARAMS.has(next)) {
    parts.push({ kind: "param", name: next, op: "", arg: "", quoted, start: i, end: i + 2 });
    return i + 2;
  }
  parts.push(lit("$", quoted, true, i, i + 1));
  return i + 1;
}

const BRACED = /^([#!]?)([A-Za-z_][A-Za-z0-9_]*|[@*#?$!0-9-])(.*)$/s;

function readBracedParam(ctx: ReaderContext, i: number, parts: WordPart[], quoted: boolean): number {
  const { text } = ctx.source;
  const end = skipBalanced(text, i + 1, ctx.limit, "{", "}");
  const inner = text.slice(i + 2, Math.max(i + 2, end - 1));
  const match = BRACED.exec(inner);
  if (!match) {
    parts.push({ kind: "param", name: "", op: "?", arg: inner, quoted, start: i, end });
    return end;
  }
  const [, prefix = "", name = "", rest = ""] = match;
  const { op, arg } = prefix ? { op: prefix, arg: rest } : splitParamOp(rest);
  parts.push({ kind: "param", name, op, arg, quoted, start: i, end });
  return end;
}

const PARAM_OPS = [":-", ":=", ":+", ":?", "//", "##", "%%", "^^", ",,", "-", "=", "+", "?", "/", "#", "%", "^", ",", ":", "@"];

function splitParamOp(rest: string): { op: string; arg: string } {
  if (rest === "") return { op: "", arg: "" };
  const op = PARAM_OPS.find((candidate) => rest.startsWith(candidate)) ?? "?";
  return { op, arg: op === "?" && !rest.startsWith("?") ? rest : rest.slice(op.length) };
}

function readBackticks(ctx: ReaderContext, i: number, parts: WordPart[], quoted: boolean): number {
  const { text } = ctx.source;
  let j = i + 1;
  let escaped = false;
  while (j < ctx.limit && text[j] !== "`") {
    if (text[j] === "\\") {
      escaped = true;
      j++;
    }
    j++;
  }
  const close = Math.min(j, ctx.limit);
  const end = Math.min(close + 1, ctx.limit);
  if (!escaped) {
    const { script } = ctx.parseNested(ctx.source, i + 1, close, "eof", ctx.nesting + 1);
    parts.push({ kind: "cmdsub", script, quoted, start: i, end });
    return end;
  }
  const inner = text.slice(i + 1, close).replace(/\\([\\`$])/g, "$1");
  const child = createChildSource(ctx.source, inner, undefined, { start: i, end });
  const { script } = ctx.parseNested(child, 0, inner.length, "eof", ctx.nesting + 1);
  parts.push({ kind: "cmdsub", script, quoted, start: i, end });
  return end;
}

/** The offset after `((..))` opened at `open`, when the inner `(` closes right before the outer. */
export function arithmeticEnd(text: string, open: number, limit: number): number | undefined {
  const inner = skipBalanced(text, open + 1, limit, "(", ")");
  return text[inner] === ")" && inner < limit ? inner + 1 : undefined;
}

/** Offset after the `close` matching the `open` at `start`, skipping quoted text. */
export function skipBalanced(text: string, start: number, limit: number, open: string, close: string): number {
  let depth = 0;
  let i = start;
  while (i < limit) {
    const c = text[i];
    if (c === "\\") i += 2;
    else if (c === "'" && open === "{") i = indexBounded(text, "'", i + 1, limit) + 1;
    else {
      if (c === open) depth++;
      else if (c === close && --depth === 0) return i + 1;
      i++;
    }
  }
  return limit;
}

function indexBounded(text: string, needle: string, from: number, limit: number): number {
  const at = text.indexOf(needle, from);
  return at === -1 || at >= limit ? limit : at;
}

function lit(text: string, quoted: boolean, exact: boolean, start: number, end: number): WordPart {
  return { kind: "lit", text, quoted, exact, start, end };
}
