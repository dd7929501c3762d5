// Base64 decoding shared by the detectors: a forgiving decoder for carriers of instructions
// (injection) and a strict one, standard or URL alphabet, for the decoded views of a field.

/** Base64 or base64url text, padding optional, cut at `maxEncoded`, as a binary string. */
export function decodeBase64(candidate: string, maxEncoded = 8192): string | undefined {
  let b64 = candidate.slice(0, maxEncoded).replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  b64 = b64.slice(0, b64.length - (b64.length % 4 === 1 ? 1 : 0));
  b64 += "=".repeat((4 - (b64.length % 4)) % 4);
  try {
    return atob(b64);
  } catch {
    return undefined;
  }
}

/**
 * The bytes of unpadded or padded base64 (`url`: the URL-safe alphabet), or undefined when it
 * is not valid in that alphabet. Whitespace inside (line-wrapped blocks) is skipped.
 */
export function base64Bytes(body: string, url: boolean): Uint8Array | undefined {
  try {
    return Uint8Array.fromBase64(body, { alphabet: url ? "base64url" : "base64", lastChunkHandling: "loose" });
  } catch {
    return undefined;
  }
}
