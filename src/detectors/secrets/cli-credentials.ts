// Credentials passed as command-line options that have no `name=value` shape: `curl -u
// user:password` (and `--user`), MySQL's glued `-p<password>`, `sshpass -p <password>`, a
// registry login's `-p`/`--password` (`docker login`, podman, helm registry...) and npm's
// `config set ..._authToken <token>`.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { looksLikePlaceholderValue } from "./value-filters.ts";

const CLI_PASSWORD = defineKind(
  "cli_password", CATEGORIES.password, "high", "PASSWORD", "Password passed on a command line", PRIORITIES.url,
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

const MIN_PASSWORD = 6;

function pushPassword(password: string, end: number, hits: SecretHit[]): void {
  if (password.length < MIN_PASSWORD || looksLikePlaceholderValue(password) || /^\d+$/.test(password)) return;
  hits.push({ kind: CLI_PASSWORD, start: end - password.length, end, score: 0.8 });
}

/** The end of capture group 2 when the match ends with the group and an optional closing quote. */
const groupEnd = (match: RegExpMatchArray): number => match.index! + match[0].length - match[1]!.length;

/** Every `value` match (sticky) right after a `name` match, as matchAll of the two joined would. */
function scanOption(text: string, name: RegExp, value: RegExp, hits: SecretHit[], budget: Budget): void {
  name.lastIndex = 0;
  for (let m = name.exec(text); m !== null && !budget.spent(); m = name.exec(text)) {
    value.lastIndex = name.lastIndex;
    const found = value.exec(text);
    if (!found) continue;
    pushPassword(found[2]!, groupEnd(found), hits);
    name.lastIndex = value.lastIndex;
  }
}

/** Appends passwords given to `curl -u` style options and to MySQL's `-p` in `text` to `hits`. */
export function scanCliCredentials(text: string, hits: SecretHit[], budget: Budget): void {
  if (text.includes("-u") || text.includes("--user")) scanOption(text, USER_OPTION, USER_OPTION_VALUE, hits, budget);
  if (text.includes("-p") && /mysql|mariadb/.test(text)) scanOption(text, MYSQL_CLIENT, MYSQL_PASSWORD, hits, budget);
  if (text.includes("-p") && text.includes("sshpass")) scanOption(text, SSHPASS, SSHPASS_PASSWORD, hits, budget);
  if (text.includes("login") && (text.includes("-p") || text.includes("--password"))) scanOption(text, LOGIN, LOGIN_PASSWORD, hits, budget);
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
}

/** An argv element after `-u`/`--user`: the whole element is `user:password`. */
export function scanUserFlagValue(key: string, text: string, hits: SecretHit[]): void {
  if (key !== "-u" && key !== "--user") return;
  const match = USER_FLAG_VALUE.exec(text);
  if (match) pushPassword(match[1]!, text.length, hits);
}
