// Recording: evaluate records idempotently on (workspace, event_id); svc-partial writes nothing.
import { describe, expect, test } from "bun:test";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, startWarden } from "./helpers.ts";

const AWS_KEY_ID = ["AKIA", "Q3EGRVXM", "5PLTZ7WB"].join("");

const countRows = (w: Awaited<ReturnType<typeof startWarden>>, table: string) =>
  (w.runtime.storage.db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("evaluate records the event, its verdict and findings", () => {
  test("the stored event carries the verdict and findings it was answered with", async () => {
    await using w = await startWarden();
    const event = makeEvent({ kind: "user_input", payload: { text: `my key is ${AWS_KEY_ID}` } });
    const verdict = (await (await w.evaluate(event)).json()) as Verdict;
    const stored = await w.runtime.storage.events.get("ws-test", event.event_id);
    expect(stored!.source).toBe("evaluate");
    expect(stored!.verdict).toEqual(verdict);
    expect(stored!.sessionId).toBe(verdict["x.svc.session_id"] as string);
    expect(await w.runtime.storage.events.findings("ws-test", event.event_id)).toEqual(verdict.findings!);
  });

  test("repeating an evaluate of the same event returns the stored verdict and stores nothing new", async () => {
    await using w = await startWarden();
    const event = makeEvent({ kind: "user_input", payload: { text: `my key is ${AWS_KEY_ID}` } });
    const first = await (await w.evaluate(event)).json();
    const before = { events: countRows(w, "events"), findings: countRows(w, "findings") };
    // A retry is the same event; a PEP may stamp it with a new time.
    const again = await (await w.evaluate({ ...event, timestamp: "2026-11-23T10:00:05Z" })).json();
    expect(again).toEqual(first);
    expect({ events: countRows(w, "events"), findings: countRows(w, "findings") }).toEqual(before);
  });

  test("a different event under a recorded event_id is judged afresh and recorded apart", async () => {
    await using w = await startWarden();
    const event = makeEvent({ kind: "user_input", payload: { text: `my key is ${AWS_KEY_ID}` } });
    const first = (await (await w.evaluate(event)).json()) as Verdict;
    const other = (await (await w.evaluate({ ...event, payload: { text: "hello" } })).json()) as Verdict;
    expect(other["x.svc.decision_id"]).not.toBe(first["x.svc.decision_id"]);
    expect(other.findings!.map((f) => f.check_id)).toEqual(["events.id_reuse"]);
    expect((await w.runtime.storage.events.get("ws-test", event.event_id))!.verdict).toEqual(first);
    expect(countRows(w, "events")).toBe(2);
  });

  test("concurrent evaluates of one event_id store it once and agree on the verdict", async () => {
    await using w = await startWarden();
    const event = makeEvent();
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => w.evaluate(event).then((r) => r.json())));
    const ids = new Set(verdicts.map((v) => (v as Verdict)["x.svc.decision_id"]));
    expect(ids.size).toBe(1);
    expect(countRows(w, "events")).toBe(1);
  });

  test("many concurrent evaluates are all on disk when answered (group commit)", async () => {
    await using w = await startWarden();
    const events = Array.from({ length: 300 }, () => makeEvent());
    const statuses = await Promise.all(events.map((e) => w.evaluate(e).then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(countRows(w, "events")).toBe(300);
  });
});

describe("svc-partial: 1 decides under the same policy and writes nothing", () => {
  test("no event, no finding, no session change", async () => {
    await using w = await startWarden();
    const event = makeEvent({ kind: "model_output", payload: { text: `partial answer with ${AWS_KEY_ID}` } });
    const partial = (await (await w.evaluate(event, { "svc-partial": "1" })).json()) as Verdict;
    expect(partial.decision).toBe("redact");
    expect(countRows(w, "events")).toBe(0);
    expect(countRows(w, "findings")).toBe(0);
    expect(countRows(w, "sessions")).toBe(0);
    // The same decision as a full call, which then records.
    const full = (await (await w.evaluate(event)).json()) as Verdict;
    expect(full.decision).toBe(partial.decision);
    expect(full.modifications).toEqual(partial.modifications!);
    expect(countRows(w, "events")).toBe(1);
  });

  test("a partial call does not consume the session's placeholder numbers", async () => {
    await using w = await startWarden();
    const text = `key ${AWS_KEY_ID}`;
    await w.evaluate(makeEvent({ session_id: "s", kind: "model_output", payload: { text } }), { "svc-partial": "1" });
    await w.evaluate(makeEvent({ session_id: "s", kind: "model_output", payload: { text: `other ${["AKIA", "J7XK2MNB", "4WQZ6RTY"].join("")}` } }), { "svc-partial": "1" });
    const full = (await (await w.evaluate(makeEvent({ session_id: "s", kind: "model_output", payload: { text: `x ${["AKIA", "J7XK2MNB", "4WQZ6RTY"].join("")}` } }))).json()) as Verdict;
    expect(full.modifications!.spans![0]!.ref).toMatch(/_1\}$/);
  });
});

describe("storage", () => {
  test("the database runs in WAL mode with the schema migrated", async () => {
    await using w = await startWarden();
    const mode = w.runtime.storage.db.query("PRAGMA journal_mode").get() as { journal_mode: string };
    expect(mode.journal_mode).toBe("wal");
    const version = w.runtime.storage.db.query("PRAGMA user_version").get() as { user_version: number };
    expect(version.user_version).toBeGreaterThan(0);
  });
});
