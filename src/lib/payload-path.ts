// Payload paths as findings and spans name them (`payload.a.b[0]["c d"]`), and a walk along one
// that steps only into own members: a path is outside input (an external detector names any
// path), and `payload.__proto__.x` must never reach Object.prototype.

export type Container = Record<string | number, unknown>;

/** `payload.a.b[0]["c d"]` -> ["a", "b", 0, "c d"]; undefined when it does not start at payload. */
export function parsePayloadPath(path: string): (string | number)[] | undefined {
  if (!path.startsWith("payload")) return undefined;
  const parts: (string | number)[] = [];
  const token = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  token.lastIndex = "payload".length;
  while (token.lastIndex < path.length) {
    const match = token.exec(path);
    if (!match) return undefined;
    if (match[1] !== undefined) parts.push(match[1]);
    else if (match[2] !== undefined) parts.push(Number(match[2]));
    else parts.push(JSON.parse(match[3]!) as string);
  }
  return parts;
}

/** A container's own member, never one inherited. */
export const ownMember = (container: Container, key: string | number): unknown =>
  Object.hasOwn(container, key) ? container[key] : undefined;

/** The container that holds the path's last part, walking own members only; undefined if none. */
export function parentOf(root: Container, parts: readonly (string | number)[]): Container | undefined {
  let parent = root;
  for (const part of parts.slice(0, -1)) {
    const next = ownMember(parent, part);
    if (next === null || typeof next !== "object") return undefined;
    parent = next as Container;
  }
  return parent;
}
