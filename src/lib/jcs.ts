// JSON Canonicalization Scheme (RFC 8785): object members sorted by their UTF-16 code units,
// no whitespace, numbers and strings as ECMAScript serialises them (RFC 8785 section 3.2).
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    // JSON.stringify already follows ES number and string serialisation; non-JSON values are null.
    const text = JSON.stringify(value);
    return text === undefined ? "null" : text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}

export const sha256Hex = (text: string): string => new Bun.CryptoHasher("sha256").update(text).digest("hex");
