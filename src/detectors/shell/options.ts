// Generic command-line option scanning: which arguments are options, which options consume
// the next argument, and where the operands begin. Shared by wrappers and interpreters.
import type { Field } from "./expand.ts";

export interface OptionSpec {
  /** Short option letters that take a value (`-u root`, `-uroot`). */
  shortWithValue?: string;
  /** Long option names (without `--`) that take a value when not given with `=`. */
  longWithValue?: readonly string[];
  /** Single-dash long options (`-name value`, PowerShell / find style), lower-case. */
  wordWithValue?: readonly string[];
}

export interface ScannedOption {
  /** The option as written, without its value (`-u`, `--user`). */
  flag: string;
  value: Field | string | undefined;
  index: number;
}

export interface ScanResult {
  options: ScannedOption[];
  /** Index of the first operand (args.length when there is none). */
  operandIndex: number;
}

/** Scans leading options of `args` until `--` or the first operand. */
export function scanOptions(args: readonly Field[], spec: OptionSpec, from = 0): ScanResult {
  const options: ScannedOption[] = [];
  let i = from;
  while (i < args.length) {
    const text = (args[i] as Field).text;
    if (text === "--") return { options, operandIndex: i + 1 };
    if (!text.startsWith("-") || text === "-") break;
    i = text.startsWith("--") ? scanLong(args, i, spec, options) : scanShort(args, i, spec, options);
  }
  return { options, operandIndex: i };
}

function scanLong(args: readonly Field[], i: number, spec: OptionSpec, out: ScannedOption[]): number {
  const text = (args[i] as Field).text;
  const eq = text.indexOf("=");
  if (eq !== -1) {
    out.push({ flag: text.slice(0, eq), value: text.slice(eq + 1), index: i });
    return i + 1;
  }
  if (spec.longWithValue?.includes(text.slice(2))) {
    out.push({ flag: text, value: args[i + 1], index: i });
    return i + 2;
  }
  out.push({ flag: text, value: undefined, index: i });
  return i + 1;
}

function scanShort(args: readonly Field[], i: number, spec: OptionSpec, out: ScannedOption[]): number {
  const text = (args[i] as Field).text;
  if (spec.wordWithValue?.includes(text.toLowerCase())) {
    out.push({ flag: text, value: args[i + 1], index: i });
    return i + 2;
  }
  for (let k = 1; k < text.length; k++) {
    const letter = text[k] as string;
    if (!spec.shortWithValue?.includes(letter)) {
      out.push({ flag: `-${letter}`, value: undefined, index: i });
      continue;
    }
    if (k + 1 < text.length) {
      out.push({ flag: `-${letter}`, value: text.slice(k + 1), index: i });
      return i + 1;
    }
    out.push({ flag: `-${letter}`, value: args[i + 1], index: i });
    return i + 2;
  }
  return i + 1;
}

export const valueText = (value: Field | string | undefined): string | undefined =>
  typeof value === "string" ? value : value?.text;

export const hasFlag = (scan: ScanResult, ...flags: string[]): boolean =>
  scan.options.some((option) => flags.includes(option.flag));

export const optionValue = (scan: ScanResult, ...flags: string[]): string | undefined =>
  valueText(scan.options.find((option) => flags.includes(option.flag))?.value);

/** Operands: every non-option argument, options skipped wherever they appear. */
export function operands(args: readonly Field[], spec: OptionSpec): Field[] {
  const found: Field[] = [];
  let i = 0;
  while (i < args.length) {
    const scan = scanOptions(args, spec, i);
    if (scan.operandIndex > i && (args[scan.operandIndex - 1] as Field | undefined)?.text === "--") {
      found.push(...args.slice(scan.operandIndex));
      return found;
    }
    if (scan.operandIndex >= args.length) return found;
    found.push(args[scan.operandIndex] as Field);
    i = scan.operandIndex + 1;
  }
  return found;
}

/** Every option wherever it appears (`pip install pkg --index-url X`), operands skipped. */
export function allOptions(args: readonly Field[], spec: OptionSpec): ScannedOption[] {
  const found: ScannedOption[] = [];
  let i = 0;
  while (i < args.length) {
    const scan = scanOptions(args, spec, i);
    found.push(...scan.options);
    if ((args[scan.operandIndex - 1] as Field | undefined)?.text === "--" && scan.operandIndex > i) return found;
    i = scan.operandIndex + 1;
  }
  return found;
}
