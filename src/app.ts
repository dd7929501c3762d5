// createApp(deps) -> Elysia: routes wired to their handlers and every failure mapped to the
// interface's error shape. No environment reads and no listen: tests call app.handle.
import { openapi } from "@elysiajs/openapi";
import { Elysia } from "elysia";
import { completeDocument, detailOf, OPENAPI_DOCUMENTATION } from "./http/api-docs.ts";
import type { Engine } from "./engine/engine.ts";
import type { PolicyHolder } from "./engine/policy-set.ts";
import type { SensorCounts } from "./engine/sensor-counts.ts";
import { errors } from "./http/errors.ts";
import type { GuardDeps } from "./http/guard.ts";
import { handleAdminApprovals } from "./http/routes/admin-approvals.ts";
import { consoleRoutes, type ConsoleDeps } from "./http/routes/console.ts";
import { handleApprovals, handleJwks } from "./http/routes/approvals.ts";
import { handleConfig } from "./http/routes/config.ts";
import { handleEnroll } from "./http/routes/enroll.ts";
import { handleEvaluate } from "./http/routes/evaluate.ts";
import { handleHealth, handleLivez, handleReadyz, type Lifecycle } from "./http/routes/health.ts";
import { handleMetrics } from "./http/routes/metrics.ts";
import { clientOf } from "./http/instrument.ts";
import type { WardenMetrics } from "./metrics/warden-metrics.ts";
import { handleHeartbeat } from "./http/routes/heartbeat.ts";
import { handleHook } from "./http/routes/hooks.ts";
import { handleIngest } from "./http/routes/ingest.ts";
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

/** Method and path of every route, so a known path with the wrong method is a 405, not a 404. */
const ROUTES: Record<string, string> = {
  "/v1/health": "GET",
  "/v1/evaluate": "POST",
  "/v1/ingest": "POST",
  "/v1/config": "GET",
  "/v1/enroll": "POST",
  "/v1/heartbeat": "POST",
  "/v1/approvals": "GET",
  "/.well-known/jwks.json": "GET",
  "/hooks/claude-code": "POST",
  "/hooks/codex": "POST",
  "/metrics": "GET",
  "/livez": "GET",
  "/readyz": "GET",
  "/openapi.json": "GET",
};

function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const query = url.indexOf("?", start);
  return url.slice(start, query === -1 ? undefined : query);
}

/** GET /openapi.json: the document only (provider null serves no UI, so nothing comes from a CDN). */
function openApiDocument() {
  return new Elysia({ name: "warden-openapi" })
    .onAfterHandle(({ response, path }) => {
      if (path === "/openapi.json" && response !== null && typeof response === "object") completeDocument(response);
    })
    .use(openapi({ provider: null, specPath: "/openapi.json", path: "/openapi", documentation: OPENAPI_DOCUMENTATION, exclude: { staticFile: false, paths: ["/openapi.json"] } }));
}

export function createApp(deps: AppDeps) {
  const raw = (route: Parameters<typeof detailOf>[0]) => ({ parse: "none" as const, detail: detailOf(route) });
  const doc = (route: Parameters<typeof detailOf>[0]) => ({ detail: detailOf(route) });
  return new Elysia()
    .use(openApiDocument())
    .onError(({ code, error, request }) => {
      if (code === "NOT_FOUND") {
        const allow = ROUTES[pathOf(request.url)];
        return allow ? errors.methodNotAllowed(allow) : errors.notFound();
      }
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
    })
    .get("/v1/health", () => handleHealth(deps.health, deps.version), doc("GET /v1/health"))
    .get("/livez", () => handleLivez(), doc("GET /livez"))
    .get("/readyz", ({ request }) => handleReadyz(request, deps), doc("GET /readyz"))
    .get("/metrics", ({ request }) => handleMetrics(request, deps), doc("GET /metrics"))
    .post("/v1/evaluate", ({ request }) => handleEvaluate(request, deps), raw("POST /v1/evaluate"))
    .post("/v1/ingest", ({ request }) => handleIngest(request, deps), raw("POST /v1/ingest"))
    .get("/v1/config", ({ request }) => handleConfig(request, deps), doc("GET /v1/config"))
    .post("/v1/enroll", ({ request }) => handleEnroll(request, deps), raw("POST /v1/enroll"))
    .post("/v1/heartbeat", ({ request }) => handleHeartbeat(request, deps), raw("POST /v1/heartbeat"))
    .get("/v1/approvals", ({ request }) => handleApprovals(request, deps), doc("GET /v1/approvals"))
    .get("/.well-known/jwks.json", () => handleJwks(deps.keyring), doc("GET /.well-known/jwks.json"))
    .post("/hooks/claude-code", ({ request }) => handleHook("claude-code", request, deps), raw("POST /hooks/claude-code"))
    .post("/hooks/codex", ({ request }) => handleHook("codex", request, deps), raw("POST /hooks/codex"))
    .get("/admin/v1/approvals", ({ request }) => handleAdminApprovals(request, deps, {}), doc("GET /admin/v1/approvals"))
    .get("/admin/v1/approvals/:id", ({ request, params }) => handleAdminApprovals(request, deps, params), doc("GET /admin/v1/approvals/:id"))
    .post("/admin/v1/approvals/:id/:action", ({ request, params }) => handleAdminApprovals(request, deps, params), raw("POST /admin/v1/approvals/:id/:action"))
    .use(consoleRoutes(deps));
}

export type App = ReturnType<typeof createApp>;
