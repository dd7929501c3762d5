// Shells reached through a program's own features, and terminals watched (issue 17 items 4 and
// 5). Under privilege: a program's escape to a shell (find -exec sh, vim's :!, nmap's interactive
// mode, an interpreter's exec("/bin/sh")), a command run through an option (exec-features.ts),
// an interpreter taking uid 0, a setuid shell kept privileged with -p. Anywhere: a terminal
// recorded as it is typed (script -f) or another process's input read through ptrace (strace -p).
// Dispatched by program name; a command with none of these features costs a Map and a switch.
import { featureCommands, startsShell } from "../exec-features.ts";
import { invocationsIn } from "../facts.ts";
import type { Invocation } from "../model.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";
import { unshareStartsShell } from "./sandbox.ts";

export const escapeRule: Rule = (ctx) => eachInvocation(ctx, (inv) => judgeEscape(ctx, inv));

const SHELLS = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh|ksh|csh|tcsh|fish|busybox)$/;

function judgeEscape(ctx: RuleContext, inv: Invocation): Hit[] {
  const hits: Hit[] = [];
  judgeExecFeatures(ctx, inv, hits);
  judgeByName(ctx, inv, hits);
  judgeInlineCode(inv, hits);
  if (inv.privileged && (scriptRunsShell(inv) || loadsOpensslEngine(inv))) hits.push(hit("shell.privileged_shell_escape", inv));
  if (readsInputDevice(inv)) hits.push(hit("shell.keystroke_capture", inv));
  return hits;
}

/**
 * `sudo script -qc /bin/bash /dev/null`: script hands its command to a shell on a new terminal,
 * so the wrapper is peeled to `sh -c bash`; when that command is itself a shell, root's shell
 * was the point (GTFOBins' sudo escape for script).
 */
function scriptRunsShell(inv: Invocation): boolean {
  return inv.wrappers.includes("script") && inv.program?.kind === "inline" && inv.program.language === "shell" && startsShell(inv.program.code.text);
}

/**
 * `sudo openssl req -engine ./lib.so`, `openssl engine dynamic -pre SO_PATH:/tmp/x.so`: openssl
 * loads the named shared object into itself, so its constructor runs as root. Built-in engine
 * names (`pkcs11`, `rdrand`) are a word, not a path, and are left alone.
 */
function loadsOpensslEngine(inv: Invocation): boolean {
  if (inv.name !== "openssl") return false;
  const isLibrary = (text: string) => text.includes("/") || /\.(?:so|dylib|dll)(?:\.\d+)*$/.test(text);
  return inv.args.some((arg, i) => (inv.args[i - 1]?.text === "-engine" && isLibrary(arg.text)) || /^SO_PATH:./.test(arg.text));
}

/** Input event devices: every key pressed on the machine, before any terminal sees it. */
const INPUT_DEVICE = /^\/dev\/input\/(?:event\d*|by-(?:path|id)\/.+|mice|mouse\d*)$|^\/dev\/input\/event\*?$/;
/** Programs that only name the device, list devices, or change who may open them. */
const DEVICE_LISTERS = new Set(["ls", "stat", "file", "test", "[", "[[", "readlink", "realpath", "udevadm", "chmod", "chown", "chgrp", "getfacl", "lsof"]);

/**
 * `cat /dev/input/event3 > f`, `evtest /dev/input/by-path/...-kbd`, `dd if=/dev/input/event0`,
 * `python3 -c ...` reading it: a keyboard's raw events recorded, whichever program opens them.
 */
function readsInputDevice(inv: Invocation): boolean {
  if (DEVICE_LISTERS.has(inv.name)) return false;
  if (inv.stdin?.kind === "file" && INPUT_DEVICE.test(inv.stdin.field.text)) return true;
  return inv.args.some((arg) => arg.text.includes("/dev/input/") && INPUT_DEVICE.test(arg.text.replace(/^(?:if|of)=/, "")));
}

/** The programs `judgeByName` knows, checked first: most commands are none of them. */
const BY_NAME = new Set(["unshare", "find", "vim", "vi", "nvim", "view", "ex", "script", "strace", "ltrace", "sudoedit", "nmap", "sh", "bash", "dash", "zsh", "xinput", "logkeys", "gcore", "gdb", "procdump"]);

function judgeByName(ctx: RuleContext, inv: Invocation, hits: Hit[]): void {
  if (!BY_NAME.has(inv.name)) return;
  const args = inv.args.map((a) => a.text);
  switch (inv.name) {
    case "find":
      if (inv.privileged && spawnsShellFromFind(args)) hits.push(hit("shell.privileged_shell_escape", inv));
      break;
    case "unshare":
      // `sudo unshare /bin/sh`, `sudo unshare -m`: root's shell, by way of a namespace tool.
      if (inv.privileged && unshareStartsShell(args)) hits.push(hit("shell.privileged_shell_escape", inv));
      break;
    case "vim":
    case "vi":
    case "nvim":
    case "view":
    case "ex":
      if (inv.privileged && args.some((a, i) => (a === "-c" || a.startsWith("+") || args[i - 1] === "-c") && /(?:^|[:|])\s*!|:sh(?:ell)?\b|:py|:lua|:terminal/.test(a))) {
        hits.push(hit("shell.privileged_shell_escape", inv));
      }
      break;
    case "script":
      // `script -f FILE` with no command records the terminal as it is typed, flushed for a reader.
      if (!args.some((a) => /^-[a-zA-Z]*c|^--command/.test(a)) && args.some((a) => /^-[a-zA-Z]*f|^--flush$/.test(a))) hits.push(hit("shell.keystroke_capture", inv));
      break;
    case "strace":
    case "ltrace":
      if (tracesInput(ctx, inv)) hits.push(hit("shell.keystroke_capture", inv));
      break;
    case "xinput":
      // `xinput test ID` prints every key event of a keyboard: a keylogger in one word.
      if (args[0] === "test" || args[0] === "test-xi2") hits.push(hit("shell.keystroke_capture", inv));
      break;
    case "logkeys":
      if (args.some((a) => a === "-s" || a === "--start")) hits.push(hit("shell.keystroke_capture", inv));
      break;
    case "gcore":
    case "gdb":
    case "procdump":
      // A memory image of the keyring, an agent holding keys, or a login process: its secrets.
      if (dumpsSecretHolder(ctx, inv)) hits.push(hit("shell.credential_hunt", inv));
      break;
    case "sudoedit":
      // An argument ending in a lone backslash overflows sudoedit's unescaping (CVE-2021-3156).
      if (args.some((a) => /(?:^|[^\\])(?:\\\\)*\\$/.test(a))) hits.push(hit("shell.privileged_shell_escape", inv));
      break;
    case "nmap":
      // Old nmap's interactive mode exists to run `!sh`; under privilege that shell is root's.
      if (inv.privileged && args.includes("--interactive")) hits.push(hit("shell.privileged_shell_escape", inv));
      break;
    case "sh":
    case "bash":
    case "dash":
    case "zsh":
      // -p keeps a setuid shell's privileges: the way a planted setuid copy is used. Only the
      // shell's own options count: after the script name (or -c's command) they are the script's.
      if (shellOptions(args).some((a) => /^-[a-oq-z]*p[a-z]*$/.test(a))) hits.push(hit("shell.privileged_shell_escape", inv));
      break;
  }
}

/** An interpreter one-liner taking uid 0, or running a shell under privilege (`sudo perl -e 'exec "/bin/sh"'`). */
function judgeInlineCode(inv: Invocation, hits: Hit[]): void {
  const code = inv.program?.kind === "inline" && inv.program.language !== "shell" ? inv.program.code.text : gdbPython(inv);
  if (code !== undefined && /\bset(?:e|re)?[ug]id\s*\(\s*0\s*[,)]/.test(code)) hits.push(hit("shell.privileged_shell_escape", inv));
  else if (code !== undefined && inv.privileged && PROCESS_CALL.test(code) && startsShell(code)) hits.push(hit("shell.privileged_shell_escape", inv));
}

/** gdb's embedded Python (`gdb -ex 'python import os; os.execl("/bin/sh", "sh")'`), as inline code. */
function gdbPython(inv: Invocation): string | undefined {
  if (inv.name !== "gdb") return undefined;
  const code = inv.args.filter((arg, i) => /^-(?:ex|-ex|eval-command)$/.test(inv.args[i - 1]?.text ?? "") && /^\s*py(?:thon)?\b/.test(arg.text)).map((arg) => arg.text);
  return code.length > 0 ? code.join("\n") : undefined;
}

/** Interpreter calls that run a program: `os.system(`, `exec "/bin/sh"`, `os.execute(`, `IO.popen`, backticks. */
const PROCESS_CALL = /\b(?:os\.system|subprocess\.|pty\.spawn|os\.exec\w*|exec\s*[("'\s]|system\s*[("'\s]|child_process|spawnSync|execSync|IO\.popen|Kernel\.exec|proc_open|passthru|shell_exec)|`/;

/**
 * A command run through a program's own feature (ssh's ProxyCommand, rsync -e, apt's Pre-Invoke,
 * zip -TT, tar's checkpoint action, sqlite3's .shell) is judged as a command; a shell started
 * that way under privilege is an escape, whatever else the program was asked to do.
 */
function judgeExecFeatures(ctx: RuleContext, inv: Invocation, hits: Hit[]): void {
  const commands = featureCommands(inv);
  if (commands.length === 0) return;
  for (const command of commands) hits.push(...ctx.analyzeEmbedded(command, inv.span));
  if (inv.privileged && commands.some(startsShell)) hits.push(hit("shell.privileged_shell_escape", inv));
  // `sudo tcpdump -z /tmp/x/hook.sh -Z root`: a script anyone could have written, run as root.
  else if (inv.privileged && commands.some((command) => TEMP_PROGRAM.test(command))) hits.push(hit("shell.privileged_temp_code", inv));
}

const TEMP_PROGRAM = /^\s*(?:\/private)?\/(?:tmp|var\/tmp|dev\/shm)\//;

/** Programs whose input is someone's keystrokes or passwords. */
const INPUT_PROCESSES = /^(?:sh|bash|dash|zsh|ksh|fish|sshd|ssh|sudo|su|passwd|login|gpg-agent|ssh-agent|pinentry\S*)$/;

/**
 * `sudo strace -p PID -e read`: another process's reads dumped, or a shell's, sshd's or sudo's
 * process attached to (`strace -p $(pgrep -n bash)`). Tracing a program started here is debugging.
 */
function tracesInput(ctx: RuleContext, inv: Invocation): boolean {
  const at = inv.args.findIndex((arg) => arg.text === "-p" || arg.text === "--attach" || /^-p\d/.test(arg.text));
  if (at === -1) return false;
  const readsDumped = inv.args.some((arg, i) => /(?:^|[=,!])(?:read|%desc|readv|pread64)(?:$|[,=])/.test(arg.text) && (inv.args[i - 1]?.text === "-e" || /^(?:-e|--trace=|--read)/.test(arg.text)));
  // Under privilege the process may be anyone's; one's own stuck process traced is debugging.
  if (readsDumped && inv.privileged) return true;
  const pid = inv.args[inv.args[at]?.text.length === 2 || inv.args[at]?.text === "--attach" ? at + 1 : at];
  return invocationsIn(ctx.model, pid?.subs ?? []).some((finder) => (finder.name === "pgrep" || finder.name === "pidof") && finder.args.some((arg) => INPUT_PROCESSES.test(arg.text)));
}

/** Processes whose memory holds other people's secrets: keyrings, key agents, logins, password managers. */
const SECRET_HOLDERS = /^(?:gnome-keyring-daemon|kwalletd\d*|ssh-agent|gpg-agent|sshd|sudo|su|passwd|login|keepassxc|1password|bitwarden|lsass(?:\.exe)?|vault|secretd|pass)$/;

/** `gcore $(pgrep gnome-keyring-daemon)`, `gdb -p $(pidof ssh-agent)`: the pid comes from a finder naming a secret holder. */
function dumpsSecretHolder(ctx: RuleContext, inv: Invocation): boolean {
  if (inv.name === "gdb" && !inv.args.some((arg) => arg.text === "-p" || arg.text === "--pid" || arg.text.startsWith("--pid="))) return false;
  const finders = inv.args.flatMap((arg) => invocationsIn(ctx.model, arg.subs));
  return finders.some((finder) => (finder.name === "pgrep" || finder.name === "pidof") && finder.args.some((arg) => SECRET_HOLDERS.test(arg.text)));
}

/** A shell's own options: those before its first operand or `-c`'s command. */
function shellOptions(args: readonly string[]): string[] {
  const own: string[] = [];
  for (const a of args) {
    if (!a.startsWith("-") || a === "-" || a === "--") break;
    own.push(a);
    if (/^-[a-z]*c$/.test(a)) break;
  }
  return own;
}

/** `find . -exec /bin/sh \;`: the program find runs is a shell. */
function spawnsShellFromFind(args: readonly string[]): boolean {
  return args.some((a, i) => /^-(?:exec|execdir|ok|okdir)$/.test(a) && SHELLS.test(args[i + 1] ?? ""));
}
