// Defence evasion by cutting what security tools see or say, without stopping them: an EDR or
// log-intake domain sinkholed in the hosts file, outbound traffic to a log shipper or SIEM port
// dropped by the firewall, and macOS's quarantine flag stripped from a download that is then
// opened or run (Gatekeeper never checks it). Names for local development and firewall rules for
// the user's own service are left alone.
import { TELEMETRY_DOMAIN } from "../../egress/security-vendors.ts";
import { writesOf } from "../effects.ts";
import type { Invocation } from "../model.ts";
import { normalizePath } from "../paths.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";

export const blindingRule: Rule = (ctx) => [...eachInvocation(ctx, judgeBlinding), ...quarantineStripHits(ctx)];

/** Ports of log shippers and SIEM intakes: syslog, Splunk forwarders and HEC, Beats, Fluentd, Wazuh/OSSEC, GELF. */
const LOG_PORTS = new Set(["514", "601", "6514", "9997", "8088", "5044", "24224", "1514", "1515", "12201", "10514"]);

/** A host named for what it collects: `siem.corp`, `splunk-hf01`, `logs.internal`, `wazuh-manager`. */
const LOG_HOST = /(?:^|[.-])(?:siem|splunk|logstash|graylog|syslog|loghost|logs?|wazuh|ossec|elk|qradar|arcsight|sentinel|fluentd|loki|edr|soc)(?=$|[.\d-])/;

function judgeBlinding(inv: Invocation): Hit | undefined {
  if (sinkholesTelemetry(inv)) return hit("shell.disable_security_control", inv);
  if (FIREWALLS.has(inv.name) && dropsTelemetryOutbound(inv)) return hit("shell.disable_security_control", inv);
  return undefined;
}

const isHostsFile = (path: string): boolean => /^(?:\/private)?\/etc\/hosts$/.test(normalizePath(path));

/** `echo '127.0.0.1 x.crowdstrike.com' | tee -a /etc/hosts`, `sed -i '$a 0.0.0.0 …' /etc/hosts`. */
function sinkholesTelemetry(inv: Invocation): boolean {
  const written = writesOf(inv).filter((write) => isHostsFile(write.path));
  if (written.some((write) => write.content !== undefined && TELEMETRY_DOMAIN.test(write.content.text))) return true;
  // An in-place editor names the line it adds in its own arguments.
  if (inv.name === "sed" || inv.name === "perl") {
    return inv.args.some((arg) => isHostsFile(arg.text)) && inv.args.some((arg) => TELEMETRY_DOMAIN.test(arg.text));
  }
  return false;
}

const FIREWALLS = new Set(["iptables", "ip6tables", "iptables-nft", "iptables-legacy", "nft", "firewall-cmd", "ufw"]);

/**
 * `iptables -A OUTPUT -p tcp --dport 9997 -j DROP`, `nft add rule inet filter output tcp dport
 * 5044 drop`, `ufw deny out 514`: the host's logs or EDR reports stopped on the way out. A rule
 * for inbound traffic, or one that accepts, is ordinary firewall work.
 */
function dropsTelemetryOutbound(inv: Invocation): boolean {
  const words = inv.args.map((arg) => arg.text.toLowerCase());
  const outbound = words.some((word) => word === "output" || word === "out");
  const drops = words.some((word) => word === "drop" || word === "reject" || word === "deny");
  if (!outbound || !drops) return false;
  const ports = words.flatMap((word, i) => (/^(?:--dport|--dports|dport|--destination-port)$/.test(words[i - 1] ?? "") || (inv.name === "ufw" && /^\d/.test(word)) ? word.split(/[,:/]/) : []));
  const destinations = words.filter((word, i) => /^(?:-d|--destination|daddr)$/.test(words[i - 1] ?? ""));
  return ports.some((port) => LOG_PORTS.has(port)) || words.some((word) => TELEMETRY_DOMAIN.test(word)) || destinations.some((host) => LOG_HOST.test(host));
}

/** `xattr -d com.apple.quarantine F`, `xattr -rd …`, `xattr -c F`, `xattr -cr App.app`. */
function stripsQuarantine(inv: Invocation): boolean {
  if (inv.name !== "xattr") return false;
  const flags = inv.args.filter((arg) => /^-[a-z]+$/.test(arg.text)).map((arg) => arg.text).join("");
  if (flags.includes("c")) return true;
  return flags.includes("d") && inv.args.some((arg) => arg.text === "com.apple.quarantine");
}

/** Programs that only look at a file: running one of them after the strip is not opening it. */
const LOOKERS = new Set(["ls", "xattr", "stat", "file", "codesign", "spctl", "shasum", "md5", "echo", "printf", "test", "["]);

/**
 * The quarantine flag stripped, then the download opened (`open`) or run by path in the same
 * command: Gatekeeper's check skipped for exactly the thing it would have checked. Stripping
 * the flag alone (a developer's own build) is left to the person.
 */
function quarantineStripHits(ctx: RuleContext): Hit[] {
  const invocations = ctx.invocations;
  const strip = invocations.findIndex(stripsQuarantine);
  if (strip === -1) return [];
  const opened = invocations.slice(strip + 1).some((inv) => !LOOKERS.has(inv.name) && inv.name !== "chmod" && (inv.name === "open" || (inv.nameField?.text ?? "").includes("/")));
  return opened ? [hit("shell.disable_security_control", invocations[strip] as Invocation)] : [];
}
