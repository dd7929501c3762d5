// What every authenticated route does first, in this order: key, rate limit, content type,
// body size, UTF-8, JSON. Each refusal is the interface's error shape.
import type { Caller } from "../engine/engine.ts";
import type { PepKeyStore } from "../store/types.ts";
import type { KeyVerifier } from "../trust/api-keys.ts";
import { channelOf } from "../trust/channel.ts";
import { parseJson } from "../wire/json.ts";
import { readBody } from "./body.ts";
import { errors } from "./errors.ts";
import { clientOf } from "./instrument.ts";
import { OTHER_ROUTE } from "./route-index.ts";
import type { WardenMetrics } from "../metrics/warden-metrics.ts";
import type { RateLimiter } from "./rate-limit.ts";

export interface GuardDeps {
  keys: KeyVerifier;
  pepKeys: PepKeyStore;
  rateLimiter: RateLimiter;
  maxBodyBytes: number;
  /** How long a client may take to send its body (default BODY_TIMEOUT_MS). */
  bodyTimeoutMs?: number;
  metrics?: WardenMetrics;
}

export interface JsonRequest {
  caller: Caller;
  bytes: Uint8Array;
  value: unknown;
}

export async function authenticate(request: Request, deps: GuardDeps): Promise<Caller | Response> {
  const authorization = request.headers.get("authorization");
  const key = await deps.keys.verify(authorization);
  if (!key) {
    deps.metrics?.authFailures.labels(authorization ? "unknown" : "missing").inc();
    return errors.unauthorized(authorization
      ? "the bearer credential is not a valid workspace key (unknown, malformed or revoked)"
      : "send a workspace key: Authorization: Bearer svc_... (printed on first start, or warden keys create)");
  }
  const rate = deps.rateLimiter.take(key.keyId);
  if (!rate.ok) {
    deps.metrics?.rateLimited.labels(clientOf(request)?.route ?? OTHER_ROUTE).inc();
    return errors.rateLimited(rate.limit, rate.retryAfterS);
  }
  return { keyId: key.keyId, workspaceId: key.workspaceId, ceiling: "self_declared" };
}

const isJsonContentType = (value: string | null) =>
  value !== null && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(value);

/**
 * Authenticates and reads a JSON body. `onJsonError` builds the endpoint's own error for
 * unparseable JSON (`invalid_event` on evaluate, `invalid_body` elsewhere).
 */
export async function readJsonRequest(
  request: Request,
  deps: GuardDeps,
  onJsonError: (message: string) => Response,
): Promise<JsonRequest | Response> {
  const caller = await authenticate(request, deps);
  if (caller instanceof Response) return caller;
  if (!isJsonContentType(request.headers.get("content-type"))) return errors.unsupportedMediaType();
  const body = await readBody(request, deps.maxBodyBytes, deps.bodyTimeoutMs);
  if (!body.ok) {
    if (body.problem === "too_large") return errors.payloadTooLarge(deps.maxBodyBytes);
    if (body.problem === "timeout") return errors.requestTimeout();
    return onJsonError(body.problem === "not_utf8" ? "body is not valid UTF-8" : "body could not be read");
  }
  // The signature covers the exact bytes received, so it is checked before anything is parsed.
  const signature = request.headers.get("svc-batch-signature");
  const channel = await channelOf(signature, body.bytes, caller.workspaceId, deps.pepKeys);
  if ("revoked" in channel) {
    deps.metrics?.authFailures.labels("revoked").inc();
    return errors.keyRevoked();
  }
  // A signature that does not verify lands at the floor: not a refusal, but worth a graph.
  if (signature !== null && channel.keyId === undefined) deps.metrics?.authFailures.labels("bad_signature").inc();
  const parsed = parseJson(body.text);
  if (!parsed.ok) return onJsonError(parsed.message);
  const signedBy = channel.keyId === undefined ? {} : { pepKeyId: channel.keyId };
  return { caller: { ...caller, ceiling: channel.ceiling, ...signedBy }, bytes: body.bytes, value: parsed.value };
}
