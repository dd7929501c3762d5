// The WAL stays bounded under a steady stream of commits. A PASSIVE checkpoint alone never
// catches up with a writer that keeps appending, so the log is never restarted and grows
// without bound (the 30-minute soak found a 1.7 GB WAL after five minutes). The checkpointer
// restarts it once it passes its limit; this drives real group commits into a real file until
// many times the limit has been written, and watches the WAL file's size the whole time.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { systemClock } from "../src/lib/clock.ts";
import type { WriteRow } from "../src/store/sqlite/event-writes.ts";
import { createSqliteStorage } from "../src/store/sqlite/storage.ts";
import { SLOW_TEST_MS, tempDir } from "./helpers.ts";

setDefaultTimeout(SLOW_TEST_MS);

const MiB = 1024 * 1024;
const RESTART_BYTES = 8 * MiB;
/** About the size of one row below. */
const ROW_BYTES = 1300;
/** Rows written in all: a fixed amount, not a fixed time, so a slow machine writes as much as a fast one. */
const WRITE_BYTES = 24 * RESTART_BYTES;
/**
 * The most the WAL may hold. One restarted past its limit holds the limit plus what commits
 * while the checkpointer catches up: idle 17 to 24 MiB, up to 56 MiB with another suite running.
 * One never started over holds every page written, about three times the rows: ~560 MiB here.
 */
const LARGEST_BYTES = 32 * RESTART_BYTES;

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
  digest: `d-${n}`,
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
    const watch = setInterval(() => (largest = Math.max(largest, walBytes(path))), 5);
    // Sixteen writers keep the commit queue full, so a commit lands every few milliseconds.
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (written * ROW_BYTES < WRITE_BYTES) {
        await Promise.all(Array.from({ length: 32 }, () => storage.writer.write(row(written++))));
      }
    }));
    clearInterval(watch);
    largest = Math.max(largest, walBytes(path));
    await storage.close();

    // The WAL was started over again and again instead of holding everything written.
    expect(largest).toBeLessThan(LARGEST_BYTES);
    // Closing folds and truncates the log, and every row is there.
    expect(walBytes(path)).toBe(0);
    const db = new (await import("bun:sqlite")).Database(path, { readonly: true });
    expect((db.query("SELECT count(*) AS n FROM events").get() as { n: number }).n).toBe(written);
    db.close();
  });
});
