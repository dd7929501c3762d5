// Binds warden's answer to the exact request that asked it. A PEP (`warden hook`, `warden exec`)
// sends a fresh random nonce in `warden-nonce`; warden answers with `x-warden-proof`, the hex of
//
//   HMAC-SHA256(K, M)                                      (RFC 2104; SHA-256 per FIPS 180-4)
//   K = the bearer key the request carried (RFC 6750), as UTF-8 bytes
//   M = "warden-answer-proof/2" LF method LF target LF nonce LF status LF
//       hex(SHA-256(request body bytes as received)) LF hex(SHA-256(response body bytes))
//
// `target` is the path and query warden routed (the PEP's canonical path, without any prefix of
// its base URL); `status` is the answer's HTTP status. The label separates these MACs from any
// other use of the key; every field is drawn from an alphabet without LF (checked), so M splits
// one way only. The request digest is what stops a relay that rewrites the request (a harmless
// command for a dangerous one) and forwards the PEP's own nonce: warden proves the request it
// got, and the PEP checks against the request it sent. A PEP that gets no proof, or a wrong one,
// treats the answer as warden being unreachable.
//
// It proves the answer was made for this request by a holder of the workspace key: a process
// that speaks warden's protocol and is handed the key (it arrives in the request) could still
// forge it; only TLS or a pinned server key would rule that out.
import { encodeBase64Url } from "../lib/base64url.ts";
import { equalBytes } from "../lib/constant-time.ts";

export const NONCE_HEADER = "warden-nonce";
export const PROOF_HEADER = "x-warden-proof";

/** The request body of a GET: proven as zero bytes. */
export const NO_BODY = new Uint8Array(0);

const NONCE = /^[A-Za-z0-9_-]{22,128}$/;
const PROOF = /^[0-9a-f]{64}$/;
const LABEL = "warden-answer-proof/2";

export const isNonce = (value: string | null | undefined): value is string => typeof value === "string" && NONCE.test(value);

/** 192 bits from the CSPRNG, base64url. */
export const newNonce = (): string => encodeBase64Url(crypto.getRandomValues(new Uint8Array(24)));

/** One request and its answer, as each side saw them. */
export interface Exchange {
  method: string;
  /** Path and query, e.g. `/v1/approvals?guard_id=exec%3A1`. */
  target: string;
  nonce: string;
  requestBody: Uint8Array;
  status: number;
  responseBody: Uint8Array | string;
}

const sha256Hex = (bytes: Uint8Array | string): string => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

const METHOD = /^[A-Z]{1,16}$/;
const TARGET = /^\/[\x21-\x7e]*$/;

/** The HMAC input; undefined when a field could carry a separator (never for a real request). */
function messageOf(exchange: Exchange): string | undefined {
  const { method, target, nonce, status } = exchange;
  if (!METHOD.test(method) || !TARGET.test(target) || !isNonce(nonce) || !Number.isInteger(status)) return undefined;
  return [LABEL, method, target, nonce, String(status), sha256Hex(exchange.requestBody), sha256Hex(exchange.responseBody)].join("\n");
}

/** The proof for an exchange under `bearer`; undefined when the exchange cannot be proven. */
export function answerProof(bearer: string, exchange: Exchange): string | undefined {
  const message = messageOf(exchange);
  if (message === undefined) return undefined;
  return new Bun.CryptoHasher("sha256", new TextEncoder().encode(bearer)).update(message).digest("hex");
}

/** Constant-time check of `x-warden-proof` against what the key and the exchange give. */
export function verifyAnswerProof(bearer: string, exchange: Exchange, proof: string | null): boolean {
  if (proof === null || !PROOF.test(proof)) return false;
  const expected = answerProof(bearer, exchange);
  return expected !== undefined && equalBytes(Buffer.from(expected, "hex"), Buffer.from(proof, "hex"));
}
