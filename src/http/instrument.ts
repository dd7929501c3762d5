// Around every request, in front of the app: a request id (a valid X-Request-Id is kept, else one
// is minted) echoed on the response, where the request came from, request metrics by route
// template, and a debug log line. Never a header value, a body or a key.
import { timeOrderedId } from "../lib/ids.ts";
import type { Logger } from "../lib/log.ts";
import type { WardenMetrics } from "../metrics/warden-metrics.ts";
import { errors } from "./errors.ts";

export interface ClientInfo {
  requestId: string;
  /** The peer is on this machine (127.0.0.0/8, ::1): what /metrics serves without a token. */
  loopback: boolean;
  /** Arrived past the in-flight cap: a hook route answers with its degraded-mode deny. */
  shed?: boolean;
}

const clients = new WeakMap<Request, ClientInfo>();

/** What the instrumentation learnt about a request; undefined for requests that did not pass it. */
export const clientOf = (request: Request): ClientInfo | undefined => clients.get(request);

const CONSOLE_API = new Set(["session", "logout", "workspaces", "events", "event", "stream", "approvals", "fleet", "policy"]);

const REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

const EXACT = new Set([
  "/v1/health", "/v1/evaluate", "/v1/ingest", "/v1/config", "/v1/enroll", "/v1/heartbeat", "/v1/approvals",
  "/.well-known/jwks.json", "/hooks/claude-code", "/hooks/codex", "/admin/v1/approvals", "/metrics", "/livez", "/readyz",
  "/openapi.json", "/console", "/console/login",
]);

/** A bounded label: known paths as they are, id segments folded, everything else `other`. */
export function routeTemplate(path: string): string {
  if (EXACT.has(path)) return path;
  if (/^\/admin\/v1\/approvals\/[^/]+$/.test(path)) return "/admin/v1/approvals/:id";
  if (/^\/admin\/v1\/approvals\/[^/]+\/[^/]+$/.test(path)) return "/admin/v1/approvals/:id/:action";
  if (/^\/admin\/v1\/console\/approvals\/[^/]+\/[^/]+$/.test(path)) return "/admin/v1/console/approvals/:id/:action";
  if (/^\/admin\/v1\/console\/[a-z]+$/.test(path) && CONSOLE_API.has(path.slice(18))) return path;
  return "other";
}

const pathOf = (url: string): string => {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const query = url.indexOf("?", start);
  return url.slice(start, query === -1 ? undefined : query);
};

export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

type Handle = (request: Request) => Response | Promise<Response>;
type PeerOf = (request: Request) => string | undefined;

/** Health and metrics answer even when warden sheds load: they are how operators see it. */
const NEVER_SHED = new Set(["/livez", "/readyz", "/v1/health", "/metrics"]);

export interface InstrumentOptions {
  metrics?: WardenMetrics;
  log: Logger;
  /** Requests in progress at once; past it warden answers 503 overloaded at once (default 512). */
  maxInFlight?: number;
}

export function instrument(handle: Handle, deps: InstrumentOptions): (request: Request, peer?: PeerOf) => Promise<Response> {
  const maxInFlight = deps.maxInFlight ?? 512;
  let inFlight = 0;
  const shed = deps.metrics?.degraded.labels("shed");
  const answer = async (request: Request, path: string): Promise<Response> => {
    // Shed early and say so (Retry-After), before any body is read: queueing without bound
    // turns overload into timeouts for everyone.
    if (inFlight >= maxInFlight && !NEVER_SHED.has(path)) {
      shed?.inc();
      // A harness treats a 503 from an http hook as "carry on": hooks answer a deny themselves.
      if (!path.startsWith("/hooks/")) return errors.overloaded();
      clients.get(request)!.shed = true;
    }
    inFlight++;
    try {
      return await handle(request);
    } finally {
      inFlight--;
    }
  };
  return async (request, peer) => {
    const started = performance.now();
    const offered = request.headers.get("x-request-id");
    const requestId = offered && REQUEST_ID.test(offered) ? offered : timeOrderedId("req_", Date.now());
    clients.set(request, { requestId, loopback: isLoopbackAddress(peer?.(request)) });
    const path = pathOf(request.url);
    let response = await answer(request, path);
    try {
      response.headers.set("x-request-id", requestId);
    } catch {
      // Immutable headers (a proxied response): copy once to add ours.
      response = new Response(response.body, response);
      response.headers.set("x-request-id", requestId);
    }
    const seconds = (performance.now() - started) / 1000;
    const route = routeTemplate(path);
    const code = String(response.status);
    if (deps.metrics) {
      deps.metrics.httpRequests.labels(request.method, route, code).inc();
      deps.metrics.httpDuration.labels(request.method, route, code).observe(seconds);
    }
    if (deps.log.level === "debug") {
      deps.log.debug("request", { req_id: requestId, method: request.method, route, status: response.status, duration_ms: Math.round(seconds * 1e6) / 1000 });
    }
    return response;
  };
}
