// System tampering and privilege by effect (issue 17 items 4 and 5): what a command does to the
// machine's trust, whichever program does it. The authentication stack (PAM), the certificate
// trust store, kernel modules and the boot configuration; a hunt for key files across a disk;
// files encrypted and their originals removed in bulk; and a program's own way of running a
// shell (find -exec sh, tar's checkpoint action, vim's :!, an interpreter's setuid(0)) used
// under privilege.
import { writesOf } from "../effects.ts";
import { featureCommands, startsShell } from "../exec-features.ts";
import { invocationsIn } from "../facts.ts";
import type { Invocation } from "../model.ts";
import { normalizePath } from "../paths.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";

export const systemTamperRule: Rule = (ctx) => [
  ...eachInvocation(ctx, (inv) => judgeInvocation(ctx, inv)),
  ...massEncryption(ctx.invocations),
];

const PAM = /^(?:\/etc\/pam\.d(?:\/|$)|\/etc\/pam\.conf$|\/(?:usr\/)?lib(?:64)?\/(?:x86_64-linux-gnu\/)?security\/)/;
const TRUST_STORE = /^(?:\/usr\/local\/share\/ca-certificates|\/usr\/share\/ca-certificates|\/etc\/ssl\/certs|\/etc\/pki\/ca-trust\/source(?:\/anchors)?|\/etc\/pki\/tls\/certs|\/etc\/ca-certificates(?:\.conf)?)(?:\/|$)/;
const BOOT = /^(?:\/boot\/|\/etc\/default\/grub(?:\.d\/|$)|\/etc\/grub\.d\/|\/etc\/kernel\/cmdline$)/;
const SHELLS = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh|ksh|csh|tcsh|fish|busybox)$/;
const KEY_NAMES = /(?:\*?\.(?:pem|key|ppk|kdbx|p12|pfx|jks|keystore|ovpn)|id_(?:rsa|dsa|ecdsa|ed25519)\*?|\.env|credentials|wallet\.dat|\.git-credentials|\.netrc|\.pgpass)['"]?$/i;
const SEARCH_ROOTS = /^(?:\/|\/home\/?|\/Users\/?|\/root\/?|~\/?|\$HOME\/?|\/etc\/?|\/var\/?|\/opt\/?|\/mnt\/?|\/media\/?)$/;

function judgeInvocation(ctx: RuleContext, inv: Invocation): Hit[] {
  const hits: Hit[] = [];
  judgeExecFeatures(ctx, inv, hits);
  for (const write of writesOf(inv)) {
    const path = normalizePath(write.path);
    if (PAM.test(path)) hits.push(hit("shell.auth_stack_modification", inv));
    else if (TRUST_STORE.test(path)) hits.push(hit("shell.trust_store_modification", inv));
    else if (BOOT.test(path)) hits.push(hit("shell.boot_modification", inv));
  }
  const args = inv.args.map((a) => a.text);
  switch (inv.name) {
    case "security":
      // macOS: trusting a certificate system-wide.
      if (args[0] === "add-trusted-cert") hits.push(hit("shell.trust_store_modification", inv));
      break;
    case "trust":
      if (args[0] === "anchor") hits.push(hit("shell.trust_store_modification", inv));
      break;
    case "certutil":
      if (args.some((a) => /^-addstore$/i.test(a)) && args.some((a) => /^root$/i.test(a))) hits.push(hit("shell.trust_store_modification", inv));
      break;
    case "insmod":
      hits.push(hit("shell.kernel_module_load", inv));
      break;
    case "modprobe":
      // A module by path, or forced past version checks; `modprobe nf_conntrack` is admin work.
      if (args.some((a) => a.includes("/") || a.endsWith(".ko") || a === "-f" || a === "--force")) hits.push(hit("shell.kernel_module_load", inv));
      break;
    case "grub-editenv":
    case "grub2-editenv":
      if (args.includes("set") && args.some((a) => /init=|single|rd\.break|selinux=0|apparmor=0/.test(a))) hits.push(hit("shell.boot_modification", inv));
      break;
    case "efibootmgr":
      if (args.some((a) => /^-(?:c|-create|o|-bootorder|n|-bootnext)$/.test(a))) hits.push(hit("shell.boot_modification", inv));
      break;
    case "find":
      if (huntsKeys(args)) hits.push(hit("shell.credential_hunt", inv));
      if (inv.privileged && spawnsShellFromFind(args)) hits.push(hit("shell.privileged_shell_escape", inv));
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
  const code = inv.program?.kind === "inline" && inv.program.language !== "shell" ? inv.program.code.text : undefined;
  if (code !== undefined && /\bset(?:e|re)?[ug]id\s*\(\s*0\s*[,)]/.test(code)) hits.push(hit("shell.privileged_shell_escape", inv));
  else if (code !== undefined && inv.privileged && PROCESS_CALL.test(code) && startsShell(code)) hits.push(hit("shell.privileged_shell_escape", inv));
  return hits;
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
}

/** Programs whose input is someone's keystrokes or passwords. */
const INPUT_PROCESSES = /^(?:sh|bash|dash|zsh|ksh|fish|sshd|ssh|sudo|su|passwd|login|gpg-agent|ssh-agent|pinentry\S*)$/;

/**
 * `strace -p PID -e read`: another process's reads dumped, or a shell's, sshd's or sudo's
 * process attached to (`strace -p $(pgrep -n bash)`). Tracing a program started here is debugging.
 */
function tracesInput(ctx: RuleContext, inv: Invocation): boolean {
  const at = inv.args.findIndex((arg) => arg.text === "-p" || arg.text === "--attach" || /^-p\d/.test(arg.text));
  if (at === -1) return false;
  const readsDumped = inv.args.some((arg, i) => /(?:^|[=,!])(?:read|%desc|readv|pread64)(?:$|[,=])/.test(arg.text) && (inv.args[i - 1]?.text === "-e" || /^(?:-e|--trace=|--read)/.test(arg.text)));
  if (readsDumped) return true;
  const pid = inv.args[inv.args[at]?.text.length === 2 || inv.args[at]?.text === "--attach" ? at + 1 : at];
  return invocationsIn(ctx.model, pid?.subs ?? []).some((finder) => (finder.name === "pgrep" || finder.name === "pidof") && finder.args.some((arg) => INPUT_PROCESSES.test(arg.text)));
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

/** `find / -name id_rsa`, `find ~ -iname '*.pem' -o -name .env`: key files looked for across a tree. */
function huntsKeys(args: readonly string[]): boolean {
  if (!args.some((a) => SEARCH_ROOTS.test(a))) return false;
  return args.some((a, i) => /^-(?:i?name|i?path|i?wholename|regex)$/.test(args[i - 1] ?? "") && KEY_NAMES.test(a));
}

/** `find . -exec /bin/sh \;`: the program find runs is a shell. */
function spawnsShellFromFind(args: readonly string[]): boolean {
  return args.some((a, i) => /^-(?:exec|execdir|ok|okdir)$/.test(a) && SHELLS.test(args[i + 1] ?? ""));
}

const ENCRYPTORS = (inv: Invocation): boolean => {
  const args = inv.args.map((a) => a.text);
  if (inv.name === "openssl") return args[0] === "enc" || args.some((a) => /^-aes|^-(?:chacha|des)/.test(a));
  if (inv.name === "gpg" || inv.name === "gpg2") return args.some((a) => /^(?:-c|--symmetric|-e|--encrypt)$/.test(a));
  if (inv.name === "age") return true;
  if (inv.name === "7z" || inv.name === "zip") return args.some((a) => /^-p/.test(a) || a === "--encrypt" || a === "-e");
  return false;
};

/**
 * Files encrypted and their originals removed in the same command, over a loop or a find: the
 * shape of ransomware, whatever the cipher. One file encrypted, or a backup kept, is not.
 */
function massEncryption(invocations: readonly Invocation[]): Hit[] {
  const encrypting = invocations.find((inv) => ENCRYPTORS(inv) && (inv.inFunction !== undefined || invocations.some((o) => o.name === "for" || o.name === "find" || o.name === "xargs" || o.name === "while") || inv.args.some((a) => a.text.includes("$"))));
  if (!encrypting) return [];
  const removes = invocations.some((inv) => (inv.name === "rm" || inv.name === "shred" || inv.name === "unlink") && inv.args.some((a) => a.text.includes("$")));
  return removes ? [hit("shell.mass_encryption", encrypting)] : [];
}
