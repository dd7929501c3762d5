// The one table of files whose change is a change of who may do what on this machine: sudo
// rules, the account database, the loader's preload list, the authentication stack (PAM), the
// certificate trust store and the boot configuration. Every write a command makes, whatever
// program makes it (a redirection, tee, cp, sort -o, openssl -out, python's open()), is looked
// up here once (effects.ts finds the writes, option-paths.ts and codeWrites the less obvious ones).
import type { CheckId } from "./checks.ts";
import { normalizePath } from "./paths.ts";

const ACCOUNT_FILES = new Set(["/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/master.passwd"]);
const PAM = /^(?:\/etc\/pam\.d(?:\/|$)|\/etc\/pam\.conf$|\/(?:usr\/)?lib(?:64)?\/(?:x86_64-linux-gnu\/)?security\/)/;
const TRUST_STORE = /^(?:\/usr\/local\/share\/ca-certificates|\/usr\/share\/ca-certificates|\/etc\/ssl\/certs|\/etc\/pki\/ca-trust\/source(?:\/anchors)?|\/etc\/pki\/tls\/certs|\/etc\/ca-certificates(?:\.conf)?)(?:\/|$)/;
const BOOT = /^(?:\/boot\/|\/etc\/default\/grub(?:\.d\/|$)|\/etc\/grub\.d\/|\/etc\/kernel\/cmdline$)/;

/** The check a write of `rawPath` (with `content`, when the text says) trips, if any. */
export function privilegedTargetOf(rawPath: string, content: string | undefined): CheckId | undefined {
  const path = normalizePath(rawPath);
  if (path === "/etc/sudoers" || path.startsWith("/etc/sudoers.d/") || /nopasswd/i.test(content ?? "")) return "shell.sudoers_modification";
  if (ACCOUNT_FILES.has(path)) return "shell.account_file_modification";
  if (path === "/etc/ld.so.preload") return "shell.preload_hijack";
  if (!path.startsWith("/")) return undefined;
  if (PAM.test(path)) return "shell.auth_stack_modification";
  if (TRUST_STORE.test(path)) return "shell.trust_store_modification";
  if (BOOT.test(path)) return "shell.boot_modification";
  return undefined;
}
