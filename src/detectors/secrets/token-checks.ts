// Structural checks that make a pattern match trustworthy: GitHub/npm token checksums and JWT
// segments that must decode to JSON objects.

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function decodeBase62(text: string): number {
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = BASE62.indexOf(text[i]!);
    if (digit < 0) return -1;
    value = value * 62 + digit;
  }
  return value;
}

/**
 * GitHub's 2021 token format (and npm's, which copied it) ends in a base62 CRC32 of the random
 * part: `<prefix>_<30 random><6 checksum>`. See github.blog 2021-04-05, "Behind GitHub's new
 * authentication token formats".
 */
export function hasValidTokenChecksum(token: string): boolean {
  const underscore = token.indexOf("_");
  const body = token.slice(underscore + 1);
  if (body.length !== 36) return false;
  return Bun.hash.crc32(body.slice(0, 30)) === decodeBase62(body.slice(30));
}

function decodesToJsonObject(segment: string): boolean {
  if (segment.length % 4 === 1) return false;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

// The signature of jwt.io's sample token, reproduced in countless tutorials.
const DOCUMENTED_JWT_SIGNATURES = new Set(["SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"]);

/** The shortest real signature: HMAC-SHA256's 32 bytes are 43 base64url characters. */
const MIN_SIGNATURE = 43;

/**
 * A signed JWS compact serialisation (RFC 7515 section 7.1) whose header and payload are JSON
 * objects. A missing or placeholder signature (`.sig`, test fixtures) is no credential: no
 * server that checks signatures accepts it.
 */
export function isStructuredJwt(token: string): boolean {
  const [header, payload, signature] = token.split(".");
  if (header === undefined || payload === undefined || signature === undefined) return false;
  if (signature.length < MIN_SIGNATURE || DOCUMENTED_JWT_SIGNATURES.has(signature)) return false;
  return decodesToJsonObject(header) && decodesToJsonObject(payload);
}
