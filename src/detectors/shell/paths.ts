// Path vocabulary: normalisation (`$HOME//x/./` -> `~/x`) and the classes of paths rules care
// about: system directories, home, block devices, logs, shell history, credential files.

import { globToRegExp } from "./resolve.ts";

/** Normalises a path for comparison; unknown parts keep their `$NAME` placeholders. */
export function normalizePath(text: string): string {
  let path = text.trim();
  if (path.startsWith("$HOME")) path = `~${path.slice(5)}`;
  // Most paths have neither `//` nor `/./`: test before paying for a regex replace.
  if (path.includes("//")) path = path.replace(/\/{2,}/g, "/");
  if (path.includes("/./")) path = path.replace(/\/(?:\.\/)+/g, "/");
  // `/tmp/x/../a` is `/tmp/a`: a `..` after a named directory undoes it (`../a` is left as is).
  while (path.includes("/../")) {
    const next = path.replace(/(^|\/)(?!\.\.\/)[^/]+\/\.\.\//, "$1");
    if (next === path) break;
    path = next;
  }
  while (path.length > 1 && (path.endsWith("/") || path.endsWith("/."))) path = path.endsWith("/") ? path.slice(0, -1) : path.slice(0, -2);
  if (path.startsWith("./") && path.length > 2) path = path.slice(2);
  return path;
}

export const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** `/etc/*` -> `/etc`: the directory a trailing glob empties. */
const withoutGlob = (path: string): string => (path.endsWith("/*") ? path.slice(0, -2) || "/" : path);

const SYSTEM_TOP_LEVEL = new Set([
  "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/proc", "/root", "/run",
  "/sbin", "/srv", "/sys", "/usr", "/var", "/snap", "/System", "/Library", "/Applications", "/Users", "/private",
  "/usr/bin", "/usr/sbin", "/usr/lib", "/usr/lib64", "/usr/include", "/usr/share", "/usr/local", "/var/lib",
  "/var/spool", "/var/cache", "/etc/ssh", "/etc/systemd", "/private/etc", "/private/var",
]);

const USER_HOMES = ["/home/", "/Users/"];

/** `/`, `~`, a system directory, a whole user home, or any of these emptied with `/*`. */
export function isSystemOrHomeTarget(text: string): boolean {
  const path = withoutGlob(normalizePath(text));
  if (path === "/" || path === "~" || path === "/*" || path === "/.." || path === "~/..") return true;
  if (SYSTEM_TOP_LEVEL.has(path)) return true;
  if (/^\/(\*|\.\*|\{)/.test(path)) return true;
  // `/u*`, `/???`, `/e?c`: a glob that names a system directory removes it with the rest.
  if (/[*?[]/.test(path) && path.length <= 64) {
    const glob = globToRegExp(path);
    if (glob && [...SYSTEM_TOP_LEVEL].some((dir) => glob.test(dir))) return true;
  }
  return USER_HOMES.some((prefix) => path.startsWith(prefix) && !path.slice(prefix.length).includes("/") && path.length > prefix.length);
}

const BLOCK_DEVICE_PREFIXES = [
  "/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme", "/dev/mmcblk", "/dev/disk", "/dev/rdisk", "/dev/md",
  "/dev/dm-", "/dev/mapper/", "/dev/root", "/dev/mem", "/dev/kmem", "/dev/port", "/dev/sr", "/dev/fd0", "/dev/cciss/",
];

export function isBlockDevice(text: string): boolean {
  const path = normalizePath(text);
  if (path === "/dev/mapper/control") return false;
  return BLOCK_DEVICE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

const HISTORY_FILES = new Set([
  ".bash_history", ".zsh_history", ".history", ".sh_history", ".ksh_history", ".python_history", ".mysql_history",
  ".psql_history", ".node_repl_history", ".sqlite_history", ".lesshst", ".rediscli_history", "fish_history",
  "consolehost_history.txt", ".zhistory",
]);

export const isHistoryFile = (text: string): boolean => HISTORY_FILES.has(baseName(normalizePath(text)).toLowerCase());

const LOG_PREFIXES = ["/var/log", "/var/adm", "/var/account", "/run/log/journal", "/private/var/log", "/library/logs"];
const LOGIN_RECORDS = new Set(["/var/run/utmp", "/run/utmp", "/var/log/wtmp", "/var/log/btmp", "/var/log/lastlog"]);

export function isSystemLog(text: string): boolean {
  const path = normalizePath(text).toLowerCase();
  if (LOGIN_RECORDS.has(path)) return true;
  return LOG_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export const isUrl = (text: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(text);

/** Host of a URL-ish string (`https://a.b:1/x` -> `a.b`), lower-cased; undefined if none. */
export function hostOf(text: string): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(text);
  return match?.[1]?.toLowerCase();
}

/** The file name `curl -O` / `wget` would save a URL as. */
export function urlFileName(url: string): string | undefined {
  const path = url.replace(/[?#].*$/s, "");
  const name = baseName(path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ""));
  return name || undefined;
}
