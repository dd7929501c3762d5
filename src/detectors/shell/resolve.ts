// What program a command name runs when the text does not spell it out: a pathname glob
// (`/bin/ba[s]h`, `/usr/bin/*sh`), a variable every shell sets (`$SHELL`), or nothing knowable
// (`$x`, `$(…)`), which rules treat as possibly anything, an interpreter included.
import { commandName, languageOf } from "./commands.ts";
import type { Field } from "./expand.ts";

export interface ResolvedName {
  /** The normalised name rules reason with (`bash`), or the text as written when unknown. */
  name: string;
  unresolved: boolean;
}

/** Directories a glob in a command name is matched against: where interpreters live. */
const BIN_DIRS = ["/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin", "/opt/homebrew/bin", "/usr/local/sbin"];

/**
 * Programs a command-name glob could plausibly name. Interpreters matter; the rest are here so
 * that a glob which could as well name a harmless tool (`/usr/bin/*sh` also names `ssh`) is
 * not taken for an interpreter, only for unknown.
 */
const VOCABULARY = [
  "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "rbash", "yash", "busybox",
  "python", "python2", "python3", "perl", "ruby", "node", "nodejs", "php", "lua", "pwsh", "tclsh", "awk", "gawk", "mawk", "nawk",
  "ssh", "scp", "sftp", "ssh-agent", "ssh-add", "ssh-keygen", "sshd", "flash", "hash", "crash", "push", "wish", "lesspipe.sh",
  "cat", "ls", "cp", "mv", "rm", "ln", "echo", "printf", "env", "true", "false", "test", "grep", "sed", "find", "sort",
  "head", "tail", "less", "more", "tee", "tr", "cut", "wc", "uniq", "diff", "patch", "tar", "gzip", "zip", "unzip", "make",
  "gcc", "cc", "git", "curl", "wget", "xargs", "chmod", "chown", "mkdir", "touch", "date", "id", "sudo", "su", "kill",
  "ps", "top", "uname", "whoami", "which", "file", "stat", "dd", "od", "xxd", "base64", "openssl", "nc", "socat", "vi",
  "vim", "nano", "man", "tmux", "screen", "jq", "yes", "sleep", "time", "timeout", "watch", "systemctl", "mount", "ping",
];

const GLOB_CHARS = /[*?[]/;
const MAX_GLOB_CHARS = 256;

/** The word carries an unquoted glob character: pathname expansion rewrites it at run time. */
export function hasUnquotedGlob(field: Field): boolean {
  for (const part of field.word.parts) if (part.kind === "lit" && !part.quoted && GLOB_CHARS.test(part.text)) return true;
  return false;
}

/** Variables every shell sets to a shell's path. */
const SHELL_VARIABLES = new Map([["SHELL", "sh"], ["BASH", "bash"], ["0", "sh"], ["ZSH_NAME", "zsh"]]);

/** Resolves the command name of `head` (after wrappers were peeled; `known` is its commandName). */
export function resolveName(head: Field, known?: string): ResolvedName {
  const name = known ?? commandName(head.text);
  if (head.dynamic) return resolveDynamic(head, name);
  if (head.text.length <= MAX_GLOB_CHARS && GLOB_CHARS.test(head.text) && hasUnquotedGlob(head)) return resolveGlob(head.text, name);
  return { name, unresolved: false };
}

function resolveDynamic(head: Field, name: string): ResolvedName {
  const parts = head.word.parts;
  const only = parts.length === 1 ? parts[0] : undefined;
  const shell = only?.kind === "param" ? SHELL_VARIABLES.get(only.name) : undefined;
  return shell ? { name: shell, unresolved: false } : { name, unresolved: true };
}

/**
 * A glob names one kind of program only when every program it could match is an interpreter
 * of that kind; matched against the usual bin directories, as PATH lookup would not expand it.
 * The base name is matched first (a hundred names), the directory only for names that match;
 * results are kept, so a script repeating one glob pays once.
 */
function resolveGlob(text: string, name: string): ResolvedName {
  const cached = GLOB_CACHE.get(text);
  if (cached) return cached;
  const slash = text.lastIndexOf("/");
  const base = slash === -1 ? undefined : globToRegExp(text.slice(slash + 1));
  const dir = slash === -1 ? undefined : globToRegExp(text.slice(0, slash) || "/");
  const matches = base && dir && BIN_DIRS.some((candidate) => dir.test(candidate)) ? VOCABULARY.filter((candidate) => base.test(candidate)) : [];
  const languages = new Set(matches.map((match) => languageOf(match) ?? "none"));
  const resolved =
    matches.length === 0 || languages.size !== 1 || languages.has("none") ? { name, unresolved: true } : { name: [...matches].sort()[0] as string, unresolved: false };
  if (GLOB_CACHE.size >= MAX_CACHED) GLOB_CACHE.clear();
  GLOB_CACHE.set(text, resolved);
  return resolved;
}

const GLOB_CACHE = new Map<string, ResolvedName>();
const MAX_CACHED = 256;

/** A pathname glob as an anchored expression: `*` and `?` never cross `/`, `[..]` is a class. */
export function globToRegExp(glob: string): RegExp | undefined {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close === -1) {
        source += "\\[";
        continue;
      }
      const body = glob.slice(i + 1, close).replace(/^[!^]/, "^").replace(/[\\\]]/g, "\\$&");
      source += `[${body}]`;
      i = close;
    } else source += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  try {
    return new RegExp(`^${source}$`);
  } catch {
    return undefined;
  }
}
