// Commands that configuration files run when a program reads them: Makefile `$(shell ..)` and
// `!=` assignments (run as make parses, before any recipe), ssh_config ProxyCommand /
// LocalCommand / KnownHostsCommand / `Match exec`, and git config commands (ssh command, pager,
// editor, fsmonitor, askpass, credential helpers and `!` aliases).
import { exact, linesOf, MAX_PIECES, type Piece } from "./file-scripts.ts";

const MAKE_SHELL = /\$[({]shell\s+/g;
const MAKE_BANG = /^[^\t#:=]*!=\s*(.*)$/;

/** `$(shell cmd)` anywhere in a Makefile, and `VAR != cmd`: make runs them while reading the file. */
export function scanMakeShell(content: string): Piece[] {
  const pieces: Piece[] = [];
  for (const match of content.matchAll(MAKE_SHELL)) {
    if (pieces.length >= MAX_PIECES) break;
    const start = match.index + match[0].length;
    const end = closingOf(content, match.index + 1, start);
    if (end > start) pieces.push(exact(content, start, end));
  }
  for (const line of linesOf(content)) {
    if (pieces.length >= MAX_PIECES) break;
    const bang = MAKE_BANG.exec(line.text);
    if (bang?.[1]) pieces.push(exact(content, line.end - bang[1].length, line.end));
  }
  return pieces;
}

/** The offset of the bracket closing the one at `open`, counting nested ones from `from`. */
function closingOf(content: string, open: number, from: number): number {
  const close = content[open] === "{" ? "}" : ")";
  let depth = 1;
  for (let i = from; i < content.length && i - from < 1 << 14; i++) {
    const c = content[i];
    if (c === content[open]) depth++;
    else if (c === close && --depth === 0) return i;
    else if (c === "\n" && content[i - 1] !== "\\") return i;
  }
  return from;
}

const SSH_COMMAND = /^\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*=?\s*(.+)$/i;
const SSH_MATCH_EXEC = /\bexec\s+("([^"]*)"|(\S+))/i;

/** ssh runs these through the user's shell when it connects. */
export function scanSshConfig(content: string): Piece[] {
  const pieces: Piece[] = [];
  for (const line of linesOf(content)) {
    if (pieces.length >= MAX_PIECES) break;
    const command = SSH_COMMAND.exec(line.text)?.[1]?.trimEnd();
    if (command && command.toLowerCase() !== "none") pieces.push(exact(content, line.start + line.text.indexOf(command), line.start + line.text.indexOf(command) + command.length));
    const match = /^\s*Match\b/i.test(line.text) ? SSH_MATCH_EXEC.exec(line.text) : null;
    const exec = match?.[2] ?? match?.[3];
    if (match && exec) {
      const at = line.start + match.index + match[0].indexOf(exec);
      pieces.push(exact(content, at, at + exec.length));
    }
  }
  return pieces;
}

const GIT_COMMAND_KEY = /^\s*(sshcommand|pager|editor|fsmonitor|askpass|helper|textconv|clean|smudge|process)\s*=\s*(.+)$/i;
const GIT_ALIAS = /^\s*[\w.-]+\s*=\s*!(.+)$/;

/** git config values git runs as commands; `!` aliases run in a shell. */
export function scanGitConfig(content: string): Piece[] {
  const pieces: Piece[] = [];
  let section = "";
  for (const line of linesOf(content)) {
    if (pieces.length >= MAX_PIECES) break;
    const header = /^\s*\[\s*([\w.-]+)/.exec(line.text);
    if (header) section = (header[1] ?? "").toLowerCase();
    const value = GIT_COMMAND_KEY.exec(line.text)?.[2] ?? (section === "alias" ? GIT_ALIAS.exec(line.text)?.[1] : undefined);
    if (!value) continue;
    const text = value.trim().replace(/^"(.*)"$/, "$1").replace(/^!/, "");
    const at = line.start + line.text.lastIndexOf(text);
    if (at >= line.start) pieces.push(exact(content, at, at + text.length));
  }
  return pieces;
}
