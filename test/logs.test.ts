// Logs: JSON lines or text, by level; per-request lines at debug with the request id, and the
// canary: a fake AWS key and the API key never reach a log line or the metrics.
import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { BUILTIN_DETECTORS } from "../src/detectors/index.ts";
import type { DetectorDefinition } from "../src/engine/detector.ts";
import { createLogger } from "../src/lib/log.ts";
import { BASE, makeEvent, startWarden } from "./helpers.ts";

const CANARY = "AKIA4QWERTYZ2XK7PL3M";

describe("logger", () => {
  test("levels filter; json and text formats carry the same fields", () => {
    const lines: string[] = [];
    const json = createLogger({ level: "info", write: (t) => lines.push(t) });
    json.debug("hidden");
    json.info("shown", { req_id: "r1", count: 2 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", message: "shown", req_id: "r1", count: 2 });
    const text = createLogger({ level: "debug", format: "text", write: (t) => lines.push(t) });
    text.debug("a message", { route: "/v1/evaluate", reason: "two words" });
    expect(lines[1]).toMatch(/^\S+Z DEBUG "a message" route=\/v1\/evaluate reason="two words"\n$/);
  });
});

describe("request logs and the canary", () => {
  test("at debug every request logs its id, route, status and time, never a key or content", async () => {
    const lines: string[] = [];
    await using w = await startWarden({ log: createLogger({ level: "debug", write: (t) => lines.push(t) }) });
    const event = makeEvent({ payload: { name: "Bash", arguments: { command: `aws configure set aws_access_key_id ${CANARY}` } } });
    const res = await w.runtime.fetch(
      new Request(`${BASE}/v1/evaluate`, { method: "POST", headers: { authorization: `Bearer ${w.key}`, "content-type": "application/json", "x-request-id": "canary-req" }, body: JSON.stringify(event) }),
      () => "127.0.0.1",
    );
    expect(res.status).toBe(200);
    const logged = lines.map((l) => JSON.parse(l));
    expect(logged).toContainEqual(expect.objectContaining({ level: "debug", message: "request", req_id: "canary-req", method: "POST", route: "/v1/evaluate", status: 200 }));
    const metrics = await (await w.runtime.fetch(new Request(`${BASE}/metrics`), () => "127.0.0.1")).text();
    for (const text of [lines.join(""), metrics]) {
      expect(text).not.toContain(CANARY);
      expect(text).not.toContain(w.key);
      expect(text).not.toContain(event.event_id);
    }
  });
});

describe("detector failure lines", () => {
  test("one line per detector and reason per 10 s, however many events fail", async () => {
    const broken: DetectorDefinition<{}> = {
      id: "broken", description: "throws on every event", kinds: ["tool_call"], encodings: ["raw"], judges: ["security"],
      configSchema: Type.Object({}), defaultConfig: {},
      create: () => ({ inspect: () => { throw new Error("bug"); } }),
    };
    const lines: string[] = [];
    await using w = await startWarden({ detectors: [...BUILTIN_DETECTORS, broken], log: createLogger({ write: (t) => lines.push(t) }) });
    for (let i = 0; i < 5; i++) expect((await w.evaluate(makeEvent())).status).toBe(200);
    w.clock.advance(10_001);
    await w.evaluate(makeEvent());
    const failures = lines.map((l) => JSON.parse(l)).filter((l) => l.message === "detector failed");
    expect(failures.map((l) => [l.detector, l.reason, l.same_since_last_line])).toEqual([["broken", "error", undefined], ["broken", "error", 4]]);
  });
});
