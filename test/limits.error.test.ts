// Limits and bad input: clear 4xx bodies in the interface's shape, never a 5xx.
import { describe, expect, test } from "bun:test";
import { makeEvent, startWarden } from "./helpers.ts";

describe("bodies over the limit get 413", () => {
  test("declared Content-Length over the limit is refused before the body is read", async () => {
    await using w = await startWarden({ maxBodyBytes: 4096 });
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await w.runtime.app.handle(
      new Request("http://localhost/v1/evaluate", {
        method: "POST",
        body,
        headers: { authorization: `Bearer ${w.key}`, "content-type": "application/json", "content-length": "5000000" },
      }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "payload_too_large", limit_bytes: 4096 });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  test("a streamed body without Content-Length is cut off at the limit", async () => {
    await using w = await startWarden({ maxBodyBytes: 4096 });
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        sent += 1024;
        if (sent > 1024 * 1024) controller.close();
        else controller.enqueue(new TextEncoder().encode(" ".repeat(1024)));
      },
    });
    const res = await w.runtime.app.handle(
      new Request("http://localhost/v1/ingest", {
        method: "POST",
        body,
        headers: { authorization: `Bearer ${w.key}`, "content-type": "application/json" },
      }),
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(64 * 1024);
  });

  test("a body just under the limit is read", async () => {
    await using w = await startWarden({ maxBodyBytes: 4096 });
    const event = makeEvent({ payload: { text: "a".repeat(3500) }, kind: "user_input" });
    expect((await w.evaluate(event)).status).toBe(200);
  });
});

describe("wrong requests get clear 4xx bodies", () => {
  test("wrong content type is 415", async () => {
    await using w = await startWarden();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]) {
      const res = await w.request("POST", "/v1/evaluate", { body: JSON.stringify(makeEvent()), headers: { "content-type": type } });
      expect(res.status).toBe(415);
      expect(((await res.json()) as { error: string }).error).toBe("unsupported_media_type");
    }
  });

  test("JSON content types with parameters are accepted", async () => {
    await using w = await startWarden();
    const res = await w.request("POST", "/v1/evaluate", { body: makeEvent(), headers: { "content-type": "application/json; charset=utf-8" } });
    expect(res.status).toBe(200);
  });

  test("wrong method on a known path is 405 with Allow", async () => {
    await using w = await startWarden();
    for (const [method, path, allow] of [["GET", "/v1/evaluate", "POST"], ["PUT", "/v1/ingest", "POST"], ["POST", "/v1/health", "GET, HEAD"], ["DELETE", "/v1/evaluate", "POST"]] as const) {
      const res = await w.request(method, path);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(await res.json()).toEqual({ error: "method_not_allowed", allow });
    }
  });

  test("unknown paths are JSON 404s, including the SDK fallback prefix", async () => {
    await using w = await startWarden();
    for (const path of ["/v2/evaluate", "/nothing-here", "/v1/evaluate/extra", "/api/public/svc/v1/evaluate"]) {
      const res = await w.request("GET", path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ error: "not_found" });
    }
  });

  test("huge strings and many fields are judged without a 5xx", async () => {
    await using w = await startWarden({ maxBodyBytes: 2 * 1024 * 1024 });
    const fields = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, `v${i}`]));
    for (const payload of [{ text: "x".repeat(1_500_000) }, fields, { argv: Array(50_000).fill("a") }]) {
      const res = await w.evaluate(makeEvent({ kind: "exec", payload }));
      expect(res.status).toBe(200);
    }
  });

  test("nested payloads within the bound are accepted, beyond it refused", async () => {
    await using w = await startWarden();
    let deep: unknown = "leaf";
    for (let i = 0; i < 60; i++) deep = { d: deep };
    expect((await w.evaluate(makeEvent({ payload: { deep } as Record<string, unknown> }))).status).toBe(200);
    for (let i = 0; i < 10; i++) deep = [deep];
    const res = await w.evaluate(makeEvent({ payload: { deep } as Record<string, unknown> }));
    expect(res.status).toBe(400);
  });
});
