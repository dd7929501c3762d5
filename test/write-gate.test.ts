// The handshake between the commit queue and another thread that holds writes off (the
// checkpointer), with a real Worker and a real SQLite connection.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { createCommitQueue } from "../src/store/sqlite/commit-queue.ts";
import { createWriteGate } from "../src/store/sqlite/write-gate.ts";

const now = () => performance.timeOrigin + performance.now();

async function underHold(holdMs: number) {
  const db = new Database(":memory:");
  db.run("CREATE TABLE t (v INTEGER)");
  const insert = db.prepare("INSERT INTO t (v) VALUES (?)");
  const gate = createWriteGate();
  const commits: number[] = [];
  const queue = createCommitQueue(db, { maxPending: 10_000, maxBatch: 16, gate, onCommit: () => commits.push(now()) });
  const worker = new Worker(new URL("./fixtures/hold-writes-worker.ts", import.meta.url).href);
  const report = new Promise<{ ran: boolean; began: number; ended: number }>((resolve) => (worker.onmessage = (m) => resolve(m.data)));
  // Writers keep the queue busy the whole time, as requests do under load.
  let writing = true;
  const writers = Promise.all(Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; writing; i++) await queue.enqueue(() => insert.run(w * 1e6 + i));
  }));
  await Bun.sleep(20);
  worker.postMessage({ gate, holdMs });
  const held = await report;
  await Bun.sleep(20);
  writing = false;
  await writers;
  worker.terminate();
  return { held, commits };
}

describe("write gate", () => {
  test("no transaction starts while another thread holds writes off, and writing resumes after", async () => {
    const { held, commits } = await underHold(60);
    expect(held.ran).toBe(true);
    // The one transaction open when the hold began may commit; none may begin inside it.
    const inside = commits.filter((t) => t > held.began + 1 && t < held.ended - 1);
    expect(inside).toEqual([]);
    expect(commits.some((t) => t < held.began)).toBe(true);
    expect(commits.some((t) => t > held.ended)).toBe(true);
  });

  test("a hold that lasts too long is overridden: writes never wait more than a moment", async () => {
    const { held, commits } = await underHold(800);
    const inside = commits.filter((t) => t > held.began && t < held.ended);
    expect(inside.length).toBeGreaterThan(0);
    // Forced through after the 250 ms bound, well before the hold ended.
    expect(inside[0]! - held.began).toBeLessThan(600);
  });
});
