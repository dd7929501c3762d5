// GET /openapi.json: a valid OpenAPI 3.1 document generated from the TypeBox schemas, covering
// every route, JSON-only bodies, an error body for every status, bearer security. (That every
// response the suite receives validates against it is enforced in test/helpers.ts.)
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, test } from "bun:test";
import { ROUTES } from "../src/http/routes.ts";
import { VERSION } from "../src/version.ts";
import { startWarden } from "./helpers.ts";

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content?: Record<string, unknown> }> }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
};

async function served(): Promise<Doc> {
  await using w = await startWarden();
  const res = await w.request("GET", "/openapi.json", { auth: null });
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

/** The only answers that are not JSON: metrics text, the console's page, event stream and login. */
const NOT_JSON: Record<string, string[]> = {
  "get /console 200": ["text/html"],
  "get /metrics 200": ["text/plain; version=0.0.4"],
  "get /admin/v1/console/stream 200": ["text/event-stream"],
  "get /console/login 303": [],
  "get /console/login 401": ["text/plain"],
};

describe("/openapi.json", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    const doc = await served();
    expect(doc.openapi).toStartWith("3.1");
    // The document's version is this build's (the protocol's is in the description).
    expect((doc as unknown as { info: { version: string } }).info.version).toBe(VERSION);
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test("documents every route, JSON bodies only, every status with a body, bearer auth", async () => {
    const doc = await served();
    const documented = ROUTES.flatMap((r) => (r.head ? [r.method, "HEAD"] : [r.method]).map((m) => `${m} ${r.path.replace(/:([^/]+)/g, "{$1}")}`));
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(documented.sort());
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op.requestBody) expect(Object.keys(op.requestBody.content)).toEqual(["application/json"]);
        for (const [status, response] of Object.entries(op.responses)) {
          const types = Object.keys(response.content ?? {});
          const at = `${method} ${path} ${status}`;
          // HEAD answers carry no body (RFC 9110 section 9.3.2).
          expect({ at, types }).toEqual({ at, types: method === "head" ? [] : NOT_JSON[at] ?? ["application/json"] });
        }
      }
    }
    expect(doc.components.securitySchemes.workspaceKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/v1/evaluate"]!.post!.security).toEqual([{ workspaceKey: [] }]);
    expect(doc.paths["/admin/v1/approvals/{id}"]!.get!).toMatchObject({ parameters: expect.arrayContaining([expect.objectContaining({ name: "workspace", in: "query" })]) });
  });

  test("the evaluate body is the GuardEvent schema, closed, from TypeBox", async () => {
    const doc = await served();
    const schema = (doc.paths["/v1/evaluate"]!.post!.requestBody!.content["application/json"] as { schema: Record<string, unknown> }).schema;
    expect(schema).toMatchObject({ type: "object", additionalProperties: false, required: expect.arrayContaining(["svc_version", "event_id", "guard_id", "kind", "payload"]) });
  });
});
