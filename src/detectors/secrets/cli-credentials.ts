// Credentials passed as command-line options that have no `name=value` shape: `curl -u
// user:password` (and `--user`), MySQL's glued `-p<password>`, `sshpass -p <password>`, a
// registry login's `-p`/`--password` (`docker login`, podman, helm registry...), npm's
// `config set ..._authToken <token>`, Samba's `-U user%password`, `htpasswd -b` and the
// `machine ... login ... password ...` records of a `.netrc` file.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { looksLikePlaceholderValue } from "./value-filters.ts";

const CLI_PASSWORD = defineKind(
  "cli_password", CATEGORIES.password, "high", "PASSWORD", "Password passed on a command line", PRIORITIES.url,
);
const NETRC_PASSWORD_KIND = defineKind(
  "netrc_password", CATEGORIES.password, "high", "PASSWORD", "Password in a .netrc record", PRIORITIES.url,
);

// Each option is found by its name first, and only there is its bounded value read (sticky),
// so a text of near-misses costs one step per name, between which the budget is checked.
// `-u user:password`, `--user=user:password`, optionally quoted; the password is group 2.
const USER_OPTION = /(?<![\w-])(?:-u|--user)(?:[ \t]+|=)/g;
const USER_OPTION_VALUE = /(['"]?)[^\s:'"]{1,128}:([^\s'"]{1,256})\1/y;
const USER_FLAG_VALUE = /^[^\s:'"]{1,128}:([^\s'"]{1,256})$/;
// MySQL clients take the password glued to `-p`; elsewhere `-p` is a port or `mkdir -p`.
const MYSQL_CLIENT = /\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b/g;
const MYSQL_PASSWORD = /[^\n|;&]{0,200}?[ \t]-p(['"]?)([^\s'"]{4,128})\1/y;
const MYSQL_PROGRAMS = new Set(["mysql", "mysqldump", "mysqladmin", "mariadb", "mariadb-dump", "mysqlimport", "mysqlshow", "mysqlcheck"]);
// sshpass takes the password as `-p <password>` or glued `-p<password>`.
const SSHPASS = /\bsshpass\b/g;
const SSHPASS_PASSWORD = /[^\n|;&]{0,200}?[ \t]-p[ \t]*(['"]?)([^\s'"]{4,128})\1/y;

// Registry and cloud logins: the program, `login` within the same command, then `-p X` or
// `--password X`/`--password=X` (never `--password-stdin`, which is the safe way).
const LOGIN = /\b(?:docker|podman|nerdctl|buildah|skopeo|oras|crane|helm[ \t]+registry|cf|az[ \t]+acr)\b[^\n|;&]{0,80}?\blogin\b/g;
const LOGIN_PASSWORD = /[^\n|;&]{0,200}?[ \t](?:-p|--password)(?:[ \t]+|=)(['"]?)([^\s'"]{4,256})\1/y;
// npm, pnpm and yarn keep registry tokens under keys ending in _authToken, _auth or _password.
const NPM_TOKEN = /\b(?:npm|pnpm|yarn)[ \t]+config[ \t]+set[ \t]+\S*(?:_authToken|_auth|_password)\b[ \t=]+(['"]?)([^\s'"]{8,512})\1/g;

// Samba clients join user and password with `%`: `smbclient //host/share -U 'DOM\\user%secret'`.
const SAMBA_CLIENT = /\b(?:smbclient|rpcclient|smbcacls|smbget|smbtree|winexe|net[ \t]+(?:rpc|ads))\b/g;
const SAMBA_PASSWORD = /[^\n|;&]{0,200}?[ \t](?:-U|--user)(?:[ \t]+|=)(['"]?)[^\s%'"]{1,128}%([^\s'"]{4,128})\1/y;
const SAMBA_PROGRAMS = new Set(["smbclient", "rpcclient", "smbcacls", "smbget", "smbtree", "winexe"]);
// htpasswd's batch mode (`-b`, often clustered: `-bc`, `-Bb`) takes the password as its last argument.
const HTPASSWD = /\bhtpasswd\b/g;
const HTPASSWD_ARGS = /[^\n|;&]{0,300}/y;
// A `.netrc` record (one line or several): `machine <host>`, then keyword-value pairs.
const NETRC_RECORD = /\b(?:machine[ \t]+\S{1,253}|default)(?:\s+(?:login|account|port|password|passwd)[ \t]+\S{1,256}){1,6}/g;
const NETRC_PASSWORD = /\b(?:password|passwd)[ \t]+(\S{1,256})/;

const MIN_PASSWORD = 6;

export function pushPassword(password: string, end: number, hits: SecretHit[], kind = CLI_PASSWORD): void {
  if (password.length < MIN_PASSWORD || looksLikePlaceholderValue(password) || /^\d+$/.test(password)) return;
  hits.push({ kind, start: end - password.length, end, score: 0.8 });
}

/** The end of capture group 2 when the match ends with the group and an optional closing quote. */
export const groupEnd = (match: RegExpMatchArray): number => match.index! + match[0].length - match[1]!.length;

/** Every `value` match (sticky) right after a `name` match, as matchAll of the two joined would. */
export function scanOption(text: string, name: RegExp, value: RegExp, hits: SecretHit[], budget: Budget): void {
  name.lastIndex = 0;
  for (let m = name.exec(text); m !== null && !budget.spent(); m = name.exec(text)) {
    value.lastIndex = name.lastIndex;
    const found = value.exec(text);
    if (!found) continue;
    pushPassword(found[2]!, groupEnd(found), hits);
    name.lastIndex = value.lastIndex;
  }
}

/** The words of a command line, unquoted: `-b 'a b'` -> [`-b`, `a b`], with where each ends. */
function splitWords(line: string, offset: number): { word: string; end: number }[] {
  const words: { word: string; end: number }[] = [];
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) {
    const word = m[1] ?? m[2] ?? m[3]!;
    words.push({ word, end: offset + m.index + m[0].length - (m[3] === undefined ? 1 : 0) });
  }
  return words;
}

/** `htpasswd -b[c] file user password` (or `-nb user password`): the last operand is the password. */
function scanHtpasswd(text: string, hits: SecretHit[], budget: Budget): void {
  HTPASSWD.lastIndex = 0;
  for (let m = HTPASSWD.exec(text); m !== null && !budget.spent(); m = HTPASSWD.exec(text)) {
    HTPASSWD_ARGS.lastIndex = HTPASSWD.lastIndex;
    const args = HTPASSWD_ARGS.exec(text)![0];
    const words = splitWords(args, HTPASSWD.lastIndex);
    const flags = words.filter((w) => w.word.startsWith("-")).map((w) => w.word);
    if (!flags.some((f) => /^-[a-zA-Z]*b/.test(f))) continue;
    const operands = words.filter((w) => !w.word.startsWith("-"));
    const wanted = flags.some((f) => /^-[a-zA-Z]*n/.test(f)) ? 2 : 3;
    if (operands.length !== wanted) continue;
    const last = operands[wanted - 1]!;
    pushPassword(last.word, last.end, hits);
  }
}

function scanNetrc(text: string, hits: SecretHit[], budget: Budget): void {
  NETRC_RECORD.lastIndex = 0;
  for (let m = NETRC_RECORD.exec(text); m !== null && !budget.spent(); m = NETRC_RECORD.exec(text)) {
    const found = NETRC_PASSWORD.exec(m[0]);
    if (found) pushPassword(found[1]!, m.index + found.index + found[0].length, hits, NETRC_PASSWORD_KIND);
  }
}

/** Appends passwords given to `curl -u` style options and to MySQL's `-p` in `text` to `hits`. */
export function scanCliCredentials(text: string, hits: SecretHit[], budget: Budget): void {
  if (text.includes("-u") || text.includes("--user")) scanOption(text, USER_OPTION, USER_OPTION_VALUE, hits, budget);
  if (text.includes("-p") && /mysql|mariadb/.test(text)) scanOption(text, MYSQL_CLIENT, MYSQL_PASSWORD, hits, budget);
  if (text.includes("-p") && text.includes("sshpass")) scanOption(text, SSHPASS, SSHPASS_PASSWORD, hits, budget);
  if (text.includes("login") && (text.includes("-p") || text.includes("--password"))) scanOption(text, LOGIN, LOGIN_PASSWORD, hits, budget);
  if (text.includes("%") && (text.includes("-U") || text.includes("--user"))) scanOption(text, SAMBA_CLIENT, SAMBA_PASSWORD, hits, budget);
  if (text.includes("htpasswd")) scanHtpasswd(text, hits, budget);
  if ((text.includes("machine") || text.includes("default")) && text.includes("pass")) scanNetrc(text, hits, budget);
  if (text.includes("config") && (text.includes("_auth") || text.includes("_password"))) {
    NPM_TOKEN.lastIndex = 0;
    for (let m = NPM_TOKEN.exec(text); m !== null && !budget.spent(); m = NPM_TOKEN.exec(text)) pushPassword(m[2]!, groupEnd(m), hits);
  }
}

/**
 * An argv element of `program`: MySQL's glued `-p<password>` (the element itself), or the
 * element after sshpass's `-p` (`key` is the flag before it, see field-keys.ts).
 */
export function scanArgvCredential(program: string, key: string | undefined, text: string, hits: SecretHit[]): void {
  if (MYSQL_PROGRAMS.has(program) && text.startsWith("-p") && text.length > 2) pushPassword(text.slice(2), text.length, hits);
  else if (program === "sshpass" && key === "-p") pushPassword(text, text.length, hits);
  else if (program === "sshpass" && text.startsWith("-p") && text.length > 2) pushPassword(text.slice(2), text.length, hits);
  else if (SAMBA_PROGRAMS.has(program) && (key === "-U" || key === "--user") && text.includes("%")) {
    pushPassword(text.slice(text.indexOf("%") + 1), text.length, hits);
  }
}

/** An argv element after `-u`/`--user`: the whole element is `user:password`. */
export function scanUserFlagValue(key: string, text: string, hits: SecretHit[]): void {
  if (key !== "-u" && key !== "--user") return;
  const match = USER_FLAG_VALUE.exec(text);
  if (match) pushPassword(match[1]!, text.length, hits);
}
