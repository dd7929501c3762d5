// Reads the host of a URL the way clients do, with offsets into the original text. Where the
// WHATWG parser (browsers, fetch) and RFC 3986 parsers (curl, requests) disagree, e.g. on a
// backslash before `@`, both readings are returned so either one can be judged.

export interface HostSpan {
  raw: string;
  start: number;
  end: number;
}

export interface ParsedUrl {
  scheme: string;
  host: HostSpan;
  /** The RFC 3986 reading of the host when it differs from the WHATWG one. */
  altHost?: HostSpan;
  userinfo: string;
  port: number | undefined;
  path: string;
  query: string;
  /** False when tabs or newlines were dropped first, so offsets only cover the whole value. */
  exact: boolean;
}

const MAX_URL_CHARS = 8192;
export const NETWORK_SCHEMES = new Set([
  "http", "https", "ws", "wss", "ftp", "ftps", "gopher", "dict", "ldap", "ldaps", "tftp", "sftp", "telnet",
  "stratum+tcp", "stratum+ssl", "stratum+tls", "stratum2+tcp", "stratum2+ssl",
]);
const SCHEME = /^([a-z][a-z0-9+.-]{0,15}):/i;
/** A scheme-less `host[:port][/...]` that names a host, not a relative path or a word. */
const SCHEMELESS_HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9%_-]+(?:\.[a-z0-9%_-]+)+\.?|localhost)(?::\d{1,5})?(?:[/?#]|$)/i;

/** Whole-value URL with a network scheme, as a fetch tool argument holds it. */
export const looksLikeUrl = (text: string): boolean =>
  text.length <= MAX_URL_CHARS && /^\s*(?:https?|wss?|ftp|gopher|dict):\/\/\S+\s*$/i.test(text);

function readAuthority(s: string, from: number, terminators: RegExp) {
  const rest = s.slice(from);
  const endRel = rest.search(terminators);
  const authority = endRel < 0 ? rest : rest.slice(0, endRel);
  const at = authority.lastIndexOf("@");
  const hostPort = authority.slice(at + 1);
  let hostRaw: string;
  let portText = "";
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    hostRaw = close < 0 ? hostPort : hostPort.slice(0, close + 1);
    if (hostPort[hostRaw.length] === ":") portText = hostPort.slice(hostRaw.length + 1);
  } else {
    const colon = hostPort.indexOf(":");
    hostRaw = colon < 0 ? hostPort : hostPort.slice(0, colon);
    if (colon >= 0) portText = hostPort.slice(colon + 1);
  }
  const hostStart = from + at + 1;
  return {
    host: { raw: hostRaw, start: hostStart, end: hostStart + hostRaw.length },
    userinfo: at < 0 ? "" : authority.slice(0, at),
    port: /^\d{1,5}$/.test(portText) ? Number(portText) : undefined,
    end: from + authority.length,
  };
}

/** Where the authority starts, and the scheme, or undefined when the text is no network URL. */
function locateAuthority(s: string, schemeless: boolean): { scheme: string; from: number } | undefined {
  const m = SCHEME.exec(s);
  // In `localhost:3000` the part before the colon is a host, not a scheme.
  if (m && !(schemeless && /^\d/.test(s.slice(m[0].length, m[0].length + 1)))) {
    const scheme = m[1]!.toLowerCase();
    if (!NETWORK_SCHEMES.has(scheme)) return undefined;
    const slashes = /^[/\\]*/.exec(s.slice(m[0].length))![0].length;
    return { scheme, from: m[0].length + slashes };
  }
  if (!schemeless) return undefined;
  if (s.startsWith("//")) return { scheme: "", from: 2 };
  return SCHEMELESS_HOST.test(s) ? { scheme: "", from: 0 } : undefined;
}

/**
 * Parses `text` as a network URL. `schemeless` also accepts `host:port/path` and `//host`,
 * for arguments named like URLs (`url`, `endpoint`) that tools complete with `http://`.
 */
export function parseUrl(text: string, schemeless: boolean): ParsedUrl | undefined {
  const lead = /^\s*/.exec(text.slice(0, 64))![0].length;
  let s = text.slice(lead, lead + MAX_URL_CHARS);
  // WHATWG drops tabs and newlines anywhere in a URL, so `12\n7.0.0.1` is still 127.0.0.1.
  const exact = !/[\t\n\r]/.test(s);
  if (!exact) s = s.replace(/[\t\n\r]/g, "");
  const located = locateAuthority(s, schemeless);
  if (!located) return undefined;
  const whatwg = readAuthority(s, located.from, /[/\\?#]/);
  const rfc = readAuthority(s, located.from, /[/?#]/);
  const tail = s.slice(whatwg.end);
  const hash = tail.indexOf("#");
  const beforeHash = hash < 0 ? tail : tail.slice(0, hash);
  const q = beforeHash.indexOf("?");
  const shift = (h: HostSpan): HostSpan => ({ raw: h.raw, start: h.start + lead, end: h.end + lead });
  const parsed: ParsedUrl = {
    scheme: located.scheme,
    host: shift(whatwg.host),
    userinfo: whatwg.userinfo,
    port: whatwg.port,
    path: (q < 0 ? beforeHash : beforeHash.slice(0, q)).replaceAll("\\", "/"),
    query: q < 0 ? "" : beforeHash.slice(q + 1),
    exact,
  };
  if (rfc.host.raw !== whatwg.host.raw) parsed.altHost = shift(rfc.host);
  return parsed;
}
