// Every error body warden sends, mapped in one place: `{ error: "<code>", ... }` as the
// interface defines, with the status that goes with it.
import type { FieldIssue } from "../wire/validate.ts";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Response =>
  new Response(JSON.stringify(body), { status, headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS });

export const errors = {
  invalidEvent: (details: FieldIssue[]) => json({ error: "invalid_event", details }, 400),
  invalidBody: (message?: string) => json(message ? { error: "invalid_body", message } : { error: "invalid_body" }, 400),
  /** `message` says what credential the route wants, never whether a given one ever existed. */
  unauthorized: (message: string) => json({ error: "unauthorized", message }, 401, { "www-authenticate": 'Bearer realm="warden"' }),
  keyRevoked: () => json({ error: "key_revoked" }, 403),
  forbidden: (message: string) => json({ error: "forbidden", message }, 403),
  invalidPublicKey: () => json({ error: "invalid_public_key" }, 400),
  notFound: () => json({ error: "not_found" }, 404),
  methodNotAllowed: (allow: string) => json({ error: "method_not_allowed", allow }, 405, { allow }),
  payloadTooLarge: (limitBytes: number) => json({ error: "payload_too_large", limit_bytes: limitBytes }, 413, { connection: "close" }),
  unsupportedMediaType: () =>
    json({ error: "unsupported_media_type", message: "send Content-Type: application/json" }, 415),
  rateLimited: (limit: number, retryAfterS: number) =>
    json({ error: "rate_limited", limit }, 429, { "retry-after": String(retryAfterS) }),
  storageUnavailable: () => json({ error: "storage_unavailable" }, 503, { "retry-after": "1" }),
  overloaded: () => json({ error: "overloaded" }, 503, { "retry-after": "1" }),
  requestTimeout: () => json({ error: "request_timeout", message: "the body did not arrive in time" }, 408, { connection: "close" }),
  internal: (requestId: string) => json({ error: "internal", request_id: requestId }, 500),
};
