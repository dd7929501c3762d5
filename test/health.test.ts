// GET /v1/health: 200 with the version while storage takes writes; 503 with the reason when it
// cannot, during which evaluate and ingest refuse rather than answer unrecorded.
import { describe, expect, test } from "bun:test";
import { VERSION } from "../src/version.ts";
import { makeEvent, startWarden } from "./helpers.ts";

describe("health", () => {
  test("ok with the version", async () => {
    await using w = await startWarden();
    const res = await w.request("GET", "/v1/health", { auth: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", version: VERSION });
  });

  test("a full database turns health to 503 and evaluate to storage_unavailable, then recovers", async () => {
    await using w = await startWarden();
    const { db, writer } = w.runtime.storage;
    const pages = (db.query("PRAGMA page_count").get() as { page_count: number }).page_count;
    await writer.setMaxPages(pages);
    // Fill what free space is left, as a full disk would.
    for (const pad of [2000, 10]) {
      for (let i = 0; i < 10_000; i++) {
        const filled = await w.ingest([makeEvent({ payload: { pad: "f".repeat(pad) } })]);
        if (filled.status === 503) break;
      }
    }
    const big = () => makeEvent({ kind: "user_input", payload: { text: "z".repeat(20_000) } });
    const evaluated = await w.evaluate(big());
    expect(evaluated.status).toBe(503);
    expect(await evaluated.json()).toEqual({ error: "storage_unavailable" });
    const ingested = await w.ingest([big()]);
    expect(ingested.status).toBe(503);
    w.clock.advance(2000);
    const health = await w.request("GET", "/v1/health", { auth: null });
    expect(health.status).toBe(503);
    const body = (await health.json()) as { status: string; reason: string };
    expect(body.status).toBe("error");
    expect(body.reason).toContain("storage");
    await writer.setMaxPages(1073741823);
    w.clock.advance(2000);
    expect((await w.request("GET", "/v1/health", { auth: null })).status).toBe(200);
    expect((await w.evaluate(big())).status).toBe(200);
  });
});
