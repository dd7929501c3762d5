// Binds a hook answer to the request that asked it. `warden hook` sends a fresh random nonce in
// `warden-nonce`; warden answers with `x-warden-proof`: HMAC-SHA256 (RFC 2104), keyed with the
// bearer key the request carried, over a label, the nonce and the exact answer body. A PEP that
// gets no proof, or a wrong one, treats the answer as warden being unreachable. It proves the
// answer was made for this request by a holder of the workspace key: a process that speaks
// warden's protocol and was handed the key (it arrives in the request) could still forge it;
// only TLS or a pinned server key would rule that out.
import { timingSafeEqual } from "node:crypto";
import { encodeBase64Url } from "../lib/base64url.ts";

export const NONCE_HEADER = "warden-nonce";
export const PROOF_HEADER = "x-warden-proof";

const NONCE = /^[A-Za-z0-9_-]{22,128}$/;
const PROOF = /^[0-9a-f]{64}$/;
const LABEL = "warden-hook-answer";

export const isNonce = (value: string | null | undefined): value is string => typeof value === "string" && NONCE.test(value);

/** 192 bits from the CSPRNG, base64url. */
export const newNonce = (): string => encodeBase64Url(crypto.getRandomValues(new Uint8Array(24)));

export function answerProof(bearer: string, nonce: string, body: string): string {
  return new Bun.CryptoHasher("sha256", new TextEncoder().encode(bearer)).update(`${LABEL}\n${nonce}\n`).update(body).digest("hex");
}

/** Constant-time check of `x-warden-proof` against what the key, nonce and body give. */
export function verifyAnswerProof(bearer: string, nonce: string, body: string, proof: string | null): boolean {
  if (proof === null || !PROOF.test(proof)) return false;
  return timingSafeEqual(Buffer.from(answerProof(bearer, nonce, body), "hex"), Buffer.from(proof, "hex"));
}
