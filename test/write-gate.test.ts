// The handshake between the commit queue and another thread that holds writes off (the
// checkpointer), with a real Worker and a real SQLite connection.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { createCommitQueue } from "../src/store/sqlite/commit-queue.ts";
import { createWriteGate } from "../src/store/sqlite/write-gate.ts";

const now = () => performance.timeOrigin + performance.now();

/** The queue forces a write through once writes have been held off this long (commit-queue.ts). */
const OVERRIDE_MS = 250;

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(1);
  }
}

/**
 * Writers keep the queue busy while a worker holds writes off for up to `holdMs`; with
 * `releaseOnForcedWrite`, the worker lets go as soon as a write has come through the hold.
 */
async function underHold(holdMs: number, releaseOnForcedWrite = false) {
  const db = new Database(":memory:");
  db.run("CREATE TABLE t (v INTEGER)");
  const insert = db.prepare("INSERT INTO t (v) VALUES (?)");
  const gate = createWriteGate();
  const commits: number[] = [];
  const queue = createCommitQueue(db, { maxPending: 10_000, maxBatch: 16, gate, onCommit: () => commits.push(now()) });
  const worker = new Worker(new URL("./fixtures/hold-writes-worker.ts", import.meta.url).href);
  const release = new Int32Array(new SharedArrayBuffer(4));
  let holding: number | undefined;
  const report = new Promise<{ ran: boolean; began: number; ended: number }>((resolve) => {
    worker.onmessage = (m) => (m.data.holding !== undefined ? (holding = m.data.holding) : resolve(m.data));
  });
  // Writers keep the queue busy the whole time, as requests do under load.
  let writing = true;
  const writers = Promise.all(Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; writing; i++) await queue.enqueue(() => insert.run(w * 1e6 + i));
  }));
  await until(() => commits.length > 0, "writes before the hold");
  worker.postMessage({ gate, holdMs, release });
  if (releaseOnForcedWrite) {
    let ended = false;
    void report.then(() => (ended = true));
    await until(() => ended || (holding !== undefined && commits.some((t) => t > holding!)), "a write through the hold, or its end");
    Atomics.store(release, 0, 1);
    Atomics.notify(release, 0);
  }
  const held = await report;
  await until(() => commits.some((t) => t > held.ended), "writes after the hold");
  writing = false;
  await writers;
  worker.terminate();
  return { held, commits };
}

describe("write gate", () => {
  test("no transaction starts while another thread holds writes off, and writing resumes after", async () => {
    // A tenth of the override: even a worker slow to wake on a loaded machine lets go before it.
    const { held, commits } = await underHold(OVERRIDE_MS / 10);
    expect(held.ran).toBe(true);
    // The one transaction open when the hold began may commit; none may begin inside it.
    const inside = commits.filter((t) => t > held.began + 1 && t < held.ended - 1);
    expect(inside).toEqual([]);
    expect(commits.some((t) => t < held.began)).toBe(true);
    expect(commits.some((t) => t > held.ended)).toBe(true);
  });

  test("a hold that lasts too long is overridden: writes never wait more than a moment", async () => {
    // A hold of up to 20 s, let go once a write has been forced through it.
    const { held, commits } = await underHold(20_000, true);
    const inside = commits.filter((t) => t > held.began && t < held.ended);
    expect(inside.length).toBeGreaterThan(0);
    // Forced through after the override (idle: ~250 ms), not at the end of the hold.
    expect(inside[0]! - held.began).toBeLessThan(10 * OVERRIDE_MS);
  });
});
