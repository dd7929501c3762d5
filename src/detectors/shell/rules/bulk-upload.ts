// Bulk private data leaving the machine (issue 17 item 7, "a file of personal data posted
// anywhere off the machine"): a database file or dump, a database server's data directory, or
// the whole working tree, handed to a network sender bound for a public host, or a cloud copy
// of it made world-readable. Where it goes decides: a dump copied to an internal backup host,
// or to a bucket with its default ACL, is a backup; to an unknown public host, a person looks.
// A secret in the same upload is the exfiltration rule's (exfiltration.ts), which blocks.
import { normalisePath } from "../../egress/paths.ts";
import { isDataStore } from "../../egress/write-rules.ts";
import { isApiHost } from "../../egress/api-hosts.ts";
import { classifyHost, endsWithLabel } from "../../egress/host-class.ts";
import { FETCHERS } from "../commands.ts";
import { isSocketTool } from "../facts.ts";
import { type Invocation, upstreamOf } from "../model.ts";
import { baseName } from "../paths.ts";
import { isSecretPath, scriptedPuts } from "./exfiltration.ts";
import { eachInvocation, hit, type Rule } from "./rule.ts";

export const bulkUploadRule: Rule = (ctx) => {
  // `git remote add NAME URL` earlier in the command: a push to NAME goes to URL.
  const git: GitState = { remotes: new Map(), secretsStaged: false };
  return eachInvocation(ctx, (inv) => {
    if (inv.name === "git") return judgeGit(inv, git) ? hit("shell.bulk_data_upload", inv) : undefined;
    if (PUBLISHERS_OF_ACCESS.has(inv.name) && makesPublic(inv)) return hit("shell.made_public", inv);
    if (scriptedPuts(inv).some(isBulkPath) && shareHosts(inv).some((host) => classifyHost(host).cls === "public")) return hit("shell.bulk_data_upload", inv);
    if (!SENDERS.has(inv.name) && !isSocketTool(inv) && !CLOUD_COPIERS.has(inv.name)) return undefined;
    return sendsBulk(inv) && goesOutside(inv) ? hit("shell.bulk_data_upload", inv) : undefined;
  });
};

const SENDERS = new Set([...FETCHERS, "rsync", "rclone", "ftp", "lftp", "ncftpput", "ssh"]);

/** CLIs that can open a repository or stored objects to everyone. */
const PUBLISHERS_OF_ACCESS = new Set(["gh", "glab", "gsutil", "gcloud", "aws", "az"]);
const EVERYONE = /^(?:-u\s*)?(?:allusers|allauthenticatedusers)(?::|$)|^(?:--member=)?allusers(?::|$)|^--member=allauthenticatedusers$/i;

/**
 * A private repository pushed as a public one (`gh repo create --public --source=. --push`,
 * `gh repo edit --visibility public`), or stored objects opened to anyone (`gsutil acl ch -u
 * AllUsers:R`, `aws s3api put-object-acl --acl public-read`, a container's public access): the
 * data leaves for everyone at once.
 */
function makesPublic(inv: Invocation): boolean {
  const args = argTexts(inv);
  const words = args.filter((a) => !a.startsWith("-"));
  const lower = args.map((a) => a.toLowerCase());
  switch (inv.name) {
    case "gh":
    case "glab":
      if (words[0] !== "repo") return false;
      if (words[1] === "create") return lower.includes("--public") && lower.some((a) => a === "--push" || a.startsWith("--source"));
      return words[1] === "edit" && lower.some((a, i) => a === "--visibility=public" || (a === "--visibility" && lower[i + 1] === "public"));
    case "gsutil":
      return (words[0] === "acl" || words[0] === "iam") && words[1] === "ch" && lower.some((a) => EVERYONE.test(a));
    case "gcloud":
      return words.includes("add-iam-policy-binding") && lower.some((a, i) => EVERYONE.test(a) || (a === "--member" && EVERYONE.test(lower[i + 1] ?? "")));
    case "aws":
      return words[0] === "s3api" && /^put-(?:object|bucket)-acl$/.test(words[1] ?? "") && lower.some((a, i) => /^--acl=public-read/.test(a) || (a === "--acl" && /^public-read/.test(lower[i + 1] ?? "")));
    case "az":
      return words[0] === "storage" && words[1] === "container" && lower.some((a, i) => (a === "--public-access" && /^(?:blob|container)$/.test(lower[i + 1] ?? "")) || /^--public-access=(?:blob|container)$/.test(a));
    default:
      return false;
  }
}
const CLOUD_COPIERS = new Set(["aws", "gsutil", "gcloud", "az", "s3cmd"]);
/** Database files and dumps by their names: `customers.db`, `dump.sql`, `prod.sqlite3.gz`. */
const DATABASE_FILE = /\.(?:db|sqlite|sqlite3|db3|sql|dump|mdb|accdb|bak|rdb|bson|ibd|frm|myd)(?:\.(?:gz|bz2|xz|zst|zip|gpg|enc|b64))?$/i;
/** Programs whose output is a database's contents. */
const DUMPERS = new Set(["pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump", "mongodump", "mongoexport", "redis-cli", "sqlcmd", "bcp", "cqlsh", "clickhouse-client"]);
/** Programs whose output is the files they are given, transformed: still the same data. */
const CARRIERS = new Set(["cat", "base64", "base32", "xxd", "od", "hexdump", "gzip", "bzip2", "xz", "zstd", "gpg", "openssl", "tar", "zip", "7z", "split", "head", "tail", "sqlite3", "pv", "dd"]);
/** Archivers handed the working tree, the home directory or the root as a whole. */
const ARCHIVERS = new Set(["tar", "zip", "7z", "git"]);
const WHOLE_TREE = new Set([".", "./", "*", "~", "~/", "$HOME", "/"]);

const argTexts = (inv: Invocation): string[] => inv.args.map((arg) => arg.text);

/** A path argument as a sender spells it: `@file`, `f=@file`, `--post-file=file`, `--upload-file=file`. */
const pathIn = (text: string): string => text.replace(/^--[\w-]+=/, "").replace(/^[\w-]*=?@/, "").replace(/^@/, "").replace(/;type=.*$/, "");

/**
 * Exports of people: `customers.csv`, `users_2026-11.xlsx`, `patients.jsonl`, `payroll.parquet`.
 * A table named for the people in it, in a data format, is personal data in bulk.
 */
const DATA_EXTENSION = /\.(?:csv|tsv|xlsx?|jsonl|ndjson|parquet)(?:\.(?:gz|zip|bz2|xz))?$/i;
/** Plural: a table of many people, not one record (`create-user.json` is a request body). */
const PEOPLE_WORD = /(?:^|[_.-])(?:customers|users|members|patients|employees|contacts|subscribers|clients|leads|people|persons|staff|payroll|applicants|students|donors|guests|accounts)(?=[_.-]|$)/i;
const isPersonalTable = (name: string): boolean => {
  if (name.length > 255) return false;
  const extension = DATA_EXTENSION.exec(name);
  return extension !== null && PEOPLE_WORD.test(name.slice(0, extension.index));
};

export function isBulkPath(text: string): boolean {
  const path = pathIn(text);
  if (path === "" || path.startsWith("-") || /^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return false;
  if (DATABASE_FILE.test(baseName(path)) || isPersonalTable(baseName(path))) return true;
  const normal = normalisePath(path.replace(/\/\*$/, ""));
  return normal !== undefined && isDataStore(normal);
}

/** What `inv` reads out as data: a database file or data directory, a dump, or the whole tree. */
function producesBulk(inv: Invocation): boolean {
  const args = argTexts(inv);
  if (DUMPERS.has(inv.name)) return inv.name !== "redis-cli" || args.includes("--rdb");
  if (inv.name === "sqlite3" && args.some((a) => a === ".dump" || /^\.(?:dump|output)\b/.test(a))) return true;
  if (ARCHIVERS.has(inv.name) && args.some((a) => WHOLE_TREE.has(a))) return inv.name !== "git" || args[0] === "archive" || args[0] === "bundle";
  if (inv.stdin?.kind === "file" && isBulkPath(inv.stdin.field.text)) return true;
  return CARRIERS.has(inv.name) && args.some(isBulkPath);
}

function sendsBulk(inv: Invocation): boolean {
  if (inv.stdin?.kind === "file" && isBulkPath(inv.stdin.field.text)) return true;
  if (inv.stdin?.kind === "pipe" && upstreamOf(inv.stdin.upstream).some(producesBulk)) return true;
  const args = argTexts(inv);
  // A cloud copy is a backup unless it is made world-readable.
  if (CLOUD_COPIERS.has(inv.name)) return args.some(isBulkPath) && args.some((a, i) => /^public-read/.test(a) && /^--(?:acl|canned-acl)$/.test(args[i - 1] ?? "") || /^--acl=public-read/.test(a));
  if (inv.name === "ssh") return false;
  // The last operand of a copier is where it goes; the others are what it sends.
  const operands = args.filter((a) => !a.startsWith("-") || a.startsWith("--post-file=") || a.startsWith("--upload-file="));
  const sent = REMOTE_COPIERS.has(inv.name) ? operands.slice(0, -1) : args;
  // `rsync -a ~/ host:` copies the whole home directory, whatever is in it; `~/Documents` its papers.
  return sent.some(isBulkPath) || (REMOTE_COPIERS.has(inv.name) && sent.some((a) => (WHOLE_TREE.has(a) && a !== "*") || isPersonalFolder(a)));
}

/** The folders a desktop keeps a person's own files in: documents, photos, mail. */
const PERSONAL_FOLDERS = new Set(["documents", "desktop", "pictures", "photos", "downloads", "mail", ".thunderbird", "movies", "videos", "music"]);

/** `~/Documents`, `$HOME/Pictures/`, `/home/ana/Desktop`, `/Users/ana/Documents/*`: a person's own files as a whole. */
function isPersonalFolder(text: string): boolean {
  const path = normalisePath(text.replace(/\/\*$/, ""));
  return path !== undefined && path.home && path.segs.length === 1 && PERSONAL_FOLDERS.has(path.segs[0]!.toLowerCase());
}

const REMOTE_COPIERS = new Set(["scp", "rsync", "sftp", "rclone"]);
/** ssh options that take a value: the first other operand is the host. */
const SSH_VALUE_OPTIONS = new Set(["-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-W", "-b", "-c", "-m", "-E", "-S", "-O", "-Q", "-B", "-e", "-I", "-w"]);

/** The hosts a sender names: URLs, `user@host:path`, and netcat's host operand. */
function destinationsOf(inv: Invocation): string[] {
  const hosts: string[] = [];
  const args = argTexts(inv);
  for (const text of args) {
    const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(text);
    if (url) hosts.push(url[1]!);
    const remote = /^(?:[\w.-]+@)?([\w.-]+|\[[^\]]+\]):/.exec(text);
    if (!url && remote && REMOTE_COPIERS.has(inv.name)) hosts.push(remote[1]!);
  }
  if (hosts.length === 0 && inv.name === "ssh") {
    const host = args.find((a, i) => !a.startsWith("-") && !SSH_VALUE_OPTIONS.has(args[i - 1] ?? ""));
    if (host) hosts.push(host.replace(/^[^@]*@/, ""));
  }
  if (hosts.length === 0 && isSocketTool(inv)) {
    const host = args.find((a) => !a.startsWith("-") && !/^\d+$/.test(a));
    if (host) hosts.push(host);
  }
  return hosts;
}

/** `smbclient //HOST/share`, `lftp [-u user] HOST` or `lftp ftp://HOST`: the server a scripted client talks to. */
function shareHosts(inv: Invocation): string[] {
  return inv.args.flatMap((arg, i) => {
    const share = /^(?:\/\/|\\\\)([^/\\]+)[/\\]/.exec(arg.text) ?? /^[a-z]+:\/\/(?:[^@/]*@)?([^:/]+)/i.exec(arg.text);
    if (share) return [share[1] as string];
    const previous = inv.args[i - 1]?.text ?? "";
    return inv.name === "lftp" && !arg.text.startsWith("-") && !/^-[a-z]$/.test(previous) ? [arg.text] : [];
  });
}

/** Some destination is a public host (a cloud copy made public is outside by its ACL). */
function goesOutside(inv: Invocation): boolean {
  if (CLOUD_COPIERS.has(inv.name)) return true;
  // rclone's `name:path` is a configured cloud remote (a drive, a bucket, a share), not a host name.
  if (inv.name === "rclone") return inv.args.slice(1).some((arg) => /^[\w.-]+:/.test(arg.text) && !/^(?:local|\w):/i.test(arg.text));
  const hosts = destinationsOf(inv);
  return hosts.some((host) => classifyHost(host).cls === "public");
}

/**
 * `git push https://host/x.git`, or to a remote the same command pointed at a public URL that
 * is not a code host: the repository copied to a server nobody named before.
 */
function judgeGit(inv: Invocation, git: GitState): boolean {
  const args = argTexts(inv).filter((a) => !a.startsWith("-"));
  if (args[0] === "remote" && args[1] === "add" && args[2] && args[3]) {
    git.remotes.set(args[2], args[3]);
    return false;
  }
  if (args[0] === "add" && argTexts(inv).some((a) => a === "-f" || a === "--force") && args.slice(1).some(isSecretPath)) git.secretsStaged = true;
  if (args[0] !== "push" || !args[1]) return false;
  if (git.secretsStaged) return true;
  const url = git.remotes.get(args[1]) ?? (/^[a-z][a-z0-9+.-]*:\/\//i.test(args[1]) ? args[1] : undefined);
  if (url === undefined) return false;
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url)?.[1] ?? /^[\w.-]+@([\w.-]+):/.exec(url)?.[1];
  if (host === undefined) return false;
  const verdict = classifyHost(host);
  return verdict.cls === "public" && !isApiHost(verdict.name) && !CODE_HOSTS.some((known) => endsWithLabel(verdict.name, known));
}

/** What earlier git commands of this command line set up. */
interface GitState {
  /** Remotes it added, by name, with their URLs. */
  remotes: Map<string, string>;
  /** It force-added an ignored secret file (`git add -f .env`): any push then carries it. */
  secretsStaged: boolean;
}

/** Where repositories are kept: a new remote there is a new repository, not a copy leaving. */
const CODE_HOSTS = ["github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sr.ht", "dev.azure.com", "visualstudio.com", "gitea.com", "ghe.com", "git-codecommit.amazonaws.com", "source.developers.google.com", "huggingface.co"];
