// Verification of `svc-batch-signature`: a detached compact JWS (RFC 7515 Appendix F) with an
// unencoded payload (RFC 7797, `b64: false`) over the exact raw request body, signed with
// Ed25519 (RFC 8037, alg `EdDSA`), verified strictly (RFC 8032 section 5.1.7, no small-order
// keys or R, no S >= L: ed25519-strict.ts). Verified before the body is parsed.
import { decodeBase64Url } from "../lib/base64url.ts";
import { isStrictPublicKey, verifyEd25519Strict } from "./ed25519-strict.ts";

const MAX_HEADER_CHARS = 1024;

export type JwsHeader = { kid: string };

export type Parsed = { ok: true; header: JwsHeader; encodedHeader: string; signature: Uint8Array } | { ok: false; reason: string };

/** Checks the form and the protected header; the signature itself is checked by `verifyDetachedJws`. */
export function parseDetachedJws(value: string | null): Parsed {
  if (!value) return { ok: false, reason: "absent" };
  const parts = value.trim().split(".");
  // Detached content (RFC 7515 Appendix F): the middle part is empty.
  if (parts.length !== 3 || parts[1] !== "" || parts[0]!.length > MAX_HEADER_CHARS) return { ok: false, reason: "not a detached compact JWS" };
  const headerBytes = decodeBase64Url(parts[0]!);
  const signature = decodeBase64Url(parts[2]!);
  if (!headerBytes || !signature || signature.length !== 64) return { ok: false, reason: "malformed encoding" };
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(headerBytes));
  } catch {
    return { ok: false, reason: "header is not JSON" };
  }
  if (header === null || typeof header !== "object" || Array.isArray(header)) return { ok: false, reason: "header is not an object" };
  // Only EdDSA is accepted, whatever the header claims: no algorithm confusion (RFC 8725 2.1).
  if (header.alg !== "EdDSA") return { ok: false, reason: "alg is not EdDSA" };
  // b64 false must be understood and marked critical (RFC 7797 section 6).
  if (header.b64 !== false || !Array.isArray(header.crit) || !header.crit.includes("b64")) return { ok: false, reason: "b64/crit" };
  const known = new Set(["alg", "kid", "b64", "crit", "typ"]);
  if (header.crit.some((name) => typeof name !== "string" || !known.has(name))) return { ok: false, reason: "unknown critical header" };
  if (typeof header.kid !== "string" || header.kid === "") return { ok: false, reason: "no kid" };
  return { ok: true, header: { kid: header.kid }, encodedHeader: parts[0]!, signature };
}

/** Signing input (RFC 7797 section 3): ASCII(BASE64URL(header)) || "." || raw payload bytes. */
export function signingInput(encodedHeader: string, body: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode(`${encodedHeader}.`);
  const input = new Uint8Array(prefix.length + body.length);
  input.set(prefix);
  input.set(body, prefix.length);
  return input;
}

export function verifyDetachedJws(parsed: Extract<Parsed, { ok: true }>, body: Uint8Array, publicKey: Uint8Array): boolean {
  return verifyEd25519Strict(parsed.signature, signingInput(parsed.encodedHeader, body), publicKey);
}

/** A valid raw Ed25519 public key: 32 bytes, a canonical encoding of a point not of small order. */
export function readPublicKey(text: unknown): Uint8Array | undefined {
  if (typeof text !== "string") return undefined;
  const bytes = decodeBase64Url(text);
  return bytes && isStrictPublicKey(bytes) ? bytes : undefined;
}
