// Policy host lists (`allow_hosts`, `deny_hosts`): a name matches itself and its subdomains
// (`example.com` covers `api.example.com`, never `badexample.com`); an IPv4 entry matches
// exactly, or as a CIDR block (`10.0.0.0/8`).
import { endsWithLabel } from "./host-class.ts";
import { parseIpv4 } from "./ip-address.ts";

export interface HostList {
  names: string[];
  blocks: { base: number; bits: number }[];
}

export function compileHostList(entries: readonly string[]): HostList {
  const list: HostList = { names: [], blocks: [] };
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase().replace(/^\*?\./, "").replace(/\.+$/, "");
    const cidr = /^([0-9.]+)\/(\d{1,2})$/.exec(entry);
    const v4 = parseIpv4(cidr ? cidr[1]! : entry);
    if (cidr && v4 && Number(cidr[2]) <= 32) list.blocks.push({ base: v4.value, bits: Number(cidr[2]) });
    else if (v4?.canonical) list.blocks.push({ base: v4.value, bits: 32 });
    else if (entry !== "") list.names.push(entry.replace(/^\[|\]$/g, ""));
  }
  return list;
}

/** Whether a cleaned host (lower-case, no brackets or trailing dot) is on the list. */
export function matchesHostList(list: HostList, name: string): boolean {
  if (list.blocks.length > 0) {
    const v4 = parseIpv4(name);
    if (v4) {
      const value = v4.value;
      if (list.blocks.some(({ base, bits }) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)))) {
        return true;
      }
    }
  }
  return list.names.some((entry) => endsWithLabel(name, entry));
}
