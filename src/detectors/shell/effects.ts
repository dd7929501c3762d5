// File effects of one invocation: which paths it writes (redirections, tee, cp, dd, sed -i,
// curl -o ...), whether the write empties the file, what literal content goes in, and which
// paths it deletes. Persistence, tampering and wiping rules are all phrased over these.
import type { FieldSpan } from "./ast.ts";
import { feedOutput, literalOutput, type Output } from "./content.ts";
import type { Field } from "./expand.ts";
import { flagSet, operandFields } from "./facts.ts";
import type { Invocation } from "./model.ts";
import { optionPaths } from "./option-paths.ts";
import { allOptions, type OptionSpec, operands, scanOptions, valueText } from "./options.ts";
import { urlFileName } from "./paths.ts";

export type WriteMode = "overwrite" | "append" | "copy" | "link" | "edit" | "truncate" | "download";

export interface Write {
  path: string;
  mode: WriteMode;
  /** The file ends up empty (or pointing at /dev/null). */
  clearing: boolean;
  content: Output | undefined;
  span: FieldSpan;
  inv: Invocation;
}

export interface Deletion {
  path: string;
  recursive: boolean;
  span: FieldSpan;
  inv: Invocation;
}

const NULL_SOURCES = new Set(["/dev/null", "/dev/zero"]);
const WRITE_OPS = new Set([">", ">|", ">>", "&>", "&>>", ">&"]);
const CLEARING_COMMANDS = new Set(["", ":", "true", "false"]);

/**
 * Most rules ask for the same invocation's writes: they are derived once and kept on the
 * invocation (a WeakMap cache costs more than it saves: every event churns its entries).
 */
export function writesOf(inv: Invocation): readonly Write[] {
  inv.writes ??= computeWrites(inv);
  return inv.writes;
}

function computeWrites(inv: Invocation): Write[] {
  const writes: Write[] = [];
  const add = (path: string, mode: WriteMode, clearing: boolean, content: Output | undefined) =>
    writes.push({ path, mode, clearing, content, span: inv.span, inv });
  for (const redirect of inv.redirects) {
    const target = redirect.target?.text;
    if (!target || !WRITE_OPS.has(redirect.op) || /^[0-9-]+$/.test(target)) continue;
    const append = redirect.op.endsWith(">>");
    const content = literalOutput(inv);
    const clearing = !append && (CLEARING_COMMANDS.has(inv.name) || (content !== undefined && content.text.trim() === "" && !content.dynamic) || isCatOfNull(inv));
    add(target, append ? "append" : "overwrite", clearing, content);
  }
  commandWrites(inv, add);
  // `python3 -c "open('/etc/sudoers.d/x','a').write(..)"`: a file an inline program opens for writing.
  if (inv.program?.kind === "inline" && inv.program.language !== "shell") for (const path of codeWrites(inv.program.code.text)) add(path, "overwrite", false, undefined);
  // `sort -o F`, `openssl .. -out F`, `nmap -oN F`: an output option writes F, whatever the program.
  if (inv.args.length > 1) for (const found of optionPaths(inv)) if (found.access === "write") add(found.path, "overwrite", false, undefined);
  return writes;
}

const MAX_CODE = 1 << 16;
const OPEN_WRITE = /(?:open|appendFileSync|writeFileSync|appendFile|writeFile|File\.write|IO\.write)\s*\(\s*(["'])([^"'\n]{1,256})\1\s*(?:,\s*(["'])([^"'\n]*)\3)?/g;

/** Paths an interpreter's code opens for writing: `open(P, 'a')`, `writeFileSync(P, ..)`, `File.write(P, ..)`. */
export function codeWrites(code: string): string[] {
  const paths: string[] = [];
  if (!/open|write|append/i.test(code)) return paths;
  for (const match of code.slice(0, MAX_CODE).matchAll(OPEN_WRITE)) {
    const mode = match[4];
    if (!match[0].startsWith("open") || (mode !== undefined && /[aw+x]/.test(mode))) paths.push(match[2] as string);
  }
  // Perl: `open(my $f, ">>", "/etc/passwd")` and `open(F, ">>/etc/passwd")`.
  for (const match of code.slice(0, MAX_CODE).matchAll(PERL_OPEN_WRITE)) paths.push((match[2] ?? match[3]) as string);
  return paths;
}

const PERL_OPEN_WRITE = /\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(?:(["'])\+?>>?\1\s*,\s*["']([^"'\n]{1,256})["']|["']\+?>>?\s*([^"'\n]{1,256})["'])/g;

type AddWrite = (path: string, mode: WriteMode, clearing: boolean, content: Output | undefined) => void;

function commandWrites(inv: Invocation, add: AddWrite): void {
  switch (inv.name) {
    case "tee": {
      const append = flagSet(inv).has("-a") || flagSet(inv).has("--append");
      // `tee F < /dev/null` empties F like `: > F` does.
      const emptied = !append && inv.stdin?.kind === "file" && NULL_SOURCES.has(inv.stdin.field.text);
      for (const field of operandFields(inv)) add(field.text, append ? "append" : "overwrite", emptied, feedOutput(inv.stdin));
      return;
    }
    case "cp":
    case "install":
    case "mv":
    case "rsync":
    case "scp":
    case "ln":
      return copyWrites(inv, add);
    case "dd":
      return ddWrites(inv, add);
    case "truncate":
      return truncateWrites(inv, add);
    case "sed":
      if (inv.args.some((arg) => /^-[a-zA-Z]*i/.test(arg.text) || arg.text.startsWith("--in-place"))) {
        const files = operandFields(inv, "ef").slice(hasScriptOption(inv) ? 0 : 1);
        for (const field of files) add(field.text, "edit", false, undefined);
      }
      return;
    default:
      for (const path of downloadTargets(inv)) add(path, "download", false, undefined);
  }
}

/** `cp a b`, `ln -s a b`: the last operand is written (emptied when the source is /dev/null). */
function copyWrites(inv: Invocation, add: AddWrite): void {
  const operands = operandFields(inv, inv.name === "scp" ? "cFiJloPSX" : "");
  const last = operands[operands.length - 1]?.text;
  if (!last || operands.length < 2) return;
  // `scp f host:dir` writes on another machine: nothing here changes.
  if (inv.name === "scp" && /^[^/\s:]+:/.test(last)) return;
  const fromNull = NULL_SOURCES.has(operands[0]?.text ?? "");
  if (inv.name === "ln") add(last, "link", fromNull, undefined);
  else add(targetDirectory(inv) ?? last, "copy", fromNull, undefined);
}

const hasScriptOption = (inv: Invocation): boolean => inv.args.some((arg) => /^-[a-zA-Z]*[ef]$/.test(arg.text) || arg.text.startsWith("--expression"));

function targetDirectory(inv: Invocation): string | undefined {
  const at = inv.args.findIndex((arg) => arg.text === "-t" || arg.text === "--target-directory");
  return at === -1 ? undefined : inv.args[at + 1]?.text;
}

function isCatOfNull(inv: Invocation): boolean {
  return inv.name === "cat" && inv.args.length > 0 && inv.args.every((arg) => NULL_SOURCES.has(arg.text));
}

function ddWrites(inv: Invocation, add: AddWrite): void {
  const operand = (key: string) => inv.args.find((arg) => arg.text.startsWith(`${key}=`))?.text.slice(key.length + 1);
  const output = operand("of");
  if (!output) return;
  const input = operand("if");
  add(output, "overwrite", input !== undefined && (NULL_SOURCES.has(input) || input.startsWith("/dev/urandom") || input.startsWith("/dev/random")), undefined);
}

function truncateWrites(inv: Invocation, add: AddWrite): void {
  const scan = scanOptions(inv.args, { shortWithValue: "sr", longWithValue: ["size", "reference"] });
  const size = scan.options.find((option) => option.flag === "-s" || option.flag === "--size")?.value;
  const sizeText = typeof size === "string" ? size : size?.text;
  const clearing = sizeText !== undefined && /^[<>/%]?0+[KMGTPEZYkmgtpezy]?[Bb]?$/.test(sizeText);
  for (const field of inv.args.slice(scan.operandIndex)) add(field.text, "truncate", clearing, undefined);
}

/** Files `curl -o/-O` and `wget` save to. */
export function downloadTargets(inv: Invocation): string[] {
  if (inv.name === "curl") return curlTargets(inv.args);
  if (OTHER_DOWNLOADERS.has(inv.name)) return otherTargets(inv);
  if (inv.name === "tftp") return tftpTargets(inv.args.map((arg) => arg.text));
  if (inv.name === "scp") return scpTargets(inv.args.map((arg) => arg.text));
  return inv.name === "wget" ? wgetTargets(inv.args) : [];
}

const lastSegment = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** `tftp HOST -c get REMOTE [LOCAL]` (tftp-hpa) and busybox's `tftp -g -r REMOTE [-l LOCAL] HOST`. */
function tftpTargets(args: readonly string[]): string[] {
  const command = args.indexOf("-c");
  if (command !== -1 && args[command + 1] === "get" && args[command + 2]) return [args[command + 3] ?? lastSegment(args[command + 2]!)];
  if (!args.includes("-g")) return [];
  const local = args[args.indexOf("-l") + 1];
  const remote = args[args.indexOf("-r") + 1];
  if (args.includes("-l") && local) return [local];
  return args.includes("-r") && remote ? [lastSegment(remote)] : [];
}

/** `scp host:/path/x ./x`: the last operand is where a copy from another host lands. */
function scpTargets(args: readonly string[]): string[] {
  const operands = args.filter((arg, i) => !arg.startsWith("-") && !/^-[a-zA-Z]*[cFiJlPoS]$/.test(args[i - 1] ?? ""));
  if (operands.length < 2) return [];
  const target = operands[operands.length - 1]!;
  const remote = (text: string) => /^(?:scp:\/\/|[^/\s:]+:)/.test(text);
  return !remote(target) && operands.slice(0, -1).every(remote) ? [target] : [];
}

const WGET_SPEC: OptionSpec = { shortWithValue: "OoaPteUiBQDlARXIw", longWithValue: ["output-document", "directory-prefix"] };

/** GNU getopt permutes: `wget URL -O F` and `wget -O F URL` are the same download. */
function wgetTargets(args: Field[]): string[] {
  const options = allOptions(args, WGET_SPEC);
  const named = valueText(options.findLast((option) => option.flag === "-O" || option.flag === "--output-document")?.value);
  if (named !== undefined) return named === "-" ? [] : [named];
  const prefix = valueText(options.findLast((option) => option.flag === "-P" || option.flag === "--directory-prefix")?.value);
  const urls = operands(args, WGET_SPEC).filter((arg) => /^[a-z]+:\/\//i.test(arg.text));
  const names = urls.map((url) => urlFileName(url.text)).filter((name): name is string => name !== undefined);
  return prefix === undefined ? names : names.map((name) => `${prefix.replace(/\/+$/, "")}/${name}`);
}

const OTHER_DOWNLOADERS = new Set(["aria2c", "axel", "fetch", "http", "https", "xh", "lwp-download", "wget2", "invoke-webrequest", "iwr"]);

/** `aria2c -o x`, `fetch -o x`, `lwp-download URL x`, `iwr URL -OutFile x`. */
function otherTargets(inv: Invocation): string[] {
  const targets: string[] = [];
  inv.args.forEach((arg, i) => {
    const flag = arg.text.toLowerCase();
    const next = inv.args[i + 1]?.text;
    if (["-o", "--output", "--out", "-outfile"].includes(flag) && next) targets.push(next);
    else if (flag.startsWith("--out=") || flag.startsWith("--output=")) targets.push(arg.text.slice(arg.text.indexOf("=") + 1));
  });
  const operands = operandFields(inv).map((field) => field.text);
  if (inv.name === "lwp-download" && operands.length >= 2) targets.push(operands[operands.length - 1] as string);
  // aria2c and axel save under the URL's own name when not told otherwise (`-d DIR` for aria2c).
  if (targets.length === 0 && (inv.name === "aria2c" || inv.name === "axel")) {
    const dirAt = inv.args.findIndex((arg) => arg.text === "-d" || arg.text === "--dir");
    const dir = dirAt === -1 ? undefined : inv.args[dirAt + 1]?.text.replace(/\/+$/, "");
    for (const url of operands.filter((text) => /^[a-z]+:\/\//i.test(text))) {
      const name = urlFileName(url);
      if (name) targets.push(dir === undefined ? name : `${dir}/${name}`);
    }
  }
  return targets;
}

const CURL_SPEC: OptionSpec = {
  shortWithValue: "oudXAebcTwxmrEFKCYyzDPQtH",
  longWithValue: ["output", "url", "data", "request", "header", "user-agent", "referer", "cookie", "config", "max-time", "proxy", "unix-socket", "output-dir"],
};

/** curl reads options anywhere on its command line: `curl URL -o F` saves to F. */
function curlTargets(args: Field[]): string[] {
  const options = allOptions(args, CURL_SPEC);
  const dir = valueText(options.findLast((option) => option.flag === "--output-dir")?.value)?.replace(/\/+$/, "");
  const inDir = (name: string) => (dir === undefined || name.startsWith("/") ? name : `${dir}/${name}`);
  const targets: string[] = [];
  for (const option of options) {
    const value = valueText(option.value);
    if ((option.flag === "-o" || option.flag === "--output") && value && value !== "-") targets.push(inDir(value));
  }
  const remoteName = options.some((option) => option.flag === "-O" || option.flag === "--remote-name" || option.flag === "--remote-name-all");
  if (remoteName) {
    for (const url of args.filter((arg) => /^[a-z]+:\/\//i.test(arg.text))) {
      const name = urlFileName(url.text);
      if (name) targets.push(inDir(name));
    }
  }
  return targets;
}

const DELETERS = new Set(["rm", "unlink", "shred", "srm", "wipe", "rmdir"]);

/** Programs whose operands `deletionsOf` reports as deleted. */
export const isDeleter = (name: string): boolean => DELETERS.has(name);

export function deletionsOf(inv: Invocation): Deletion[] {
  if (!isDeleter(inv.name)) return [];
  const flags = flagSet(inv);
  const recursive = flags.has("-r") || flags.has("-R") || flags.has("--recursive") || inv.name === "srm";
  return operandFields(inv, inv.name === "shred" ? "ns" : "").map((field) => ({ path: field.text, recursive, span: inv.span, inv }));
}
