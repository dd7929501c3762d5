// Judges one destination: a bare host (network events, `host` arguments) or a URL. Applies
// the policy lists first (allow wins over everything, deny blocks), then the address class,
// then the exfiltration-service catalogue.
import { SECRET_WORDS } from "../shell/network-targets.ts";
import type { CheckId, Hit } from "./checks.ts";
import { type HostClass, classifyHost } from "./host-class.ts";
import { classifyIpLiteral } from "./ip-address.ts";
import { type ServiceKind, hostCarriesData, isMiningPool, isMiningScheme, matchExfilService, queryCarriesData } from "./exfil-services.ts";
import { type HostList, matchesHostList } from "./host-list.ts";
import { type Located, spanOf, wholeOf } from "./located.ts";
import { type HostSpan, parseUrl } from "./url.ts";

export interface EgressOptions {
  allowLoopback: boolean;
  allow: HostList;
  deny: HostList;
}

export interface Destination {
  scheme?: string;
  port?: number | undefined;
  urlPath?: string;
  /** Written to mislead a reader about the host: `public.example@10.0.0.1`, parser confusion. */
  disguised?: boolean;
  /** The request carries a body, a data query, or data in DNS labels. */
  carriesData?: boolean;
  /** What it carries is a file's content rather than text written in the call. */
  carriesFile?: boolean;
  /** What it carries names secrets (`AWS_SECRET=`, a token, a private key header). */
  namesSecrets?: boolean;
  /** A query value that reads as an encoded blob (letters and digits, 16 or more). */
  queryBlob?: boolean;
}

/** `c=J3tzZWNyZXR9Jw%3D%3D`, `d=s-s4t2ud-d91c...`: a value no page size or sort key looks like. */
function queryCarriesBlob(query: string | undefined): boolean {
  if (!query) return false;
  return query.split("&").some((pair) => {
    const value = pair.slice(pair.indexOf("=") + 1);
    return value.length >= 16 && /^[A-Za-z0-9+/=_%.-]+$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value);
  });
}

const CLASS_CHECKS: Record<Exclude<HostClass, "public">, CheckId> = {
  metadata: "egress.cloud_metadata",
  private: "egress.private_network",
  link_local: "egress.link_local",
  internal_name: "egress.internal_hostname",
  loopback: "egress.loopback",
};
/**
 * Local control planes whose APIs hand out root, code execution or secrets (Docker, kubelet,
 * etcd, the Kubernetes API and kubectl proxy, Consul, Vault, Nomad, WinRM, ngrok's agent API,
 * RabbitMQ's management API) and stores that no HTTP client has a reason to reach (Redis,
 * Memcached: an HTTP request to them is a protocol-smuggling attempt).
 */
const CONTROL_PORTS = new Set([2375, 2376, 2379, 2380, 10250, 10255, 6443, 8001, 8500, 8200, 4646, 9229, 5985, 5986, 4040, 15672]);
const STORE_PORTS = new Set([6379, 11211]);
const HTTP_SCHEMES = new Set(["http", "https"]);
/**
 * Paths of internal services' admin and secret APIs, on any port: Kubernetes secrets, etcd and
 * Consul keys, CouchDB's user and database lists, Elasticsearch cluster views, Solr and MinIO
 * admin, ngrok tunnels, Spring actuator dumps, Apache server-status, Druid's coordinator, the
 * Docker API, the Lambda runtime API, WebLogic and PeopleSoft consoles.
 */
const ADMIN_PATH = /^\/(?:api\/v1\/(?:namespaces\/[^/]+\/)?secrets|v2\/keys|v3\/kv|v1\/(?:kv|agent|secret|sys|catalog)(?:\/|$)|_all_dbs|_users(?:\/|$)|_cat\/|_cluster\/|_nodes(?:\/|$)|solr\/admin|api\/tunnels|(?:actuator|manage)\/(?:env|heapdump|jolokia|shutdown|configprops|threaddump|loggers)|heapdump|jolokia|server-status|druid\/(?:coordinator|indexer)\/|containers\/|images\/json|\d{4}-\d{2}-\d{2}\/runtime\/|minio\/admin|uddiexplorer|psigw)/i;
const SMUGGLING_SCHEMES = new Set(["gopher", "dict", "ldap", "ldaps", "tftp", "telnet"]);
/**
 * Script and deployment consoles of internal servers, on any port: Jenkins' Groovy console,
 * Tomcat's manager and JBoss' consoles run code or deploy an archive for whoever reaches them.
 */
const CONSOLE_PATH = /^\/(?:jenkins\/)?(?:script(?:Text)?|manager\/(?:html|text)|host-manager\/html|jmx-console|web-console|invoker\/JMXInvokerServlet)(?:\/|$)/i;
/**
 * Liveness and version probes of a control plane (`/healthz`, `/_ping`, Consul's health and
 * status views, RabbitMQ's overview, Vault's health): they report whether the service is up and
 * hand out nothing, so a developer checking their local stack is not reaching into it.
 */
const STATUS_PATH = /^\/(?:healthz?|readyz|livez|version|_ping|v1\/health\/|v1\/status\/(?:leader|peers)$|v1\/sys\/health$|api\/(?:overview|healthchecks\/node|aliveness-test\/))/i;

function judgeAddress(cls: HostClass, dest: Destination, obfuscated: boolean, opts: EgressOptions, name: string): Hit[] {
  if (cls === "public") return [];
  // A bare single-label host (`db`, `redis`) is a compose or LAN service name; only a URL
  // aimed at one reads as reaching into the network.
  if (cls === "internal_name" && dest.scheme === undefined && !name.includes(".")) return [];
  const hits: Hit[] = [];
  const check = CLASS_CHECKS[cls];
  hits.push(cls === "loopback" && opts.allowLoopback ? { check, severity: "info", decision: "allow" } : { check });
  if (obfuscated || dest.disguised) hits.push({ check: "egress.obfuscated_ip" });
  const http = HTTP_SCHEMES.has(dest.scheme ?? "");
  const store = dest.port !== undefined && STORE_PORTS.has(dest.port) && http;
  const status = http && dest.urlPath !== undefined && STATUS_PATH.test(dest.urlPath);
  if (dest.port !== undefined && (store || (CONTROL_PORTS.has(dest.port) && !status)) && cls !== "metadata") hits.push({ check: "egress.control_port" });
  else if (dest.urlPath && !status && cls !== "metadata" && (ADMIN_PATH.test(dest.urlPath) || CONSOLE_PATH.test(dest.urlPath))) hits.push({ check: "egress.admin_api" });
  if (dest.scheme && SMUGGLING_SCHEMES.has(dest.scheme)) hits.push({ check: "egress.smuggling_scheme" });
  return hits;
}

/**
 * A service that receives data for whoever holds it. A chat webhook is also how teams post
 * notices: text written in the call is a message, unless it names secrets (a credential in it is
 * also the secrets detector's to find); a file's content posted there needs a person; anything sent to a paste site,
 * request catcher, callback domain or tunnel is exfiltration.
 */
function judgeService(kind: ServiceKind, name: string, dest: Destination): Hit | undefined {
  const withData = dest.carriesData === true || hostCarriesData(name, kind);
  if (kind === "chat_webhook") {
    if (withData && dest.namesSecrets) return { check: "egress.exfil_with_data" };
    return withData && !dest.carriesFile ? undefined : { check: "egress.exfil_service" };
  }
  return { check: withData ? "egress.exfil_with_data" : "egress.exfil_service" };
}

/** Findings for one host, without a span yet. */
export function judgeHostName(raw: string, dest: Destination, opts: EgressOptions): Hit[] {
  const verdict = classifyHost(raw);
  if (verdict.name === "" || matchesHostList(opts.allow, verdict.name)) return [];
  const hits: Hit[] = [];
  if (matchesHostList(opts.deny, verdict.name)) hits.push({ check: "egress.denied_host" });
  hits.push(...judgeAddress(verdict.cls, dest, verdict.obfuscated, opts, verdict.name));
  if (verdict.cls === "public") {
    const kind = matchExfilService(verdict.name, dest.urlPath ?? "");
    const service = kind ? judgeService(kind, verdict.name, dest) : undefined;
    if (service) hits.push(service);
    // A value carried in a URL to a bare public address (`http://203.0.113.7/px.png?c=<blob>`):
    // a collector nobody named; a site with a name is judged by what it is.
    else if (dest.scheme !== undefined && dest.queryBlob === true && classifyIpLiteral(verdict.name) !== undefined) hits.push({ check: "egress.raw_ip_with_data" });
  }
  if (isMiningPool(verdict.name) || isMiningScheme(dest.scheme)) hits.push({ check: "egress.mining_pool" });
  return hits;
}

/** `host`, `host:port`, `[v6]:port` or a bare IPv6 literal, as network events carry it. */
export function splitHostPort(text: string): { host: string; port: number | undefined } {
  const bracketed = /^\s*(\[[^\]]*\])(?::(\d{1,5}))?\s*$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] ? Number(bracketed[2]) : undefined };
  const hostPort = /^\s*([^:\s]*):(\d{1,5})\s*$/.exec(text);
  if (hostPort) return { host: hostPort[1]!, port: Number(hostPort[2]) };
  return { host: text, port: undefined };
}

/** Judges a bare host value; findings cover the whole value. */
export function judgeBareHost(at: Located, port: number | undefined, opts: EgressOptions, extra: Destination = {}): Hit[] {
  const split = splitHostPort(at.text);
  const dest: Destination = { ...extra, port: port ?? split.port };
  const hits = judgeHostName(split.host, dest, opts);
  if (hits.length === 0) return hits;
  const span = spanOf(at, 0, at.text.length);
  return hits.map((hit) => ({ ...hit, ...span }));
}

/** A user part that reads as a host name or address (`trusted.example.com@10.0.0.1`). */
const HOST_LIKE_USER = /^(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*(?::\d*)?$|^\d+(?:\.\d+){3}(?::\d*)?$|:\/\//i;

/** Judges a URL value; findings point at its host (both readings when parsers disagree). */
/** A query as the server reads it; a malformed escape is read as written. */
function decodedQuery(query: string | undefined): string {
  if (!query) return "";
  try {
    return decodeURIComponent(query.replace(/\+/g, " "));
  } catch {
    return query;
  }
}

export function judgeUrl(at: Located, opts: EgressOptions, extra: Destination & { schemeless?: boolean } = {}): Hit[] {
  const url = parseUrl(at.text, extra.schemeless === true);
  if (!url) return [];
  const dest: Destination = {
    ...extra,
    scheme: url.scheme,
    port: url.port,
    urlPath: url.path,
    disguised: url.altHost !== undefined || HOST_LIKE_USER.test(url.userinfo),
    carriesData: extra.carriesData === true || queryCarriesData(url.query),
    queryBlob: queryCarriesBlob(url.query),
    namesSecrets: extra.namesSecrets === true || SECRET_WORDS.test(decodedQuery(url.query)),
  };
  const hits: Hit[] = [];
  const judgeOne = (host: HostSpan) => {
    const found = judgeHostName(host.raw, dest, opts);
    if (found.length === 0) return;
    const span = url.exact ? spanOf(at, host.start, host.end) : wholeOf(at);
    for (const hit of found) hits.push({ ...hit, ...span });
  };
  judgeOne(url.host);
  if (url.altHost) judgeOne(url.altHost);
  if (url.exact) hits.push(...judgeNestedUrls(at, url.host.end, opts));
  return hits;
}

const NESTED_URL = /(?:https?|gopher|dict|ftp):(?:\/\/|%2f%2f)|https?%3a%2f%2f/gi;
const MAX_NESTED = 4;
const NESTED_CHECKS: Partial<Record<HostClass, CheckId>> = {
  metadata: "egress.cloud_metadata",
  private: "egress.private_network",
  link_local: "egress.link_local",
};

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * URLs that a reader, proxy or redirector named in the path or query fetches in turn
 * (`https://r.example/http://10.0.0.1/`, `?url=http%3A%2F%2F169.254.169.254`). Loopback is
 * left out: OAuth `redirect_uri=http://localhost/...` is everyday traffic.
 */
function judgeNestedUrls(at: Located, from: number, opts: EgressOptions): Hit[] {
  const hits: Hit[] = [];
  const rest = at.text.slice(from, from + 8192);
  let seen = 0;
  for (const m of rest.matchAll(NESTED_URL)) {
    if (++seen > MAX_NESTED) break;
    const encoded = m[0].includes("%");
    const candidate = encoded ? decodeSafely(rest.slice(m.index, m.index + 2048)) : rest.slice(m.index);
    const nested = parseUrl(candidate, false);
    if (!nested) continue;
    const verdict = classifyHost(nested.host.raw);
    const check = NESTED_CHECKS[verdict.cls];
    if (!check || matchesHostList(opts.allow, verdict.name)) continue;
    const start = from + m.index + nested.host.start;
    hits.push({ check, ...(encoded || !nested.exact ? wholeOf(at) : spanOf(at, start, start + nested.host.raw.length)) });
  }
  return hits;
}
