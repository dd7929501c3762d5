// Credential stores reached the ways credential-read.ts does not spell out: a glob that can only
// name one (`cat ~/.a?s/credentials`), a relative name after `cd` into the store, `find STORE
// -exec cat`, `xargs cat` handed the path, `grep -r` over the store, `dd if=`, line tools
// (`paste`, `fold`, `rev`...); a store copied to a bucket or a gist; tokens minted and printed
// (`gh auth token`); and a secret variable spelled into a fetcher's request.
import { isApiHost } from "../../egress/api-hosts.ts";
import { classifyHost } from "../../egress/host-class.ts";
import { classifyIpLiteral } from "../../egress/ip-address.ts";
import { commandName, FETCHERS } from "../commands.ts";
import { flagSet, invocationsIn, operandFields } from "../facts.ts";
import { type Invocation, type ShellModel, upstreamOf } from "../model.ts";
import { withoutOptionValues } from "../option-paths.ts";
import { showsOnlyKeyNames } from "../key-names.ts";
import { printsNoContent } from "../quiet-readers.ts";
import { globToRegExp } from "../resolve.ts";
import { feedsCredentialInput, secretSendOf, variableSendBy } from "../secret-use.ts";
import { isCredentialDir, isCredentialPath, isReader } from "./credential-read.ts";
import { findRoots } from "./destructive.ts";
import { type Hit, hit, type Rule } from "./rule.ts";

export const credentialReachRule: Rule = (ctx) => {
  const hits: Hit[] = [];
  let cwd: string | undefined;
  for (const inv of ctx.invocations) {
    if (ctx.budget.spent()) {
      ctx.markIncomplete();
      break;
    }
    if (inv.name === "cd") cwd = operandFields(inv)[0]?.text ?? "~";
    // A token minted into a substitution or a pipe is used (`docker login --password-stdin`), not shown.
    if (mintsToken(inv)) {
      if (!isConsumed(ctx.model, inv)) hits.push(hit("shell.credential_read", inv));
      continue;
    }
    const found = judge(inv, cwd);
    if (found && !(found === "shell.credential_read" && usedNotShown(ctx.model, inv))) hits.push(hit(found, inv));
  }
  return hits;
};

/**
 * Filters that hand what they read on, decoded or cut down, to whoever reads them: `| base64 -d`
 * after `kubectl get secret -o jsonpath=..` shows the secret as surely as the secret itself.
 */
const PASS_THROUGH = new Set(["base64", "base32", "basenc", "tr", "jq", "yq", "cut", "sed", "awk", "head", "tail", "cat", "tee", "xxd", "od", "sort", "column", "fold", "rev"]);
const MAX_PASS_THROUGH = 4;

/** Whether `inv`'s output goes into another command (a pipe, a substitution, a redirection) rather than to the agent. */
function isConsumed(model: ShellModel, inv: Invocation, depth = 0): boolean {
  if (inv.redirects.some((redirect) => redirect.op.includes(">") && (redirect.fd === undefined || redirect.fd === 1))) return true;
  for (const other of model.invocations) {
    if (other.stdin?.kind === "pipe" && upstreamOf(other.stdin.upstream).includes(inv)) {
      return !PASS_THROUGH.has(other.name) || depth >= MAX_PASS_THROUGH || isConsumed(model, other, depth + 1);
    }
    for (const field of [...other.args, ...(other.nameField ? [other.nameField] : [])]) {
      if (field.subs.length > 0 && invocationsIn(model, field.subs).includes(inv)) return true;
    }
  }
  const assigned = (assignment: { value: { subs: Parameters<typeof invocationsIn>[1] } | undefined }) =>
    assignment.value !== undefined && invocationsIn(model, assignment.value.subs).includes(inv);
  // `A=$(..)` for the shell, or `PGPASSWORD=$(..) psql` for one command's environment.
  return model.assignments.some(assigned) || model.environment.some(assigned);
}

/** Its output only authenticates: an API's credential header, a login's stdin, a client's credential variable (secret-use.ts). */
function usedNotShown(model: ShellModel, inv: Invocation): boolean {
  const send = secretSendOf(model, inv);
  if (send === undefined && showsOnlyKeyNames(model, inv, isCredentialPath)) return true;
  return send === "use" || (send === undefined && feedsCredentialInput(model, inv));
}

type Found = "shell.credential_read" | "shell.data_exfiltration";

function judge(inv: Invocation, cwd: string | undefined): Found | undefined {
  // `printenv AWS_SECRET_ACCESS_KEY`: the secret shown to whoever reads the output.
  if (inv.name === "printenv" && operandFields(inv).some((field) => SECRET_VARIABLE.test(field.text) || /(?:^|_)(?:SECRET|TOKEN|API_?KEY)(?:_|$)/.test(field.text))) return "shell.credential_read";
  const variable = FETCHERS.has(inv.name) ? variableSendBy(inv, (name) => SECRET_VARIABLE.test(name)) : undefined;
  // A secret variable as the credential of an API it belongs with is used; to another host, a person decides.
  if (variable === "leak") return "shell.data_exfiltration";
  if (variable === "held") return "shell.credential_read";
  if (variable === undefined && FETCHERS.has(inv.name) && variableSendBy(inv, (name) => TOKEN_VARIABLE.test(name)) === "leak" && !sentToItsService(inv)) return "shell.data_exfiltration";
  if (uploadsStore(inv)) return "shell.data_exfiltration";
  const paths = readPaths(inv);
  if (paths.length === 0) return undefined;
  const resolved = cwd === undefined ? paths : paths.map((path) => (/^[/~$]/.test(path) ? path : `${cwd.replace(/\/+$/, "")}/${path}`));
  const dirs = recursiveReader(inv);
  if (dirs && huntsSecretsAtHome(inv, resolved)) return "shell.credential_read";
  // A status, a count or file names (`grep -q KEY .env`): the store is searched, not shown.
  if (printsNoContent(inv)) return undefined;
  return resolved.some((path) => namesCredential(path) || (dirs && isCredentialDir(path))) ? "shell.credential_read" : undefined;
}

/** Line tools credential-read.ts does not list: each prints what it reads. */
const LINE_TOOLS = new Set(["paste", "column", "fold", "rev", "fmt", "pr", "expand", "unexpand", "look", "join", "comm", "iconv", "split", "csplit", "tr"]);

const COPIERS = new Set(["cp", "scp", "rsync", "ditto", "copy-item"]);

/** The files `inv` reads (its operands, `dd if=`, items `xargs` hands a reader, `find` roots it execs a reader on). */
function readPaths(inv: Invocation): string[] {
  if (inv.name === "dd") return inv.args.flatMap((arg) => (arg.text.startsWith("if=") ? [arg.text.slice(3)] : []));
  if (inv.name === "find") return findExecsReader(inv) ? findRoots(inv) : [];
  if (inv.dispatch && isReader(inv.name)) {
    // `xargs -I{} cat ~/.aws/{}`: the replace string stands for any name, a glob.
    const replace = inv.dispatch.replace;
    const operands = operandFields(inv).map((field) => (replace ? field.text.split(replace).join("*") : field.text));
    return [...operands, ...itemsOf(inv)];
  }
  // Copies are credential-read.ts's (their destination and `-i key` options are no reads).
  if ((isReader(inv.name) && !COPIERS.has(inv.name)) || LINE_TOOLS.has(inv.name)) return withoutOptionValues(inv, operandFields(inv)).map((field) => field.text);
  return [];
}

const findExecsReader = (inv: Invocation): boolean =>
  inv.args.some((arg, i) => /^-(exec|execdir|ok|okdir)$/.test(arg.text) && isReader(commandName(inv.args[i + 1]?.text ?? "")));

/** `grep -r . ~/.aws`, `rg x ~/.ssh`, `find ~/.aws -exec cat {} +`: a whole store read. */
function recursiveReader(inv: Invocation): boolean {
  if (inv.name === "rg" || inv.name === "ag" || inv.name === "find") return true;
  const flags = flagSet(inv);
  return (inv.name === "grep" || inv.name === "egrep" || inv.name === "fgrep") && (flags.has("-r") || flags.has("-R") || flags.has("--recursive"));
}

/** `grep -ri password ~/`, `grep -r AKIA /`: a home, a disk or a system tree searched for secrets. */
function huntsSecretsAtHome(inv: Invocation, paths: readonly string[]): boolean {
  if (inv.name === "find") return false;
  const atHome = paths.some((path) => /^(?:~|\$HOME|\/root|\/home(?:\/[^/]+)?|\/Users(?:\/[^/]+)?|\/|\/etc|\/var|\/opt|\/srv|\/mnt)\/?$/.test(path));
  // A secret's name, or the shape of a key: AWS key ids, private key headers, GitHub and Slack token prefixes.
  return atHome && inv.args.some((arg) => !arg.text.startsWith("-") && /pass(?:wd|word)?|secret|token|api[_-]?key|private[_-]?key|credential|AKIA|ASIA|BEGIN\b.*PRIVATE|gh[pousr]_|xox[abp]-|sk-/i.test(arg.text));
}

function itemsOf(inv: Invocation): string[] {
  const feed = inv.dispatch?.feed;
  if (!feed) return [];
  if (feed.kind === "herestring") return feed.field.text.split(/\s+/);
  if (feed.kind !== "pipe") return [];
  const producers = upstreamOf(feed.upstream);
  const printed = producers.filter((producer) => producer.name === "echo" || producer.name === "printf" || producer.name === "ls").flatMap((producer) => producer.args.map((arg) => arg.text));
  return [...printed, ...producers.filter((producer) => producer.name === "find").flatMap(storesHunted)];
}

/** `find ~ -name credentials`: the stores a name test can match, as the paths it would print. */
function storesHunted(find: Invocation): string[] {
  const names = find.args.flatMap((arg, i) => (/^-i?name$/.test(arg.text) ? [find.args[i + 1]?.text ?? ""] : []));
  const globs = names.map((name) => globToRegExp(name)).filter((glob): glob is RegExp => glob !== undefined);
  return STORES.filter((store) => globs.some((glob) => glob.test(store.slice(store.lastIndexOf("/") + 1))));
}

/** Home-relative spellings of the usual stores a glob is tried against (kept if the vocabulary agrees). */
const STORES = [
  "~/.aws/credentials", "~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.ssh/id_ecdsa", "~/.ssh/id_dsa", "~/.netrc", "~/.git-credentials",
  "~/.docker/config.json", "~/.kube/config", "~/.config/gcloud/application_default_credentials.json", "~/.config/gcloud/credentials.db",
  "~/.npmrc", "~/.pypirc", "~/.vault-token", "~/.config/gh/hosts.yml", "~/.azure/accessTokens.json", "~/.claude/.credentials.json",
  "~/.codex/auth.json", "~/.pgpass", "~/.my.cnf", "/etc/shadow", ".env",
].filter((path) => isCredentialPath(path));

/** A path naming a store outright, or a glob that can match one. */
function namesCredential(text: string): boolean {
  if (isCredentialPath(text)) return true;
  if (!/[*?[]/.test(text) || text.length > 256) return false;
  const home = text.replace(/^(?:\$HOME|\$\{HOME\}|\/root|\/home\/[^/]+|\/Users\/[^/]+)(?=\/)/, "~");
  const glob = globToRegExp(home);
  return glob !== undefined && STORES.some((store) => glob.test(store));
}

/** `aws s3 cp ~/.aws/credentials s3://..`, `gh gist create .env`: a store sent to a service. */
function uploadsStore(inv: Invocation): boolean {
  if (inv.name !== "aws" && inv.name !== "gh" && inv.name !== "glab") return false;
  const words = inv.args.map((arg) => arg.text).filter((text) => !text.startsWith("-"));
  if (inv.name === "aws" && words[0] === "s3" && ["cp", "mv", "sync"].includes(words[1] ?? "")) return words.slice(2, -1).some(namesCredential);
  if ((inv.name === "gh" || inv.name === "glab") && (words[0] === "gist" || words[0] === "snippet") && words[1] === "create") return words.slice(2).some(namesCredential);
  return false;
}

/** Commands whose job is to print a live credential. */
const MINTERS = new Set([
  "gh", "gcloud", "aws", "az", "kubectl", "oc", "vault", "heroku", "doctl", "gpg", "gpg2", "secret-tool", "pass", "bw", "lpass", "op",
  "doppler", "git",
]);
/** Global options that take a value (`kubectl -n prod get secret`): the value is no subcommand word. */
const VALUED_GLOBALS = /^(?:-n|--namespace|--context|--kubeconfig|--cluster|--user|-s|--server|--profile|--region|--project)$/;

/** The words of a command line less its options and their values, lower-cased. */
function commandWords(inv: Invocation): string[] {
  const words: string[] = [];
  inv.args.forEach((arg, i) => {
    const text = arg.text.toLowerCase();
    if (!text.startsWith("-") && !VALUED_GLOBALS.test(inv.args[i - 1]?.text ?? "")) words.push(text);
  });
  return words;
}

/** `-o yaml`, `--output=jsonpath=..`, `-ogo-template=..`: a format that prints the data; `-o name` and `-o wide` do not. */
function printsSecretData(inv: Invocation): boolean {
  return inv.args.some((arg, i) => {
    const text = arg.text;
    const format = text === "-o" || text === "--output" ? inv.args[i + 1]?.text ?? "" : /^(?:--output=|-o=?)(.*)$/.exec(text)?.[1];
    return format !== undefined && /^(?:ya?ml|json|jsonpath|go-template|template)|^custom-columns=.*\.data/i.test(format);
  });
}

function mintsToken(inv: Invocation): boolean {
  // Most commands mint nothing: no word list for them.
  if (!MINTERS.has(inv.name)) return false;
  const words = commandWords(inv);
  const said = (...want: string[]) => want.every((word, i) => words[i] === word);
  switch (inv.name) {
    case "gh":
      return said("auth", "token");
    case "gcloud":
      return (words.includes("auth") && words.some((word) => /^print-(?:access|identity|refresh)-token$/.test(word))) || said("secrets", "versions", "access");
    case "aws":
      return (
        (said("configure", "get") && /(?:secret_access_key|session_token|access_key_id)$/.test(words[2] ?? "")) ||
        said("configure", "export-credentials") ||
        said("ecr", "get-login-password") ||
        said("sts", "get-session-token") ||
        // A secret store's value: Secrets Manager, or Parameter Store decrypting a SecureString.
        said("secretsmanager", "get-secret-value") ||
        (said("ssm") && /^get-parameters?(?:-by-path)?$/.test(words[1] ?? "") && inv.args.some((arg) => arg.text === "--with-decryption"))
      );
    case "az":
      return said("account", "get-access-token") || said("keyvault", "secret", "show") || said("keyvault", "secret", "download");
    case "kubectl":
    case "oc":
      // `kubectl get secret x -o yaml` prints the base64 of every key in it.
      return said("create", "token") || (words[0] === "get" && /^secrets?$/.test(words[1] ?? "") && printsSecretData(inv));
    case "vault":
      return said("print", "token") || said("token", "create") || said("kv", "get") || said("read");
    case "heroku":
      // `heroku config` prints every config var of the app, its credentials among them.
      return said("auth:token") || said("config") || said("config:get");
    case "op":
      return said("read") || (said("item", "get") && inv.args.some((arg) => /^--(?:reveal|fields)(?:=|$)/.test(arg.text)));
    case "doppler":
      return said("secrets") && (words.length === 1 || words[1] === "get" || words[1] === "download");
    case "git":
      // `git credential fill` answers with the stored password for a host.
      return said("credential", "fill");
    case "doctl":
      return said("auth", "token");
    case "gpg":
    case "gpg2":
      return inv.args.some((arg) => /^--export-secret-(?:keys|subkeys)$/.test(arg.text));
    // The desktop keyring and password managers: `lookup`, `show` and `get password` print the secret.
    case "secret-tool":
      return words[0] === "lookup" || words[0] === "search";
    case "pass":
      return words[0] === "show" && !inv.args.some((arg) => /^(?:-c|--clip)/.test(arg.text));
    case "bw":
      return words[0] === "get" && ["password", "item", "totp", "notes"].includes(words[1] ?? "");
    case "lpass":
      return words[0] === "show" && !inv.args.some((arg) => /^(?:-c|--clip)$/.test(arg.text));
    default:
      return false;
  }
}

/** Variables holding secrets that are never meant to travel in a request as they are. */
const SECRET_VARIABLE = /^(?:AWS_SECRET_ACCESS_KEY|AWS_SESSION_TOKEN|WARDEN_[A-Z_]*(?:KEY|TOKEN)|[A-Z_]*PRIVATE_KEY[A-Z_]*|[A-Z_]*PASSWORD|[A-Z_]*PASSWD)$/;
/**
 * Service tokens (`NPM_TOKEN`, `CODECOV_TOKEN`, `STRIPE_API_KEY`): used all day with their own
 * service, so only a send that leaves (a raw address, a drop service, outside a credential
 * field) to a host that is not that service's counts.
 */
const TOKEN_VARIABLE = /^[A-Z][A-Z0-9_]*_(?:TOKEN|SECRET|API_KEY|APIKEY|AUTH_TOKEN|ACCESS_TOKEN)$/;

/** `CODECOV_TOKEN` to codecov.io, `NEXUS_TOKEN` to an internal host: the token goes where it belongs. */
function sentToItsService(inv: Invocation): boolean {
  const names = inv.args.flatMap((arg) => arg.word.parts.flatMap((part) => (part.kind === "param" && TOKEN_VARIABLE.test(part.name) ? [part.name] : [])));
  const words = names.flatMap((name) => name.toLowerCase().replace(/_(?:token|secret|api_key|apikey|auth_token|access_token)$/, "").split("_").filter((word) => word.length >= 3));
  const hosts = inv.args.flatMap((arg) => {
    const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(arg.text);
    return match ? [classifyHost(match[1] as string)] : [];
  });
  return hosts.length > 0 && hosts.every((host) => {
    if (classifyIpLiteral(host.name)) return false;
    if (host.cls !== "public" || isApiHost(host.name)) return true;
    const registrable = host.name.split(".").slice(-2).join(".");
    return words.some((word) => registrable.includes(word));
  });
}

