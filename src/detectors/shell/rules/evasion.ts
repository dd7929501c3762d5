// Defence evasion: turning off security controls (SELinux, firewalls, audit, EDR, Gatekeeper,
// Defender, ASLR) and erasing traces (shell history, system logs, the journal).
import { deletionsOf, isDeleter, writesOf } from "../effects.ts";
import { commandName } from "../commands.ts";
import { flagSet, invocationsIn } from "../facts.ts";
import type { Invocation } from "../model.ts";
import { isHistoryFile, isSystemLog, normalizePath } from "../paths.ts";
import { findRoots } from "./destructive.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";

export const evasionRule: Rule = (ctx) => [
  ...eachInvocation(ctx, (inv) => judgeSecurityControl(ctx, inv)),
  ...eachInvocation(ctx, judgeTraceErasure),
  ...historyVariableHits(ctx),
];

const SECURITY_SERVICES = new Set([
  "auditd", "apparmor", "firewalld", "ufw", "falco", "falcon-sensor", "falcond", "osqueryd", "wazuh-agent", "ossec",
  "clamav-daemon", "clamd", "fail2ban", "sysdig", "sentinelagent", "sentinelone", "mdatp", "rsyslog", "syslog",
  "syslog-ng", "systemd-journald", "auditbeat", "elastic-agent", "cbagentd", "cylancesvc", "snort", "suricata",
  "aide", "tripwire", "nftables", "iptables", "netfilter-persistent", "selinux", "windefend", "sense", "mpssvc",
  "clamav", "clamav-freshclam", "clamonacc", "wazuh-manager", "ossec-hids", "sentinelone-agent", "cbdaemon", "carbonblack",
  "cb-psc-sensor", "sophos-spl", "sav-protect", "ds_agent", "qualys-cloud-agent", "tanium-client", "taniumclient", "velociraptor",
  "santad", "xagt", "cortex-xdr", "traps_pmd", "mfetpd", "isectpd", "esets", "bdsec", "f-secure", "crowdstrike",
  "sysmon", "sysmonforlinux", "filebeat", "fluent-bit", "td-agent-bit", "splunkforwarder", "splunkd", "nxlog", "ossec-agent",
]);

/** Vendor words in launchd labels and plist paths of EDR / antivirus agents. */
const SECURITY_AGENT_WORDS = /crowdstrike|falcon|sentinel|carbonblack|cbdefense|jamf\.protect|sophos|cylance|mdatp|microsoft\.wdav|wdav|osquery|wazuh|santa|xprotect|elastic\.endpoint|paloaltonetworks|cortex|tanium|fireeye|trellix|mcafee|com\.eset|bitdefender|kaspersky|malwarebytes|avast|symantec|norton/;
const LAUNCHCTL_STOPS = new Set(["unload", "bootout", "remove", "disable", "stop", "kill"]);
const STOP_VERBS = new Set(["stop", "disable", "mask", "kill"]);

const serviceName = (text: string): string => text.toLowerCase().replace(/\.(service|socket)$/, "");
const isSecurityService = (text: string): boolean => SECURITY_SERVICES.has(serviceName(text));

function judgeSecurityControl(ctx: RuleContext, inv: Invocation): Hit | undefined {
  return disablesControl(inv) || killsControlByPid(ctx, inv) ? hit("shell.disable_security_control", inv) : undefined;
}

/** `kill -9 $(pidof auditd)`, `kill $(pgrep falcon-sensor)`: a security agent stopped through its process id. */
function killsControlByPid(ctx: RuleContext, inv: Invocation): boolean {
  if (inv.name !== "kill") return false;
  const finders = invocationsIn(ctx.model, inv.args.flatMap((arg) => arg.subs));
  return finders.some((finder) => (finder.name === "pidof" || finder.name === "pgrep") && finder.args.some((arg) => isSecurityService(arg.text)));
}

/** The commands `disablesControl` judges by name; any other command only by what it writes. */
const CONTROL_COMMANDS = new Set([
  "setenforce", "ufw", "systemctl", "service", "chkconfig", "update-rc.d", "pkill", "killall", "auditctl", "spctl",
  "csrutil", "nft", "aa-teardown", "aa-disable", "sysctl", "netsh", "sc", "set-mppreference", "add-mppreference",
  "launchctl", "falconctl", "sentinelctl", "mdatp", "osqueryctl", "aa-complain", "apparmor_parser", "pfctl", "socketfilterfw",
]);

function disablesControl(inv: Invocation): boolean {
  if (!CONTROL_COMMANDS.has(inv.name)) return isFirewallFlush(inv) || writesKernelHardeningOff(inv) || writesControlOff(inv);
  const args = inv.args.map((arg) => arg.text);
  const lower = args.map((arg) => arg.toLowerCase());
  switch (inv.name) {
    case "setenforce":
      return lower[0] === "0" || lower[0] === "permissive";
    case "ufw":
      // `ufw reset` turns it off and drops every rule; `ufw default allow` admits everything not denied.
    {
      const [verb, what, direction] = lower.filter((arg) => !arg.startsWith("-"));
      return verb === "disable" || verb === "reset" || (verb === "default" && what === "allow" && direction !== "outgoing" && direction !== "routed");
    }
    case "systemctl":
      return lower.some((verb) => STOP_VERBS.has(verb)) && lower.some(isSecurityService);
    case "service":
      return isSecurityService(lower[0] ?? "") && STOP_VERBS.has(lower[1] ?? "");
    case "chkconfig":
    case "update-rc.d":
      return isSecurityService(lower[0] ?? "") && ["off", "disable", "remove"].includes(lower[1] ?? "");
    case "pkill":
    case "killall":
      return lower.some(isSecurityService);
    case "auditctl":
      // `-a never,task` (or `exit,never`) exempts everything from auditing as surely as `-e 0`.
      return args.includes("-D") || (args.includes("-e") && args[args.indexOf("-e") + 1] === "0") || args.some((arg, i) => args[i - 1] === "-a" && /\bnever\b/.test(arg));
    case "spctl":
      return lower.includes("--master-disable") || lower.includes("--global-disable") || (lower.includes("--disable") && !lower.some((arg) => arg.startsWith("--label")));
    case "csrutil":
      return lower.includes("disable");
    case "nft":
      return lower[0] === "flush" && lower[1] === "ruleset";
    case "aa-teardown":
    case "aa-disable":
    case "aa-complain":
      return true;
    case "apparmor_parser":
      // `-R` removes loaded profiles (`-r` only replaces them).
      return args.some((arg) => /^-[a-zA-Z]*R[a-zA-Z]*$/.test(arg) || arg === "--remove");
    case "pfctl":
      return args.includes("-d");
    case "socketfilterfw":
      return lower.some((arg, i) => arg === "--setglobalstate" && lower[i + 1] === "off");
    case "sysctl":
      return lower.some((arg) => /^kernel\.(randomize_va_space|yama\.ptrace_scope)=0$/.test(arg.replace(/\s/g, "")));
    case "netsh":
      return lower.includes("advfirewall") && lower.includes("off");
    case "sc":
      return lower.some(isSecurityService) && (lower.includes("stop") || lower.includes("disabled"));
    case "launchctl":
      return LAUNCHCTL_STOPS.has(lower[0] ?? "") && lower.slice(1).some((arg) => SECURITY_AGENT_WORDS.test(arg));
    case "falconctl":
      // `falconctl -d` deletes the sensor's settings (its customer id), `uninstall` removes it.
      return lower.some((arg) => arg === "-d" || arg === "uninstall" || arg === "unload");
    case "sentinelctl":
      return lower.some((arg) => ["unload", "unprotect", "uninstall"].includes(arg));
    case "mdatp":
      return lower.includes("real-time-protection") && lower.includes("disabled");
    case "osqueryctl":
      return lower[0] === "stop";
    case "set-mppreference":
    case "add-mppreference":
      return lower.some((arg) => arg.startsWith("-disable") || arg.startsWith("-exclusion"));
    default:
      return false;
  }
}

const writesKernelHardeningOff = (inv: Invocation): boolean =>
  writesOf(inv).some((write) => /randomize_va_space|yama\/ptrace_scope/.test(write.path) && write.content?.text.trim() === "0");

/**
 * SELinux set to permissive or disabled for the next boot, an AppArmor profile linked into its
 * `disable` directory, audit rules that switch auditing off: the controls' own config files.
 */
function writesControlOff(inv: Invocation): boolean {
  const writes = writesOf(inv);
  if (writes.length === 0) return false;
  const script = inv.name === "sed" ? inv.args.map((arg) => arg.text).join(" ") : "";
  return writes.some((write) => {
    const path = normalizePath(write.path);
    const text = `${write.content?.text ?? ""} ${script}`;
    if (path === "/etc/selinux/config" || path === "/etc/sysconfig/selinux") return /SELINUX=(?:disabled|permissive)/i.test(text);
    if (path === "/etc/apparmor.d/disable" || path.startsWith("/etc/apparmor.d/disable/")) return true;
    if (path.startsWith("/etc/audit/")) return /(?:^|\s)-e\s+0\b|(?:^|\s)-D\b|\bnever\b/m.test(text);
    return false;
  });
}

const FIREWALLS = new Set(["iptables", "ip6tables", "iptables-legacy", "iptables-nft", "ip6tables-legacy", "ebtables", "arptables"]);

function isFirewallFlush(inv: Invocation): boolean {
  if (!FIREWALLS.has(inv.name)) return false;
  const flags = flagSet(inv);
  if (flags.has("--flush") || flags.has("-F")) return true;
  const policy = inv.args.findIndex((arg) => arg.text === "-P" || arg.text === "--policy");
  if (policy !== -1) return inv.args[policy + 2]?.text.toUpperCase() === "ACCEPT" && inv.args[policy + 1]?.text.toUpperCase() === "INPUT";
  return acceptsEverything(inv);
}

/** `iptables -I INPUT -j ACCEPT`: a rule with no match at all in front of the others admits everything. */
function acceptsEverything(inv: Invocation): boolean {
  const args = inv.args.map((arg) => arg.text);
  const chain = args.findIndex((arg) => arg === "-I" || arg === "--insert" || arg === "-A" || arg === "--append");
  if (chain === -1 || args[chain + 1]?.toUpperCase() !== "INPUT") return false;
  const target = args.findIndex((arg) => arg === "-j" || arg === "--jump");
  if (target === -1 || args[target + 1]?.toUpperCase() !== "ACCEPT") return false;
  // Any match narrows the rule: a protocol, a port, an interface, an address, a module, a state.
  return !args.some((arg) => /^(?:-[psdim]|--(?:protocol|source|destination|in-interface|match|dport|sport|ctstate|state))$|^-[io]$/.test(arg));
}

/**
 * Logging switched off in its own config: journald told to keep nothing (`Storage=none`), an
 * rsyslog rule that discards everything (`*.* stop`, `*.* ~`). Forwarding or rotation settings are not.
 */
function writesLoggingOff(inv: Invocation): boolean {
  return writesOf(inv).some((write) => {
    const path = normalizePath(write.path);
    const text = write.content?.text ?? "";
    if (path === "/etc/systemd/journald.conf" || path.startsWith("/etc/systemd/journald.conf.d/")) return /^\s*Storage\s*=\s*none\b/im.test(text);
    if (path === "/etc/rsyslog.conf" || path.startsWith("/etc/rsyslog.d/") || path === "/etc/syslog.conf") return /^\s*\*\.\*\s+(?:stop|~)\s*$/m.test(text);
    return false;
  });
}

/** Configuration of logging, auditing and their forwarding to a collector. */
const LOG_CONFIG = /^\/etc\/(?:rsyslog\.conf|rsyslog\.d\/|syslog\.conf|syslog-ng\/|systemd\/journald\.conf|audit\/|audisp\/|fluent-bit\/|td-agent-bit\/|filebeat\/|auditbeat\/|vector\/|splunkforwarder\/|osquery\/)/;

/**
 * `sed -i 's/^\*\.\* @@siem:6514/#&/' /etc/rsyslog.d/60-forward.conf`: lines of a logging or
 * audit config commented out or deleted in place. Adding or changing a setting is not this.
 */
function commentsOutLogging(inv: Invocation): boolean {
  if (inv.name !== "sed" && inv.name !== "perl") return false;
  if (!inv.args.some((arg) => /^-[a-zA-Z]*i/.test(arg.text) || arg.text.startsWith("--in-place"))) return false;
  if (!writesOf(inv).some((write) => LOG_CONFIG.test(normalizePath(write.path)))) return false;
  return inv.args.some((arg) => /^s(.).*\1\s*#/.test(arg.text) || /^(?:\/(?:\\.|[^/\\])*\/|\d+(?:,\d+)?|\$)\s*d$/.test(arg.text));
}

function judgeTraceErasure(inv: Invocation): Hit | undefined {
  if (writesOf(inv).length > 0 && (writesLoggingOff(inv) || commentsOutLogging(inv))) return hit("shell.log_tampering", inv);
  if (inv.name === "history" && inv.args.some((arg) => /^-[a-z]*c/.test(arg.text))) return hit("shell.history_tampering", inv);
  if (inv.name === "set" && inv.args.some((arg, i) => arg.text === "+o" && inv.args[i + 1]?.text === "history")) return hit("shell.history_tampering", inv);
  if (inv.name === "journalctl" && inv.args.some((arg, i) => isJournalWipe(arg.text, inv.args[i + 1]?.text))) return hit("shell.log_tampering", inv);
  if (inv.name === "wevtutil" && ["cl", "clear-log"].includes(inv.args[0]?.text.toLowerCase() ?? "")) return hit("shell.log_tampering", inv);
  if (inv.name === "clear-eventlog" || inv.name === "remove-eventlog") return hit("shell.log_tampering", inv);
  const erased = erasedPaths(inv);
  if (erased.some(isHistoryFile)) return hit("shell.history_tampering", inv);
  if (erased.some((path) => isSystemLog(path) && !isApplicationLog(path))) return hit("shell.log_tampering", inv);
  if (isDeleter(inv.name) && deletionsOf(inv).some((deletion) => SECURITY_AGENT_FILES.test(normalizePath(deletion.path).toLowerCase()))) return hit("shell.disable_security_control", inv);
  return undefined;
}

/**
 * Where endpoint agents and audit policy live: deleting them switches the control off as surely
 * as stopping its service (Wazuh/OSSEC, CrowdStrike, SentinelOne, Carbon Black, Defender, Falco,
 * osquery, the audit rules, AppArmor profiles, SELinux policy).
 */
const SECURITY_AGENT_FILES = /^\/(?:var\/ossec|opt\/(?:crowdstrike|sentinelone|carbonblack|cylance|microsoft\/mdatp|tanium|wazuh-agent|elastic-agent)|etc\/audit\/(?:rules\.d|audit\.rules)|etc\/(?:falco|osquery|apparmor\.d|selinux|wazuh)|usr\/share\/falco|library\/cs)(?:\/|$)/;

/**
 * Directories under /var/log that hold the machine's own record: logins, audit, the journal,
 * the web servers' access logs (where an intrusion shows first), the security agents' logs.
 */
const RECORD_DIRS = new Set([
  "audit", "journal", "sssd", "nginx", "apache2", "httpd", "secure", "sudo-io", "clamav", "fail2ban", "suricata", "snort",
  "falco", "osquery", "wazuh", "ossec", "crowdstrike", "sentinelone", "installer", "apt", "dpkg", "yum", "dnf", "cloud-init",
]);

/**
 * `truncate -s 0 /var/log/orders-api/*.log`: an application's own log directory emptied, the
 * housekeeping an operator asks for. Files directly in /var/log (auth.log, syslog, wtmp) and
 * the record directories above stay evidence.
 */
function isApplicationLog(text: string): boolean {
  const path = normalizePath(text).toLowerCase();
  const match = /^\/var\/log\/([^/]+)\/[^/]/.exec(path);
  return match !== null && !RECORD_DIRS.has(match[1]!) && !/[*?[]/.test(match[1]!);
}

/**
 * Vacuuming the journal down to nothing erases evidence; trimming it to days or megabytes is
 * housekeeping. `--vacuum-time=1s`, `--vacuum-size=1K`, `--vacuum-files=1` are the former.
 */
function isJournalWipe(flag: string, next: string | undefined): boolean {
  if (!flag.startsWith("--vacuum-")) return false;
  const [name, inline] = flag.split("=", 2);
  const value = (inline ?? next ?? "").toLowerCase();
  const amount = Number.parseFloat(value);
  const unit = value.replace(/^[0-9.]+/, "");
  if (name === "--vacuum-files") return amount <= 1;
  if (name === "--vacuum-size") return unit === "" || unit.startsWith("b") || unit.startsWith("k") || (unit.startsWith("m") && amount < 10);
  return !/^(d|day|days|w|week|weeks|month|months|y|year|years)$/.test(unit);
}

/** Paths the invocation empties, deletes, rewrites in place or points at /dev/null. */
function erasedPaths(inv: Invocation): string[] {
  if (writesOf(inv).length === 0 && inv.name !== "find" && !isDeleter(inv.name)) return [];
  const paths = deletionsOf(inv).map((deletion) => deletion.path);
  for (const write of writesOf(inv)) {
    if (write.clearing || write.mode === "edit") paths.push(write.path);
  }
  if (inv.name === "find" && findErases(inv) && !keepsRecent(inv)) paths.push(...findRoots(inv));
  return paths;
}

/** find's age tests in days (`-mtime +30`) and in minutes (`-mmin +10080`). */
const AGE_IN_DAYS = new Set(["-mtime", "-ctime", "-atime"]);
const AGE_IN_MINUTES = new Set(["-mmin", "-cmin", "-amin"]);
const ALTERNATIVES = new Set(["-o", "-or", ",", "!", "-not"]);

/**
 * `find /var/log/app -name '*.gz' -mtime +30 -delete`: files older than a day or more removed,
 * as logrotate's retention does. Everything recent stays, so no trace of the last day is erased.
 * Without an age test, or with one that picks recent files (`-mmin -60`), it erases.
 */
function keepsRecent(inv: Invocation): boolean {
  // `-mtime +30 -o -mmin -60`, `! -mtime +30`: another branch, or the test negated, reaches recent files.
  if (inv.args.some((arg) => ALTERNATIVES.has(arg.text))) return false;
  // Tests after the action (`-delete -mtime +30`) narrow nothing: find deletes before it gets there.
  const action = inv.args.findIndex((arg) => arg.text === "-delete" || /^-(exec|execdir|ok|okdir)$/.test(arg.text));
  const tests = inv.args.slice(0, action === -1 ? inv.args.length : action);
  return tests.some((arg, i) => {
    const value = /^\+(\d{1,6})$/.exec(tests[i + 1]?.text ?? "");
    if (!value) return false;
    if (AGE_IN_DAYS.has(arg.text)) return true;
    return AGE_IN_MINUTES.has(arg.text) && Number(value[1]) >= 24 * 60;
  });
}

const ERASING_EXEC = new Set(["rm", "shred", "unlink", "truncate", "srm", "wipe"]);

const findErases = (inv: Invocation): boolean =>
  inv.args.some((arg, i) => arg.text === "-delete" || (/^-(exec|execdir|ok|okdir)$/.test(arg.text) && ERASING_EXEC.has(commandName(inv.args[i + 1]?.text ?? ""))));

const HISTORY_VARIABLES = new Set(["HISTFILE", "HISTSIZE", "HISTFILESIZE", "SAVEHIST", "HISTIGNORE"]);

/** `unset HISTFILE`, `HISTFILE=/dev/null`, `export HISTSIZE=0`, `HISTIGNORE='*'`. */
function historyVariableHits(ctx: RuleContext): Hit[] {
  const hits: Hit[] = [];
  for (const assignment of ctx.model.assignments) {
    if (!HISTORY_VARIABLES.has(assignment.name)) continue;
    const value = assignment.value?.text.trim() ?? "";
    const disables = assignment.name === "HISTIGNORE" ? value === "*" || value === "*:*" : value === "" || value === "0" || value === "/dev/null";
    if (disables) hits.push({ check: "shell.history_tampering", span: assignment.span });
  }
  for (const inv of ctx.invocations) {
    if (inv.name === "unset" && inv.args.some((arg) => arg.text === "HISTFILE")) hits.push(hit("shell.history_tampering", inv));
  }
  return hits;
}
