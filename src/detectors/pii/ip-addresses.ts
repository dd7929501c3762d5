// Public IP addresses, the kind that can point at a person. Private, loopback, link-local,
// documentation and multicast ranges are not personal; neither is a server named as a URL host
// or ssh target or printed beside its name by a tool, a CIDR block, a public DNS resolver, a
// router, resolver or upstream in network configuration, a network or broadcast address, or a
// version number shaped like a quad.
import type { Budget } from "../../engine/budget.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";

const V4_CANDIDATE = /\b(?<![.\-\/@$#])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\w]|\.\d|\/\d|-\d)/g;
const V6_SHAPE = /^[0-9a-f]{1,4}(?::{1,2}[0-9a-f]{1,4}){2,7}$/i;
const MAX_V6 = 39;

// `==1.2.3.4`, `>=`, `~=`, `version 1.2.3.4`, `OID 2.5.4.3`: a version or an object id.
// A lone `=` is an assignment (`SRC=`, `client_ip=`), not a pin.
const VERSION_BEFORE = /(?:(?:==|[<>!~]=?|\^)\s*|(?<![a-z])(?:v|version|ver|release|rel|build|firmware|fw|sdk|api|oid|tag)[\s:=#]*)$/i;

// A server's address as tools print it: `github.com (140.82.112.3)` in ssh and curl -v output,
// `Connected to host (ip)`, `Trying ip...`, and DNS answers (`IN A ip`, `has address ip`).
const SERVER_BEFORE = /(?:[a-z0-9-]\.[a-z]{2,63}\.?\s?[(\[]\s?|\bIN\s+A{1,4}\s+|has (?:IPv6 )?address\s+|\bTrying\s+|Address(?:es)?:\s+)$/i;

/** Anycast resolvers that every config file names: infrastructure, not a person. */
const PUBLIC_RESOLVERS = new Set([
  "8.8.8.8", "8.8.4.4", "1.1.1.1", "1.0.0.1", "9.9.9.9", "149.112.112.112", "208.67.222.222", "208.67.220.220",
]);

/** RFC 6890 special-purpose IPv4 blocks, plus multicast and reserved space. */
function isSpecialV4(a: number, b: number, c: number): boolean {
  if (a === 0 || a === 10 || a === 127 || a >= 224) return true;
  if (a === 100 && b >= 64 && b <= 127) return true;
  if (a === 169 && b === 254) return true;
  if (a === 172 && b >= 16 && b <= 31) return true;
  if (a === 192 && (b === 168 || (b === 0 && (c === 0 || c === 2)))) return true;
  if (a === 198 && (b === 18 || b === 19 || (b === 51 && c === 100))) return true;
  return a === 203 && b === 0 && c === 113;
}

function parseOctets(match: RegExpExecArray): number[] | undefined {
  const octets: number[] = [];
  for (let i = 1; i <= 4; i++) {
    const part = match[i]!;
    if (part.length > 1 && part[0] === "0") return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    octets.push(value);
  }
  return octets;
}

// Network configuration names routers, resolvers, upstreams and networks, not people:
// `route add -net`, `gw`, `via`, `nameserver`, `proxy_pass http://`, `listen`, `peer`.
const INFRASTRUCTURE_BEFORE =
  /(?<![a-z])(?:-net|net|gw|gateway|via|nameserver|name[\s_-]?server|dns[\s_-]?server|upstream|proxy_pass\s+https?:\/\/|listen|bind|peer|endpoint|route\s+add|next[\s_-]?hop|netmask|subnet|server)[\s:=]*$/i;

function isPersonalV4(match: RegExpExecArray, text: string): boolean {
  const octets = parseOctets(match);
  if (!octets || octets.every((o) => o < 10)) return false;
  if (isSpecialV4(octets[0]!, octets[1]!, octets[2]!) || PUBLIC_RESOLVERS.has(match[0])) return false;
  // A network (`.0`) or broadcast (`.255`) address is no host; `123.123.123.123` is a placeholder.
  if (octets[3] === 0 || octets[3] === 255 || octets.every((o) => o === octets[0])) return false;
  const before = text.slice(Math.max(0, match.index - 32), match.index);
  return !VERSION_BEFORE.test(before.slice(-16)) && !SERVER_BEFORE.test(before) && !INFRASTRUCTURE_BEFORE.test(before);
}

/** Global unicast (2000::/3) outside the documentation prefixes 2001:db8::/32 and 3fff::/20. */
function isPersonalV6(value: string): boolean {
  if (value.length > MAX_V6 || !V6_SHAPE.test(value)) return false;
  const halves = value.split("::");
  if (halves.length > 2) return false;
  const groups = value.split(/::?/).length;
  if (halves.length === 1 ? groups !== 8 : groups > 7) return false;
  const first = value.slice(0, value.indexOf(":")).toLowerCase();
  if (first.length !== 4 || (first[0] !== "2" && first[0] !== "3")) return false;
  if (first === "3fff") return false;
  return !/^2001:0?db8(?::|$)/i.test(value);
}

const isHexOrColon = (c: number): boolean =>
  (c >= 48 && c <= 58) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const isWordChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;

/**
 * IPv6 candidates grown outwards from each colon (colons are rare next to letters, so this is
 * cheaper than a regex trying every hex digit); a candidate is bounded by non-address characters.
 */
function scanIpv6(text: string, hits: PiiHit[], budget: Budget): void {
  let colon = text.indexOf(":");
  while (colon !== -1 && !budget.spent()) {
    let start = colon;
    while (start > 0 && colon - start <= MAX_V6 && isHexOrColon(text.charCodeAt(start - 1))) start--;
    let end = colon + 1;
    while (end < text.length && end - colon <= MAX_V6 && isHexOrColon(text.charCodeAt(end))) end++;
    const before = text.charCodeAt(start - 1);
    const after = text.charCodeAt(end);
    const bounded = !isWordChar(before) && before !== 46 && before !== 47 && before !== 64;
    if (bounded && !isWordChar(after) && after !== 46 && after !== 47 && isPersonalV6(text.slice(start, end))) {
      hits.push({ kind: PII_KINDS.ipAddress, start, end, score: 0.6 });
    }
    colon = text.indexOf(":", end + 1);
  }
}

export function scanIpAddresses(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  if (context.isNetworkHost) return;
  V4_CANDIDATE.lastIndex = 0;
  for (let m = V4_CANDIDATE.exec(text); m !== null && !budget.spent(); m = V4_CANDIDATE.exec(text)) {
    if (isPersonalV4(m, text)) hits.push({ kind: PII_KINDS.ipAddress, start: m.index, end: m.index + m[0].length, score: 0.6 });
  }
  scanIpv6(text, hits, budget);
}
