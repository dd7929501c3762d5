// The route table: every path warden answers, with its method, auth, documented query, body and
// answers, its behaviour under overload and its handler. Routing and 405s (app.ts), labels and
// shedding (instrument.ts via route-index.ts), the console page (serve-options.ts) and
// /openapi.json (openapi.ts) are all derived from this one list.
import { Type } from "@sinclair/typebox";
import { GuardEvent } from "../wire/guard-event.ts";
import * as R from "../wire/responses.ts";
import { json } from "./errors.ts";
import { serveOpenApiDocument } from "./openapi.ts";
import type { Route } from "./route.ts";
import { createRouteIndex } from "./route-index.ts";
import { handleAdminApprovals } from "./routes/admin-approvals.ts";
import { handleApprovals, handleJwks } from "./routes/approvals.ts";
import { handleConfig } from "./routes/config.ts";
import { behindSession, decide, handleLogin, logout, showSession, streamEvents } from "./routes/console.ts";
import { listApprovals, listEvents, listWorkspaces, showEvent, showFleet, showPolicy } from "./routes/console-api.ts";
import { consolePageRoutes } from "./routes/console-page.ts";
import { handleEnroll } from "./routes/enroll.ts";
import { handleEvaluate } from "./routes/evaluate.ts";
import { handleHealth, handleLivez, handleReadyz } from "./routes/health.ts";
import { handleHeartbeat } from "./routes/heartbeat.ts";
import { handleHook } from "./routes/hooks.ts";
import { handleIngest } from "./routes/ingest.ts";
import { handleMetrics } from "./routes/metrics.ts";

const E = R.Errors;
/** What every authenticated JSON endpoint may answer besides its own bodies (503: load shed). */
const KEYED = { 401: E.unauthorized, 429: E.rateLimited, 500: E.internal, 503: E.overloaded };
const WITH_BODY = { ...KEYED, 403: E.keyRevoked, 408: E.requestTimeout, 413: E.payloadTooLarge, 415: E.unsupportedMediaType };
/** Endpoints that record answer 503 rather than a verdict they could not store. */
const STORING = { 503: Type.Union([E.storageUnavailable, E.overloaded]) };
const OPERATOR = { 400: E.invalidBody, 401: E.unauthorized, 503: E.overloaded };
/** What every console API call may answer besides its own body. */
const SESSION = { 401: E.unauthorized, 500: E.internal, 503: Type.Union([E.storageUnavailable, E.overloaded]) };
const MUTATION = { ...SESSION, 403: E.forbidden, 408: E.requestTimeout, 413: E.payloadTooLarge, 415: E.unsupportedMediaType };
const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });

const ADMIN_QUERY = [{ name: "workspace", required: true, description: "The workspace whose approvals to see" }];
const WORKSPACE_QUERY = [{ name: "workspace", required: true, description: "The workspace to show" }];
const hookMode = (description: string) => [{ name: "mode", required: false, description }];

export const ROUTES: readonly Route[] = [
  // The public interface (interface.md, decisions.md), health and metrics.
  {
    method: "POST", path: "/v1/evaluate", auth: "key", parse: "none",
    summary: "Judge one GuardEvent and record it; answers the effective Verdict", tag: "decisions", body: GuardEvent,
    responses: { 200: R.Verdict, 400: E.invalidEvent, ...WITH_BODY, ...STORING },
    handler: (deps) => (request) => handleEvaluate(request, deps),
  },
  {
    method: "POST", path: "/v1/ingest", auth: "key", parse: "none",
    summary: "Record a batch of 1 to 100 GuardEvents; one result per slot", tag: "decisions", body: R.IngestRequest,
    responses: { 207: R.IngestResponse, 400: E.invalidBody, ...WITH_BODY, ...STORING },
    handler: (deps) => (request) => handleIngest(request, deps),
  },
  {
    method: "POST", path: "/v1/enroll", auth: "key", parse: "none",
    summary: "Bind a PEP's Ed25519 public key to the workspace", tag: "trust", body: R.EnrollRequest,
    responses: { 201: R.EnrollCreated, 200: R.EnrollExisting, 400: Type.Union([E.invalidPublicKey, E.invalidBody]), ...WITH_BODY, ...STORING },
    handler: (deps) => (request) => handleEnroll(request, deps),
  },
  {
    method: "POST", path: "/v1/heartbeat", auth: "key", parse: "none",
    summary: "A PEP or agent says it is alive", tag: "trust", body: R.HeartbeatRequest,
    responses: { 200: R.HeartbeatResponse, 400: E.invalidBody, ...WITH_BODY, 403: Type.Union([E.keyRevoked, E.forbidden]), ...STORING },
    handler: (deps) => (request) => handleHeartbeat(request, deps),
  },
  {
    method: "GET", path: "/v1/config", auth: "key",
    summary: "Degraded-mode directives for when warden is unreachable", tag: "trust",
    responses: { 200: R.ConfigResponse, ...KEYED },
    handler: (deps) => (request) => handleConfig(request, deps),
  },
  {
    method: "GET", path: "/v1/approvals", auth: "key",
    summary: "Poll the human decision behind require_approval", tag: "approvals",
    query: [{ name: "guard_id", required: true, description: "The guard_id of the held action" }],
    responses: { 200: R.ApprovalPoll, 400: E.invalidBody, 404: R.ApprovalNotFound, ...KEYED },
    handler: (deps) => (request) => handleApprovals(request, deps),
  },
  {
    method: "GET", path: "/v1/health", auth: "none", shed: "never", head: true,
    summary: "Whether decisions can be served (decisions.md)", tag: "health",
    responses: { 200: R.Health, 503: R.Health },
    handler: (deps) => () => handleHealth(deps.health, deps.version),
  },
  {
    method: "GET", path: "/", auth: "none",
    summary: "Where to go from here: the console, this document, health", tag: "health",
    responses: { 200: R.Index, 503: E.overloaded },
    handler: (deps) => () => json({ name: "warden", version: deps.version, console: "/console", openapi: "/openapi.json", health: "/v1/health", docs: "README.md of the warden repository" }),
  },
  {
    method: "GET", path: "/livez", auth: "none", shed: "never", head: true,
    summary: "The process answers", tag: "health",
    responses: { 200: R.Livez },
    handler: () => handleLivez,
  },
  {
    method: "GET", path: "/readyz", auth: "none", shed: "never", head: true,
    summary: "Storage writable, policy loaded, not draining", tag: "health",
    query: [{ name: "verbose", required: false, description: "Name each check" }],
    responses: { 200: R.Readyz, 503: R.Readyz },
    handler: (deps) => (request) => handleReadyz(request, deps),
  },
  {
    method: "GET", path: "/metrics", auth: "metrics", shed: "never",
    summary: "Prometheus metrics (text format 0.0.4); open on loopback, else a metrics-scope operator token", tag: "health",
    responses: { 200: "text/plain; version=0.0.4", 401: E.unauthorized },
    handler: (deps) => (request) => handleMetrics(request, deps),
  },
  {
    method: "GET", path: "/openapi.json", auth: "none",
    summary: "This document (OpenAPI 3.1, generated from the route table and its TypeBox schemas)", tag: "health",
    responses: { 200: Type.Object({ openapi: Type.String() }, { additionalProperties: true }), 503: E.overloaded },
    handler: () => serveOpenApiDocument(ROUTES),
  },
  {
    method: "GET", path: "/.well-known/jwks.json", auth: "none",
    summary: "Keys that verify approval receipts", tag: "approvals",
    responses: { 200: R.Jwks, 503: E.overloaded },
    handler: (deps) => () => handleJwks(deps.keyring),
  },

  // Native harness hooks: every refusal is a deny in the harness's own JSON (see `refuses`).
  {
    method: "POST", path: "/hooks/claude-code", auth: "key", refuses: "in-band", shed: "in-band", parse: "none",
    summary: "Claude Code hook input in, Claude Code hook output out (always 200 once read)", tag: "hooks", body: R.HookInput,
    query: hookMode("interactive (default) or headless: whether a person can be asked"),
    responses: { 200: R.HookOutput },
    handler: (deps) => (request) => handleHook("claude-code", request, deps),
  },
  {
    method: "POST", path: "/hooks/codex", auth: "key", refuses: "in-band", shed: "in-band", parse: "none",
    summary: "Codex hook input in, Codex hook output out (always 200 once read)", tag: "hooks", body: R.HookInput,
    query: hookMode("interactive (default) or headless"),
    responses: { 200: R.HookOutput },
    handler: (deps) => (request) => handleHook("codex", request, deps),
  },

  // The operator API for approvals.
  {
    method: "GET", path: "/admin/v1/approvals", auth: "operator",
    summary: "The approval queue of a workspace", tag: "admin",
    query: [
      ...ADMIN_QUERY,
      { name: "status", required: false, description: "pending, approved, denied or expired" },
      { name: "session", required: false, description: "Only this session's requests" },
      { name: "agent", required: false, description: "Only this agent's requests" },
      { name: "limit", required: false, description: "At most this many (default and ceiling 500); pending first, fairly across sessions" },
    ],
    responses: { 200: R.ApprovalList, ...OPERATOR },
    handler: (deps) => (request) => handleAdminApprovals(request, deps, {}),
  },
  {
    method: "GET", path: "/admin/v1/approvals/:id", auth: "operator",
    summary: "One approval request, with the canonical action it would allow", tag: "admin", query: ADMIN_QUERY,
    responses: { 200: R.ApprovalView, 404: E.notFound, ...OPERATOR },
    handler: (deps) => (request, params) => handleAdminApprovals(request, deps, params),
  },
  {
    method: "POST", path: "/admin/v1/approvals/:id/:action", auth: "operator", parse: "none",
    summary: "Approve or deny (action: approve | deny); the first resolution wins", tag: "admin", body: R.DecideRequest, query: ADMIN_QUERY,
    responses: { 200: R.ApprovalView, 404: E.notFound, 408: E.requestTimeout, 409: E.notPending, 413: E.payloadTooLarge, ...OPERATOR },
    handler: (deps) => (request, params) => handleAdminApprovals(request, deps, params),
  },

  // The web console: its page, its login link, and its own API behind the browser session.
  {
    method: "GET", path: "/console", auth: "none",
    summary: "The web console page (static; its data comes from the console API below)", tag: "console",
    responses: { 200: "text/html" },
    page: consolePageRoutes,
  },
  {
    method: "GET", path: "/console/login", auth: "none",
    summary: "Redeem a one-time login link: sets the session cookie and redirects to /console", tag: "console",
    query: [{ name: "token", required: true, description: "The wcl_ token printed by warden console" }],
    responses: { 303: null, 401: "text/plain", 503: E.overloaded },
    handler: (deps) => (request) => handleLogin(request, deps),
  },
  {
    method: "GET", path: "/admin/v1/console/session", auth: "session", summary: "Who this session is", tag: "console",
    responses: { 200: Open("operator, session_id, expires_at"), ...SESSION },
    handler: showSession,
  },
  {
    method: "POST", path: "/admin/v1/console/logout", auth: "session", parse: "none", summary: "End this session", tag: "console",
    responses: { 200: Open("ok"), ...MUTATION },
    handler: logout,
  },
  {
    method: "GET", path: "/admin/v1/console/workspaces", auth: "session", summary: "Workspaces that have keys", tag: "console",
    responses: { 200: Open("workspaces"), ...SESSION },
    handler: behindSession(false, (_request, deps) => listWorkspaces(deps)),
  },
  {
    method: "GET", path: "/admin/v1/console/events", auth: "session", summary: "Newest decisions of a workspace, without payloads", tag: "console",
    query: [...WORKSPACE_QUERY, { name: "limit", required: false, description: "How many (default 100)" }],
    responses: { 200: Open("events"), 400: E.invalidBody, ...SESSION },
    handler: behindSession(false, listEvents),
  },
  {
    method: "GET", path: "/admin/v1/console/event", auth: "session", summary: "One event with its verdict and findings; secret and personal spans masked", tag: "console",
    query: [...WORKSPACE_QUERY, { name: "event_id", required: true, description: "The event" }],
    responses: { 200: Open("event, verdict, findings"), 400: E.invalidBody, 404: E.notFound, ...SESSION },
    handler: behindSession(false, showEvent),
  },
  {
    method: "GET", path: "/admin/v1/console/stream", auth: "session", summary: "Live decisions as server-sent events (id = seq); resumes after Last-Event-ID", tag: "console",
    query: [...WORKSPACE_QUERY, { name: "after", required: false, description: "Resume after this seq" }],
    responses: { 200: "text/event-stream", 400: E.invalidBody, ...SESSION },
    handler: streamEvents,
  },
  {
    method: "GET", path: "/admin/v1/console/approvals", auth: "session", summary: "The approval queue and recent decisions", tag: "console", query: WORKSPACE_QUERY,
    responses: { 200: Open("approvals"), 400: E.invalidBody, ...SESSION },
    handler: behindSession(false, listApprovals),
  },
  {
    method: "POST", path: "/admin/v1/console/approvals/:id/:action", auth: "session", parse: "none",
    summary: "Approve or deny with a reason; the first resolution wins", tag: "console", query: WORKSPACE_QUERY, body: R.DecideRequest,
    responses: { 200: R.ApprovalView, 400: E.invalidBody, 404: E.notFound, 409: E.notPending, ...MUTATION },
    handler: decide,
  },
  {
    method: "GET", path: "/admin/v1/console/fleet", auth: "session", summary: "Agents, and sensors live, idle or dark", tag: "console",
    query: [...WORKSPACE_QUERY, { name: "offset", required: false, description: "Where the page of 200 sensors starts (dark first, then most recently seen)" }],
    responses: { 200: Open("agents, sensors (one page), sensors_total, sensors_offset"), 400: E.invalidBody, ...SESSION },
    handler: behindSession(false, showFleet),
  },
  {
    method: "GET", path: "/admin/v1/console/policy", auth: "session", summary: "The policy in force: version, detectors, directives", tag: "console", query: WORKSPACE_QUERY,
    responses: { 200: Open("policy"), 400: E.invalidBody, ...SESSION },
    handler: behindSession(false, showPolicy),
  },
];

/** Compiled once, when this module loads; read per request by instrument.ts and app.ts. */
export const ROUTE_INDEX = createRouteIndex(ROUTES);
