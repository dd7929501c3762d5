// Privilege escalation: setuid bits and capabilities, sudo rules, the account database,
// privileged groups, root's password, loosened credential files, loader preloads, and
// interactive root shells (approval, not block: admins legitimately ask for one).
import { feedOutput } from "../content.ts";
import { writesOf } from "../effects.ts";
import { operandFields } from "../facts.ts";
import type { Invocation } from "../model.ts";
import { type OptionSpec, scanOptions, valueText } from "../options.ts";
import { normalizePath } from "../paths.ts";
import { privilegedTargetOf } from "../privileged-targets.ts";
import { isPermissiveOrWiping } from "./destructive.ts";
import { eachInvocation, type Hit, hit, type Rule } from "./rule.ts";

export const privilegeRule: Rule = (ctx) => {
  // Whatever a later pipeline stage reads is not paged.
  const piped = new Set(ctx.invocations.flatMap((inv) => (inv.stdin?.kind === "pipe" ? inv.stdin.previous : [])));
  return eachInvocation(ctx, (inv) => judgePrivilege(inv, piped));
};

function judgePrivilege(inv: Invocation, piped: ReadonlySet<Invocation>): Hit[] {
  const hits: Hit[] = [];
  if (grantsSetuid(inv)) hits.push(hit("shell.setuid_binary", inv));
  judgeSensitiveWrites(inv, hits);
  if (createsRootAccount(inv) || createsAccountOverBus(inv)) hits.push(hit("shell.account_file_modification", inv));
  if (preloadsUnderPrivilege(inv)) hits.push(hit("shell.preload_hijack", inv));
  if (inv.privileged && runsTempCode(inv)) hits.push(hit("shell.privileged_temp_code", inv));
  if (addsPrivilegedGroup(inv)) hits.push(hit("shell.privileged_group", inv));
  if (changesRootPassword(inv)) hits.push(hit("shell.root_password_change", inv));
  if (loosensCredentialFile(inv)) hits.push(hit("shell.sensitive_file_permissions", inv));
  if (opensRootShell(inv) || (!piped.has(inv) && runsPagerAsRoot(inv)) || feedsPasswordToSu(inv)) hits.push(hit("shell.interactive_root_shell", inv));
  if (CLOUD_CLIS.has(inv.name) && grantsCloudAdmin(inv)) hits.push(hit("shell.cloud_admin_grant", inv));
  return hits;
}

/** `chmod u+s`, `chmod 4755`, `install -m 4755`, `setcap cap_setuid+ep`. */
function grantsSetuid(inv: Invocation): boolean {
  if (inv.name === "chmod") return isSetuidMode(operandFields(inv)[0]?.text ?? "");
  if (inv.name === "install") {
    const scan = scanOptions(inv.args, { shortWithValue: "mogtS", longWithValue: ["mode", "owner", "group", "target-directory", "suffix"] });
    return isSetuidMode(valueText(scan.options.find((option) => option.flag === "-m" || option.flag === "--mode")?.value) ?? "");
  }
  if (inv.name === "setcap") {
    return inv.args.some((arg) => /cap_(setuid|setgid|sys_admin|dac_override|dac_read_search|sys_ptrace|sys_module)|^all[+=]|=ep$/i.test(arg.text) && !arg.text.startsWith("-"));
  }
  return false;
}

function isSetuidMode(mode: string): boolean {
  if (/^[0-7]{4}$/.test(mode)) return (Number(mode[0]) & 4) === 4;
  return mode.split(",").some((clause) => {
    const match = /^([ugoa]*)([+=])([rwxXst]*)$/.exec(clause);
    return match !== null && match[3]!.includes("s") && (match[1] === "" || /[ua]/.test(match[1]!));
  });
}

/** Every write looked up in the one table of privileged targets (privileged-targets.ts). */
function judgeSensitiveWrites(inv: Invocation, hits: Hit[]): void {
  for (const write of writesOf(inv)) {
    const check = privilegedTargetOf(write.path, write.content?.text);
    if (check) hits.push(hit(check, inv));
  }
  if (inv.name === "visudo" && /\ball\b/i.test(feedOutput(inv.stdin)?.text ?? "")) hits.push(hit("shell.sudoers_modification", inv));
}

const USER_SPEC: OptionSpec = { shortWithValue: "cdefgGklpsuUKRPb", longWithValue: ["comment", "home", "home-dir", "expiredate", "inactive", "gid", "groups", "login", "password", "shell", "uid", "root", "prefix", "base-dir", "key"] };

/** `useradd -o -u 0`, `usermod -u 0`, `adduser --uid 0`. */
function createsRootAccount(inv: Invocation): boolean {
  if (inv.name !== "useradd" && inv.name !== "usermod" && inv.name !== "adduser") return false;
  const scan = scanOptions(inv.args, USER_SPEC);
  return scan.options.some((option) => (option.flag === "-u" || option.flag === "--uid") && valueText(option.value) === "0");
}

/**
 * `sudo LD_PRELOAD=/tmp/x.so prog`: a library from outside the system's own directories loaded
 * into a root process runs its constructor as root, whatever the program was.
 */
function preloadsUnderPrivilege(inv: Invocation): boolean {
  if (inv.preloads.length === 0) return false;
  // A directory (provenance.ts): a world-writable one searched first by a program named in full.
  if (inv.preloads.some((path) => path.endsWith("/"))) return true;
  if (!inv.privileged) return false;
  return inv.preloads.some((path) => /\.so(?:\.|$)/.test(path) && !/^\/(?:usr\/)?lib(?:32|64|x32)?\//.test(normalizePath(path)));
}

/** Directories any local user can write: what is there may have been planted for root to run. */
const WORLD_WRITABLE = /^\/(?:tmp|var\/tmp|dev\/shm)\//;
/** Package tools whose install of a local path runs the package's own scripts (setup.py, postinst, npm hooks). */
const INSTALLERS = new Set(["pip", "pip3", "pipx", "uv", "dpkg", "apt", "apt-get", "rpm", "dnf", "yum", "zypper", "npm", "pnpm", "yarn", "gem", "snap", "flatpak"]);

/** `sudo /tmp/x`, `sudo bash /tmp/x.sh`, `sudo pip install /tmp/pkg`, `sudo dpkg -i /dev/shm/x.deb`. */
function runsTempCode(inv: Invocation): boolean {
  if (WORLD_WRITABLE.test(normalizePath(inv.argv0))) return true;
  if (inv.program?.kind === "file" && WORLD_WRITABLE.test(normalizePath(inv.program.file.text))) return true;
  return INSTALLERS.has(inv.name) && operandFields(inv).some((field) => WORLD_WRITABLE.test(normalizePath(field.text)));
}

/** Account-service methods that create a user or set a password (polkit decides, not the caller's own rights). */
const ACCOUNT_METHODS = /\borg\.freedesktop\.Accounts(?:\.User)?\.(?:CreateUser|SetPassword|SetAccountType)\b|\bAccounts\s+\S*\s*(?:CreateUser|SetPassword)\b/;

/** `dbus-send --system ... org.freedesktop.Accounts.CreateUser`, `gdbus call ... --method org.freedesktop.Accounts.CreateUser`. */
function createsAccountOverBus(inv: Invocation): boolean {
  if (inv.name !== "dbus-send" && inv.name !== "gdbus" && inv.name !== "busctl") return false;
  return ACCOUNT_METHODS.test(inv.args.map((arg) => arg.text).join(" "));
}

const PRIVILEGED_GROUPS = new Set(["sudo", "wheel", "admin", "root", "docker", "lxd", "lxc", "disk", "shadow", "administrators", "sudoers"]);
const hasPrivilegedGroup = (list: string | undefined): boolean => (list ?? "").split(",").some((group) => PRIVILEGED_GROUPS.has(group.trim().toLowerCase()));

const GROUP_EDITORS = new Set(["usermod", "useradd", "gpasswd", "adduser", "addgroup", "dseditgroup", "dscl", "net"]);

function addsPrivilegedGroup(inv: Invocation): boolean {
  if (!GROUP_EDITORS.has(inv.name)) return false;
  const args = inv.args.map((arg) => arg.text);
  if (inv.name === "usermod" || inv.name === "useradd") {
    const scan = scanOptions(inv.args, USER_SPEC);
    return scan.options.some((option) => ["-G", "--groups", "-g", "--gid"].includes(option.flag) && hasPrivilegedGroup(valueText(option.value)));
  }
  if (inv.name === "gpasswd") return args.some((arg) => arg === "-a" || arg === "-M" || arg === "--add") && hasPrivilegedGroup(args[args.length - 1]);
  if (inv.name === "adduser" || inv.name === "addgroup") {
    const operands = operandFields(inv).map((field) => field.text);
    return operands.length === 2 && hasPrivilegedGroup(operands[1]);
  }
  if (inv.name === "dseditgroup" || inv.name === "dscl") return args.some((arg) => /(^|\/)admin$/i.test(arg)) && args.some((arg) => /^(-a|-append|edit)$/i.test(arg));
  if (inv.name === "net") return args[0]?.toLowerCase() === "localgroup" && hasPrivilegedGroup(args[1]) && args.some((arg) => arg.toLowerCase() === "/add");
  return false;
}

function changesRootPassword(inv: Invocation): boolean {
  if (inv.name !== "passwd" && inv.name !== "chpasswd" && inv.name !== "usermod") return false;
  const args = inv.args.map((arg) => arg.text);
  if (inv.name === "passwd") return args.includes("root") && !args.some((arg) => /^-[SlL]$|^--status$|^--lock$/.test(arg));
  if (inv.name === "chpasswd") return (feedOutput(inv.stdin)?.text ?? "").split("\n").some((line) => line.trimStart().startsWith("root:"));
  if (inv.name === "usermod") return args[args.length - 1] === "root" && args.some((arg) => arg === "-p" || arg === "--password");
  return false;
}

const CREDENTIAL_FILES = ["/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d", "/etc/master.passwd"];

/** World access to password hashes or sudo rules, or a world-writable account database. */
function loosensCredentialFile(inv: Invocation): boolean {
  if (inv.name !== "chmod") return false;
  const [mode = "", ...targets] = operandFields(inv).map((field) => field.text);
  return targets.some((target) => {
    const path = normalizePath(target);
    if (CREDENTIAL_FILES.some((file) => path === file || path.startsWith(`${file}/`))) return grantsOthers(mode);
    return (path === "/etc/passwd" || path === "/etc/group") && isPermissiveOrWiping(mode) && !/^0*000$/.test(mode);
  });
}

function grantsOthers(mode: string): boolean {
  if (mode.length > 32) return false;
  if (/^[0-7]{3,4}$/.test(mode)) return mode[mode.length - 1] !== "0";
  return /(^|,)[ugo]*[ao][ugo]*[+=][rwx]|(^|,)[+=][rwx]/.test(mode);
}

const CLOUD_CLIS = new Set(["aws", "kubectl", "oc", "gcloud", "az"]);
/** Roles and policies that grant everything: AWS's AdministratorAccess or IAMFullAccess, `cluster-admin`, GCP owner/editor, Azure Owner. */
const ADMIN_ROLE = /(?:^|[/=:])(?:AdministratorAccess|IAMFullAccess|cluster-admin|roles\/(?:owner|editor|iam\.securityAdmin|resourcemanager\.projectIamAdmin)|Owner|User Access Administrator)$|"Action"\s*:\s*"\*"/;

/**
 * An identity given administrator rights (`aws iam attach-user-policy .. AdministratorAccess`,
 * `kubectl create clusterrolebinding --clusterrole=cluster-admin`, `gcloud .. add-iam-policy-binding
 * --role=roles/owner`) or another user's access key minted: the cloud's own privilege escalation.
 */
function grantsCloudAdmin(inv: Invocation): boolean {
  const args = inv.args.map((arg) => arg.text);
  const words = args.filter((arg) => !arg.startsWith("-"));
  switch (inv.name) {
    case "aws":
      if (words[0] !== "iam") return false;
      if (words[1] === "create-access-key" || words[1] === "create-login-profile" || words[1] === "update-login-profile") return args.includes("--user-name");
      return /^(?:attach|put)-(?:user|role|group)-policy$/.test(words[1] ?? "") && args.some((arg) => ADMIN_ROLE.test(arg));
    case "kubectl":
    case "oc":
      return words[0] === "create" && /^(?:cluster)?rolebinding$/.test(words[1] ?? "") && args.some((arg, i) => (arg.startsWith("--clusterrole=") || args[i - 1] === "--clusterrole") && ADMIN_ROLE.test(arg));
    case "gcloud":
      return args.some((arg) => arg === "add-iam-policy-binding") && args.some((arg, i) => (arg.startsWith("--role=") || args[i - 1] === "--role") && ADMIN_ROLE.test(arg));
    case "az":
      return words[0] === "role" && words[1] === "assignment" && words[2] === "create" && args.some((arg, i) => (arg.startsWith("--role=") || args[i - 1] === "--role") && ADMIN_ROLE.test(arg));
    default:
      return false;
  }
}

/** `sudo -i`, `sudo su`, `su -`, `sudo bash` with the terminal as input. */
/** Programs that page their output through less, whose `!sh` is root's shell when they run as root. */
const PAGERS = new Set(["less", "more", "most", "pg", "man", "journalctl"]);

/**
 * `sudo less /etc/profile`, `sudo man man`, `sudo journalctl`, `sudo git -p help config`: a
 * pager as root is one keystroke from a root shell (GTFOBins). `--no-pager` and piped output
 * page nothing.
 */
function runsPagerAsRoot(inv: Invocation): boolean {
  if (!inv.privileged || inv.redirects.some((redirect) => (redirect.op === ">" || redirect.op === ">>") && (redirect.fd === undefined || redirect.fd === 1))) return false;
  const args = inv.args.map((arg) => arg.text);
  if (args.includes("--no-pager") || (args.includes("-P") && inv.name === "git")) return false;
  if (inv.name === "journalctl") return !args.some((a) => JOURNAL_NO_PAGER.test(a) || /^-[a-zA-Z]*[fo][a-zA-Z]*$/.test(a));
  if (PAGERS.has(inv.name)) return true;
  return inv.name === "git" && args.some((a) => a === "-p" || a === "--paginate" || a === "help");
}

/** journalctl options that act or stream instead of showing the journal through the pager. */
const JOURNAL_NO_PAGER = /^(?:-f|--follow|-o|--output(?:=.*)?|--vacuum-.*|--rotate|--flush|--sync|--disk-usage|--verify|--list-boots|--relinquish-var|--smart-relinquish-var|--setup-keys|--update-catalog|--header|--field(?:=.*)?|-F|-N|--fields|--list-catalog|--dump-catalog)$/;

/** `echo 'hunter2' | su - root -c id`: a password guessed for root on su's input. */
const feedsPasswordToSu = (inv: Invocation): boolean => (inv.name === "su" || inv.wrappers.includes("su")) && inv.stdin?.kind === "pipe";

function opensRootShell(inv: Invocation): boolean {
  if (!inv.privileged) return false;
  if (inv.loginShell) return true;
  return inv.program?.language === "shell" && inv.program.kind === "stdin" && inv.stdin === undefined;
}
