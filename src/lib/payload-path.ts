// Payload paths as findings and spans name them (`payload.a.b[0]["c d"]`, a key over 64
// characters as `[#k:<digest>]`), and a walk along one that steps only into own members: a path is
// outside input (an external detector names any path), and `payload.__proto__.x` must never reach
// Object.prototype.

export type Container = Record<string | number, unknown>;

/** `payload.a.b[0]["c d"]` -> ["a", "b", 0, "c d"]; undefined when it does not start at payload. */
export function parsePayloadPath(path: string): (string | number | KeyRef)[] | undefined {
  if (!path.startsWith("payload")) return undefined;
  const parts: (string | number | KeyRef)[] = [];
  const token = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\[#k:([0-9a-f]{32})\]/y;
  token.lastIndex = "payload".length;
  while (token.lastIndex < path.length) {
    const match = token.exec(path);
    if (!match) return undefined;
    if (match[1] !== undefined) parts.push(match[1]);
    else if (match[2] !== undefined) parts.push(Number(match[2]));
    else if (match[3] !== undefined) parts.push(JSON.parse(match[3]) as string);
    else parts.push({ digest: match[4]! });
  }
  return parts;
}

/** A key a path names by its digest (a long key); resolved against the container's own keys. */
export interface KeyRef {
  digest: string;
}

/** Keys longer than this are named by their digest in a path. */
export const MAX_KEY_IN_PATH = 64;

const keyDigest = (key: string): string => new Bun.CryptoHasher("sha256").update(key).digest("hex").slice(0, 32);

/** `#k:` and 128 bits of SHA-256 of the key: how a path names a key too long to repeat. */
export const keyRef = (key: string): string => `#k:${keyDigest(key)}`;

/** A container's own member, never one inherited; a digest names the own key that has it. */
export function ownMember(container: Container, key: string | number | KeyRef): unknown {
  if (typeof key === "object") {
    const found = ownKeyOf(container, key);
    return found === undefined ? undefined : container[found];
  }
  return Object.hasOwn(container, key) ? container[key] : undefined;
}

/** The own key a part names (a digest resolved to its key); undefined when there is none. */
export function ownKeyOf(container: Container, key: string | number | KeyRef): string | number | undefined {
  if (typeof key !== "object") return Object.hasOwn(container, key) ? key : undefined;
  for (const own of Object.keys(container)) if (own.length > MAX_KEY_IN_PATH && keyDigest(own) === key.digest) return own;
  return undefined;
}

/** The container that holds the path's last part, walking own members only; undefined if none. */
export function parentOf(root: Container, parts: readonly (string | number | KeyRef)[]): Container | undefined {
  let parent = root;
  for (const part of parts.slice(0, -1)) {
    const next = ownMember(parent, part);
    if (next === null || typeof next !== "object") return undefined;
    parent = next as Container;
  }
  return parent;
}
