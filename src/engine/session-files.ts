// What each session's agent wrote, path -> content, so a later command that runs one of those
// files (`bash notes.md`, `. a.cfg`, `cat x | sh`, `python3 p.txt`) is judged by what it holds,
// as if it were inline. Filled after an event is recorded, from the files detectors say it
// leaves; read by detectors through a view. In memory beside the flow state, bounded: per
// session the files written most recently, each cut at a length; past the total, the sessions
// written to least recently are forgotten. A restart starts empty.
import type { FileLeft, RememberedFile, SessionFilesView } from "./detector.ts";

export interface SessionFilesLimits {
  filesPerSession: number;
  /** Characters kept of one file; a longer one is remembered cut (the rest is unknown). */
  charsPerFile: number;
  /** Characters kept over every session. */
  totalChars: number;
  sessions: number;
}

export const SESSION_FILES_LIMITS: SessionFilesLimits = { filesPerSession: 64, charsPerFile: 256 * 1024, totalChars: 32 * 1024 * 1024, sessions: 20_000 };

export interface SessionFiles {
  /** The session's files as an event with working directory `cwd` names them; changes nothing. */
  view(sessionKey: string, cwd: string | undefined): SessionFilesView;
  /** Remembers what a recorded event left (a partial evaluate never calls this). */
  observe(sessionKey: string, left: readonly FileLeft[], cwd: string | undefined): void;
}

interface Session {
  /** Resolved path -> file, least recently written first. */
  files: Map<string, RememberedFile>;
  /** Base name -> resolved paths, for paths named relative to an unknown directory. */
  byName: Map<string, Set<string>>;
  chars: number;
}

const NO_FILES: SessionFilesView = { size: 0, read: () => undefined };

export function createSessionFiles(limits: SessionFilesLimits = SESSION_FILES_LIMITS): SessionFiles {
  const sessions = new Map<string, Session>();
  let total = 0;

  const remove = (session: Session, key: string) => {
    const file = session.files.get(key);
    if (!file) return;
    session.files.delete(key);
    session.chars -= file.content.length;
    total -= file.content.length;
    const same = session.byName.get(baseName(key));
    same?.delete(key);
    if (same?.size === 0) session.byName.delete(baseName(key));
  };

  const put = (session: Session, key: string, file: RememberedFile) => {
    remove(session, key);
    session.files.set(key, file);
    session.chars += file.content.length;
    total += file.content.length;
    const name = baseName(key);
    const same = session.byName.get(name) ?? new Set<string>();
    same.add(key);
    session.byName.set(name, same);
    if (session.files.size > limits.filesPerSession) remove(session, session.files.keys().next().value!);
  };

  const cut = (content: string, partial: boolean): RememberedFile =>
    content.length > limits.charsPerFile
      ? { content: content.slice(0, limits.charsPerFile), cut: true, partial }
      : { content, cut: false, partial };

  /** The file after `left`: whole content, or a fragment placed in what is known of it. */
  const next = (old: RememberedFile | undefined, left: FileLeft & { content: string }): RememberedFile => {
    if (!left.fragment) return cut(left.content, false);
    if (!old) return cut(left.content, true);
    const at = left.replaces ? old.content.indexOf(left.replaces) : -1;
    // Where the new text goes is not known: both are kept, so nothing it could run is missed.
    const content = at === -1 ? `${old.content}\n${left.content}` : old.content.slice(0, at) + left.content + old.content.slice(at + left.replaces!.length);
    const file = cut(content, old.partial);
    return old.cut && !file.cut ? { ...file, cut: true } : file;
  };

  return {
    view(sessionKey, cwd) {
      const session = sessions.get(sessionKey);
      if (!session || session.files.size === 0) return NO_FILES;
      return { size: session.files.size, read: (path) => lookup(session, resolvePath(path, cwd)) };
    },

    observe(sessionKey, left, cwd) {
      if (left.length === 0) return;
      let session = sessions.get(sessionKey);
      if (session) sessions.delete(sessionKey);
      else session = { files: new Map(), byName: new Map(), chars: 0 };
      sessions.set(sessionKey, session);
      for (const file of left) {
        const key = resolvePath(file.path, cwd);
        if (key === "") continue;
        if (file.content === undefined) remove(session, key);
        else put(session, key, next(session.files.get(key), file as FileLeft & { content: string }));
      }
      if (session.files.size === 0) sessions.delete(sessionKey);
      // The session written to least recently goes first; the one just written to stays.
      while ((total > limits.totalChars || sessions.size > limits.sessions) && sessions.size > 1) {
        const [oldest, state] = sessions.entries().next().value!;
        total -= state.chars;
        sessions.delete(oldest);
      }
    },
  };
}

function lookup(session: Session, wanted: string): RememberedFile | undefined {
  const exact = session.files.get(wanted);
  if (exact || wanted === "") return exact;
  for (const key of session.byName.get(baseName(wanted)) ?? []) if (sameFile(key, wanted)) return session.files.get(key);
  return undefined;
}

const HOME = /^(?:\/home\/[^/]+|\/Users\/[^/]+|\/root)(?=\/|$)/;

const isAbsolute = (path: string): boolean => path.startsWith("/");

/**
 * One file named two ways, one of them relative to a directory that was not known: `notes.md`
 * and `/home/a/proj/notes.md`; `~/x` and `/home/a/x` (a home directory by its usual place).
 */
function sameFile(a: string, b: string): boolean {
  if (isAbsolute(a) && isAbsolute(b)) return false;
  if (isAbsolute(b)) return sameFile(b, a);
  if (b.startsWith("~/")) return isAbsolute(a) ? a.replace(HOME, "~") === b : a === b;
  return a.endsWith(`/${b}`) || (!isAbsolute(a) && !a.startsWith("~") && b.endsWith(`/${a}`));
}

export const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/**
 * A path as the file system would find it from `cwd`: `~` and `$HOME` are the home directory
 * `cwd` lies in (kept as `~` when it lies in none), `.` and `..` are resolved, `//` is one `/`.
 */
export function resolvePath(raw: string, cwd: string | undefined): string {
  let path = raw.trim();
  if (path === "") return "";
  const home = cwd ? HOME.exec(cwd)?.[0] : undefined;
  path = path.replace(/^\$(?:HOME\b|\{HOME\})/, "~");
  if (path === "~" || path.startsWith("~/")) path = home ? home + path.slice(1) : path;
  else if (!isAbsolute(path) && cwd && isAbsolute(cwd)) path = `${cwd}/${path}`;
  const rooted = isAbsolute(path);
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && parts.length > 0 && parts[parts.length - 1] !== ".." && parts[parts.length - 1] !== "~") parts.pop();
    else if (part !== ".." || !rooted) parts.push(part);
  }
  return (rooted ? "/" : "") + parts.join("/");
}
