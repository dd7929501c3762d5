// createApp(deps) -> Elysia: the route table's handlers registered, a 405 with Allow for a known
// path asked with a method it lacks, a JSON 404 for any other path, and every failure mapped to
// the interface's error shape. No environment reads and no listen: tests call app.handle.
import { Elysia } from "elysia";
import type { Engine } from "./engine/engine.ts";
import type { PolicyHolder } from "./engine/policy-set.ts";
import type { SensorCounts } from "./engine/sensor-counts.ts";
import { errors } from "./http/errors.ts";
import type { GuardDeps } from "./http/guard.ts";
import { clientOf } from "./http/instrument.ts";
import { pathOf } from "./http/route-index.ts";
import type { Handler, Route } from "./http/route.ts";
import { ROUTE_INDEX, ROUTES } from "./http/routes.ts";
import type { ConsoleDeps } from "./http/routes/console.ts";
import type { Lifecycle } from "./http/routes/health.ts";
import type { WardenMetrics } from "./metrics/warden-metrics.ts";
import { randomId } from "./lib/ids.ts";
import type { Clock } from "./lib/clock.ts";
import type { Logger } from "./lib/log.ts";
import type { SigningKeyring } from "./trust/signing-keys.ts";
import { StorageOverloadedError, StorageUnavailableError, type ApprovalStore, type LivenessStore, type OperatorStore, type StorageHealth } from "./store/types.ts";

export interface AppDeps extends GuardDeps {
  engine: Engine;
  policies: PolicyHolder;
  health: StorageHealth;
  liveness: LivenessStore;
  approvals: ApprovalStore;
  operators: OperatorStore;
  keyring: SigningKeyring;
  sensorCounts: SensorCounts;
  clock: Clock;
  version: string;
  log: Logger;
  lifecycle: Lifecycle;
  metrics?: WardenMetrics;
  consoleStorage: ConsoleDeps["consoleStorage"];
}

/**
 * What a request the app has no handler for gets: 405 naming the methods the table lists for its
 * path (a page's GET is Bun.serve's, so the app itself answers it 404), else 404.
 */
function unrouted(request: Request): Response {
  const group = ROUTE_INDEX.find(pathOf(request.url));
  return group && !group.byMethod.has(request.method) ? errors.methodNotAllowed(group.allow) : errors.notFound();
}

/** Storage faults are the interface's 503s; anything else is a 500 whose detail goes to the log only. */
function failure(deps: AppDeps, request: Request, code: string | number, error: unknown): Response {
  if (error instanceof StorageUnavailableError) {
    deps.metrics?.degraded.labels("storage_unavailable").inc();
    return errors.storageUnavailable();
  }
  if (error instanceof StorageOverloadedError) {
    deps.metrics?.degraded.labels("overloaded").inc();
    return errors.overloaded();
  }
  const requestId = clientOf(request)?.requestId ?? randomId(12);
  deps.log.error("request failed", {
    request_id: requestId,
    route: pathOf(request.url),
    code: String(code),
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
  return errors.internal(requestId);
}

const NO_PARAMS: Record<string, string> = Object.freeze({});

export function createApp(deps: AppDeps) {
  const handlers = new Map<Route, Handler>();
  /** HEAD where the table lets it: the GET's answer without its body; elsewhere a 405. */
  const head = async (request: Request): Promise<Response> => {
    const get = ROUTE_INDEX.find(pathOf(request.url))?.byMethod.get("HEAD");
    const handle = get && handlers.get(get);
    if (!handle) return unrouted(request);
    const answer = await handle(request, NO_PARAMS);
    return new Response(null, { status: answer.status, headers: answer.headers });
  };
  const app = new Elysia({ strictPath: true })
    // Elysia would run a GET route's handler for any HEAD (for paths with `:params` even past an
    // explicit HEAD route): a HEAD of a one-time login link would spend it. So HEAD is decided here.
    .onRequest(({ request }) => (request.method === "HEAD" ? head(request) : undefined))
    .onError(({ code, error, request }) => (code === "NOT_FOUND" ? unrouted(request) : failure(deps, request, code, error)));
  for (const route of ROUTES) {
    if (!route.handler) continue;
    const handle = route.handler(deps);
    handlers.set(route, handle);
    // Elysia gives a path without `:params` no params object at all.
    app.route(route.method, route.path, ({ request, params }) => handle(request, params ?? NO_PARAMS), route.parse ? { parse: route.parse } : {});
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
