// base64url without padding (RFC 4648 section 5), as JOSE uses it (RFC 7515 section 2).
export const encodeBase64Url = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url");

export function decodeBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  return new Uint8Array(Buffer.from(text, "base64url"));
}
