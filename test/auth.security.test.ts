// Authentication and tenancy: every protected route refuses bad keys the same way, keys are
// stored hashed, and one workspace never sees or dedupes against another's events.
import { describe, expect, test } from "bun:test";
import { hashApiKey } from "../src/trust/api-keys.ts";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, startWarden } from "./helpers.ts";

const PROTECTED: [string, string, (e: unknown) => unknown][] = [
  ["POST", "/v1/evaluate", (e) => e],
  ["POST", "/v1/ingest", (e) => ({ batch: [e] })],
];

describe("every protected route refuses missing, malformed, unknown and revoked keys with 401", () => {
  for (const [method, path, wrap] of PROTECTED) {
    const variants: [string, Record<string, string>][] = [
      ["no Authorization header", {}],
      ["an unknown svc_ key", { authorization: "Bearer svc_thisKeyDoesNotExist0000000000000000000000" }],
      ["a key without the svc_ prefix", { authorization: "Bearer abc" }],
      ["a Basic credential", { authorization: "Basic dXNlcjpwYXNz" }],
      ["an empty bearer", { authorization: "Bearer " }],
      ["an absurdly long header", { authorization: `Bearer svc_${"a".repeat(10_000)}` }],
    ];
    for (const [name, headers] of variants) {
      test(`${method} ${path}: ${name}`, async () => {
        await using w = await startWarden();
        const res = await w.request(method, path, { body: wrap(makeEvent()), headers, auth: null });
        expect(res.status).toBe(401);
        // Why, in words, and never whether that key ever existed.
        expect(await res.json()).toEqual({ error: "unauthorized", message: expect.stringContaining("workspace key") });
      });
    }

    test(`${method} ${path}: a revoked key stops working`, async () => {
      await using w = await startWarden();
      const key = await w.mintKey("ws-revoke");
      const ok = await w.request(method, path, { body: wrap(makeEvent()), auth: key });
      expect(ok.status).toBeLessThan(300);
      const [record] = await w.runtime.storage.keys.list("ws-revoke");
      await w.runtime.storage.keys.revoke("ws-revoke", record!.id, w.clock.now());
      w.clock.advance(1001); // past the verified-key cache
      const res = await w.request(method, path, { body: wrap(makeEvent()), auth: key });
      expect(res.status).toBe(401);
    });
  }

  test("health needs no key", async () => {
    await using w = await startWarden();
    const res = await w.request("GET", "/v1/health", { auth: null });
    expect(res.status).toBe(200);
  });
});

describe("keys", () => {
  test("only the SHA-256 hash of a key is stored", async () => {
    await using w = await startWarden();
    const rows = w.runtime.storage.db.query("SELECT * FROM api_keys").all() as Record<string, unknown>[];
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(w.key);
    expect(dump).not.toContain(w.key.slice(12));
    const found = await w.runtime.storage.keys.findByHash(hashApiKey(w.key));
    expect(found!.workspaceId).toBe("ws-test");
  });
});

describe("tenancy", () => {
  test("workspace B neither sees nor dedupes against workspace A's events", async () => {
    await using w = await startWarden();
    const keyB = await w.mintKey("ws-b");
    const event = makeEvent({ kind: "exec", payload: { argv: ["rm", "-rf", "/"] } });
    const a = (await (await w.evaluate(event)).json()) as Verdict;
    // Same event_id from B: judged and recorded afresh in B, not answered from A's record.
    const eventB = { ...event, payload: { argv: ["ls"] } };
    const resB = await w.request("POST", "/v1/evaluate", { body: eventB, auth: keyB });
    const b = (await resB.json()) as Verdict;
    expect(b.decision).toBe("allow");
    expect(b["x.svc.decision_id"]).not.toBe(a["x.svc.decision_id"]);
    // B's own event again is B's duplicate (A's event under that id would be another event in B).
    const ingestB = await w.request("POST", "/v1/ingest", { body: { batch: [eventB] }, auth: keyB });
    expect(((await ingestB.json()) as { results: { status: number }[] }).results[0]!.status).toBe(200);
    const ingestC = await w.request("POST", "/v1/ingest", { body: { batch: [event] }, auth: await w.mintKey("ws-c") });
    expect(((await ingestC.json()) as { results: { status: number }[] }).results[0]!.status).toBe(201);
    expect(await w.runtime.storage.events.count("ws-test")).toBe(1);
    expect(await w.runtime.storage.events.count("ws-b")).toBe(1);
    expect((await w.runtime.storage.events.get("ws-b", event.event_id))!.verdict!.decision).toBe("allow");
    expect((await w.runtime.storage.events.get("ws-test", event.event_id))!.verdict!.decision).toBe("block");
  });

  test("a subject naming another workspace still lands in the key's workspace", async () => {
    await using w = await startWarden();
    await w.mintKey("ws-other");
    const event = makeEvent({ subject: { agent_id: "a1", agent_workspace: "ws-other" } });
    await w.evaluate(event);
    expect(await w.runtime.storage.events.get("ws-other", event.event_id)).toBeUndefined();
    expect(await w.runtime.storage.events.get("ws-test", event.event_id)).toBeDefined();
  });
});

describe("identity floor and attestation ceiling", () => {
  test("an event without subject is attributed to the key's default agent, one user", async () => {
    await using w = await startWarden();
    const event = makeEvent();
    const verdict = (await (await w.evaluate(event)).json()) as Verdict;
    const [record] = await w.runtime.storage.keys.list("ws-test");
    expect(verdict["x.svc.agent_id"]).toBe(`key:${record!.id}`);
    const row = w.runtime.storage.db.query("SELECT agent_id, agent_user FROM events").get() as Record<string, string>;
    expect(row).toEqual({ agent_id: `key:${record!.id}`, agent_user: "default" });
  });

  test("a claimed attestation is clamped to self_declared on a plain API key", async () => {
    await using w = await startWarden();
    const event = makeEvent({ subject: { agent_id: "agent-7", attestation: "client_key" } });
    const verdict = (await (await w.evaluate(event)).json()) as Verdict;
    expect(verdict["x.svc.attestation"]).toBe("self_declared");
    expect(verdict["x.svc.agent_id"]).toBe("agent-7");
    expect((await w.runtime.storage.events.get("ws-test", event.event_id))!.attestation).toBe("self_declared");
  });
});
