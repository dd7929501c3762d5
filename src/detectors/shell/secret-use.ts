// Using a secret is not leaking it (issue 17 item 6). A fetcher that carries a secret only where
// credentials go (an Authorization or API-key header, `-u user:pass`, `--oauth2-bearer`) to a
// host of a recognised API family uses it: `curl -H "Authorization: Bearer $(cat /run/secrets/t)"
// https://api.github.com/..`. The same secret in a body, a URL or another header, or sent to a
// raw address, a request catcher, a paste site or a tunnel, leaves: that is exfiltration. A
// credential header to any other host stays a credential read a person approves.
import { isApiHost } from "../egress/api-hosts.ts";
import { matchExfilService } from "../egress/exfil-services.ts";
import { classifyHost } from "../egress/host-class.ts";
import { classifyIpLiteral } from "../egress/ip-address.ts";
import { FETCHERS } from "./commands.ts";
import type { Field } from "./expand.ts";
import { invocationsIn } from "./facts.ts";
import { type AssignmentRecord, type Invocation, type ShellModel, upstreamOf } from "./model.ts";

/** `use`: a credential to an API it belongs with; `held`: a credential to another host; `leak`: data leaving. */
export type SecretSend = "use" | "held" | "leak";

const RANK: Record<SecretSend, number> = { use: 0, held: 1, leak: 2 };
const worse = (a: SecretSend | undefined, b: SecretSend): SecretSend => (a === undefined || RANK[b] > RANK[a] ? b : a);

/** Header names whose value is a credential (RFC 9110 section 11.6.2, and API-key headers). */
const AUTH_HEADER = /^\s*(?:proxy-)?authorization\s*$|^\s*(?:x-)?(?:api[-_]?key|auth[-_]?token|access[-_]?token|private[-_]?token|vault[-_]?token|goog-api-key|[\w-]+-(?:api-key|token))\s*$/i;
/** Options whose value is a credential (`curl -u user:pass`, `--oauth2-bearer T`, `http -a user:pass`). */
const AUTH_OPTIONS = new Set(["-u", "--user", "--oauth2-bearer", "--proxy-user", "-a", "--auth", "--password", "--http-password"]);
const HEADER_OPTIONS = new Set(["-H", "--header"]);
const HTTPIE = new Set(["http", "https", "httpie", "xh", "xhs"]);

/** Whether the argument at `i` of `fetcher` is a credential position. */
function isAuthPosition(fetcher: Invocation, i: number): boolean {
  const text = (fetcher.args[i] as Field).text;
  const previous = fetcher.args[i - 1]?.text ?? "";
  if (AUTH_OPTIONS.has(previous)) return true;
  const inline = /^(--[\w-]+)=/.exec(text);
  if (inline && AUTH_OPTIONS.has(inline[1] as string)) return true;
  let header: string | undefined;
  if (HEADER_OPTIONS.has(previous)) header = text;
  else if (text.startsWith("--header=")) header = text.slice(9);
  else if (text.startsWith("-H") && text.length > 2) header = text.slice(2);
  // httpie: `Authorization:"Bearer T"` is a header item.
  else if (HTTPIE.has(fetcher.name) && /^[\w-]+:(?![=/])/.test(text)) header = text;
  return header !== undefined && header.includes(":") && AUTH_HEADER.test(header.slice(0, header.indexOf(":")));
}

/** Where `fetcher` sends: every URL an API family's, any a raw address or a drop service, or neither. */
function destinationOf(fetcher: Invocation): SecretSend {
  let verdict: SecretSend | undefined;
  for (const arg of fetcher.args) {
    const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)([^?#]*)/i.exec(arg.text);
    if (!match) continue;
    const host = classifyHost(match[1] as string).name;
    if (classifyIpLiteral(host) || matchExfilService(host, match[2] ?? "/") !== undefined) return "leak";
    verdict = worse(verdict, isApiHost(host) ? "use" : "held");
  }
  return verdict ?? "held";
}

/** The arguments of `fetcher` that hold `reader`'s output: directly (`$(cat F)`) or through a variable assigned from it. */
function carriersOf(model: ShellModel, fetcher: Invocation, reader: Invocation, names: ReadonlySet<string>): number[] {
  const found: number[] = [];
  fetcher.args.forEach((arg, i) => {
    const direct = arg.subs.length > 0 && invocationsIn(model, arg.subs).includes(reader);
    const named = names.size > 0 && arg.word.parts.some((part) => part.kind === "param" && names.has(part.name));
    if (direct || named) found.push(i);
  });
  return found;
}

/** Variables assigned from `reader`'s output (`T=$(cat F)`). */
function variablesOf(model: ShellModel, reader: Invocation): Set<string> {
  const names = new Set<string>();
  for (const assignment of model.assignments) {
    if (assignment.value && assignment.value.subs.length > 0 && invocationsIn(model, assignment.value.subs).includes(reader)) names.add(assignment.name);
  }
  return names;
}

/** How one fetcher sends the given argument positions. */
function sendOf(fetcher: Invocation, positions: readonly number[]): SecretSend {
  if (positions.some((i) => !isAuthPosition(fetcher, i))) return "leak";
  return destinationOf(fetcher);
}

/** How the fetchers of the command send what `reader` prints; undefined when none does. */
export function secretSendOf(model: ShellModel, reader: Invocation): SecretSend | undefined {
  const names = variablesOf(model, reader);
  let verdict: SecretSend | undefined;
  for (const fetcher of model.invocations) {
    if (!FETCHERS.has(fetcher.name) || fetcher === reader) continue;
    const positions = carriersOf(model, fetcher, reader, names);
    if (positions.length > 0) verdict = worse(verdict, sendOf(fetcher, positions));
  }
  return verdict;
}

/** Options by which a login reads its secret from standard input (`docker login --password-stdin`, `gh auth login --with-token`). */
const STDIN_SECRET_OPTIONS = new Set(["--password-stdin", "--with-token", "--token-stdin", "--stdin-password", "--passphrase-fd"]);
/** A login that reads its secret from standard input (`docker login --password-stdin < F`): the file is used, not shown. */
export const readsSecretFromStdin = (inv: Invocation): boolean =>
  inv.args.some((arg) => STDIN_SECRET_OPTIONS.has(arg.text)) || (inv.name === "vault" && inv.args.some((a) => a.text === "login") && inv.args.some((a) => a.text === "-"));

/** Options naming the server a client logs in to (`psql -h`, `mysql --host=`, `vault login -address=`). */
const HOST_OPTIONS = new Set(["-h", "--host", "--hostname", "--server", "-address", "--address", "--url"]);
/** Options of a login whose value is not the registry (`docker login -u NAME REGISTRY`). */
const LOGIN_VALUE_OPTIONS = new Set(["-u", "--username", "-p", "--password"]);

/** The servers `client` names: host options, URLs, and the registry a `login` subcommand goes to. */
function serversOf(client: Invocation): string[] {
  const args = client.args.map((arg) => arg.text);
  const servers: string[] = [];
  const login = args.indexOf("login");
  args.forEach((text, i) => {
    const inline = /^(--?[\w-]+)=(.+)$/.exec(text);
    if (inline && HOST_OPTIONS.has(inline[1]!)) servers.push(inline[2]!);
    else if (HOST_OPTIONS.has(args[i - 1] ?? "")) servers.push(text);
    else if (/^-h[^-\s]/.test(text) && client.name.startsWith("mysql")) servers.push(text.slice(2));
    const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(text);
    if (url) servers.push(url[1]!);
    else if (login >= 0 && i > login && !text.startsWith("-") && !LOGIN_VALUE_OPTIONS.has(args[i - 1] ?? "") && !inline) servers.push(text);
  });
  return servers;
}

/**
 * The client takes the secret to a server it belongs with: none named (a local socket, the
 * default registry), an internal host, or a recognised API family. A password handed to `psql -h`
 * an unknown public host, or a registry login to one, is the secret leaving.
 */
export function staysWithItsService(client: Invocation): boolean {
  return serversOf(client).every((server) => {
    const host = classifyHost(server.replace(/:\d+$/, "")).name;
    if (classifyIpLiteral(host)?.cls === "public") return false;
    return classifyHost(host).cls !== "public" || isApiHost(host);
  });
}

/** Builtins that assign what they are given (`export PGPASSWORD=$(cat F)`): the assignment, not a use. */
const DECLARERS = new Set(["export", "declare", "typeset", "readonly", "local"]);

/**
 * Variables a client reads its credential from, and the clients that read each: a secret handed
 * to any other program through its environment is that program's to send anywhere.
 */
const CLIENT_VARIABLES: Record<string, readonly string[]> = {
  PGPASSWORD: ["psql", "pg_dump", "pg_dumpall", "pg_restore", "pgbench", "createdb", "dropdb", "vacuumdb", "reindexdb", "pg_isready"],
  MYSQL_PWD: ["mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlshow"],
  VAULT_TOKEN: ["vault"],
  GH_TOKEN: ["gh"],
  GITHUB_TOKEN: ["gh"],
  GITLAB_TOKEN: ["glab"],
  RESTIC_PASSWORD: ["restic"],
  BORG_PASSPHRASE: ["borg"],
  SSHPASS: ["sshpass"],
  REDISCLI_AUTH: ["redis-cli"],
  TWINE_PASSWORD: ["twine"],
  AWS_SECRET_ACCESS_KEY: ["aws"],
  AWS_SESSION_TOKEN: ["aws"],
};
const readsVariable = (name: string, program: string): boolean => CLIENT_VARIABLES[name]?.includes(program) === true;

/**
 * The secret `reader` prints only feeds a local client's credential input: piped straight into a
 * login that reads it from stdin, or put in the credential variable of the client that reads it
 * (`PGPASSWORD=$(cat F) psql`, or `export PGPASSWORD=$(cat F)` when every command after is such a
 * client) and never spelled into an argument.
 */
export function feedsCredentialInput(model: ShellModel, reader: Invocation): boolean {
  const consumers = model.invocations.filter((inv) => inv.stdin?.kind === "pipe" && upstreamOf(inv.stdin.upstream).at(-1) === reader);
  if (consumers.length > 0) return consumers.every((inv) => readsSecretFromStdin(inv) && staysWithItsService(inv));
  if (reader.redirects.length > 0) return false;
  const holds = (value: AssignmentRecord["value"]) => value !== undefined && value.subs.length > 0 && invocationsIn(model, value.subs).includes(reader);
  const prefixed = model.environment.filter((entry) => holds(entry.value));
  const names = variablesOf(model, reader);
  if (prefixed.length === 0 && names.size === 0) return false;
  if (!prefixed.every((entry) => readsVariable(entry.name, entry.command))) return false;
  if (!model.invocations.filter((inv) => prefixed.some((entry) => entry.command === inv.name)).every(staysWithItsService)) return false;
  const assigned = new Set(invocationsIn(model, [...model.assignments, ...model.environment].flatMap((a) => a.value?.subs ?? [])));
  const others = model.invocations.filter((inv) => inv !== reader && !DECLARERS.has(inv.name) && !assigned.has(inv));
  return [...names].every((name) => others.every((inv) => readsVariable(name, inv.name) && staysWithItsService(inv) && carriersOf(model, inv, reader, names).length === 0));
}

/** How `fetcher` sends what `reader` prints, given that it carries it in an argument. */
export function secretSendBy(model: ShellModel, fetcher: Invocation, reader: Invocation): SecretSend {
  return sendOf(fetcher, carriersOf(model, fetcher, reader, variablesOf(model, reader)));
}

/** How `fetcher` sends the variables `isSecret` names (`-H "Authorization: Bearer $GITHUB_TOKEN"`). */
export function variableSendBy(fetcher: Invocation, isSecret: (name: string) => boolean): SecretSend | undefined {
  const positions: number[] = [];
  fetcher.args.forEach((arg, i) => {
    if (arg.word.parts.some((part) => part.kind === "param" && isSecret(part.name))) positions.push(i);
  });
  return positions.length === 0 ? undefined : sendOf(fetcher, positions);
}

/** The commands whose output `fetcher` spells into its arguments: `$(cat F)`, or `$T` after `T=$(cat F)`. */
export function spelledProducers(model: ShellModel, fetcher: Invocation): Invocation[] {
  const direct = invocationsIn(model, fetcher.args.flatMap((arg) => arg.subs));
  const names = new Set(fetcher.args.flatMap((arg) => arg.word.parts.flatMap((part) => (part.kind === "param" ? [part.name] : []))));
  if (names.size === 0 || model.assignments.length === 0) return direct;
  const assigned = model.assignments.flatMap((a) => (names.has(a.name) && a.value ? a.value.subs : []));
  return assigned.length === 0 ? direct : [...direct, ...invocationsIn(model, assigned)];
}
