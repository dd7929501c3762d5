// Around every request, in front of the app: a request id (a valid X-Request-Id is kept, else one
// is minted) echoed on the response, where the request came from, load shedding and request
// metrics by the route table's template, and a debug log line. Never a header value, a body or a key.
import { timeOrderedId } from "../lib/ids.ts";
import type { Logger } from "../lib/log.ts";
import type { WardenMetrics } from "../metrics/warden-metrics.ts";
import { errors } from "./errors.ts";
import { OTHER_ROUTE, pathOf, type RouteIndex } from "./route-index.ts";
import type { Route } from "./route.ts";

export interface ClientInfo {
  requestId: string;
  /** The peer is on this machine (127.0.0.0/8, ::1): what /metrics serves without a token. */
  loopback: boolean;
  /** Arrived past the in-flight cap: a route that refuses in-band answers with its own deny. */
  shed?: boolean;
  /** The metrics label: the route table's template of the path, or `other`. */
  route: string;
}

const clients = new WeakMap<Request, ClientInfo>();

/** What the instrumentation learnt about a request; undefined for requests that did not pass it. */
export const clientOf = (request: Request): ClientInfo | undefined => clients.get(request);

const REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

type Handle = (request: Request) => Response | Promise<Response>;
type PeerOf = (request: Request) => string | undefined;

export interface InstrumentOptions {
  metrics?: WardenMetrics;
  log: Logger;
  /** The route table, for labels and for what each route does under overload. */
  routes: RouteIndex;
  /** Requests in progress at once; past it warden answers 503 overloaded at once (default 512). */
  maxInFlight?: number;
  /** Where the count of requests in progress is kept, for background work that yields to them. */
  load?: { inFlight: number };
}

export function instrument(handle: Handle, deps: InstrumentOptions): (request: Request, peer?: PeerOf) => Promise<Response> {
  const maxInFlight = deps.maxInFlight ?? 512;
  const load = deps.load ?? { inFlight: 0 };
  const shed = deps.metrics?.degraded.labels("shed");
  const answer = async (request: Request, client: ClientInfo, policy: Route["shed"]): Promise<Response> => {
    // Shed early and say so (Retry-After), before any body is read: queueing without bound
    // turns overload into timeouts for everyone. A wrong method or unknown path is shed too.
    if (load.inFlight >= maxInFlight && policy !== "never") {
      shed?.inc();
      if (policy !== "in-band") return errors.overloaded();
      client.shed = true;
    }
    load.inFlight++;
    try {
      return await handle(request);
    } finally {
      load.inFlight--;
    }
  };
  return async (request, peer) => {
    const started = performance.now();
    const offered = request.headers.get("x-request-id");
    const requestId = offered && REQUEST_ID.test(offered) ? offered : timeOrderedId("req_", Date.now());
    const group = deps.routes.find(pathOf(request.url));
    const route = group?.template ?? OTHER_ROUTE;
    const client: ClientInfo = { requestId, loopback: isLoopbackAddress(peer?.(request)), route };
    clients.set(request, client);
    let response = await answer(request, client, group?.byMethod.get(request.method)?.shed);
    try {
      response.headers.set("x-request-id", requestId);
    } catch {
      // Immutable headers (a proxied response): copy once to add ours.
      response = new Response(response.body, response);
      response.headers.set("x-request-id", requestId);
    }
    const seconds = (performance.now() - started) / 1000;
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
