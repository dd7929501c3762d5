// Strict Ed25519 (RFC 8032 section 5.1.7, plus the small-order checks libsodium makes): the
// library's ed25519 default is ZIP-215, which accepts non-canonical encodings and small-order
// keys, under which the all-zero signature verifies for any message. Every key and signature
// warden accepts goes through here.
//
// The encodings are checked here with @noble/curves; the equation itself is BoringSSL's (Bun's
// node:crypto), about a tenth of the JavaScript's cost on every signed request. BoringSSL checks
// it without the cofactor, as libsodium does: with A and R canonical, not of small order and
// S < L, what it accepts the cofactored RFC 8032 equation accepts too, never more.
import { ed25519 } from "@noble/curves/ed25519.js";
import { createPublicKey, verify, type KeyObject } from "node:crypto";

const KEY_BYTES = 32;
const SIGNATURE_BYTES = 64;
/** The order L of the prime-order subgroup (RFC 8032 section 5.1). */
const L = ed25519.Point.Fn.ORDER;

type Point = ReturnType<typeof ed25519.Point.fromBytes>;

/**
 * A point encoding RFC 8032 section 5.1.3 accepts (y < p, no x = 0 with the sign bit set), that
 * re-encodes to the same bytes, and is not of small order (the identity and the 8-torsion points:
 * with such a key or R, one signature verifies for many messages).
 */
function strictPoint(bytes: Uint8Array): Point | undefined {
  if (bytes.length !== KEY_BYTES) return undefined;
  try {
    const point = ed25519.Point.fromBytes(bytes, false);
    if (point.isSmallOrder()) return undefined;
    const again = point.toBytes();
    return again.every((b, i) => b === bytes[i]) ? point : undefined;
  } catch {
    return undefined;
  }
}

const scalarOf = (bytes: Uint8Array): bigint => {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
};

/** A public key warden will enroll: 32 bytes, canonical, not of small order. */
export const isStrictPublicKey = (bytes: Uint8Array): boolean => strictPoint(bytes) !== undefined;

/** Enrolled keys sign request after request: each is checked and imported once. */
const MAX_KEYS = 4096;
const verifiers = new Map<string, KeyObject | null>();

/** The key as BoringSSL takes it, or null when it is no strict public key. */
function verifierOf(publicKey: Uint8Array): KeyObject | null {
  const id = Buffer.from(publicKey).toString("base64url");
  const known = verifiers.get(id);
  if (known !== undefined) return known;
  const key = isStrictPublicKey(publicKey) ? createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: id }, format: "jwk" }) : null;
  if (verifiers.size >= MAX_KEYS) verifiers.delete(verifiers.keys().next().value!);
  verifiers.set(id, key);
  return key;
}

/**
 * RFC 8032 section 5.1.7 verification with every malleability closed: A and R canonical and not of
 * small order, S < L (section 5.1.7 step 1: "if ... S >= L ... the signature is invalid").
 */
export function verifyEd25519Strict(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== SIGNATURE_BYTES || publicKey.length !== KEY_BYTES) return false;
  const key = verifierOf(publicKey);
  if (!key || !strictPoint(signature.subarray(0, KEY_BYTES))) return false;
  if (scalarOf(signature.subarray(KEY_BYTES)) >= L) return false;
  try {
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
