// Named attack suites for Ed25519 verification (RFC 8032 section 5.1.7): what ZIP-215 (the
// library's ed25519 default) lets through must not verify here.
import { describe, expect, test } from "bun:test";
import { ed25519 } from "@noble/curves/ed25519.js";
import { createHash } from "node:crypto";
import { isStrictPublicKey, verifyEd25519Strict } from "./ed25519-strict.ts";
import { SMALL_ORDER_HEX } from "../../test/ed25519-vectors.ts";

const hex = (text: string) => Uint8Array.from(Buffer.from(text, "hex"));
const L = ed25519.Point.Fn.ORDER;
const P = ed25519.Point.Fp.ORDER;
const message = new TextEncoder().encode("any body at all");

const le = (n: bigint, bytes = 32) => {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++, n >>= 8n) out[i] = Number(n & 0xffn);
  return out;
};
const leToBig = (bytes: Uint8Array) => bytes.reduceRight((n, b) => (n << 8n) | BigInt(b), 0n);

const SMALL_ORDER = SMALL_ORDER_HEX.map(hex);

function keyPair() {
  const secret = ed25519.utils.randomSecretKey();
  return { secret, publicKey: ed25519.getPublicKey(secret), scalar: ed25519.utils.getExtendedPublicKey(secret).scalar };
}

test("an honest signature verifies, and one changed byte of the message does not", () => {
  const { secret, publicKey } = keyPair();
  const signature = ed25519.sign(message, secret);
  expect(verifyEd25519Strict(signature, message, publicKey)).toBe(true);
  expect(verifyEd25519Strict(signature, new TextEncoder().encode("any body at alL"), publicKey)).toBe(false);
  expect(isStrictPublicKey(publicKey)).toBe(true);
});

describe("attack: small-order public key", () => {
  test("the identity key with the all-zero signature verifies any message under ZIP-215, never here", () => {
    const identity = SMALL_ORDER[0]!;
    const zero = new Uint8Array(64);
    // What warden used to do: the library default accepts it.
    expect(ed25519.verify(zero, message, identity)).toBe(true);
    expect(verifyEd25519Strict(zero, message, identity)).toBe(false);
  });

  test("no point of the 8-torsion is a public key", () => {
    for (const point of SMALL_ORDER) expect({ point: Buffer.from(point).toString("hex"), ok: isStrictPublicKey(point) }).toEqual({ point: Buffer.from(point).toString("hex"), ok: false });
  });
});

describe("attack: small-order R", () => {
  test("R in the 8-torsion with S = k*a passes the cofactored equation; refused", () => {
    const { publicKey, scalar } = keyPair();
    for (const R of SMALL_ORDER) {
      const k = leToBig(createHash("sha512").update(R).update(publicKey).update(message).digest()) % L;
      const signature = new Uint8Array([...R, ...le((k * scalar) % L)]);
      expect(ed25519.verify(signature, message, publicKey, { zip215: false })).toBe(true);
      expect(verifyEd25519Strict(signature, message, publicKey)).toBe(false);
    }
  });
});

describe("attack: a key with a torsion component", () => {
  test("A + T (T of order 8) signs so that only the cofactored equation holds; refused", () => {
    const { scalar } = keyPair();
    const torsion = ed25519.Point.fromBytes(SMALL_ORDER[4]!, false);
    const mixed = ed25519.Point.BASE.multiply(scalar).add(torsion);
    const publicKey = mixed.toBytes();
    // Not of small order and canonical: the encoding checks let it through to the equation.
    expect(isStrictPublicKey(publicKey)).toBe(true);
    let refused = 0;
    for (let r = 1n; refused < 4; r++) {
      const R = ed25519.Point.BASE.multiply(r).toBytes();
      const k = leToBig(createHash("sha512").update(R).update(publicKey).update(message).digest()) % L;
      // S*B = R + k*A differs from R + k*(A + T) by k*T, which is zero only when 8 divides k.
      if (k % 8n === 0n) continue;
      const signature = new Uint8Array([...R, ...le((r + k * scalar) % L)]);
      expect(ed25519.verify(signature, message, publicKey, { zip215: false })).toBe(true);
      expect(verifyEd25519Strict(signature, message, publicKey)).toBe(false);
      refused++;
    }
  });
});

describe("attack: S >= L (signature malleability)", () => {
  test("S + L names the same scalar and is refused", () => {
    const { secret, publicKey } = keyPair();
    const signature = ed25519.sign(message, secret);
    const s = leToBig(signature.subarray(32));
    const malleated = new Uint8Array([...signature.subarray(0, 32), ...le(s + L)]);
    expect(verifyEd25519Strict(malleated, message, publicKey)).toBe(false);
  });
});

describe("attack: non-canonical encodings", () => {
  /** y + p for a small y that decodes to a point outside the torsion: the same point, other bytes. */
  function nonCanonicalPoint(): Uint8Array {
    for (let y = 2n; y < 19n; y++) {
      try {
        const point = ed25519.Point.fromBytes(le(y), false);
        if (!point.isSmallOrder()) return le(y + P);
      } catch {
        // No point has this y.
      }
    }
    throw new Error("no y below 19 decodes");
  }

  test("a key with y >= p decodes under ZIP-215, is refused here", () => {
    const key = nonCanonicalPoint();
    expect(ed25519.utils.isValidPublicKey(key, true)).toBe(true);
    expect(isStrictPublicKey(key)).toBe(false);
  });

  test("x = 0 with the sign bit set (the identity, written differently)", () => {
    const key = hex("0100000000000000000000000000000000000000000000000000000000000080");
    expect(isStrictPublicKey(key)).toBe(false);
    expect(verifyEd25519Strict(new Uint8Array(64), message, key)).toBe(false);
  });

  test("wrong lengths are refused, never thrown", () => {
    const { secret, publicKey } = keyPair();
    const signature = ed25519.sign(message, secret);
    expect(verifyEd25519Strict(signature.subarray(0, 63), message, publicKey)).toBe(false);
    expect(verifyEd25519Strict(signature, message, publicKey.subarray(0, 31))).toBe(false);
    expect(isStrictPublicKey(new Uint8Array(33))).toBe(false);
  });
});
