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
    const db = w.runtime.storage.db;
    const pages = (db.query("PRAGMA page_count").get() as { page_count: number }).page_count;
    db.run(`PRAGMA max_page_count = ${pages}`);
    // Fill what free space is left, as a full disk would.
    try {
      for (let i = 0; ; i++) db.run("INSERT INTO meta (key, value) VALUES (?, ?)", [`fill-${i}`, "f".repeat(200)]);
    } catch {
      // SQLITE_FULL: the file is as full as it may grow.
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
    db.run("PRAGMA max_page_count = 1073741823");
    w.clock.advance(2000);
    expect((await w.request("GET", "/v1/health", { auth: null })).status).toBe(200);
    expect((await w.evaluate(big())).status).toBe(200);
  });
});
