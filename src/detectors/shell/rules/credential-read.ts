// Credential stores read through the shell: a program that prints, encodes, copies or archives
// its operands (`cat`, `base64`, `cp`, `tar`, `sqlite3`...) given a private key, a cloud login,
// a browser store or a system secret, any program given one through an option (`-in F`, `-iL F`,
// `@F`, `file://F`: option-paths.ts), and macOS keychain dumps. Which files count is the egress
// detector's Read-tool vocabulary, so a `cat` and a Read of the same file are judged alike.
// Programs that use a key without exposing it (`ssh -i`, `ssh-add`, `chmod 600`) are not readers,
// nor is a read whose output is only an API call's credential (secret-use.ts), nor a search that
// prints a status, a count or file names (`grep -q KEY .env`: quiet-readers.ts).
import { classifyRead } from "../../egress/read-rules.ts";
import { normalisePath } from "../../egress/paths.ts";
import { commandName } from "../commands.ts";
import { baseName, normalizePath } from "../paths.ts";
import { showsOnlyKeyNames } from "../key-names.ts";
import type { Field } from "../expand.ts";
import { operandFields } from "../facts.ts";
import { type Invocation, upstreamOf } from "../model.ts";
import { type OptionPath, optionPaths } from "../option-paths.ts";
import { printsNoContent, usesKeyUnseen } from "../quiet-readers.ts";
import { feedsCredentialInput, readsSecretFromStdin, secretSendOf, staysWithItsService } from "../secret-use.ts";
import { eachInvocation, type Hit, hit, type Rule } from "./rule.ts";

export const credentialReadRule: Rule = (ctx) =>
  eachInvocation(ctx, (inv) => {
    const found = judgeRead(inv);
    // `-H "Authorization: Bearer $(cat /run/secrets/t)"` to an API the token is for: used, not shown.
    // Piped into `docker login --password-stdin`, or `export PGPASSWORD=$(cat F)` for a client: used too.
    if (!found) return undefined;
    const send = secretSendOf(ctx.model, inv);
    if (send === undefined && showsOnlyKeyNames(ctx.model, inv, isCredentialPath)) return undefined;
    return send === "use" || (send === undefined && feedsCredentialInput(ctx.model, inv)) ? undefined : found;
  });

/** Programs whose operands are files whose contents they print, encode or search. */
const PRINTERS = new Set([
  "cat", "tac", "less", "more", "most", "head", "tail", "bat", "batcat", "nl", "view", "base64", "base32", "basenc", "xxd",
  "od", "hexdump", "hd", "strings", "grep", "egrep", "fgrep", "rg", "ag", "ack", "jq", "yq", "sqlite3", "get-content", "gc",
  "type", "awk", "gawk", "mawk", "sed", "sort", "uniq", "cut", "diff", "gpg", "sops", "uuencode", "zcat", "zless", "zmore",
  "bzcat", "xzcat", "zstdcat", "lzcat", "cmp", "ccat", "pygmentize", "highlight", "vis", "enscript", "a2ps",
]);
/** Programs that copy their sources (all operands but the destination) somewhere else. */
const COPIERS = new Set(["cp", "scp", "rsync", "ditto", "copy-item", "rclone"]);
/** Short options whose value is the next argument (`scp -i key`, `rsync -e "ssh -i key"`). */
const COPIER_VALUE_OPTIONS: Record<string, string> = { scp: "cFiJloPSX", rsync: "eBfT" };
/** Archivers: every operand may be an input, and a credential directory as a whole counts. */
const ARCHIVERS = new Set(["tar", "zip", "7z", "7za", "rar", "gzip", "bzip2", "xz", "zstd", "compress-archive"]);

/** Directories that are nothing but credentials: archiving or copying them whole reads them. */
const CREDENTIAL_DIRS = [[".ssh"], [".aws"], [".gnupg"], [".kube"], [".docker"], [".password-store"], [".config", "gcloud"], [".azure"]];

export const isCredentialPath = (text: string): boolean => {
  const path = normalisePath(text.replace(/^@/, ""));
  return path !== undefined && classifyRead(path) !== undefined;
};

export const isCredentialDir = (text: string): boolean => {
  const path = normalisePath(text);
  return path !== undefined && path.home && CREDENTIAL_DIRS.some((dir) => dir.length === path.segs.length && dir.every((seg, i) => seg === path.segs[i]));
};

function judgeRead(inv: Invocation): Hit | undefined {
  if (inv.name === "security") return dumpsKeychain(inv) ? hit("shell.credential_read", inv) : undefined;
  if (inv.name === "find") return findReadsCredentials(inv) ? hit("shell.credential_read", inv) : undefined;
  if (readsFoundCredentials(inv)) return hit("shell.credential_read", inv);
  if (printsNoContent(inv)) return undefined;
  if (inv.stdin?.kind === "file" && isCredentialPath(inv.stdin.field.text) && !(readsSecretFromStdin(inv) && staysWithItsService(inv))) return hit("shell.credential_read", inv);
  // Below stdin, which still counts for these: `openssl s_client -connect h:443 < F` sends F.
  if (usesKeyUnseen(inv)) return undefined;
  // `curl file:///etc/shadow`, `nmap -iL F`, `openssl enc -in F`, `gcc @F`: read through an option, whatever the program.
  const viaOptions = inv.args.length > 0 ? optionPaths(inv) : [];
  if (viaOptions.some((found) => found.access === "read" && isCredentialPath(found.path))) return hit("shell.credential_read", inv);
  const operands = readOperands(inv, viaOptions);
  return operands.some(isCredentialPath) || (wholeDirReader(inv) && operands.some(isCredentialDir))
    ? hit("shell.credential_read", inv)
    : undefined;
}

/** The operands a reader takes its input from; none for programs that do not read files. */
function readOperands(inv: Invocation, viaOptions: readonly OptionPath[]): string[] {
  // `sort -o /etc/x list`: an option's value is no operand read.
  const values = viaOptions.map((found) => found.valueArg);
  const texts = (fields: Field[]) => fields.filter((field) => !values.includes(field)).map((field) => field.text);
  if (PRINTERS.has(inv.name)) return texts(operandFields(inv));
  // `tar -x -C ~/.ssh` extracts into the directory; what it names there is not read.
  if (ARCHIVERS.has(inv.name)) return texts(operandFields(inv, inv.name === "tar" ? "C" : ""));
  if (!COPIERS.has(inv.name)) return [];
  const operands = texts(operandFields(inv, COPIER_VALUE_OPTIONS[inv.name] ?? ""));
  if (inv.args.some((arg) => arg.text === "-t" || arg.text === "--target-directory")) return operands;
  return isBackupBeside(inv.name, operands) ? [] : operands.slice(0, -1);
}

const parentOf = (path: string): string => {
  const normal = normalizePath(path);
  return normal.includes("/") ? normal.slice(0, normal.lastIndexOf("/")) : "";
};

/**
 * `cp .env .env.bak`, `cp ~/.ssh/config ~/.ssh/config.orig`: a copy kept beside the original,
 * under a new name in the same directory, before an edit. Nothing leaves the place the secret
 * already was. Into another directory (`cp .env public/`, `/tmp/x`) it is still a read.
 */
function isBackupBeside(name: string, operands: readonly string[]): boolean {
  if (name !== "cp" || operands.length !== 2) return false;
  const [source = "", copy = ""] = operands;
  if (copy.endsWith("/") || copy === "." || copy === "..") return false;
  return parentOf(source) === parentOf(copy) && baseName(normalizePath(copy)) !== "";
}

export const isReader = (name: string): boolean => PRINTERS.has(name) || COPIERS.has(name) || ARCHIVERS.has(name);

const NAME_TESTS = new Set(["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename"]);

/** `find / -name 'id_rsa*'`: a name test whose pattern, globs dropped (`*.kdbx` -> `.kdbx`), is a credential file. */
function huntsCredentials(find: Invocation): boolean {
  return find.args.some((arg, i) => NAME_TESTS.has(arg.text) && isCredentialPath((find.args[i + 1]?.text ?? "").replace(/[*?]/g, "")));
}

/** `find ~ -name '*.pem' -exec cat {} +`: the hunt hands each match to a reader. */
function findReadsCredentials(find: Invocation): boolean {
  const readsMatches = find.args.some((arg, i) => /^-(exec|execdir|ok|okdir)$/.test(arg.text) && isReader(commandName(find.args[i + 1]?.text ?? "")));
  return readsMatches && huntsCredentials(find);
}

/** `find / -name id_rsa | xargs cat`: a reader run by xargs over a hunt's matches. */
function readsFoundCredentials(inv: Invocation): boolean {
  if (!inv.wrappers.includes("xargs") || !isReader(inv.name) || inv.stdin?.kind !== "pipe") return false;
  return upstreamOf(inv.stdin.upstream).some((producer) => producer.name === "find" && huntsCredentials(producer));
}

const wholeDirReader = (inv: Invocation): boolean => ARCHIVERS.has(inv.name) || COPIERS.has(inv.name);

/** `security dump-keychain`, `security find-generic-password -w` (prints the secret itself). */
function dumpsKeychain(inv: Invocation): boolean {
  const [verb = "", ...rest] = inv.args.map((arg) => arg.text);
  if (verb === "dump-keychain" || verb === "export") return true;
  return /^find-(generic|internet)-password$/.test(verb) && rest.some((arg) => /^-[a-zA-Z]*[wg]/.test(arg) && !arg.startsWith("--"));
}
