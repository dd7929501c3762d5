// The WAL stays bounded under a steady stream of commits. A PASSIVE checkpoint alone never
// catches up with a writer that keeps appending, so the log is never restarted and grows
// without bound (the 30-minute soak found a 1.7 GB WAL after five minutes). The checkpointer
// restarts it once it passes its limit; this drives real group commits into a real file for a
// few seconds and watches the WAL file's size the whole time.
import { describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { systemClock } from "../src/lib/clock.ts";
import type { WriteRow } from "../src/store/sqlite/event-writes.ts";
import { createSqliteStorage } from "../src/store/sqlite/storage.ts";
import { tempDir } from "./helpers.ts";

const MiB = 1024 * 1024;
const WRITE_FOR_MS = 4000;
const RESTART_BYTES = 8 * MiB;

const walBytes = (path: string) => {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
};

/** An event row about the size of a real one, under a random id as clients send them. */
const row = (n: number): WriteRow => ({
  workspaceId: "ws_wal",
  eventId: crypto.randomUUID(),
  hash: (Math.random() * 2 ** 31) | 0,
  guardId: `g-${n}`,
  sessionId: `s-${n % 50}`,
  agentId: "agent-1",
  agentUser: "dev",
  attestation: "none",
  kind: "tool_call",
  source: "evaluate",
  decision: "allow",
  receivedAt: Date.now(),
  event: JSON.stringify({ n, padding: "x".repeat(1200) }),
  verdict: '{"decision":"allow"}',
  findings: [],
  derivedSession: 0,
  counters: null,
  definitions: [],
  agents: [],
});

describe("the write-ahead log under sustained writes", () => {
  test("is restarted past its limit instead of growing without bound", async () => {
    using dir = tempDir("warden-wal-");
    const path = join(dir.path, "warden.db");
    const storage = createSqliteStorage({ path, clock: systemClock, checkpointIntervalMs: 20, walRestartBytes: RESTART_BYTES });
    let largest = 0;
    let written = 0;
    const until = performance.now() + WRITE_FOR_MS;
    const watch = setInterval(() => (largest = Math.max(largest, walBytes(path))), 5);
    // Sixteen writers keep the commit queue full, so a commit lands every few milliseconds.
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (performance.now() < until) {
        await Promise.all(Array.from({ length: 32 }, () => storage.writer.write(row(written++))));
      }
    }));
    clearInterval(watch);
    largest = Math.max(largest, walBytes(path));
    const totalBytes = written * 1300;
    await storage.close();

    // The run wrote many times the limit; the WAL never held more than a few ticks' worth past it.
    expect(totalBytes).toBeGreaterThan(10 * RESTART_BYTES);
    expect(largest).toBeLessThan(3 * RESTART_BYTES);
    // Closing folds and truncates the log, and every row is there.
    expect(walBytes(path)).toBe(0);
    const db = new (await import("bun:sqlite")).Database(path, { readonly: true });
    expect((db.query("SELECT count(*) AS n FROM events").get() as { n: number }).n).toBe(written);
    db.close();
  }, 30_000);
});
