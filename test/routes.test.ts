// The route table walked entry by entry: any other method on its path is a 405 naming every method
// the table lists; unknown paths are JSON 404s; /openapi.json says what the table says; each
// protected handler refuses a caller without (or with the wrong) credential the way its entry says;
// overload and metrics labels follow the table; and the console page over a real Bun.serve.
import { describe, expect, test } from "bun:test";
import type { Route } from "../src/http/route.ts";
import { ROUTES } from "../src/http/routes.ts";
import { createServeOptions } from "../src/http/serve-options.ts";
import { mintLoginToken } from "../src/trust/console-sessions.ts";
import { mintOperatorToken } from "../src/trust/operators.ts";
import { answerOf } from "./hook-fixtures.ts";
import { BASE, startWarden, type TestWarden } from "./helpers.ts";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const SAMPLES: Record<string, string> = { id: "apr_x", action: "approve" };
/** A path the template matches: `/admin/v1/approvals/:id/:action` -> `/admin/v1/approvals/apr_x/approve`. */
const concrete = (template: string) => template.replace(/:(\w+)/g, (_, name: string) => SAMPLES[name] ?? `x-${name}`);
const allowOf = (path: string) =>
  ROUTES.filter((r) => r.path === path).flatMap((r) => (r.head ? [r.method, "HEAD"] : [r.method])).sort().join(", ");
const protectedRoutes = ROUTES.filter((r) => r.auth !== "none");
/** A harmless tool call in the shape both harnesses send. */
const HOOK_INPUT = { session_id: "s-routes", hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "README.md" }, tool_use_id: "t1" };

type Credential = "key" | "operator" | "metrics" | "session" | "bogus" | "none";
/** The one credential each label accepts (an admin operator token is not a metrics token, nor the reverse). */
const ACCEPTS: Record<Route["auth"], Credential | undefined> = { key: "key", operator: "operator", metrics: "metrics", session: "session", none: undefined };

async function credentials(w: TestWarden): Promise<Record<Credential, { auth: string | null; headers: Record<string, string> }>> {
  const operator = (await mintOperatorToken(w.runtime.storage.operators, "alice", w.clock, "admin")).token;
  const metrics = (await mintOperatorToken(w.runtime.storage.operators, "prometheus", w.clock, "metrics")).token;
  const { token } = await mintLoginToken(w.runtime.storage.console, "alice", w.clock);
  const login = await w.request("GET", `/console/login?token=${token}`, { auth: null });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  return {
    key: { auth: w.key, headers: {} },
    operator: { auth: operator, headers: {} },
    metrics: { auth: metrics, headers: {} },
    session: { auth: null, headers: { cookie } },
    bogus: { auth: "svc_not_a_key", headers: { cookie: "warden_console=forged" } },
    none: { auth: null, headers: {} },
  };
}

const send = (w: TestWarden, route: Route, credential: { auth: string | null; headers: Record<string, string> }) =>
  w.request(route.method, concrete(route.path), {
    auth: credential.auth,
    headers: credential.headers,
    body: route.body ? (route.refuses === "in-band" ? HOOK_INPUT : {}) : undefined,
  });

/** Whether the answer is the refusal the entry's label promises to a caller it does not accept. */
async function isRefusal(route: Route, response: Response): Promise<boolean> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (route.refuses !== "in-band") return response.status === 401 && body.error === "unauthorized";
  const denied = answerOf(HOOK_INPUT.hook_event_name, body).answer === "deny";
  return response.status === 200 && denied && (response.headers.get("x-warden-error") ?? "").startsWith("unauthorized");
}

describe("the route table", () => {
  test("any method an entry's path does not list is a 405 naming every method it does, with Allow", async () => {
    await using w = await startWarden();
    for (const route of ROUTES) {
      const allow = allowOf(route.path);
      for (const method of METHODS.filter((m) => !allow.split(", ").includes(m))) {
        for (const path of [concrete(route.path), `${concrete(route.path)}?q=1`]) {
          const res = await w.request(method, path);
          const at = `${method} ${path}`;
          expect({ at, status: res.status, allow: res.headers.get("allow"), body: await res.json() })
            .toEqual({ at, status: 405, allow, body: { error: "method_not_allowed", allow } });
        }
      }
    }
  });

  test("HEAD, where an entry allows it, is its GET's status and headers without a body", async () => {
    await using w = await startWarden();
    const heads = ROUTES.filter((r) => r.head);
    expect(heads.map((r) => r.path).sort()).toEqual(["/livez", "/readyz", "/v1/health"]);
    for (const route of heads) {
      const [get, head] = [await w.request("GET", route.path, { auth: null }), await w.request("HEAD", route.path, { auth: null })];
      expect({ at: route.path, status: head.status, type: head.headers.get("content-type"), body: await head.text() })
        .toEqual({ at: route.path, status: get.status, type: get.headers.get("content-type"), body: "" });
    }
  });

  test("paths the table does not know are JSON 404s for every method, trailing slashes included", async () => {
    await using w = await startWarden();
    const unknown = [
      "/nope", "/v2/evaluate", "//v1/evaluate", "/V1/EVALUATE", "/api/public/svc/v1/evaluate", "/api/public/svc/v1/approvals?guard_id=g",
      "/admin/v1/approvals/a/b/c", "/admin/v1/approvals//approve", "/openapi",
      ...ROUTES.map((r) => `${concrete(r.path)}/`),
    ];
    for (const path of unknown) {
      for (const method of METHODS) {
        const res = await w.request(method, path);
        const at = `${method} ${path}`;
        expect({ at, status: res.status, allow: res.headers.get("allow"), type: res.headers.get("content-type"), body: await res.json() })
          .toEqual({ at, status: 404, allow: null, type: "application/json; charset=utf-8", body: { error: "not_found" } });
      }
    }
  });

  test("GET / points a newcomer at the console, the document and health (issue 18 item 8)", async () => {
    await using w = await startWarden();
    const res = await w.request("GET", "/", { auth: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "warden", console: "/console", openapi: "/openapi.json", health: "/v1/health" });
  });

  test("every entry is in /openapi.json with its method, security scheme, query, body and statuses", async () => {
    await using w = await startWarden();
    type Operation = { security: unknown; parameters?: { name: string; in: string }[]; requestBody?: unknown; responses: Record<string, unknown> };
    const doc = (await (await w.request("GET", "/openapi.json", { auth: null })).json()) as { paths: Record<string, Record<string, Operation>> };
    const SECURITY = { key: [{ workspaceKey: [] }], operator: [{ operatorToken: [] }], metrics: [{}, { operatorToken: [] }], session: [{ consoleSession: [] }], none: [] };
    for (const route of ROUTES) {
      const at = `${route.method} ${route.path}`;
      const op = doc.paths[route.path.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()];
      expect({ at, documented: op !== undefined }).toEqual({ at, documented: true });
      const query = (op!.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      expect({ at, security: op!.security, statuses: Object.keys(op!.responses).sort(), body: op!.requestBody !== undefined, query }).toEqual({
        at, security: SECURITY[route.auth], statuses: Object.keys(route.responses).sort(), body: route.body !== undefined, query: (route.query ?? []).map((q) => q.name),
      });
      // A route that refuses with 401 documents it; one that refuses in-band answers 200 only.
      if (route.auth !== "none") expect({ at, documents401: "401" in op!.responses }).toEqual({ at, documents401: route.refuses !== "in-band" });
    }
    const listed = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(listed).toBe(ROUTES.length + ROUTES.filter((r) => r.head).length);
    for (const route of ROUTES.filter((r) => r.head)) {
      const head = doc.paths[route.path]?.head;
      expect({ at: route.path, statuses: Object.keys(head?.responses ?? {}).sort() }).toEqual({ at: route.path, statuses: Object.keys(route.responses).sort() });
    }
  });

  test("every protected handler refuses a caller with no credential, or one its label does not accept", async () => {
    await using w = await startWarden();
    const creds = await credentials(w);
    for (const route of protectedRoutes) {
      for (const name of ["none", "bogus", "key", "operator", "metrics", "session"] as const) {
        if (name === ACCEPTS[route.auth]) continue;
        const refused = await isRefusal(route, await send(w, route, creds[name]));
        expect({ at: `${route.method} ${route.path}`, credential: name, refused }).toEqual({ at: `${route.method} ${route.path}`, credential: name, refused: true });
      }
    }
  });

  test("and lets the credential its label names through", async () => {
    await using w = await startWarden();
    const creds = await credentials(w);
    for (const route of protectedRoutes) {
      const response = await send(w, route, creds[ACCEPTS[route.auth]!]);
      const at = `${route.method} ${route.path}`;
      expect({ at, failed: response.status >= 500, refused: await isRefusal(route, response) }).toEqual({ at, failed: false, refused: false });
    }
  });
});

describe("instrumentation from the table", () => {
  test("each entry's metrics label is its template; any other path is `other`", async () => {
    await using w = await startWarden();
    const loopback = () => "127.0.0.1";
    for (const route of ROUTES) await w.runtime.fetch(new Request(`${BASE}${concrete(route.path)}?q=1`, { method: "OPTIONS" }), loopback);
    for (const path of ["/nope", "/v1/evaluate/", "/api/public/svc/v1/evaluate", "/admin/v1/approvals/a/b/c"]) {
      await w.runtime.fetch(new Request(`${BASE}${path}`, { method: "OPTIONS" }), loopback);
    }
    const text = await (await w.runtime.fetch(new Request(`${BASE}/metrics`), loopback)).text();
    const labels = [...text.matchAll(/^warden_http_requests_total\{method="OPTIONS",route="([^"]+)",code="(\d+)"\} (\d+)$/gm)].map((m) => [m[1], m[2], m[3]]);
    const templates = [...new Set(ROUTES.map((r) => r.path))];
    expect(labels.sort()).toEqual([...templates.map((t) => [t, "405", "1"]), ["other", "404", "4"]].sort());
  });

  test("past the in-flight cap each entry is shed as it says: 503, answered anyway, or its own deny", async () => {
    await using w = await startWarden({ maxInFlight: 0 });
    for (const route of ROUTES) {
      const init = { method: route.method, headers: { authorization: `Bearer ${w.key}`, "content-type": "application/json" }, body: route.body ? JSON.stringify(HOOK_INPUT) : undefined };
      const res = await w.runtime.fetch(new Request(`${BASE}${concrete(route.path)}`, init), () => "127.0.0.1");
      const at = `${route.method} ${route.path}`;
      if (route.shed === "never") expect({ at, status: res.status }).toEqual({ at, status: 200 });
      else if (route.shed === "in-band") expect({ at, status: res.status, error: res.headers.get("x-warden-error") }).toEqual({ at, status: 200, error: "warden is overloaded" });
      else expect({ at, status: res.status, body: await res.json() }).toEqual({ at, status: 503, body: { error: "overloaded" } });
    }
  });
});

describe("the console page over a real Bun.serve", () => {
  test("GET is the page; every other method reaches the app and is a 405; the API is served beside it", async () => {
    await using w = await startWarden();
    using server = Bun.serve(await createServeOptions(w.runtime, { host: "127.0.0.1", port: 0 }));
    const pages = ROUTES.filter((r) => r.page);
    expect(pages.length).toBeGreaterThan(0);
    for (const route of pages) {
      const page = await fetch(new URL(route.path, server.url));
      expect([page.status, page.headers.get("content-type")]).toEqual([200, expect.stringMatching(/^text\/html/)]);
      for (const method of METHODS.filter((m) => m !== "GET")) {
        const res = await fetch(new URL(route.path, server.url), { method });
        expect({ method, status: res.status, allow: res.headers.get("allow") }).toEqual({ method, status: 405, allow: allowOf(route.path) });
      }
      expect((await fetch(new URL(`${route.path}/`, server.url))).status).toBe(404);
    }
    const admin = await fetch(new URL("/admin/v1/approvals", server.url), { method: "DELETE" });
    expect([admin.status, admin.headers.get("allow"), await admin.json()]).toEqual([405, "GET", { error: "method_not_allowed", allow: "GET" }]);
    expect((await fetch(new URL("/v1/health", server.url))).status).toBe(200);
  });
});
