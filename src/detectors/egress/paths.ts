// Path normalisation for matching on whole segments: `$HOME`, `~user`, `/root`, `/home/<u>`,
// `C:\Users\<u>\` and `%USERPROFILE%` all become the home marker; `..`, `.` and duplicate
// slashes are resolved; `/proc/self/root/x` and macOS `/private/etc` alias their targets.
// Segments are lower-cased: the files rules look for keep their meaning on case-insensitive disks.

export interface NormalPath {
  /** Segments below home when `home`, below `/` when `absolute`, else relative segments. */
  segs: string[];
  home: boolean;
  absolute: boolean;
}

const MAX_PATH_CHARS = 4096;

const ENV_HOME = /^(?:\$\{?home\}?|%userprofile%|%homedrive%%homepath%|\$env:(?:userprofile|home)|~[a-z_][a-z0-9_.-]*)(?=\/|$)/i;
const ENV_DIRS: [RegExp, string][] = [
  [/^%appdata%(?=\/|$)/i, "~/appdata/roaming"],
  [/^%localappdata%(?=\/|$)/i, "~/appdata/local"],
  [/^\$\{?xdg_config_home\}?(?=\/|$)/i, "~/.config"],
  [/^%programdata%(?=\/|$)/i, "/programdata"],
];

/** Rewrites the spellings of home and of well-known variables to one form, before splitting. */
function expandPrefix(raw: string): string {
  let path = raw;
  if (/^file:\/\//i.test(path)) {
    path = path.slice(7).replace(/^localhost(?=\/)/i, "");
    if (path.includes("%")) path = decodePercent(path);
  }
  path = path.replaceAll("\\", "/").replace(/^\/\/[?.]\//, "");
  path = path.replace(ENV_HOME, "~");
  for (const [pattern, replacement] of ENV_DIRS) path = path.replace(pattern, replacement);
  // A drive letter names a disk, not a directory: `C:/Users/u` is `/users/u`.
  return path.replace(/^[a-z]:(?=\/)/i, "");
}

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Resolves `.` and `..` over segments; `~/..` leaves home for its parent directory. */
function resolveSegments(parts: readonly string[], absolute: boolean): { stack: string[]; home: boolean } {
  const stack: string[] = [];
  let home = false;
  for (const [i, part] of parts.entries()) {
    if (i === 0 && part === "~" && !absolute) {
      home = true;
      continue;
    }
    if (part === "" || part === ".") continue;
    if (part !== "..") {
      stack.push(part);
    } else if (stack.length > 0 && stack[stack.length - 1] !== "..") {
      stack.pop();
    } else if (home) {
      home = false;
      absolute = true;
      stack.push("home");
    } else if (!absolute) {
      stack.push("..");
    }
  }
  return { stack, home };
}

/** Maps absolute aliases onto what they reach: other roots, macOS `/private`, user homes. */
function canonicalAbsolute(segs: string[]): { segs: string[]; home: boolean } {
  let s = segs;
  if (s[0] === "proc" && s[2] === "root") s = s.slice(3);
  if (s[0] === "private" && (s[1] === "etc" || s[1] === "var" || s[1] === "tmp")) s = s.slice(1);
  if (s[0] === "var" && s[1] === "run") s = s.slice(1);
  if (s[0] === "root") return { segs: s.slice(1), home: true };
  if (s[0] === "var" && s[1] === "root") return { segs: s.slice(2), home: true };
  if ((s[0] === "home" || s[0] === "users") && s.length >= 2 && s[1] !== "shared") return { segs: s.slice(2), home: true };
  return { segs: s, home: false };
}

/**
 * Every rule that looks at a file asks for its normal form, so one command's arguments are
 * normalised a couple of dozen times over: the answers for short texts are kept (a bounded map,
 * emptied when full) and shared, frozen, so no caller can change another's.
 */
const MEMO_LIMIT = 4096;
const MEMO_MAX_CHARS = 256;
const memo = new Map<string, NormalPath | undefined>();

/** Normalises a file path or `file://` URL; undefined for values that cannot be paths. */
export function normalisePath(raw: string): NormalPath | undefined {
  if (raw.length > MEMO_MAX_CHARS) return normalise(raw);
  const known = memo.get(raw);
  if (known !== undefined || memo.has(raw)) return known;
  const found = normalise(raw);
  if (found) Object.freeze(Object.freeze(found).segs);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(raw, found);
  return found;
}

function normalise(raw: string): NormalPath | undefined {
  const trimmed = raw.trim();
  if (trimmed === "" || trimmed.length > MAX_PATH_CHARS || /[\n\r\0]/.test(trimmed)) return undefined;
  const expanded = expandPrefix(trimmed).toLowerCase();
  const absolute = expanded.startsWith("/");
  const { stack, home } = resolveSegments(expanded.split("/"), absolute);
  if (home) return { segs: stack, home: true, absolute: false };
  if (absolute) {
    const canonical = canonicalAbsolute(stack);
    return { segs: canonical.segs, home: canonical.home, absolute: !canonical.home };
  }
  return { segs: stack, home: false, absolute: false };
}

export const baseOf = (p: NormalPath): string => p.segs[p.segs.length - 1] ?? "";
export const parentOf = (p: NormalPath, up = 1): string => p.segs[p.segs.length - 1 - up] ?? "";

/** Index where `seq` occurs as consecutive segments (`*` matches any one), or -1. */
export function findSequence(segs: readonly string[], seq: readonly string[], from = 0): number {
  outer: for (let i = from; i + seq.length <= segs.length; i++) {
    for (let j = 0; j < seq.length; j++) {
      if (seq[j] !== "*" && segs[i + j] !== seq[j]) continue outer;
    }
    return i;
  }
  return -1;
}

/** Whether the path lies strictly below `prefix` (home-rooted or absolute as `root` says). */
export function isBelow(p: NormalPath, root: "home" | "abs", prefix: readonly string[]): boolean {
  if ((root === "home" ? !p.home : !p.absolute) || p.segs.length <= prefix.length) return false;
  return findSequence(p.segs.slice(0, prefix.length), prefix) === 0;
}

/** Whether the path is exactly `segs` (home-rooted or absolute as `root` says). */
export function isExactly(p: NormalPath, root: "home" | "abs", segs: readonly string[]): boolean {
  if ((root === "home" ? !p.home : !p.absolute) || p.segs.length !== segs.length) return false;
  return segs.every((s, i) => s === "*" || s === p.segs[i]);
}

/** Whether the path ends with `tail` segments wherever it is rooted. */
export const endsWith = (p: NormalPath, tail: readonly string[]): boolean =>
  p.segs.length >= tail.length && findSequence(p.segs, tail, p.segs.length - tail.length) >= 0;
