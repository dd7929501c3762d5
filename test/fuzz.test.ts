// A short, seeded run of the hostile-input fuzzer (test/fuzz/hostile.ts) in-process: no 5xx, no
// throw, every 4xx in the interface's error shape, and every answer as /openapi.json documents it.
// The long run is scripts/fuzz.ts against the compiled binary.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { assertDocumented, type OpenApiDocument } from "./api-conformance.ts";
import { checkAnswer, hostileRequest } from "./fuzz/hostile.ts";
import { BASE, startWarden } from "./helpers.ts";

test("2,000 seeded hostile requests: no 5xx, every refusal in the interface's shape and documented", async () => {
  await using w = await startWarden({ rateLimit: 0 });
  const document = (await (await w.request("GET", "/openapi.json", { auth: null })).json()) as OpenApiDocument;
  await fc.assert(
    fc.asyncProperty(hostileRequest(w.key), async (req) => {
      const response = await w.runtime.fetch(new Request(`${BASE}${req.path}`, { method: req.method, headers: req.headers, body: req.body }), () => "127.0.0.1");
      const problem = checkAnswer(response.status, await response.clone().text());
      if (problem) throw new Error(`${req.method} ${req.path}: ${problem}`);
      await assertDocumented(document, req.method, `${BASE}${req.path}`, response);
    }),
    { seed: 20261123, numRuns: 2000, endOnFailure: true },
  );
  expect((await w.request("GET", "/v1/health", { auth: null })).status).toBe(200);
}, 120_000);
