import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { StorageOverloadedError, StorageUnavailableError } from "../types.ts";
import { createCommitQueue } from "./commit-queue.ts";

const setup = (maxPending = 1000) => {
  const db = new Database(":memory:");
  db.run("CREATE TABLE t (v INTEGER)");
  const batches: number[] = [];
  const queue = createCommitQueue(db, { maxPending, maxBatch: 100, onCommit: (n) => batches.push(n) });
  const insert = db.prepare("INSERT INTO t (v) VALUES (?)");
  return { db, queue, batches, insert };
};

describe("commit queue", () => {
  test("writes queued in one turn share a transaction and resolve after commit", async () => {
    const { db, queue, batches, insert } = setup();
    const done = Array.from({ length: 250 }, (_, i) => queue.enqueue(() => insert.run(i).changes));
    expect(db.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
    expect(await Promise.all(done)).toEqual(Array(250).fill(1));
    expect(batches).toEqual([100, 100, 50]);
    expect(db.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 250 });
  });

  test("a write that throws fails alone; the others commit", async () => {
    const { db, queue, insert } = setup();
    const results = await Promise.allSettled([
      queue.enqueue(() => insert.run(1)),
      queue.enqueue(() => {
        throw new Error("bug");
      }),
      queue.enqueue(() => insert.run(3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(db.query("SELECT v FROM t ORDER BY v").all()).toEqual([{ v: 1 }, { v: 3 }]);
  });

  test("a full database rejects the whole batch as storage unavailable", async () => {
    const { db, queue, insert } = setup();
    const pages = (db.query("PRAGMA page_count").get() as { page_count: number }).page_count;
    db.run(`PRAGMA max_page_count = ${pages}`);
    const big = db.prepare("INSERT INTO t (v) VALUES (randomblob(100000))");
    const results = await Promise.allSettled([queue.enqueue(() => insert.run(1)), queue.enqueue(() => big.run())]);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(StorageUnavailableError);
    expect(queue.lastFailure()).toContain("full");
    expect(db.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
  });

  test("a damaged file refuses every later write too, until a restart", async () => {
    const { db, queue, insert } = setup();
    // What bun:sqlite throws when a page it reads is damaged (storage-failure.test.ts does it for real).
    const damaged = Object.assign(new Error("database disk image is malformed"), { code: "SQLITE_CORRUPT" });
    const meetsDamage = () => {
      throw damaged;
    };
    await expect(queue.enqueue(meetsDamage)).rejects.toBeInstanceOf(StorageUnavailableError);
    const reason = "the database file is damaged: database disk image is malformed (SQLITE_CORRUPT); restore it from a backup and restart warden";
    expect(queue.lastFailure()).toBe(reason);
    await expect(queue.enqueue(() => insert.run(1))).rejects.toEqual(new StorageUnavailableError(reason));
    expect(queue.lastFailure()).toBe(reason);
    expect(db.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
  });

  test("past maxPending, enqueue refuses instead of queueing without bound", async () => {
    const { queue, insert } = setup(3);
    const accepted = [1, 2, 3].map((v) => queue.enqueue(() => insert.run(v)));
    await expect(queue.enqueue(() => insert.run(4))).rejects.toBeInstanceOf(StorageOverloadedError);
    await Promise.all(accepted);
    await queue.enqueue(() => insert.run(5));
  });
});
