// Sessions: the event's session_id when given, otherwise one derived per (workspace, agent,
// user) that closes after 30 idle minutes.
import { describe, expect, test } from "bun:test";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, startWarden } from "./helpers.ts";

type W = Awaited<ReturnType<typeof startWarden>>;
const sessionOf = async (w: W, event: unknown) =>
  ((await (await w.evaluate(event)).json()) as Verdict)["x.svc.session_id"] as string;

describe("sessions", () => {
  test("session_id from the event is the session", async () => {
    await using w = await startWarden();
    expect(await sessionOf(w, makeEvent({ session_id: "conv-42" }))).toBe("conv-42");
  });

  test("a derived session is stable for one agent and user, distinct across them", async () => {
    await using w = await startWarden();
    const s1 = await sessionOf(w, makeEvent());
    w.clock.advance(60_000);
    expect(await sessionOf(w, makeEvent())).toBe(s1);
    const otherAgent = await sessionOf(w, makeEvent({ subject: { agent_id: "agent-2" } }));
    const otherUser = await sessionOf(w, makeEvent({ subject: { agent_id: "agent-2", agent_user: "bob" } }));
    expect(new Set([s1, otherAgent, otherUser]).size).toBe(3);
  });

  test("a derived session closes after 30 idle minutes", async () => {
    await using w = await startWarden();
    const s1 = await sessionOf(w, makeEvent());
    w.clock.advance(29 * 60_000);
    expect(await sessionOf(w, makeEvent())).toBe(s1);
    w.clock.advance(31 * 60_000);
    expect(await sessionOf(w, makeEvent())).not.toBe(s1);
  });

  test("a derived session survives a restart", async () => {
    await using first = await startWarden();
    const s1 = await sessionOf(first, makeEvent({ subject: { agent_id: "a" } }));
    await first.runtime.close();
    const { createRuntime } = await import("../src/runtime.ts");
    const again = createRuntime({ dataDir: first.dataDir, clock: first.clock, rateLimit: 0 });
    try {
      const res = await again.app.handle(
        new Request("http://localhost/v1/evaluate", {
          method: "POST",
          headers: { authorization: `Bearer ${first.key}`, "content-type": "application/json" },
          body: JSON.stringify(makeEvent({ subject: { agent_id: "a" } })),
        }),
      );
      expect(((await res.json()) as Verdict)["x.svc.session_id"]).toBe(s1);
    } finally {
      await again.close();
      first.runtime.close = async () => {};
    }
  });

  test("session counters are kept", async () => {
    await using w = await startWarden();
    await w.evaluate(makeEvent({ session_id: "s" }));
    await w.ingest([makeEvent({ session_id: "s" }), makeEvent({ session_id: "s" })]);
    const row = w.runtime.storage.db.query("SELECT event_count FROM sessions WHERE session_id = 's'").get() as { event_count: number };
    expect(row.event_count).toBe(3);
  });
});
