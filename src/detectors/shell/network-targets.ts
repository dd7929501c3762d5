// Where a command line reaches over the network: the URLs and hosts its fetchers (curl, wget,
// httpie), socket tools (nc, socat), DNS tools (dig, nslookup), remote shells and copiers (ssh,
// scp, rsync) and inline interpreter code name, and whether each call sends data along. The
// egress detector judges these destinations; this file only reads them out of the model.
import { UNLIMITED, type Budget } from "../../engine/budget.ts";
import type { InspectedEvent } from "../../engine/detector.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import type { FieldSpan } from "./ast.ts";
import { FETCHERS } from "./commands.ts";
import type { Field } from "./expand.ts";
import { isSocketTool } from "./facts.ts";
import type { Invocation } from "./model.ts";
import { parseScript } from "./parser.ts";
import { argvScript, extractTargets, sourceFor, type Target } from "./payload.ts";
import { locateWord } from "./source.ts";
import { walkRoot } from "./walk.ts";
import { walkedOnce } from "./walked-once.ts";

export interface NetworkTarget {
  /** A URL (scheme optional, as curl reads it) or a bare host name or address. */
  kind: "url" | "host";
  text: string;
  port?: number;
  /** The word the destination was read from. */
  span: FieldSpan;
  /** The call sends a body, a file, its stdin, or data spelled into the name at run time. */
  sends: boolean;
  /** What it sends is a file's or a command's output (`-d @F`, `-F f=@F`, `-T F`, `-d "$(cat F)"`), not text written in the call. */
  sendsFile?: boolean;
  /** What it sends names secrets (a `SECRET=` key, a token, a private key header). */
  sendsSecretWords?: boolean;
}

const MAX_CHARS = 1 << 16;
const LIMITS = { maxSourceDepth: 6, maxInvocations: 4096, maxNestedChars: 4 * MAX_CHARS };
const MAX_TARGETS = 256;

/**
 * The network destinations of the command an `exec` event or shell tool call carries. `input`,
 * when given, shares the command's model with the other detectors judging the event.
 */
export function listNetworkTargets(event: GuardEvent, budget: Budget = UNLIMITED, input?: InspectedEvent): NetworkTarget[] | { abstain: string } {
  const extraction = extractTargets(event);
  if ("abstain" in extraction) return { abstain: extraction.abstain };
  // Commands in written files run later, somewhere else: what they would contact is not this call's egress.
  if (extraction.from === "file") return { abstain: "the event writes a file rather than running a command" };
  const found: NetworkTarget[] = [];
  for (const target of extraction.targets) {
    if (target.kind === "code") continue;
    const texts = target.kind === "script" ? [target.item.text.slice(0, MAX_CHARS)] : target.items.map((item) => item.text.slice(0, MAX_CHARS));
    const { model } = walkedOnce(input, target, texts, () => {
      const script = scriptOf(target, texts, budget);
      return { script, model: walkRoot(script, LIMITS, budget) };
    });
    for (const inv of model.invocations) {
      found.push(...targetsOf(inv));
      if (found.length >= MAX_TARGETS) return found.slice(0, MAX_TARGETS);
    }
  }
  return found;
}

function scriptOf(target: Exclude<Target, { kind: "code" }>, texts: readonly string[], budget: Budget) {
  if (target.kind === "script") return parseScript(sourceFor(target.item, texts[0] ?? ""), budget);
  return argvScript(target.items.map((item, i) => ({ item, text: texts[i] ?? "" })));
}

const CURL_SHORT_VALUES = "dFTHXuAeobcwrCKEQxyYzmtUDP";
const CURL_LONG_VALUES = new Set([
  "data", "data-binary", "data-raw", "data-urlencode", "data-ascii", "form", "form-string", "upload-file", "header",
  "request", "user", "user-agent", "referer", "output", "cookie", "cookie-jar", "write-out", "range", "continue-at",
  "config", "cert", "key", "proxy", "max-time", "connect-timeout", "retry", "json", "resolve", "connect-to", "cacert",
  "capath", "output-dir", "dump-header", "interface", "limit-rate", "max-filesize", "proxy-user", "oauth2-bearer",
  "netrc-file", "trace", "trace-ascii", "stderr", "retry-delay", "retry-max-time", "unix-socket", "variable", "aws-sigv4",
  "dns-servers", "local-port", "url-query", "expect100-timeout", "keepalive-time", "ciphers", "pinnedpubkey",
]);
const WGET_SHORT_VALUES = "oOaAPtTeUlDIXRQwBi";
const WGET_LONG_VALUES = new Set([
  "post-data", "post-file", "body-data", "body-file", "method", "header", "output-document", "output-file", "user-agent",
  "directory-prefix", "tries", "timeout", "user", "password", "http-user", "http-password", "input-file", "referer",
]);
const SSH_SHORT_VALUES = "BbcDEeFIiJLlmOopQRSWw";
const NC_SHORT_VALUES = "pswiIqOPTVxXecm";
const DIG_SHORT_VALUES = "tcpbfkqxy";

const SENDING_METHOD = /^(?:post|put|patch)$/i;
const HTTPIE = new Set(["http", "https", "httpie", "xh", "xhs"]);
const CURLS = new Set(["curl", "curlie"]);
const WGETS = new Set(["wget", "wget2"]);
const DNS_TOOLS = new Set(["dig", "nslookup", "host", "drill", "ping", "ping6"]);
const COPIERS = new Set(["scp", "rsync", "sftp"]);
const URL_IN_TEXT = /\b(?:https?|ftp|wss?):\/\/[^\s'"`)<>\\]+/gi;
const SCHEME_URL = /^(?:https?|ftp|wss?|gopher|dict):\/\//i;
const MAX_CODE_URLS = 16;

interface Scanned {
  /** Arguments that are neither options nor option values. */
  operands: Field[];
  /** Each option with its value (inline `--x=v`, `-xv`, or the next argument). */
  options: { flag: string; value: string | undefined }[];
}

/** A getopt-style scan: short clusters, long options with `=` or a following value, `--`. */
function scanArgs(args: readonly Field[], shortValues: string, longValues: ReadonlySet<string>): Scanned {
  const scanned: Scanned = { operands: [], options: [] };
  for (let i = 0; i < args.length; i++) {
    const text = (args[i] as Field).text;
    if (text === "--") {
      scanned.operands.push(...args.slice(i + 1));
      break;
    }
    if (!text.startsWith("-") || text === "-") {
      scanned.operands.push(args[i] as Field);
    } else if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const name = eq < 0 ? text.slice(2) : text.slice(2, eq);
      const takes = eq < 0 && longValues.has(name);
      scanned.options.push({ flag: `--${name}`, value: eq >= 0 ? text.slice(eq + 1) : takes ? args[i + 1]?.text : undefined });
      if (takes) i++;
    } else {
      for (let k = 1; k < text.length; k++) {
        const letter = text[k] as string;
        if (!shortValues.includes(letter)) {
          scanned.options.push({ flag: `-${letter}`, value: undefined });
          continue;
        }
        const inline = text.slice(k + 1);
        scanned.options.push({ flag: `-${letter}`, value: inline !== "" ? inline : args[i + 1]?.text });
        if (inline === "") i++;
        break;
      }
    }
  }
  return scanned;
}

const has = (scanned: Scanned, ...flags: string[]): boolean => scanned.options.some((o) => flags.includes(o.flag));
const valueOf = (scanned: Scanned, ...flags: string[]): string | undefined =>
  scanned.options.find((o) => flags.includes(o.flag))?.value;

const fedStdin = (inv: Invocation): boolean => inv.stdin !== undefined;

const target = (kind: NetworkTarget["kind"], field: Field, sends: boolean, text = field.text, port?: number): NetworkTarget =>
  port === undefined ? { kind, text, span: locateWord(field.word), sends } : { kind, text, port, span: locateWord(field.word), sends };

function targetsOf(inv: Invocation): NetworkTarget[] {
  if (CURLS.has(inv.name)) return curlTargets(inv);
  if (WGETS.has(inv.name)) return wgetTargets(inv);
  if (HTTPIE.has(inv.name)) return httpieTargets(inv);
  if (DNS_TOOLS.has(inv.name)) return dnsTargets(inv);
  if (inv.name === "ssh") return sshTargets(inv);
  if (COPIERS.has(inv.name)) return copierTargets(inv);
  if (isSocketTool(inv)) return socketTargets(inv);
  if (FETCHERS.has(inv.name)) return inv.args.filter((a) => SCHEME_URL.test(a.text)).map((a) => target("url", a, sendsPowershell(inv)));
  if (inv.program?.kind === "inline" && inv.program.language !== "shell") return codeTargets(inv.program.code);
  // Any program handed a mining pool's stratum URL (`xmrig -o stratum+tcp://...`) connects to it.
  return inv.args.filter((a) => STRATUM_URL.test(a.text)).map((a) => target("url", a, false));
}

/** Words that say a body holds a secret, whether or not a value a detector would recognise follows. */
export const SECRET_WORDS = /\b(?:secret|token|passw(?:or)?d|api[_-]?key|private[_ -]?key|credential|aws_[a-z_]*|BEGIN [A-Z ]*PRIVATE)/i;
const STRATUM_URL = /^stratum\d?\+(?:tcp|ssl|tls):\/\//i;

function curlTargets(inv: Invocation): NetworkTarget[] {
  const scanned = scanArgs(inv.args, CURL_SHORT_VALUES, CURL_LONG_VALUES);
  const method = valueOf(scanned, "-X", "--request") ?? "";
  const sends =
    SENDING_METHOD.test(method) ||
    scanned.options.some((o) => /^(?:-[dFT]|--(?:data.*|form.*|upload-file|json))$/.test(o.flag));
  const urls = inv.args.filter((a, i) => inv.args[i - 1]?.text === "--url");
  const operands = scanned.operands.filter((f) => !urls.includes(f));
  // A file, or what a command substitution prints (`-d "$(cat F)"`), is content the call did
  // not write: the destination's judgment must not take it for a message.
  const sendsFile = (sends && inv.args.some((a) => a.subs.length > 0 || a.procsub !== undefined)) || scanned.options.some((o) => {
    if (/^(?:-T|--upload-file)$/.test(o.flag)) return true;
    return /^(?:-[dF]|--(?:data.*|form.*|json))$/.test(o.flag) && /(?:^|=)[@<]/.test(o.value ?? "");
  });
  const sendsSecretWords = scanned.options.some((o) => /^(?:-[dF]|--(?:data.*|form.*|json))$/.test(o.flag) && SECRET_WORDS.test(o.value ?? ""));
  return [...urls, ...operands].map((field) => ({ ...target("url", field, sends), sendsFile, sendsSecretWords }));
}

function wgetTargets(inv: Invocation): NetworkTarget[] {
  const scanned = scanArgs(inv.args, WGET_SHORT_VALUES, WGET_LONG_VALUES);
  const sends = has(scanned, "--post-data", "--post-file", "--body-data", "--body-file") || SENDING_METHOD.test(valueOf(scanned, "--method") ?? "");
  return scanned.operands.map((field) => target("url", field, sends));
}

/** `http [METHOD] URL [items]`: items with `=`, `:=` or `@` make a body; `==` is a query. */
function httpieTargets(inv: Invocation): NetworkTarget[] {
  const operands = scanArgs(inv.args, "", new Set()).operands;
  const first = operands[0];
  const hasMethod = first !== undefined && /^[A-Z]+$/.test(first.text);
  const url = operands[hasMethod ? 1 : 0];
  if (!url) return [];
  const items = operands.slice(hasMethod ? 2 : 1);
  const sends =
    (hasMethod && SENDING_METHOD.test(first.text)) || fedStdin(inv) || items.some((i) => /^[^=:@]+(?::=|=(?!=)|@)/.test(i.text));
  return [target("url", url, sends)];
}

/** Names looked up; a name computed at run time (`$(whoami).x.example`) carries that value. */
function dnsTargets(inv: Invocation): NetworkTarget[] {
  const operands = scanArgs(inv.args, DIG_SHORT_VALUES, new Set()).operands.filter((f) => !/^[@+]/.test(f.text));
  const names = inv.name === "dig" || inv.name === "drill" ? operands.filter((f) => !/^(?:[A-Z]+|IN|CH)$/.test(f.text)) : operands.slice(0, 1);
  return names.map((field) => target("host", field, field.dynamic));
}

const splitUserHost = (text: string): string => text.slice(text.lastIndexOf("@") + 1);

function sshTargets(inv: Invocation): NetworkTarget[] {
  const scanned = scanArgs(inv.args, SSH_SHORT_VALUES, new Set());
  const destination = scanned.operands[0];
  if (!destination) return [];
  const port = Number(valueOf(scanned, "-p"));
  const url = /^ssh:\/\//i.test(destination.text);
  return [target(url ? "url" : "host", destination, fedStdin(inv), url ? destination.text : splitUserHost(destination.text), Number.isInteger(port) && port > 0 ? port : undefined)];
}

/** `scp f user@host:dir`, `rsync -a dir host:`, `rsync rsync://host/m`: a copy to a remote sends. */
function copierTargets(inv: Invocation): NetworkTarget[] {
  const operands = scanArgs(inv.args, inv.name === "rsync" ? "e" : "cFiJloPSXD", new Set(["rsh", "exclude", "include", "filter"])).operands;
  const remote = (f: Field) => /^rsync:\/\//i.test(f.text) || /^[^/:]+:/.test(f.text);
  const last = operands[operands.length - 1];
  const sends = last !== undefined && remote(last) && operands.slice(0, -1).some((f) => !remote(f));
  return operands.filter(remote).map((field) =>
    /^rsync:\/\//i.test(field.text) ? target("url", field, sends) : target("host", field, sends, splitUserHost(field.text.slice(0, field.text.indexOf(":")))),
  );
}

const SOCAT_ADDRESS = /^(?:tcp|tcp4|tcp6|udp|udp4|udp6|openssl|ssl|socks4a?|proxy)[^:]*:([^:,]+):(\d{1,5})/i;

function socketTargets(inv: Invocation): NetworkTarget[] {
  if (inv.name === "socat") {
    const sends = fedStdin(inv) || inv.args.some((a) => /^(?:file|open|exec|system|gopen):/i.test(a.text));
    return inv.args.flatMap((field) => {
      const m = SOCAT_ADDRESS.exec(field.text);
      return m ? [target("host", field, sends, m[1], Number(m[2]))] : [];
    });
  }
  if (inv.name === "openssl") {
    const i = inv.args.findIndex((a) => a.text === "-connect");
    const field = inv.args[i + 1];
    return i >= 0 && field ? [target("host", field, fedStdin(inv))] : [];
  }
  const scanned = scanArgs(inv.args, NC_SHORT_VALUES, new Set());
  if (has(scanned, "-l", "--listen")) return [];
  const [host, port] = scanned.operands;
  if (!host) return [];
  const portNumber = port && /^\d{1,5}$/.test(port.text) ? Number(port.text) : undefined;
  return [target("host", host, fedStdin(inv), host.text, portNumber)];
}

function sendsPowershell(inv: Invocation): boolean {
  const flags = inv.args.map((a) => a.text.toLowerCase());
  return flags.some((f, i) => f === "-body" || f === "-infile" || (f === "-method" && SENDING_METHOD.test(flags[i + 1] ?? "")));
}

const SENDING_CODE = /\.(?:post|put|patch)\s*\(|\bdata\s*=|method\s*[:=]\s*['"](?:post|put|patch)/i;

/** URL literals in inline interpreter code (`python -c "requests.post('https://...')"`). */
function codeTargets(code: Field): NetworkTarget[] {
  const urls = [...code.text.matchAll(URL_IN_TEXT)].slice(0, MAX_CODE_URLS);
  if (urls.length === 0) return [];
  const sends = SENDING_CODE.test(code.text);
  return urls.map((m) => target("url", code, sends, m[0]));
}
