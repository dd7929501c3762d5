// Where an interpreter takes its program from: inline code (`-c`, `-e`), a script file, or
// stdin. This is what separates `curl .. | python3` (runs the download) from
// `curl .. | python3 -m json.tool` (formats it).
import { type Language, languageOf } from "./commands.ts";
import type { Field } from "./expand.ts";
import { type OptionSpec, scanOptions } from "./options.ts";
import { joinFields } from "./wrappers.ts";

export type Program =
  | { kind: "inline"; language: Language; code: Field }
  | { kind: "file"; language: Language; file: Field }
  | { kind: "stdin"; language: Language; interactive: boolean }
  | { kind: "module"; language: Language };

/** Inline-code option letters and value-taking options per language family. */
interface InterpreterSpec {
  spec: OptionSpec;
  codeFlags: readonly string[];
  fileFlags?: readonly string[];
  moduleFlags?: readonly string[];
}

const SPECS: Partial<Record<Language, InterpreterSpec>> = {
  python: { spec: { shortWithValue: "cmWXQ", longWithValue: ["check-hash-based-pycs"] }, codeFlags: ["-c"], moduleFlags: ["-m"] },
  perl: { spec: { shortWithValue: "eEMmIxCdD" }, codeFlags: ["-e", "-E"] },
  ruby: { spec: { shortWithValue: "erICEFxT", longWithValue: ["encoding"] }, codeFlags: ["-e"] },
  node: { spec: { shortWithValue: "eprC", longWithValue: ["eval", "print", "require", "import", "loader", "input-type"] }, codeFlags: ["-e", "-p", "--eval", "--print"] },
  php: { spec: { shortWithValue: "rfcdBRFEz" }, codeFlags: ["-r"], fileFlags: ["-f"] },
  lua: { spec: { shortWithValue: "el" }, codeFlags: ["-e"] },
  tcl: { spec: {}, codeFlags: [] },
};

export function classifyProgram(name: string, args: readonly Field[]): Program | undefined {
  const language = languageOf(name);
  if (!language) return undefined;
  if (language === "shell") return classifyShell(name, args);
  if (language === "powershell") return classifyPowerShell(args);
  if (language === "awk") return classifyAwk(args);
  return classifyGeneric(language, args);
}

function classifyShell(name: string, args: readonly Field[]): Program {
  const language: Language = "shell";
  let inline = false;
  let fromStdin = false;
  let interactive = false;
  let i = 0;
  for (; i < args.length; i++) {
    const text = (args[i] as Field).text;
    if (text === "--" || text === "-") {
      i++;
      break;
    }
    if (!/^[-+]/.test(text)) break;
    if (text === "--rcfile" || text === "--init-file" || /^[-+]o$/.test(text) || (name === "fish" && text === "--init-command")) i++;
    else if (text === "--command") inline = true;
    else if (text.startsWith("--command=")) return { kind: "inline", language, code: { ...(args[i] as Field), text: text.slice(10) } };
    else if (!text.startsWith("--")) {
      inline ||= text.includes("c");
      fromStdin ||= text.includes("s");
      interactive ||= text.includes("i");
    } else interactive ||= text === "--interactive" || text === "--login";
  }
  const operand = args[i];
  if (inline && operand) return { kind: "inline", language, code: operand };
  if (operand && !fromStdin) return { kind: "file", language, file: operand };
  return { kind: "stdin", language, interactive };
}

function classifyGeneric(language: Language, args: readonly Field[]): Program {
  const table = SPECS[language] ?? { spec: {}, codeFlags: [] };
  const scan = scanOptions(args, table.spec);
  const code = scan.options.filter((option) => table.codeFlags.includes(option.flag) && option.value !== undefined);
  if (code.length > 0) {
    const fields = code.map((option) => asField(option.value, args[option.index] as Field));
    return { kind: "inline", language, code: joinFields(fields) };
  }
  if (scan.options.some((option) => table.moduleFlags?.includes(option.flag))) return { kind: "module", language };
  const file = scan.options.find((option) => table.fileFlags?.includes(option.flag))?.value;
  if (file !== undefined) return { kind: "file", language, file: asField(file, args[0] as Field) };
  const operand = args[scan.operandIndex];
  if (operand && operand.text !== "-") return { kind: "file", language, file: operand };
  return { kind: "stdin", language, interactive: false };
}

const POWERSHELL_VALUE_OPTIONS = ["-executionpolicy", "-ep", "-ex", "-windowstyle", "-w", "-inputformat", "-outputformat", "-version", "-configurationname", "-workingdirectory", "-wd", "-psconsolefile", "-settingsfile"];

function classifyPowerShell(args: readonly Field[]): Program {
  const language: Language = "powershell";
  for (let i = 0; i < args.length; i++) {
    const field = args[i] as Field;
    const flag = field.text.toLowerCase().replace(/^\//, "-");
    if (!flag.startsWith("-")) return { kind: "inline", language, code: joinFields(args.slice(i)) };
    if (POWERSHELL_VALUE_OPTIONS.includes(flag)) i++;
    else if (isPrefixOf(flag, "-encodedcommand", 2) || flag === "-e" || flag === "-ec") {
      const encoded = args[i + 1];
      return encoded ? { kind: "inline", language, code: { ...encoded, text: decodeUtf16Base64(encoded.text) } } : { kind: "stdin", language, interactive: false };
    } else if (isPrefixOf(flag, "-command", 2) || flag === "-c") {
      const rest = args.slice(i + 1);
      if (rest.length === 0 || rest[0]?.text === "-") return { kind: "stdin", language, interactive: false };
      return { kind: "inline", language, code: joinFields(rest) };
    } else if (isPrefixOf(flag, "-file", 2) || flag === "-f") {
      const file = args[i + 1];
      return file ? { kind: "file", language, file } : { kind: "stdin", language, interactive: false };
    }
  }
  return { kind: "stdin", language, interactive: true };
}

function classifyAwk(args: readonly Field[]): Program | undefined {
  const scan = scanOptions(args, { shortWithValue: "Fvf", longWithValue: ["field-separator", "assign", "file"] });
  const file = scan.options.find((option) => option.flag === "-f" || option.flag === "--file");
  if (file) return undefined;
  const program = args[scan.operandIndex];
  return program ? { kind: "inline", language: "awk", code: program } : undefined;
}

const isPrefixOf = (flag: string, full: string, minimum: number): boolean =>
  flag.length >= minimum && full.startsWith(flag);

function asField(value: Field | string | undefined, carrier: Field): Field {
  if (value === undefined) return { ...carrier, text: "" };
  return typeof value === "string" ? { ...carrier, text: value } : value;
}

/** PowerShell `-EncodedCommand` carries base64 of UTF-16LE text; undecodable input stays as is. */
function decodeUtf16Base64(text: string): string {
  if (text.length > 1 << 16 || !/^[A-Za-z0-9+/=]+$/.test(text)) return text;
  try {
    const bytes = Buffer.from(text, "base64");
    return bytes.toString("utf16le");
  } catch {
    return text;
  }
}
