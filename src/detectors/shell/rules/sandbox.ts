// Sandbox and container escape: talking to a container runtime socket, starting containers
// with host privileges or host mounts, and entering the host's namespaces or filesystem
// (nsenter into PID 1, /proc/1/root, chroot, host block devices, cgroup release agents).
import { writesOf } from "../effects.ts";
import { flagSet, isDataCommand, operandFields } from "../facts.ts";
import type { Invocation } from "../model.ts";
import { scanOptions, valueText } from "../options.ts";
import { isBlockDevice, normalizePath } from "../paths.ts";
import { eachInvocation, type Hit, hit, type Rule } from "./rule.ts";

export const sandboxRule: Rule = (ctx) => eachInvocation(ctx, judgeSandbox);

function judgeSandbox(inv: Invocation): Hit[] | undefined {
  const socket = touchesRuntimeSocket(inv);
  const container = startsPrivilegedContainer(inv);
  const host = entersHost(inv);
  if (!socket && !container && !host) return undefined;
  const hits: Hit[] = [];
  if (socket) hits.push(hit("shell.container_socket", inv));
  if (container) hits.push(hit("shell.privileged_container", inv));
  if (host) hits.push(hit("shell.host_namespace_escape", inv));
  return hits;
}

const RUNTIME_SOCKETS = ["docker.sock", "containerd.sock", "crio.sock", "podman.sock", "dockershim.sock", "cri-dockerd.sock"];
const INSPECTORS = new Set(["ls", "stat", "file", "test", "[", "[[", "lsof", "find", "readlink", "realpath"]);

/** Every runtime socket name contains `.sock`: one substring test rules out nearly every word. */
const namesRuntimeSocket = (text: string): boolean => text.includes(".sock") && RUNTIME_SOCKETS.some((socket) => text.includes(socket));

function touchesRuntimeSocket(inv: Invocation): boolean {
  if (isDataCommand(inv) || INSPECTORS.has(inv.name)) return false;
  return someArgOrTarget(inv, namesRuntimeSocket);
}

/** True when `test` holds for an argument or a redirection target (a missing target is ""). */
function someArgOrTarget(inv: Invocation, test: (text: string) => boolean): boolean {
  for (const arg of inv.args) if (test(arg.text)) return true;
  for (const redirect of inv.redirects) if (test(redirect.target?.text ?? "")) return true;
  return false;
}

const CONTAINER_CLIS = new Set(["docker", "podman", "nerdctl", "ctr"]);
const DANGEROUS_CAPS = new Set(["sys_admin", "all", "sys_ptrace", "sys_module", "dac_read_search", "sys_rawio", "dac_override", "bpf"]);
const HOST_MOUNTS = new Set(["/", "/etc", "/root", "/proc", "/sys", "/dev", "/boot", "/var/lib/docker", "/run", "/var/run", "/var", "/usr", "/lib", "/home", "/var/lib/kubelet"]);
const CONTAINER_VALUE_OPTIONS = [
  "pid", "ipc", "userns", "cgroupns", "cap-add", "security-opt", "device", "volume", "mount", "name", "network", "net", "env",
  "user", "workdir", "entrypoint", "publish", "label", "env-file", "hostname", "memory", "cpus", "platform", "add-host",
];

function startsPrivilegedContainer(inv: Invocation): boolean {
  if (inv.name === "kubectl") return kubectlPrivileged(inv);
  if (inv.name === "lxc" || inv.name === "incus") return lxcPrivileged(inv);
  if (!CONTAINER_CLIS.has(inv.name)) return false;
  const verb = inv.args.findIndex((arg) => ["run", "create", "exec"].includes(arg.text));
  if (verb === -1 || verb > 3) return false;
  const scan = scanOptions(inv.args, { shortWithValue: "veuwpm", longWithValue: CONTAINER_VALUE_OPTIONS }, verb + 1);
  return scan.options.some(({ flag, value }) => isPrivilegedOption(flag, (valueText(value) ?? "").toLowerCase()));
}

/**
 * `lxc launch img x -c security.privileged=true`, `lxc config set x security.privileged true`, or
 * the host's root given to a container as a disk (`lxc config device add x d disk source=/ path=/mnt`).
 */
function lxcPrivileged(inv: Invocation): boolean {
  const texts = inv.args.map((arg) => arg.text.toLowerCase());
  if (texts.some((text, i) => /^security\.privileged(?:=true)?$/.test(text) && (text.endsWith("=true") || texts[i + 1] === "true"))) return true;
  if (!texts.includes("disk")) return false;
  return texts.some((text) => text.startsWith("source=") && HOST_MOUNTS.has(normalizePath(text.slice(7)) || "/"));
}

function isPrivilegedOption(flag: string, value: string): boolean {
  switch (flag) {
    case "--privileged":
      return value !== "false";
    case "--pid":
    case "--ipc":
    case "--userns":
    case "--cgroupns":
      return value === "host";
    case "--cap-add":
      return DANGEROUS_CAPS.has(value.replace(/^cap_/, ""));
    case "--security-opt":
      return /^(apparmor|seccomp)[=:]unconfined$|^label[=:]disable$|^systempaths[=:]unconfined$/.test(value);
    case "--device":
      return isBlockDevice(value.split(":")[0] ?? "");
    case "-v":
    case "--volume":
      return HOST_MOUNTS.has(normalizePath(value.split(":")[0] ?? ""));
    case "--mount": {
      const source = /(?:^|,)(?:source|src)=([^,]*)/.exec(value)?.[1];
      return source !== undefined && HOST_MOUNTS.has(normalizePath(source));
    }
    default:
      return false;
  }
}

function kubectlPrivileged(inv: Invocation): boolean {
  const texts = inv.args.map((arg) => arg.text.toLowerCase());
  if (!texts.includes("run") && !texts.includes("debug")) return false;
  return texts.some((text) => text === "--privileged" || text === "--privileged=true" || text === "--profile=sysadmin" || /"(privileged|hostpid|hostnetwork)"\s*:\s*true/.test(text));
}

const HOST_PROC = ["/proc/1/root", "/proc/1/ns/", "/proc/1/cwd", "/proc/1/mem"];
const ESCAPE_KNOBS = ["release_agent", "notify_on_release", "/proc/sys/kernel/core_pattern", "/sys/kernel/uevent_helper", "/proc/sys/fs/binfmt_misc/register"];
const CAPSH_READ_ONLY = /^--(print|decode|help|supports|has-[a-z]+|current|version|license)(=|$)/;

/** Every host path starts `/proc/1/`: one substring test rules out nearly every word. */
const namesHostProc = (text: string): boolean =>
  text.includes("/proc/1/") && HOST_PROC.some((prefix) => text.startsWith(prefix) || text.includes(`=${prefix}`));

const isEscapeKnob = (path: string): boolean => ESCAPE_KNOBS.some((knob) => path.endsWith(knob));

function entersHost(inv: Invocation): boolean {
  if (!isDataCommand(inv) && someArgOrTarget(inv, namesHostProc)) return true;
  if (writesOf(inv).some((write) => isEscapeKnob(normalizePath(write.path)))) return true;
  return HOST_ENTRY_COMMANDS.has(inv.name) && entersHostByCommand(inv);
}

const HOST_ENTRY_COMMANDS = new Set(["nsenter", "chroot", "mount", "unshare", "capsh", "debugfs"]);

function entersHostByCommand(inv: Invocation): boolean {
  const texts = inv.args.map((arg) => arg.text);
  switch (inv.name) {
    case "nsenter": {
      const scan = scanOptions(inv.args, { shortWithValue: "tSG", longWithValue: ["target", "setuid", "setgid"] });
      return scan.options.some((option) => (option.flag === "-t" || option.flag === "--target") && valueText(option.value) === "1");
    }
    case "chroot":
      return operandFields(inv).length > 0;
    case "mount":
      return mountsHost(inv);
    case "unshare": {
      const flags = flagSet(inv);
      const rootMapped = flags.has("-r") || flags.has("--map-root-user") || texts.some((text) => /^--map-user=(0|root)$/.test(text));
      return rootMapped && unshareStartsShell(texts);
    }
    case "capsh":
      return texts.length > 0 && texts.some((text) => !CAPSH_READ_ONLY.test(text));
    case "debugfs":
      return texts.some(isBlockDevice);
    default:
      return false;
  }
}

const SHELLS = /^(?:sh|bash|dash|zsh|ksh|mksh|fish|ash|busybox)$/;
/** unshare's options that take their value in the next word. */
const UNSHARE_VALUED = /^(?:--(?:map-user|map-group|map-users|map-groups|propagation|setgroups|kill-child|wd|root|setuid|setgid)|-[SGRw])$/;

/**
 * `unshare -r` with no program, or with a shell: a root shell in a new user namespace, where the
 * kernel's namespace-only capabilities are the way into a container escape. `unshare -r -n make
 * test` runs one program without network: a sandbox, not a way out of one.
 */
export function unshareStartsShell(texts: readonly string[]): boolean {
  let i = 0;
  while (i < texts.length && texts[i]!.startsWith("-")) i += UNSHARE_VALUED.test(texts[i]!) ? 2 : 1;
  const program = texts[i];
  return program === undefined || SHELLS.test(program.slice(program.lastIndexOf("/") + 1));
}

function mountsHost(inv: Invocation): boolean {
  const texts = inv.args.map((arg) => arg.text);
  if (operandFields(inv, "toO").some((field) => isBlockDevice(field.text))) return true;
  const type = texts[texts.indexOf("-t") + 1];
  if (texts.includes("-t") && type !== undefined && /^cgroup2?$/.test(type)) return true;
  const binds = texts.includes("--bind") || texts.includes("--rbind") || texts.some((text, i) => texts[i - 1] === "-o" && /(^|,)r?bind(,|$)/.test(text));
  return binds && operandFields(inv, "toO").some((field) => normalizePath(field.text) === "/");
}
