// Env files read for their key names only. `grep -v '^#' .env | cut -d= -f1`, `awk -F= '{print $1}'
// .env`, `sed 's/=.*//' .env`: an agent compares which settings a file defines with `.env.example`,
// and every value is cut off before anything is printed. Only env files: cut and awk print a line
// with no `=` whole, and a key file is nothing but such lines.
import type { Invocation, ShellModel } from "./model.ts";

/** Stages that pass lines through whole: a value survives them. */
const PASS_THROUGH = new Set(["grep", "egrep", "fgrep", "rg", "sort", "uniq", "head", "tail", "cat", "tac"]);

const AWK_NAMES = new Set(["awk", "gawk", "mawk", "nawk"]);
/** `{print $1}`, after an optional condition (`!/^#/`, `NF`): only the first field is printed. */
const AWK_FIRST_FIELD = /^[^{}]{0,80}\{[ \t]{0,8}print[ \t]{1,8}\$1[ \t]{0,8}(?:;[ \t]{0,8})?\}\s{0,8}$/;
/** `s/=.*//`, `s|=.*$||g`: everything from the first `=` removed. */
const SED_CUT_VALUE = /^s([/|#,:])=\.\*\$?\1\1g?$/;

const texts = (inv: Invocation): string[] => inv.args.map((arg) => arg.text);

/** `.env`, `.env.local`, `staging.env`. */
const ENV_FILE = /^(?:\.env(?:\.[\w.-]+)?|[\w.-]+\.env)$/;

/** A field delimiter of `=` given to cut (`-d=`, `-d '='`, `--delimiter==`) or awk (`-F=`, `-F '='`). */
function splitsOnEquals(args: readonly string[], short: string, long: string): boolean {
  return args.some((arg, i) => arg === `${short}=` || arg === `${long}==` || (arg === short && args[i + 1] === "="));
}

/** Keeps field 1 of `=`-split lines and nothing else. */
function projectsKeyNames(inv: Invocation): boolean {
  const args = texts(inv);
  if (inv.name === "cut") {
    if (args.includes("--complement")) return false;
    const first = args.some((arg, i) => arg === "-f1" || arg === "--fields=1" || (arg === "-f" && args[i + 1] === "1"));
    return first && splitsOnEquals(args, "-d", "--delimiter");
  }
  if (AWK_NAMES.has(inv.name)) {
    const program = args.find((arg) => !arg.startsWith("-") && arg !== "=");
    return splitsOnEquals(args, "-F", "--field-separator") && program !== undefined && AWK_FIRST_FIELD.test(program);
  }
  if (inv.name === "sed") {
    const scripts = args.filter((arg, i) => !arg.startsWith("-") && (i === 0 || args[i - 1] === "-e" || !args.slice(0, i).some((a) => !a.startsWith("-"))));
    return scripts.length > 0 && !args.some((arg) => /^-[a-zA-Z]*i/.test(arg)) && SED_CUT_VALUE.test(scripts[0]!);
  }
  return false;
}

/**
 * True when what `inv` reads reaches the output only as key names: it cuts the values itself, or
 * the pipeline it feeds cuts them before any stage that could show or send a line.
 */
export function showsOnlyKeyNames(model: ShellModel, inv: Invocation, isCredential: (text: string) => boolean): boolean {
  const read = [...texts(inv), ...(inv.stdin?.kind === "file" ? [inv.stdin.field.text] : [])];
  if (read.some((text) => isCredential(text) && !ENV_FILE.test(text.slice(text.lastIndexOf("/") + 1)))) return false;
  if (projectsKeyNames(inv)) return true;
  const later = model.invocations
    .filter((other) => other.pipeline === inv.pipeline && other.stage > inv.stage && other.stdin?.kind === "pipe")
    .sort((a, b) => a.stage - b.stage);
  let stage = inv.stage;
  for (const next of later) {
    if (next.stage !== stage + 1) return false;
    if (projectsKeyNames(next)) return true;
    if (!PASS_THROUGH.has(next.name)) return false;
    stage = next.stage;
  }
  return false;
}
