// Every route's OpenAPI description in one table: request body, query, and each status with its
// body schema (JSON only). app.ts attaches `detailOf(...)` to its routes; @elysiajs/openapi
// serves the result at /openapi.json; the tests check every response they receive against it.
import { type TSchema, Type } from "@sinclair/typebox";
import type { DocumentDecoration } from "elysia";
import { GuardEvent } from "../wire/guard-event.ts";
import * as R from "../wire/responses.ts";

type Auth = "key" | "operator" | "metrics" | "session" | "none";

export interface RouteDoc {
  summary: string;
  tag: string;
  auth: Auth;
  body?: TSchema;
  query?: { name: string; required: boolean; description: string }[];
  /** Status -> body schema; a string is a non-JSON media type (/metrics, SSE); null: no body. */
  responses: Record<number, TSchema | string | null>;
}

const E = R.Errors;
/** What every authenticated JSON endpoint may answer besides its own bodies (503: load shed). */
const KEYED = { 401: E.unauthorized, 429: E.rateLimited, 500: E.internal, 503: E.overloaded };
const WITH_BODY = { ...KEYED, 403: E.keyRevoked, 408: E.requestTimeout, 413: E.payloadTooLarge, 415: E.unsupportedMediaType };
/** Endpoints that record answer 503 rather than a verdict they could not store. */
const STORING = { 503: Type.Union([E.storageUnavailable, E.overloaded]) };

const ADMIN_QUERY = [{ name: "workspace", required: true, description: "The workspace whose approvals to see" }];

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  "POST /v1/evaluate": {
    summary: "Judge one GuardEvent and record it; answers the effective Verdict",
    tag: "decisions", auth: "key", body: GuardEvent,
    responses: { 200: R.Verdict, 400: E.invalidEvent, ...WITH_BODY, ...STORING },
  },
  "POST /v1/ingest": {
    summary: "Record a batch of 1 to 100 GuardEvents; one result per slot",
    tag: "decisions", auth: "key", body: R.IngestRequest,
    responses: { 207: R.IngestResponse, 400: E.invalidBody, ...WITH_BODY, ...STORING },
  },
  "POST /v1/enroll": {
    summary: "Bind a PEP's Ed25519 public key to the workspace",
    tag: "trust", auth: "key", body: R.EnrollRequest,
    responses: { 201: R.EnrollCreated, 200: R.EnrollExisting, 400: Type.Union([E.invalidPublicKey, E.invalidBody]), ...WITH_BODY, ...STORING },
  },
  "POST /v1/heartbeat": {
    summary: "A PEP or agent says it is alive",
    tag: "trust", auth: "key", body: R.HeartbeatRequest,
    responses: { 200: R.HeartbeatResponse, 400: E.invalidBody, ...WITH_BODY, ...STORING },
  },
  "GET /v1/config": { summary: "Degraded-mode directives for when warden is unreachable", tag: "trust", auth: "key", responses: { 200: R.ConfigResponse, ...KEYED } },
  "GET /v1/approvals": {
    summary: "Poll the human decision behind require_approval",
    tag: "approvals", auth: "key",
    query: [{ name: "guard_id", required: true, description: "The guard_id of the held action" }],
    responses: { 200: R.ApprovalPoll, 400: E.invalidBody, 404: R.ApprovalNotFound, ...KEYED },
  },
  "GET /v1/health": { summary: "Whether decisions can be served (decisions.md)", tag: "health", auth: "none", responses: { 200: R.Health, 503: R.Health } },
  "GET /livez": { summary: "The process answers", tag: "health", auth: "none", responses: { 200: R.Livez } },
  "GET /readyz": {
    summary: "Storage writable, policy loaded, not draining",
    tag: "health", auth: "none",
    query: [{ name: "verbose", required: false, description: "Name each check" }],
    responses: { 200: R.Readyz, 503: R.Readyz },
  },
  "GET /metrics": {
    summary: "Prometheus metrics (text format 0.0.4); open on loopback, else a metrics-scope operator token",
    tag: "health", auth: "metrics", responses: { 200: "text/plain; version=0.0.4", 401: E.unauthorized },
  },
  "GET /openapi.json": {
    summary: "This document (OpenAPI 3.1, generated from the TypeBox schemas)",
    tag: "health", auth: "none", responses: { 200: Type.Object({ openapi: Type.String() }, { additionalProperties: true }), 503: E.overloaded },
  },
  "GET /.well-known/jwks.json": { summary: "Keys that verify approval receipts", tag: "approvals", auth: "none", responses: { 200: R.Jwks, 503: E.overloaded } },
  "POST /hooks/claude-code": {
    summary: "Claude Code hook input in, Claude Code hook output out (always 200 once read)",
    tag: "hooks", auth: "key", body: R.HookInput,
    query: [{ name: "mode", required: false, description: "interactive (default) or headless: whether a person can be asked" }],
    responses: { 200: R.HookOutput },
  },
  "POST /hooks/codex": {
    summary: "Codex hook input in, Codex hook output out (always 200 once read)",
    tag: "hooks", auth: "key", body: R.HookInput,
    query: [{ name: "mode", required: false, description: "interactive (default) or headless" }],
    responses: { 200: R.HookOutput },
  },
  "GET /admin/v1/approvals": {
    summary: "The approval queue of a workspace",
    tag: "admin", auth: "operator",
    query: [...ADMIN_QUERY, { name: "status", required: false, description: "pending, approved, denied or expired" }],
    responses: { 200: R.ApprovalList, 400: E.invalidBody, 401: E.unauthorized, 503: E.overloaded },
  },
  "GET /admin/v1/approvals/:id": {
    summary: "One approval request, with the canonical action it would allow",
    tag: "admin", auth: "operator", query: ADMIN_QUERY,
    responses: { 200: R.ApprovalView, 400: E.invalidBody, 401: E.unauthorized, 404: E.notFound, 503: E.overloaded },
  },
  "POST /admin/v1/approvals/:id/:action": {
    summary: "Approve or deny (action: approve | deny); the first resolution wins",
    tag: "admin", auth: "operator", body: R.DecideRequest, query: ADMIN_QUERY,
    responses: { 200: R.ApprovalView, 400: E.invalidBody, 401: E.unauthorized, 404: E.notFound, 408: E.requestTimeout, 409: E.notPending, 413: E.payloadTooLarge, 503: E.overloaded },
  },
};

const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });
/** What every console API call may answer besides its own body. */
const SESSION = { 401: E.unauthorized, 500: E.internal, 503: Type.Union([E.storageUnavailable, E.overloaded]) };
const MUTATION = { ...SESSION, 403: E.forbidden, 408: E.requestTimeout, 413: E.payloadTooLarge, 415: E.unsupportedMediaType };
const WORKSPACE_QUERY = [{ name: "workspace", required: true, description: "The workspace to show" }];

/** The console's own API, behind its browser session (src/http/routes/console*.ts). */
export const CONSOLE_DOCS: Record<string, RouteDoc> = {
  "GET /console/login": {
    summary: "Redeem a one-time login link: sets the session cookie and redirects to /console",
    tag: "console", auth: "none", query: [{ name: "token", required: true, description: "The wcl_ token printed by warden console" }],
    responses: { 303: null, 401: "text/plain", 503: E.overloaded },
  },
  "GET /admin/v1/console/session": { summary: "Who this session is", tag: "console", auth: "session", responses: { 200: Open("operator, session_id, expires_at"), ...SESSION } },
  "POST /admin/v1/console/logout": { summary: "End this session", tag: "console", auth: "session", responses: { 200: Open("ok"), ...MUTATION } },
  "GET /admin/v1/console/workspaces": { summary: "Workspaces that have keys", tag: "console", auth: "session", responses: { 200: Open("workspaces"), ...SESSION } },
  "GET /admin/v1/console/events": {
    summary: "Newest decisions of a workspace, without payloads", tag: "console", auth: "session",
    query: [...WORKSPACE_QUERY, { name: "limit", required: false, description: "How many (default 100)" }],
    responses: { 200: Open("events"), 400: E.invalidBody, ...SESSION },
  },
  "GET /admin/v1/console/event": {
    summary: "One event with its verdict and findings; secret and personal spans masked", tag: "console", auth: "session",
    query: [...WORKSPACE_QUERY, { name: "event_id", required: true, description: "The event" }],
    responses: { 200: Open("event, verdict, findings"), 400: E.invalidBody, 404: E.notFound, ...SESSION },
  },
  "GET /admin/v1/console/stream": {
    summary: "Live decisions as server-sent events (id = seq); resumes after Last-Event-ID", tag: "console", auth: "session",
    query: [...WORKSPACE_QUERY, { name: "after", required: false, description: "Resume after this seq" }],
    responses: { 200: "text/event-stream", 400: E.invalidBody, ...SESSION },
  },
  "GET /admin/v1/console/approvals": {
    summary: "The approval queue and recent decisions", tag: "console", auth: "session", query: WORKSPACE_QUERY,
    responses: { 200: Open("approvals"), 400: E.invalidBody, ...SESSION },
  },
  "POST /admin/v1/console/approvals/:id/:action": {
    summary: "Approve or deny with a reason; the first resolution wins", tag: "console", auth: "session", query: WORKSPACE_QUERY,
    body: R.DecideRequest,
    responses: { 200: R.ApprovalView, 400: E.invalidBody, 404: E.notFound, 409: E.notPending, ...MUTATION },
  },
  "GET /admin/v1/console/fleet": { summary: "Agents, and sensors live, idle or dark", tag: "console", auth: "session", query: WORKSPACE_QUERY, responses: { 200: Open("agents, sensors"), 400: E.invalidBody, ...SESSION } },
  "GET /admin/v1/console/policy": { summary: "The policy in force: version, detectors, directives", tag: "console", auth: "session", query: WORKSPACE_QUERY, responses: { 200: Open("policy"), 400: E.invalidBody, ...SESSION } },
};

const SECURITY: Record<Auth, Record<string, string[]>[]> = {
  session: [{ consoleSession: [] }],
  key: [{ workspaceKey: [] }],
  operator: [{ operatorToken: [] }],
  metrics: [{}, { operatorToken: [] }],
  none: [],
};

const jsonContent = (schema: TSchema | string) =>
  typeof schema === "string" ? { [schema]: { schema: { type: "string" } } } : { "application/json": { schema } };

const responseOf = (status: string, schema: TSchema | string | null) =>
  schema === null ? { description: `HTTP ${status}` } : { description: `HTTP ${status}`, content: jsonContent(schema) };

const queryParameters = (doc: RouteDoc) =>
  (doc.query ?? []).map((q) => ({ name: q.name, in: "query" as const, required: q.required, description: q.description, schema: { type: "string" as const } }));

type Operation = { parameters?: { name: string; in: string }[] };

/**
 * The generator lists only path parameters on a route that has any, dropping the query ones
 * `detail` named: put them back (idempotent, since the document object is served again).
 */
export function completeDocument(document: { paths?: Record<string, Record<string, Operation>> }): void {
  for (const [key, doc] of Object.entries({ ...ROUTE_DOCS, ...CONSOLE_DOCS })) {
    const [method, path] = key.split(" ") as [string, string];
    const openApiPath = path.replace(/:([^/]+)/g, "{$1}");
    // The document's own route belongs to the generator, which leaves itself out.
    if (document.paths && !document.paths[openApiPath]) document.paths[openApiPath] = { [method.toLowerCase()]: detailOf(key) as unknown as Operation };
    const operation = document.paths?.[openApiPath]?.[method.toLowerCase()];
    if (!operation || !doc.query) continue;
    const present = new Set((operation.parameters ?? []).map((p) => `${p.in}:${p.name}`));
    operation.parameters = [...(operation.parameters ?? []), ...queryParameters(doc).filter((q) => !present.has(`query:${q.name}`))];
  }
}

/** The OpenAPI operation for a route, as Elysia's `detail`. */
export function detailOf(route: string): DocumentDecoration {
  const doc = ROUTE_DOCS[route] ?? CONSOLE_DOCS[route];
  if (!doc) throw new Error(`no API documentation for ${route}`);
  const responses = Object.fromEntries(
    Object.entries(doc.responses).map(([status, schema]) => [status, responseOf(status, schema)]),
  );
  return {
    summary: doc.summary,
    tags: [doc.tag],
    security: SECURITY[doc.auth],
    ...(doc.query ? { parameters: queryParameters(doc) } : {}),
    ...(doc.body ? { requestBody: { required: true, content: jsonContent(doc.body) } } : {}),
    responses,
  } as DocumentDecoration;
}

export const OPENAPI_DOCUMENTATION = {
  info: {
    title: "warden",
    version: "0.5",
    description: "The agent action guard runtime: the svc 0.5 decision-point interface, native harness hooks, approvals, health and metrics.",
  },
  components: {
    securitySchemes: {
      workspaceKey: { type: "http" as const, scheme: "bearer", description: "A workspace API key, svc_..." },
      operatorToken: { type: "http" as const, scheme: "bearer", description: "An operator token, wop_... (warden operators create)" },
      consoleSession: { type: "apiKey" as const, in: "cookie", name: "warden_console", description: "The console's browser session (warden console prints a one-time login link)" },
    },
  },
};
