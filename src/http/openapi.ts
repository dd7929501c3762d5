// GET /openapi.json: the OpenAPI 3.1 document, derived from the route table alone (method, path,
// auth, query, body and every status with its TypeBox schema). Built once per app, on first ask.
import { VERSION } from "../version.ts";
import type { TSchema } from "@sinclair/typebox";
import { json } from "./errors.ts";
import type { Auth, Handler, Route } from "./route.ts";

const SECURITY: Record<Auth, Record<string, string[]>[]> = {
  session: [{ consoleSession: [] }],
  key: [{ workspaceKey: [] }],
  operator: [{ operatorToken: [] }],
  // Open to loopback peers (the empty requirement), else an operator token of scope metrics.
  metrics: [{}, { operatorToken: [] }],
  none: [],
};

// `info.version` is this document's, so this build's; the protocol it speaks is in the description.
const INFO = {
  title: "warden",
  version: VERSION,
  description: "The agent action guard runtime: the svc 0.5 decision-point interface, native harness hooks, approvals, health and metrics.",
};

const SECURITY_SCHEMES = {
  workspaceKey: { type: "http", scheme: "bearer", description: "A workspace API key, svc_..." },
  operatorToken: { type: "http", scheme: "bearer", description: "An operator token, wop_... (warden operators create)" },
  consoleSession: { type: "apiKey", in: "cookie", name: "warden_console", description: "The console's browser session (warden console prints a one-time login link)" },
};

const contentOf = (schema: TSchema | string) =>
  typeof schema === "string" ? { [schema]: { schema: { type: "string" } } } : { "application/json": { schema } };

const responseOf = (status: string, schema: TSchema | string | null) =>
  schema === null ? { description: `HTTP ${status}` } : { description: `HTTP ${status}`, content: contentOf(schema) };

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The same ids @elysiajs/openapi gave (getAdminV1ApprovalsById), so generated clients keep their names. */
const operationIdOf = (route: Route) =>
  route.method.toLowerCase() + route.path.split("/").map((s) => (s.startsWith(":") ? `By${capitalize(s.slice(1))}` : capitalize(s))).join("");

function parametersOf(route: Route) {
  const inPath = route.path.split("/").filter((s) => s.startsWith(":"))
    .map((s) => ({ name: s.slice(1), in: "path", required: true, schema: { type: "string" } }));
  const inQuery = (route.query ?? []).map((q) => ({ name: q.name, in: "query", required: q.required, description: q.description, schema: { type: "string" } }));
  return [...inPath, ...inQuery];
}

function operationOf(route: Route) {
  const parameters = parametersOf(route);
  return {
    operationId: operationIdOf(route),
    summary: route.summary,
    tags: [route.tag],
    security: SECURITY[route.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: contentOf(route.body) } } : {}),
    responses: Object.fromEntries(Object.entries(route.responses).map(([status, schema]) => [status, responseOf(status, schema)])),
  };
}

/** HEAD of a GET the table lets it ask: the same statuses, no bodies. */
function headOperationOf(route: Route) {
  const get = operationOf(route);
  const responses = Object.fromEntries(Object.keys(route.responses).map((status) => [status, responseOf(status, null)]));
  return { ...get, operationId: `head${get.operationId.slice(route.method.length)}`, responses };
}

export function createOpenApiDocument(routes: readonly Route[]) {
  const paths: Record<string, Record<string, ReturnType<typeof operationOf>>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([^/]+)/g, "{$1}");
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route), ...(route.head ? { head: headOperationOf(route) } : {}) };
  }
  return { openapi: "3.1.2", info: INFO, components: { securitySchemes: SECURITY_SCHEMES }, paths };
}

/** The handler of GET /openapi.json: the document is built on first ask, then kept. */
export function serveOpenApiDocument(routes: readonly Route[]): Handler {
  let document: ReturnType<typeof createOpenApiDocument> | undefined;
  return () => json((document ??= createOpenApiDocument(routes)));
}
