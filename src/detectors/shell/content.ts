// What a command writes to stdout when that is knowable from the text alone: `echo`/`printf`
// arguments, heredoc bodies through `cat`, and literal payloads through `base64 -d`, `xxd -r`,
// `rev`. Used to read code fed to an interpreter and content written to sensitive files.
import { decodeEchoEscapes } from "./ansi-c.ts";
import type { Field } from "./expand.ts";
import type { Feed, Invocation } from "./model.ts";

export interface Output {
  text: string;
  /** Part of the text is only known at run time (placeholders stand in for it). */
  dynamic: boolean;
}

/** Longest literal output kept; a longer one is cut, and whoever runs it reports it unjudged. */
export const MAX_OUTPUT = 1 << 20;
const MAX_DEPTH = 8;

export function literalOutput(inv: Invocation, depth = 0): Output | undefined {
  if (depth > MAX_DEPTH) return undefined;
  switch (inv.name) {
    case "echo":
      return echoOutput(inv.args);
    case "printf":
      return printfOutput(inv.args);
    case "{}":
      return joinOutputs(inv.members.map((member) => literalOutput(member, depth + 1)));
    case "which":
    case "command":
    case "type":
      return lookupOutput(inv);
    case "cat":
    case "tee":
      return inv.args.every((arg) => arg.text.startsWith("-")) || inv.name === "tee" ? feedOutput(inv.stdin, depth) : undefined;
    default:
      return transformOutput(inv, depth);
  }
}

/** Flags that make `command`/`type` print where a program is, as `which` does. */
const PATH_FLAGS: Record<string, readonly string[]> = { which: [], command: ["-v", "-V"], type: ["-p", "-P"] };

/**
 * `which bash`, `command -v bash`, `type -P bash` print the program's path: `$(which bash)` as a
 * command name runs bash. The directory is a stand-in; only the name matters to the rules.
 */
function lookupOutput(inv: Invocation): Output | undefined {
  const flags = PATH_FLAGS[inv.name] ?? [];
  const options = inv.args.filter((arg) => arg.text.startsWith("-"));
  if (flags.length > 0 && !options.some((option) => flags.includes(option.text))) return undefined;
  const names = inv.args.filter((arg) => !arg.text.startsWith("-"));
  if (names.length === 0) return undefined;
  const text = names.map((arg) => (arg.text.includes("/") ? arg.text : `/usr/bin/${arg.text}`)).join("\n");
  return { text: `${text}\n`, dynamic: names.some((arg) => arg.dynamic) };
}

/** The combined output of several invocations (a script's last pipeline stages). */
export const literalOutputOf = (invocations: readonly Invocation[]): Output | undefined =>
  invocations.length === 0 ? undefined : joinOutputs(invocations.map((inv) => literalOutput(inv)));

/** The text a feed delivers on stdin, when literal. */
export function feedOutput(feed: Feed | undefined, depth = 0): Output | undefined {
  if (!feed) return undefined;
  if (feed.kind === "heredoc") return { text: feed.body.text, dynamic: false };
  if (feed.kind === "herestring") return { text: `${feed.field.text}\n`, dynamic: feed.field.dynamic };
  if (feed.kind === "file") return undefined;
  return joinOutputs(feed.previous.map((inv) => literalOutput(inv, depth + 1)));
}

function joinOutputs(outputs: (Output | undefined)[]): Output | undefined {
  const known = outputs.filter((output): output is Output => output !== undefined);
  if (known.length === 0) return undefined;
  const text = known.map((output) => output.text).join("").slice(0, MAX_OUTPUT);
  return { text, dynamic: known.length < outputs.length || known.some((output) => output.dynamic) };
}

function echoOutput(args: Field[]): Output {
  let i = 0;
  let escapes = false;
  let newline = true;
  while (i < args.length && /^-[neE]+$/.test((args[i] as Field).text)) {
    const flags = (args[i] as Field).text;
    escapes = flags.includes("e") ? true : flags.includes("E") ? false : escapes;
    newline &&= !flags.includes("n");
    i++;
  }
  const joined = args.slice(i).map((arg) => arg.text).join(" ");
  const text = (escapes ? decodeEchoEscapes(joined, true) : joined) + (newline ? "\n" : "");
  return { text: text.slice(0, MAX_OUTPUT), dynamic: args.some((arg) => arg.dynamic) };
}

/** printf reuses its format until the arguments run out, as bash's printf does. */
function printfOutput(args: Field[]): Output | undefined {
  const rest = args[0]?.text === "--" ? args.slice(1) : args;
  const format = rest[0];
  if (!format || format.text === "-v") return undefined;
  const values = rest.slice(1).map((arg) => arg.text);
  const decoded = decodeEchoEscapes(format.text, false);
  let text = "";
  let k = 0;
  for (let round = 0; round === 0 || (k < values.length && round < MAX_FORMAT_ROUNDS); round++) {
    const before = k;
    for (let i = 0; i < decoded.length; i++) {
      const c = decoded[i];
      if (c === "%" && (decoded[i + 1] === "s" || decoded[i + 1] === "b")) {
        const value = values[k++] ?? "";
        text += decoded[i + 1] === "b" ? decodeEchoEscapes(value, true) : value;
        i++;
      } else if (c === "%" && decoded[i + 1] === "%") {
        text += "%";
        i++;
      } else text += c;
    }
    if (k === before || text.length > MAX_OUTPUT) break;
  }
  return { text: text.slice(0, MAX_OUTPUT), dynamic: rest.some((arg) => arg.dynamic) };
}

const MAX_FORMAT_ROUNDS = 4096;

/** Decoders and filters applied to a literal input: their output is just as knowable. */
function transformOutput(inv: Invocation, depth: number): Output | undefined {
  if (!TRANSFORMERS.has(inv.name)) return undefined;
  const flags = inv.args.map((arg) => arg.text);
  const decoder = decoderOf(inv.name, flags);
  if (!decoder) return undefined;
  // tr reads only its input: its operands are the two sets.
  const fileArg = inv.name === "tr" ? undefined : inv.args.find((arg) => !arg.text.startsWith("-"));
  const input = fileArg ? undefined : feedOutput(inv.stdin, depth);
  if (!input) return undefined;
  const text = decoder(input.text);
  return text === undefined ? undefined : { text: text.slice(0, MAX_OUTPUT), dynamic: input.dynamic };
}

type Decoder = (input: string) => string | undefined;

/** The only names `decoderOf` knows, checked first because most commands are none of them. */
const TRANSFORMERS = new Set(["base64", "openssl", "xxd", "rev", "tr"]);

export function decoderOf(name: string, flags: string[]): Decoder | undefined {
  const decodeFlag = flags.some((flag) => /^-[a-zA-Z]*[dD]/.test(flag) || flag === "--decode");
  if ((name === "base64" || name === "openssl") && decodeFlag) return decodeBase64;
  if (name === "xxd" && flags.some((flag) => flag.startsWith("-r"))) return decodeHex;
  if (name === "rev") return (input) => input.split("\n").map((line) => [...line].reverse().join("")).join("\n");
  if (name === "tr") return letterCipher(flags);
  return undefined;
}

/** `tr 'a-z' 'n-za-m'`: letters mapped to other letters is a cipher (rot13 and kin), not a clean-up. */
function letterCipher(args: string[]): Decoder | undefined {
  if (args.length !== 2 || args.some((arg) => arg.startsWith("-"))) return undefined;
  const [from, to] = args.map(expandTrSet) as [string, string];
  if (from.length < 2 || from === to || !/^[A-Za-z]+$/.test(from) || !/^[A-Za-z]+$/.test(to)) return undefined;
  const map = new Map<string, string>();
  for (let i = 0; i < from.length; i++) map.set(from[i] as string, to[Math.min(i, to.length - 1)] as string);
  return (input) => [...input].map((c) => map.get(c) ?? c).join("");
}

/** A tr set with `a-z` ranges spelled out (at most a few hundred characters). */
function expandTrSet(set: string): string {
  let out = "";
  for (let i = 0; i < set.length && out.length < 512; i++) {
    const c = set[i] as string;
    const end = set[i + 2];
    if (set[i + 1] === "-" && end !== undefined && end >= c) {
      for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code++) out += String.fromCharCode(code);
      i += 2;
    } else out += c;
  }
  return out;
}

function decodeBase64(input: string): string | undefined {
  const compact = input.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*=*$/.test(compact)) return undefined;
  return Buffer.from(compact, "base64").toString("utf8");
}

function decodeHex(input: string): string | undefined {
  const compact = input.replace(/\s+/g, "");
  if (!/^(?:[0-9A-Fa-f]{2})*$/.test(compact)) return undefined;
  return Buffer.from(compact, "hex").toString("utf8");
}
