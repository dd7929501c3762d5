// POST /v1/heartbeat and liveness: a PEP silent past 3 x its interval is dark (a coverage-loss
// finding raised once, cleared when it returns). Driven by the injected clock.
import { describe, expect, test } from "bun:test";
import { makeEvent, startWarden } from "./helpers.ts";

const PAGE = { limit: 100, offset: 0 };

describe("POST /v1/heartbeat", () => {
  test("{} and full bodies are 200 {ok:true}; malformed is 400 invalid_body", async () => {
    await using w = await startWarden();
    for (const body of [{}, { sensor: { id: "claude-hook" }, interval_s: 30, instance_id: "laptop-1", counters: { events_sent: 12, evaluate_errors: 0 } }, { subject: { agent_id: "a1" } }]) {
      const res = await w.request("POST", "/v1/heartbeat", { body });
      expect([res.status, await res.json()]).toEqual([200, { ok: true }]);
    }
    for (const body of [[], "x", { interval_s: "soon" }, { interval_s: 0 }, { sensor: "claude" }, { counters: { events_sent: -1 } }, { instance_id: "" }]) {
      const res = await w.request("POST", "/v1/heartbeat", { body: JSON.stringify(body), headers: { "content-type": "application/json" } });
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, "invalid_body"]);
    }
    expect((await w.request("POST", "/v1/heartbeat", { body: {}, auth: null })).status).toBe(401);
  });

  test("silent past 3 x interval is dark once; a beat brings it back and clears the finding", async () => {
    await using w = await startWarden();
    const { liveness } = w.runtime.storage;
    const beat = () => w.request("POST", "/v1/heartbeat", { body: { sensor: { id: "hook" }, instance_id: "i-1", interval_s: 10 } });
    await beat();
    w.clock.advance(29_000);
    expect(await liveness.sweep(w.clock.now())).toBe(0);
    w.clock.advance(2_000);
    expect(await liveness.sweep(w.clock.now())).toBe(1);
    expect(await liveness.sweep(w.clock.now())).toBe(0);
    expect(await liveness.states("ws-test", PAGE)).toEqual({ total: 1, sensors: [{ sensorKey: "sensor:hook", instanceId: "i-1", intervalS: 10, lastSeenAt: expect.any(Number), dark: true }] });
    const [finding] = await liveness.recent("ws-test", 10);
    expect(finding).toMatchObject({ checkId: "liveness.dark_sensor", category: "security.bypass", severity: "high", subject: "sensor:hook/i-1", clearedAt: null });
    await beat();
    expect((await liveness.states("ws-test", PAGE)).sensors[0]!.dark).toBe(false);
    expect((await liveness.recent("ws-test", 10))[0]!.clearedAt).toBe(w.clock.now());
  });

  test("an idle agent that keeps beating is never dark; liveness is per workspace", async () => {
    await using w = await startWarden();
    for (let i = 0; i < 5; i++) {
      await w.request("POST", "/v1/heartbeat", { body: { interval_s: 10 } });
      w.clock.advance(25_000);
      expect(await w.runtime.storage.liveness.sweep(w.clock.now())).toBe(0);
    }
    expect(await w.runtime.storage.liveness.states("ws-other", PAGE)).toEqual({ total: 0, sensors: [] });
  });
});

describe("suppression", () => {
  test("a PEP that claims far more events sent than arrived raises a finding", async () => {
    await using w = await startWarden();
    const beat = (sent: number) => w.request("POST", "/v1/heartbeat", { body: { sensor: { id: "hook" }, instance_id: "i", counters: { events_sent: sent } } });
    const send = (n: number) => w.ingest(Array.from({ length: n }, () => makeEvent({ sensor: { id: "hook", class: "in_process" } })));
    await beat(0);
    await send(20);
    await beat(20);
    expect(await w.runtime.storage.liveness.recent("ws-test", 10)).toEqual([]);
    await send(5);
    await beat(120);
    const [finding] = await w.runtime.storage.liveness.recent("ws-test", 10);
    expect(finding).toMatchObject({ checkId: "liveness.suppression", severity: "high", subject: "sensor:hook/i" });
  });
});

describe("bounds (issue 16 item 7)", () => {
  test("a workspace's sensor instances are capped: a new one past the cap is refused, known ones still beat", async () => {
    await using w = await startWarden();
    const { liveness } = w.runtime.storage;
    const beat = (instance: string, owner = "key:k1", apiKeyOwner = owner) =>
      liveness.heartbeat({ workspaceId: "ws-test", sensorKey: "sensor:flood", instanceId: instance, intervalS: 60, now: w.clock.now(), owner, apiKeyOwner, maxSensors: 3 });
    for (const i of ["a", "b", "c"]) expect(await beat(i)).toEqual({ ok: true, eventsSentBefore: undefined });
    expect(await beat("d")).toEqual({ ok: false, refused: "full" });
    expect((await beat("a")).ok).toBe(true);
    expect(await beat("b", "key:k2")).toEqual({ ok: false, refused: "owned" });
    // A PEP that beat unsigned before it enrolled: its first signed beat (same API key) takes the
    // instance over, and from then on the API key alone no longer beats for it.
    expect((await beat("c", "pep:kid_1", "key:k1")).ok).toBe(true);
    expect(await beat("c")).toEqual({ ok: false, refused: "owned" });
    expect(await beat("b", "pep:kid_2", "key:k2")).toEqual({ ok: false, refused: "owned" });
    expect((await liveness.states("ws-test", PAGE)).total).toBe(3);
  });

  test("the fleet lists a page: dark sensors first, with the total", async () => {
    await using w = await startWarden();
    const { liveness } = w.runtime.storage;
    for (let i = 0; i < 5; i++) {
      await liveness.heartbeat({ workspaceId: "ws-test", sensorKey: `sensor:s${i}`, instanceId: "", intervalS: i === 0 ? 1 : 3600, now: w.clock.now(), owner: "key:k", apiKeyOwner: "key:k", maxSensors: 100 });
    }
    w.clock.advance(5_000);
    await liveness.sweep(w.clock.now());
    const page = await liveness.states("ws-test", { limit: 2, offset: 0 });
    expect(page.total).toBe(5);
    expect(page.sensors.map((s) => [s.sensorKey, s.dark])).toEqual([["sensor:s0", true], [expect.any(String), false]]);
  });
});
