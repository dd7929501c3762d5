// A small, strict command-line parser: `--name value`, `--name=value` and `--flag`; unknown
// options are errors, not silently ignored.
import { ownValue } from "../lib/own.ts";

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string>;
  errors: string[];
}

export function parseArgs(argv: readonly string[], known: Record<string, "value" | "flag">): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const errors: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--") || arg === "--") {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = ownValue(known, name);
    if (!kind) {
      errors.push(`unknown option --${name}`);
      continue;
    }
    if (kind === "flag") {
      options.set(name, "true");
      continue;
    }
    const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) errors.push(`--${name} needs a value`);
    else options.set(name, value);
  }
  return { positional, options, errors };
}
