// `xargs` and GNU `parallel` run a command once per input item, with the item appended or put
// in place of a replace string. What the items are (the input, an argument file, or the words
// after `:::`) decides whether a download ends up in the command's code.
import type { Field } from "./expand.ts";
import type { ScanResult } from "./options.ts";

export interface DispatchSpec {
  /** The string replaced by each item; undefined when items are appended. */
  replace: string | undefined;
  /** `xargs -a F`, `parallel -a F` or `parallel cmd :::: F`: items are read from F, not the input. */
  argFile: Field | undefined;
  /** `parallel cmd ::: a b`: the items themselves. */
  items: Field[];
}

const SEPARATORS = new Set([":::", ":::+", "::::", "::::+"]);

/** The command a dispatcher runs, with where its items come from recorded in `spec`. */
export function peelDispatcher(name: string, args: Field[], scan: ScanResult, spec: { dispatch?: DispatchSpec }): Field[] {
  const argFile = optionField(args, scan, ["-a", "--arg-file"]);
  const dispatch: DispatchSpec = { replace: replaceString(name, scan), argFile, items: [] };
  spec.dispatch = dispatch;
  const rest = args.slice(scan.operandIndex);
  if (name !== "parallel") return rest;
  const cut = rest.findIndex((arg) => SEPARATORS.has(arg.text));
  const command = cut === -1 ? rest : rest.slice(0, cut);
  // parallel appends the items to a command that names no replacement string ({}, {.}, {1}...).
  if (!command.some((arg) => arg.text.includes("{"))) dispatch.replace = undefined;
  if (cut === -1) return rest;
  const after = rest.slice(cut + 1).filter((arg) => !SEPARATORS.has(arg.text));
  if (rest[cut]?.text.startsWith("::::")) dispatch.argFile ??= after[0];
  else dispatch.items = after;
  return command;
}

/** `xargs -I R`, `-i[R]`, `--replace[=R]`, BSD `-J R`; GNU parallel always replaces `{}`. */
function replaceString(name: string, scan: ScanResult): string | undefined {
  const option = scan.options.find((o) => o.flag === "-I" || o.flag === "-i" || o.flag === "-J" || o.flag === "--replace");
  if (!option) return name === "parallel" ? "{}" : undefined;
  const value = typeof option.value === "string" ? option.value : option.value?.text;
  return value === undefined || value === "" ? "{}" : value;
}

function optionField(args: Field[], scan: ScanResult, flags: string[]): Field | undefined {
  const option = scan.options.find((o) => flags.includes(o.flag));
  if (!option || option.value === undefined) return undefined;
  const carrier = args[option.index] as Field;
  return typeof option.value === "string" ? { ...carrier, text: option.value } : option.value;
}
