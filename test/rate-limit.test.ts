// Fixed-window rate limit per key, driven by a manual clock instead of sleeps.
import { describe, expect, test } from "bun:test";
import { createManualClock } from "../src/lib/clock.ts";
import { createRateLimiter } from "../src/http/rate-limit.ts";
import { makeEvent, startWarden } from "./helpers.ts";

describe("rate limit", () => {
  test("the request past the limit gets 429 with the limit, on every authenticated endpoint", async () => {
    await using w = await startWarden({ rateLimit: 3 });
    w.clock.set(Date.UTC(2026, 10, 23, 10, 0, 0));
    expect((await w.evaluate(makeEvent())).status).toBe(200);
    expect((await w.ingest([makeEvent()])).status).toBe(207);
    expect((await w.evaluate(makeEvent())).status).toBe(200);
    for (const res of [await w.evaluate(makeEvent()), await w.ingest([makeEvent()])]) {
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ error: "rate_limited", limit: 3 });
      expect(res.headers.get("retry-after")).toBe("60");
    }
    // Health is not rate limited.
    expect((await w.request("GET", "/v1/health", { auth: null })).status).toBe(200);
    w.clock.advance(60_000);
    expect((await w.evaluate(makeEvent())).status).toBe(200);
  });

  test("each key has its own window", async () => {
    await using w = await startWarden({ rateLimit: 1 });
    const other = await w.mintKey("ws-2");
    expect((await w.evaluate(makeEvent())).status).toBe(200);
    expect((await w.evaluate(makeEvent())).status).toBe(429);
    expect((await w.request("POST", "/v1/evaluate", { body: makeEvent(), auth: other })).status).toBe(200);
  });

  test("rejected requests are not admitted, and 0 turns the limit off", () => {
    const clock = createManualClock(0);
    const limiter = createRateLimiter(2, clock);
    expect([limiter.take("k"), limiter.take("k"), limiter.take("k")].map((d) => d.ok)).toEqual([true, true, false]);
    clock.advance(30_000);
    expect(limiter.take("k")).toEqual({ ok: false, limit: 2, retryAfterS: 30 });
    const off = createRateLimiter(0, clock);
    for (let i = 0; i < 10_000; i++) expect(off.take("k").ok).toBe(true);
  });

  test("the default limit is 600 per minute", async () => {
    await using w = await startWarden({ rateLimit: 600 });
    const statuses: number[] = [];
    for (let i = 0; i < 601; i++) statuses.push((await w.request("POST", "/v1/evaluate", { body: "{}" })).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
  });
});
