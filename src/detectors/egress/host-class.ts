// What a host denotes: an IP literal in any form, a special name (localhost, metadata names,
// internal-only suffixes), or a wildcard-DNS name that embeds an IP (`10.0.0.1.nip.io`,
// `10-0-0-1.sslip.io`, rebinding services). Cleans the host first the way URL parsers do
// (percent-decoding, full-width digits and dots, trailing dots), remembering that it did.
import { type AddressClass, classifyIpLiteral, classifyIpv4 } from "./ip-address.ts";

export type HostClass = AddressClass | "internal_name";

export interface HostVerdict {
  /** Host as a client would resolve it: lower-case, no brackets, no trailing dot. */
  name: string;
  cls: HostClass;
  /** Written so that the address hides: non-canonical literal, encoding, embedding in a name. */
  obfuscated: boolean;
}

const MAX_HOST_CHARS = 512;

/**
 * Names for the developer's own machine: the loopback names, and the names Docker Desktop,
 * Podman, Lima and OrbStack give the host as seen from a container or VM it runs (a dev server
 * on the laptop, reached from inside the container). Its control ports and admin paths are
 * still judged as loopback's are.
 */
const LOOPBACK_NAMES = new Set([
  "localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback",
  "host.docker.internal", "gateway.docker.internal", "host.containers.internal", "host.lima.internal", "host.orb.internal",
]);
/** Public wildcard names that resolve to 127.0.0.1, used for local development. */
const LOOPBACK_DEV_DOMAINS = ["localtest.me", "lvh.me", "vcap.me", "localh.st"];
const METADATA_NAMES = new Set([
  "metadata.google.internal", "metadata.goog", "metadata", "instance-data", "instance-data.ec2.internal",
  "metadata.tencentyun.com", "metadata.azure.internal",
]);
/** Suffixes that only resolve inside a private network (RFC 6762, RFC 8375, ICANN `.internal`). */
const INTERNAL_SUFFIXES = [
  "internal", "local", "localdomain", "lan", "intranet", "corp", "home.arpa", "cluster.local", "svc", "home", "private",
];
/** Wildcard-DNS and rebinding services whose names spell out the address they resolve to. */
const EMBEDDING_SERVICES = ["nip.io", "sslip.io", "xip.io", "traefik.me", "rbndr.us", "1u.ms", "nip.direct"];

const RANK: Record<HostClass, number> = {
  metadata: 5, private: 4, link_local: 3, internal_name: 2, loopback: 1, public: 0,
};
const isMoreSevere = (a: HostClass, b: HostClass): boolean => RANK[a] > RANK[b];

export const endsWithLabel = (name: string, suffix: string): boolean =>
  name === suffix || (name.length > suffix.length && name.endsWith(suffix) && name[name.length - suffix.length - 1] === ".");

/** Undoes what URL parsers undo before resolving; `changed` says the host was disguised. */
function cleanHost(raw: string): { host: string; changed: boolean } {
  let host = raw.slice(0, MAX_HOST_CHARS).toLowerCase();
  let changed = false;
  if (host.includes("%") && !host.includes(":")) {
    const decoded = host.replace(/%([0-9a-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    changed ||= decoded !== host;
    host = decoded;
  }
  // Outside ASCII, IDNA maps full-width digits, letters and ideographic dots onto ASCII.
  if (/[^\x00-\x7f]/.test(host)) {
    const folded = host.normalize("NFKC").replace(/[\u3002\uff0e\uff61]/g, ".").toLowerCase();
    changed ||= folded !== host;
    host = folded;
  }
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return { host, changed };
}

/** Classifies a bare host (a URL's host part, or `payload.host` of a network event). */
export function classifyHost(raw: string): HostVerdict {
  const { host, changed } = cleanHost(raw.trim());
  const literal = classifyIpLiteral(host);
  const name = host.replace(/\.+$/, "");
  if (literal) return { name, cls: literal.cls, obfuscated: (changed || !literal.canonical) && literal.cls !== "public" };
  const named = classifyName(name);
  return { name, cls: named.cls, obfuscated: named.cls !== "public" && (changed || named.embedded) };
}

function classifyName(name: string): { cls: HostClass; embedded: boolean } {
  if (name === "") return { cls: "public", embedded: false };
  if (METADATA_NAMES.has(name)) return { cls: "metadata", embedded: false };
  if (LOOPBACK_NAMES.has(name) || endsWithLabel(name, "localhost")) return { cls: "loopback", embedded: false };
  if (LOOPBACK_DEV_DOMAINS.some((d) => endsWithLabel(name, d))) return { cls: "loopback", embedded: false };
  const embedded = classifyEmbedded(name);
  // Loopback names on public wildcard DNS are an everyday local-development habit, not a disguise.
  if (embedded !== "public") return { cls: embedded, embedded: embedded !== "loopback" };
  if (!name.includes(".") && /^[a-z0-9][a-z0-9-]*$/.test(name)) return { cls: "internal_name", embedded: false };
  if (name.startsWith("kubernetes.default") || INTERNAL_SUFFIXES.some((s) => endsWithLabel(name, s))) {
    return { cls: "internal_name", embedded: false };
  }
  return { cls: "public", embedded: false };
}

const OCTET = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_LABEL = /^[0-9a-f]{8}$/;
const MAX_LABELS = 64;

/** The value of four decimal octets starting at `at`, if they are four octets. */
function quadAt(parts: readonly string[], at: number): number | undefined {
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const part = parts[i];
    if (part === undefined || !OCTET.test(part)) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

/** Most severe class among the IPv4 addresses a DNS name spells out in its labels. */
function classifyEmbedded(name: string): AddressClass {
  if (!/\d/.test(name)) return "public";
  let worst: AddressClass = "public";
  const consider = (value: number | undefined) => {
    if (value === undefined) return;
    const cls = classifyIpv4(value);
    if (isMoreSevere(cls, worst)) worst = cls;
  };
  const labels = name.split(".").slice(0, MAX_LABELS);
  // A dotted quad needs a label after it: the bare literal was classified already.
  for (let i = 0; i + 4 < labels.length; i++) consider(quadAt(labels, i));
  const embedding = EMBEDDING_SERVICES.some((s) => endsWithLabel(name, s));
  for (const label of labels) {
    if (label.includes("-")) {
      const parts = label.split("-");
      for (let i = 0; i + 4 <= parts.length; i++) consider(quadAt(parts, i));
    } else if (embedding && HEX_LABEL.test(label)) {
      consider(parseInt(label, 16));
    }
  }
  return worst;
}
