// The write side of the SQLite store: group commit on one connection. Measured against a
// writer on a Worker thread, this was faster at every load tried (the round trip to the worker
// costs more latency than the commit it moves), so commits run on the request thread.
import type { Database } from "bun:sqlite";
import { createCommitQueue } from "./commit-queue.ts";
import { createEventWrites, type LegacyDigest, type WriteOutcome, type WriteRow } from "./event-writes.ts";
import type { WriteGate } from "./write-gate.ts";

export interface Writer {
  write(row: WriteRow): Promise<WriteOutcome>;
  probe(now: number): Promise<void>;
  /** Runs `work` inside the next group commit; resolves once it is durable. */
  transact<T>(work: () => T): Promise<T>;
  /** Caps the database at `pages` pages on the writing connection (a full disk, on purpose). */
  setMaxPages(pages: number): Promise<void>;
  depth(): number;
  lastFailure(): string | undefined;
  /** Refuses every write from now on: a read found the database file damaged. */
  condemn(error: unknown): void;
  close(): Promise<void>;
}

export interface WriterOptions {
  /** Called after each group commit (metrics). */
  onCommit?: (batchSize: number, durationMs: number) => void;
  maxPending: number;
  maxBatch: number;
  /** Shared with the checkpointer (write-gate.ts). */
  gate?: WriteGate;
  /** The digest of an event recorded before digests were stored. */
  legacyDigest: LegacyDigest;
}

export function createWriter(db: Database, options: WriterOptions): Writer {
  const queue = createCommitQueue(db, options);
  const writes = createEventWrites(db, options.legacyDigest);
  return {
    write: (row) => queue.enqueue(() => writes.write(row)),
    probe: (now) => queue.enqueue(() => writes.probe(now)),
    transact: (work) => queue.enqueue(work),
    async setMaxPages(pages) {
      db.run(`PRAGMA max_page_count = ${Math.floor(pages)}`);
    },
    depth: () => queue.depth(),
    lastFailure: () => queue.lastFailure(),
    condemn: (error) => queue.condemn(error),
    close: () => queue.drain(),
  };
}
