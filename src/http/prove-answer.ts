// Adds `x-warden-proof` (trust/answer-proof.ts) to an answer when the request asked for it with a
// `warden-nonce`: warden's own PEPs take no answer without it. Requests without a nonce (every
// public client) get the answer exactly as before, with no extra header.
import { bearerToken } from "../trust/api-keys.ts";
import { answerProof, isNonce, NONCE_HEADER, PROOF_HEADER } from "../trust/answer-proof.ts";

/** `requestBody`: the bytes as received (NO_BODY for a GET); only answers to a body read whole are proven. */
export async function proveAnswer(request: Request, requestBody: Uint8Array, response: Response): Promise<Response> {
  const nonce = request.headers.get(NONCE_HEADER);
  const bearer = bearerToken(request.headers.get("authorization"));
  if (!isNonce(nonce) || !bearer) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const url = new URL(request.url);
  const exchange = { method: request.method, target: `${url.pathname}${url.search}`, nonce, requestBody, status: response.status, responseBody: body };
  const proof = answerProof(bearer, exchange);
  const headers = new Headers(response.headers);
  if (proof !== undefined) headers.set(PROOF_HEADER, proof);
  return new Response(body, { status: response.status, headers });
}
