// System tampering by effect (issue 17 item 5): what a command does to the machine's trust,
// whichever program does it, beyond the files it writes (privileged-targets.ts judges those):
// certificates trusted through a tool, kernel modules loaded, the boot entry changed; a hunt for
// key files across a disk; files encrypted and their originals removed in bulk. Shells escaped to
// under privilege are escapes.ts's.
import { writesOf } from "../effects.ts";
import type { Invocation } from "../model.ts";
import { normalizePath } from "../paths.ts";
import { SSHD_WEAKENING } from "../../sshd-options.ts";
import { eachInvocation, type Hit, hit, type Rule } from "./rule.ts";

export const systemTamperRule: Rule = (ctx) => [
  ...eachInvocation(ctx, judgeInvocation),
  ...eachInvocation(ctx, judgeSshdEdit),
  ...massEncryption(ctx.invocations),
];

const KEY_NAMES = /(?:\*?\.(?:pem|key|ppk|kdbx|p12|pfx|jks|keystore|ovpn)|id_(?:rsa|dsa|ecdsa|ed25519)\*?|\.env|credentials|wallet\.dat|\.git-credentials|\.netrc|\.pgpass)['"]?$/i;
const SEARCH_ROOTS = /^(?:\/|\/home\/?|\/Users\/?|\/root\/?|~\/?|\$HOME\/?|\/etc\/?|\/var\/?|\/opt\/?|\/mnt\/?|\/media\/?)$/;

/** The programs `judgeInvocation` knows, checked first: most commands are none of them. */
const BY_NAME = new Set(["security", "trust", "certutil", "insmod", "modprobe", "grub-editenv", "grub2-editenv", "efibootmgr", "find", "touch", "locate", "plocate", "mlocate"]);

function judgeInvocation(inv: Invocation): Hit[] | undefined {
  if (!BY_NAME.has(inv.name)) return undefined;
  const hits: Hit[] = [];
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
      // NSS (Firefox, Chromium on Linux): `certutil -A -t "C,," -i ca.crt` trusts a CA for the browser.
      else if (args.includes("-A") && args.some((a, i) => args[i - 1] === "-t" && /[CT]/.test(a.split(",")[0] ?? ""))) hits.push(hit("shell.trust_store_modification", inv));
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
      break;
    case "locate":
    case "plocate":
    case "mlocate":
      // The file-name index of the whole disk asked for key and wallet names.
      if (args.some((a) => !a.startsWith("-") && KEY_NAMES.test(a))) hits.push(hit("shell.credential_hunt", inv));
      break;
    case "touch":
      if (forgesSystemTimestamp(args)) hits.push(hit("shell.timestamp_forgery", inv));
      break;
  }
  return hits;
}

/** Programs, libraries, boot files, configuration and logs: where a planted file hides by its date. */
const SYSTEM_TREE = /^\/(?:s?bin|lib(?:32|64|x32)?|boot|etc|usr\/(?:local\/)?(?:s?bin|lib(?:exec|32|64)?)|var\/log)(?:\/|$)/;
const DATE_FLAG = /^-[acmh]*[rdt]$|^--(?:reference|date)$/;

/**
 * `touch -r /bin/ls /usr/local/bin/.x`, `touch -d 2021-03-04 /etc/cron.d/x`: a file in a system
 * tree given another date (ATT&CK T1070.006, timestomping) so it looks as old as its neighbours.
 * A date set on a project's or a test's files, or `touch` of a system file without a date, is not.
 */
function forgesSystemTimestamp(args: readonly string[]): boolean {
  let dated = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (DATE_FLAG.test(arg)) {
      dated = true;
      i++;
    } else if (/^--(?:reference|date)=/.test(arg)) dated = true;
    else if (!arg.startsWith("-")) operands.push(arg);
  }
  return dated && operands.some((path) => SYSTEM_TREE.test(path));
}

const SSHD_CONFIG = /^\/etc\/ssh\/sshd_config(?:\.d\/[^/]+)?$/;
/** The replacement of a sed `s` command: in `s/^#PermitRootLogin .\+$/PermitRootLogin yes/` it is `PermitRootLogin yes`. */
const SED_REPLACEMENT = /s([/|#,:@])(?:\\.|(?!\1)[^\\\n])*\1((?:\\.|(?!\1)[^\\\n])*)\1/g;

/**
 * The SSH server told to let root or passwords in, or to look for keys elsewhere: a way back
 * into the machine that survives the session. Hardening (`PasswordAuthentication no`) is not.
 */
function judgeSshdEdit(inv: Invocation): Hit | undefined {
  const writes = writesOf(inv).filter((write) => SSHD_CONFIG.test(normalizePath(write.path)));
  const edited = inv.name === "sed" && inv.args.some((arg) => SSHD_CONFIG.test(normalizePath(arg.text)));
  if (writes.length === 0 && !edited) return undefined;
  const written = writes.map((write) => write.content?.text.slice(0, 1 << 16) ?? "");
  if (inv.name === "sed") {
    for (const arg of inv.args) for (const m of arg.text.slice(0, 1024).matchAll(SED_REPLACEMENT)) written.push(m[2]!);
  }
  return written.some((text) => SSHD_WEAKENING.test(text)) ? hit("shell.remote_login_weakened", inv) : undefined;
}

/** `find / -name id_rsa`, `find ~ -iname '*.pem' -o -name .env`: key files looked for across a tree. */
function huntsKeys(args: readonly string[]): boolean {
  if (!args.some((a) => SEARCH_ROOTS.test(a))) return false;
  return args.some((a, i) => /^-(?:i?name|i?path|i?wholename|regex)$/.test(args[i - 1] ?? "") && KEY_NAMES.test(a));
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
  const encrypting = invocations.find((inv) => ENCRYPTORS(inv) && (inv.inFunction !== undefined || invocations.some((o) => o.name === "for" || o.name === "find" || o.name === "xargs" || o.name === "while") || inv.args.some((a) => isEachItem(a.text))));
  if (!encrypting) return [];
  // The originals go: `rm "$f"`, `shred -u {}`, or find's own `-delete` after its `-exec`.
  const removes = invocations.some((inv) => ((inv.name === "rm" || inv.name === "shred" || inv.name === "unlink") && inv.args.some((a) => isEachItem(a.text))) || (inv.name === "find" && inv.args.some((a) => a.text === "-delete")));
  return removes ? [hit("shell.mass_encryption", encrypting)] : [];
}

/** An argument naming each item of a loop or a find: `$f`, `"$file"`, `{}`. */
const isEachItem = (text: string): boolean => text.includes("$") || text.includes("{}");
