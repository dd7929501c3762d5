// IP literals as URL parsers and inet_aton() read them, and the address classes egress cares
// about. Parsing follows the WHATWG URL host parser, so every form a client would connect to
// (decimal `2130706433`, octal `0177.1`, hex `0x7f000001`, short `127.1`, IPv4-mapped IPv6)
// lands on the same 32-bit value as its dotted form.

export type AddressClass = "metadata" | "private" | "link_local" | "loopback" | "public";

export interface ParsedAddress {
  cls: AddressClass;
  /** False when written in any form other than the usual one (dotted decimal, compressed IPv6). */
  canonical: boolean;
}

const MAX_PART_CHARS = 34;

/** One dot-separated part: `0x..` hex, `0..` octal, else decimal; undefined if none of these. */
function parseIpv4Part(part: string): number | undefined {
  if (part.length === 0 || part.length > MAX_PART_CHARS) return undefined;
  if (part.startsWith("0x")) {
    const digits = part.slice(2);
    if (digits === "") return 0;
    return /^[0-9a-f]+$/.test(digits) ? parseInt(digits, 16) : undefined;
  }
  if (part.length > 1 && part.startsWith("0")) return /^[0-7]+$/.test(part) ? parseInt(part, 8) : undefined;
  return /^[0-9]+$/.test(part) ? parseInt(part, 10) : undefined;
}

/** The 32-bit value of an IPv4 literal in any inet_aton form; undefined when it is not one. */
export function parseIpv4(host: string): { value: number; canonical: boolean } | undefined {
  const parts = host.split(".");
  const trailingDot = parts.length > 1 && parts[parts.length - 1] === "";
  if (trailingDot) parts.pop();
  if (parts.length === 0 || parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIpv4Part(part);
    if (n === undefined) return undefined;
    numbers.push(n);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return undefined;
  let value = last;
  numbers.forEach((n, i) => (value += n * 256 ** (3 - i)));
  const canonical = !trailingDot && parts.length === 4 && parts.every((p) => /^(?:0|[1-9][0-9]{0,2})$/.test(p));
  return { value, canonical };
}

const ip = (a: number, b: number, c: number, d: number): number => ((a * 256 + b) * 256 + c) * 256 + d;

/** Instance metadata services: AWS/GCP/Azure/OCI, ECS and EKS agents, Alibaba, Tencent, Azure WireServer. */
const METADATA_V4 = new Set([
  ip(169, 254, 169, 254), ip(169, 254, 170, 2), ip(169, 254, 170, 23), ip(100, 100, 100, 200),
  ip(169, 254, 0, 23), ip(168, 63, 129, 16), ip(192, 0, 0, 192),
]);

const inRange = (value: number, base: number, bits: number): boolean =>
  Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));

export function classifyIpv4(value: number): AddressClass {
  if (METADATA_V4.has(value)) return "metadata";
  // 0.0.0.0/8 reaches the local host on Linux and macOS, so it counts as loopback.
  if (inRange(value, ip(127, 0, 0, 0), 8) || inRange(value, 0, 8)) return "loopback";
  if (inRange(value, ip(169, 254, 0, 0), 16)) return "link_local";
  if (
    inRange(value, ip(10, 0, 0, 0), 8) ||
    inRange(value, ip(172, 16, 0, 0), 12) ||
    inRange(value, ip(192, 168, 0, 0), 16) ||
    inRange(value, ip(100, 64, 0, 0), 10)
  ) {
    return "private";
  }
  return "public";
}

/** Eight 16-bit groups of an IPv6 literal (no brackets, no zone); undefined if malformed. */
export function parseIpv6(text: string): number[] | undefined {
  if (text.length > 64 || !/^[0-9a-f:.]+$/.test(text)) return undefined;
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0]!);
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  if (head.length + tail.length > 7) return undefined;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function parseGroups(text: string): number[] | undefined {
  if (text === "") return [];
  const pieces = text.split(":");
  const groups: number[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (i === pieces.length - 1 && piece.includes(".")) {
      const v4 = parseIpv4(piece);
      if (!v4 || !v4.canonical) return undefined;
      groups.push(Math.floor(v4.value / 65536), v4.value % 65536);
    } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
      groups.push(parseInt(piece, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(g: number[]): number | undefined {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(5) && g[5] === 0xffff) return g[6]! * 65536 + g[7]!;
  if (zeroUpTo(6) && (g[6]! !== 0 || g[7]! > 1)) return g[6]! * 65536 + g[7]!;
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return g[6]! * 65536 + g[7]!;
  if (g[0] === 0x2002) return g[1]! * 65536 + g[2]!;
  return undefined;
}

export function classifyIpv6(g: number[]): ParsedAddress {
  const v4 = embeddedIpv4(g);
  if (v4 !== undefined) {
    const cls = classifyIpv4(v4);
    return { cls, canonical: cls === "public" };
  }
  const first = g[0]!;
  if (g.slice(0, 7).every((x) => x === 0) && g[7]! <= 1) return { cls: "loopback", canonical: true };
  if (first === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) {
    return { cls: "metadata", canonical: true };
  }
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfec0) return { cls: "private", canonical: true };
  if ((first & 0xffc0) === 0xfe80) return { cls: "link_local", canonical: true };
  return { cls: "public", canonical: true };
}

/** Classifies an IP literal (IPv4 in any form, or IPv6 without brackets); undefined for names. */
export function classifyIpLiteral(host: string): ParsedAddress | undefined {
  if (host.includes(":")) {
    const groups = parseIpv6(host.replace(/%.*$/s, ""));
    return groups ? classifyIpv6(groups) : undefined;
  }
  const v4 = parseIpv4(host);
  return v4 ? { cls: classifyIpv4(v4.value), canonical: v4.canonical } : undefined;
}
