// JSON Canonicalization Scheme (RFC 8785): object members sorted by their UTF-16 code units,
// no whitespace, numbers and strings as ECMAScript serialises them (RFC 8785 section 3.2).
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    // JSON.stringify already follows ES number and string serialisation; non-JSON values are null.
    const text = JSON.stringify(value);
    return text === undefined ? "null" : text;
  }
  // Built in one string rather than through map/join: every recorded event is digested this way.
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (!inOrder(keys)) keys.sort();
  let out = "{";
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    out += `${out.length === 1 ? "" : ","}${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
}

/** Keys a writer already put in order (most of ours) need no sort. */
function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return false;
  return true;
}

export const sha256Hex = (text: string): string => new Bun.CryptoHasher("sha256").update(text).digest("hex");
