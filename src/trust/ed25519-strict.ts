// Strict Ed25519 (RFC 8032 section 5.1.7, plus the small-order checks libsodium makes): the
// library's ed25519 default is ZIP-215, which accepts non-canonical encodings and small-order
// keys, under which the all-zero signature verifies for any message. Every key and signature
// warden accepts goes through here.
import { ed25519 } from "@noble/curves/ed25519.js";

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

/**
 * RFC 8032 section 5.1.7 verification with every malleability closed: A and R canonical and not of
 * small order, S < L (section 5.1.7 step 1: "if ... S >= L ... the signature is invalid").
 */
export function verifyEd25519Strict(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== SIGNATURE_BYTES || !isStrictPublicKey(publicKey)) return false;
  if (!strictPoint(signature.subarray(0, KEY_BYTES))) return false;
  if (scalarOf(signature.subarray(KEY_BYTES)) >= L) return false;
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
}
