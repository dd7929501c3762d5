// The export loop and retention on a real warden runtime and SQLite file: delivery despite a
// failing sink, a chain that continues across restarts, and pruning that waits for sinks.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeEvent, startWarden, tempDir, type TestWarden } from "../../test/helpers.ts";
import { silentLogger } from "../lib/log.ts";
import { createDecisionReader, createExportStateRepo } from "../store/sqlite/export-repo.ts";
import { createRetentionRepo } from "../store/sqlite/retention-repo.ts";
import { createExportService } from "./export-service.ts";
import { createExporter } from "./exporter.ts";
import { createRetention } from "./retention.ts";
import { failed, type Sink } from "./sink.ts";
import { verifyFiles } from "./verify.ts";

const DAY = 86_400_000;

async function evaluateMany(w: TestWarden, n: number, workspaceKey = w.key) {
  for (let i = 0; i < n; i++) {
    expect((await w.evaluate(makeEvent(), { authorization: `Bearer ${workspaceKey}` })).status).toBe(200);
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

function startService(w: TestWarden, path: string, extra: Partial<Parameters<typeof createExportService>[0]["settings"]> = {}) {
  const created = createExportService({
    db: w.runtime.storage.db,
    writer: w.runtime.storage.writer,
    dataDir: w.dataDir,
    settings: { content: "redacted", file: { path, maxBytes: 1 << 20, keep: 3 }, retention: { force: false }, ...extra },
    clock: w.clock,
    log: silentLogger,
    tuning: { batchSize: 7, idleMs: 5 },
  });
  if (!created.ok) throw new Error(created.reason);
  created.service.start();
  return created.service;
}

describe("exporter", () => {
  test("delivers every event in batches, persists the cursor, and continues the chain after a restart", async () => {
    using dir = tempDir();
    await using w = await startWarden();
    const path = join(dir.path, "decisions.jsonl");
    const other = await w.mintKey("ws-other");
    await evaluateMany(w, 10);
    await evaluateMany(w, 5, other);
    let service = startService(w, path);
    await until(() => service.exportLag()[0]!.lagEvents === 0 && service.exportLag()[0]!.sent === 15, "first export");
    await service.stop();
    await evaluateMany(w, 6);
    service = startService(w, path);
    await until(() => service.exportLag()[0]!.sent === 6, "export after restart");
    expect(service.exportLag()).toEqual([{ sink: `file:${path}`, lagEvents: 0, lastSuccessMs: w.clock.now(), sent: 6, errors: 0, quarantined: 0 }]);
    await service.stop();
    const lines = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { seq: number; workspace: string });
    expect(lines.map((l) => l.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(await verifyFiles([path])).toMatchObject({ ok: true, records: 21 });
    const state = await createExportStateRepo(w.runtime.storage.db).sinkState(`file:${path}`);
    expect(state).toMatchObject({ lastSeq: 21, sent: 21 });
    expect(state.chains.map((c) => [c.workspaceId, c.records])).toEqual([["ws-other", 5], ["ws-test", 16]]);
  });

  test("a failing sink keeps its cursor, backs off, and gets everything once it recovers", async () => {
    await using w = await startWarden();
    await evaluateMany(w, 5);
    let failing = 3;
    const got: number[] = [];
    const recovered: number[] = [];
    const sink: Sink = {
      id: "test:flaky",
      recover: async (lastSeq) => (recovered.push(lastSeq), { ok: true }),
      deliver: async (records) => (failing-- > 0 ? failed("HTTP 503") : (got.push(...records.map((r) => r.seq)), { ok: true })),
      close: async () => {},
    };
    const logged: string[] = [];
    const exporter = createExporter({
      reader: createDecisionReader(w.runtime.storage.db),
      state: createExportStateRepo(w.runtime.storage.db, w.runtime.storage.writer),
      sinks: [sink], content: { mode: "none" }, clock: w.clock, batchSize: 2, idleMs: 5, maxBackoffMs: 20, random: () => 0,
      log: { ...silentLogger, error: (m) => logged.push(m) },
    });
    exporter.start();
    await until(() => got.length === 5, "delivery after failures");
    await exporter.stop();
    expect(got).toEqual([1, 2, 3, 4, 5]);
    expect(recovered).toEqual([0, 0, 0, 0]);
    expect(exporter.exportLag()[0]).toMatchObject({ errors: 3, sent: 5, lagEvents: 0 });
    expect(logged).toEqual(["export delivery failed; retrying"]);
  });
});

describe("retention", () => {
  test("prunes old events and their findings in batches, never past the slowest sink nor the newest event", async () => {
    await using w = await startWarden();
    const db = w.runtime.storage.db;
    const secret = makeEvent({ payload: { name: "Bash", arguments: { command: "export AWS_ACCESS_KEY_ID=AKIA4QWERTYZ2XK7PL3M" } } });
    expect((await w.evaluate(secret)).status).toBe(200);
    await evaluateMany(w, 9);
    w.clock.advance(3 * DAY);
    await evaluateMany(w, 2);
    const state = createExportStateRepo(db, w.runtime.storage.writer);
    await state.advance("file:/slow", 4, [], w.clock.now());
    const store = createRetentionRepo(db, w.runtime.storage.writer);
    const reader = createDecisionReader(db);
    const logged: string[] = [];
    const retention = (force: boolean, sinkIds = ["file:/slow"]) => createRetention({
      store, state, newestSeq: () => reader.maxSeq(), sinkIds, days: 1, force, clock: w.clock, batch: 3,
      log: { ...silentLogger, error: (m) => logged.push(m) },
    });
    const count = () => db.query<{ n: number }, []>("SELECT count(*) AS n FROM events").get()!.n;
    expect(db.query("SELECT count(*) AS n FROM findings WHERE event_seq = 1").get()).toEqual({ n: 1 });
    expect(await retention(false).tick()).toBe(3);
    expect(await retention(false).tick()).toBe(1);
    expect(await retention(false).tick()).toBe(0);
    expect(logged).toEqual(["retention is waiting for an export sink (--retention-force prunes anyway)"]);
    expect(count()).toBe(8);
    expect(db.query("SELECT count(*) AS n FROM findings WHERE event_seq <= 4").get()).toEqual({ n: 0 });
    // A sink no longer configured holds nothing back; what is newer than the cutoff stays.
    while ((await retention(false, []).tick()) > 0);
    expect(count()).toBe(2);
    expect(await store.pruned()).toEqual({ throughSeq: 10, events: 10, lastPrunedAt: w.clock.now() });
    // Forced, by size: everything but the newest event, whose seq keeps later seqs from reuse.
    const bySize = createRetention({ store, state, newestSeq: () => reader.maxSeq(), sinkIds: ["file:/slow"], maxDbBytes: 1, force: true, clock: w.clock, log: silentLogger });
    while ((await bySize.tick()) > 0);
    expect(db.query("SELECT seq FROM events").all()).toEqual([{ seq: 12 }]);
    await evaluateMany(w, 1);
    expect(await reader.maxSeq()).toBe(13);
  });
});
