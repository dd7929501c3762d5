// Credentials captured rather than read from a store: a packet capture that prints payloads of
// cleartext login protocols, or that filters for authorization fields; and a container's
// environment (where its database passwords and API tokens live) printed by `docker inspect`.
// Header-only captures for debugging, capture files summarised, and inspecting a container's
// health, address or networks are left alone.
import type { Invocation } from "../model.ts";
import { eachInvocation, type Hit, hit, type Rule } from "./rule.ts";

export const captureRule: Rule = (ctx) => {
  // `docker inspect … | cut -d= -f1`: only the variables' names come out, not their values.
  const namesOnly = new Set(ctx.invocations.flatMap((inv) => (inv.stdin?.kind === "pipe" && keepsNamesOnly(inv) ? inv.stdin.previous : [])));
  return eachInvocation(ctx, (inv) => (namesOnly.has(inv) ? undefined : judgeCapture(inv)));
};

/** `cut -d= -f1`, `awk -F= '{print $1}'`, `sed 's/=.*//'`: each NAME=value line cut to its name. */
function keepsNamesOnly(inv: Invocation): boolean {
  const line = inv.args.map((arg) => arg.text).join(" ");
  if (inv.name === "cut") return /-d\s?['"]?=/.test(line) && /-f\s?1(?!\d|[,-])/.test(line);
  if (inv.name === "awk") return /-F\s?['"]?=/.test(line) && /print \$1\s*\}/.test(line);
  if (inv.name === "sed") return /s([/|#])=\.\*\1\1/.test(line);
  return false;
}

function judgeCapture(inv: Invocation): Hit | undefined {
  if (inv.name === "tcpdump" && tcpdumpPrintsLogins(inv)) return hit("shell.credential_capture", inv);
  if ((inv.name === "tshark" || inv.name === "dumpcap" || inv.name === "ngrep") && capturesAuthFields(inv)) return hit("shell.credential_capture", inv);
  if ((inv.name === "docker" || inv.name === "podman" || inv.name === "nerdctl") && printsContainerEnv(inv)) return hit("shell.credential_read", inv);
  return undefined;
}

/** Ports of protocols that carry a login in clear: FTP, telnet, SMTP, HTTP, POP3, IMAP, LDAP, rlogin, SNMP. */
const CLEARTEXT_PORTS = new Set(["21", "23", "25", "80", "110", "143", "389", "513", "161", "8080", "ftp", "telnet", "smtp", "http", "pop3", "imap", "ldap", "login"]);

/**
 * `tcpdump -A port 21`, `tcpdump -X -s0 'port 110 or port 143'`: each packet's payload printed
 * (-A, -X, -XX) from a login protocol. Without a payload flag it is headers; a read of a file
 * (-r) looks at a capture already taken.
 */
function tcpdumpPrintsLogins(inv: Invocation): boolean {
  const texts = inv.args.map((arg) => arg.text);
  if (texts.includes("-r")) return false;
  const payload = texts.some((text) => /^-[a-zA-Z]*[AX]/.test(text) && !text.startsWith("--"));
  if (!payload) return false;
  const words = texts.flatMap((text) => text.toLowerCase().split(/[\s()]+/));
  return words.some((word, i) => words[i - 1] === "port" && CLEARTEXT_PORTS.has(word));
}

/** Display filters and fields that name a credential: authorization headers, FTP PASS, NTLM, Kerberos, cookies. */
const AUTH_FIELD = /authorization|\bpass(?:word)?\b|ftp\.request\.arg|"pass"|ntlmssp|kerberos|http\.cookie|\bpop\.request|imap\.request|smtp\.auth|telnet\.data|credentials/i;

/** `tshark -i eth0 -Y http.authorization -T fields -e http.authorization`, `ngrep -q 'PASS' port 21`: a live capture for logins. */
function capturesAuthFields(inv: Invocation): boolean {
  const texts = inv.args.map((arg) => arg.text);
  if (texts.includes("-r")) return false;
  if (inv.name === "ngrep") return texts.some((text) => /\b(?:pass(?:word)?|user|authorization|login)\b/i.test(text));
  return texts.some((text, i) => /^-[YReo]$/.test(texts[i - 1] ?? "") && AUTH_FIELD.test(text));
}

/** `docker inspect -f '{{.Config.Env}}' db`, `docker container inspect web --format '{{json .Config.Env}}'`. */
function printsContainerEnv(inv: Invocation): boolean {
  const texts = inv.args.map((arg) => arg.text);
  const verb = texts.findIndex((text) => !text.startsWith("-"));
  const inspects = texts[verb] === "inspect" || (texts[verb] === "container" && texts[verb + 1] === "inspect");
  return inspects && texts.some((text) => /\.Config\.Env\b/.test(text));
}
