// Group commit: every write queued before the next macrotask shares one transaction, and each
// caller is answered only after COMMIT returns. That is what makes "acknowledged means on disk"
// affordable under load: one commit, many requests.
import type { Database } from "bun:sqlite";
import { StorageOverloadedError, StorageUnavailableError } from "../types.ts";
import { enterWrite, forceWrite, leaveWrite, type WriteGate } from "./write-gate.ts";

interface PendingWrite<T> {
  run: () => T;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export interface CommitQueueOptions {
  /** Most writes waiting at once; past it `enqueue` refuses with StorageOverloadedError. */
  maxPending: number;
  /** Most writes in one transaction. */
  maxBatch: number;
  onCommit?: (batchSize: number, durationMs: number) => void;
  onFailure?: (error: unknown) => void;
  /** Shared with the checkpointer, which may hold new transactions off for a moment. */
  gate?: WriteGate;
}

export interface CommitQueue {
  enqueue<T>(run: () => T): Promise<T>;
  depth(): number;
  /** Resolves when everything queued so far has committed or failed. */
  drain(): Promise<void>;
  /** The last storage failure, cleared by the next successful commit (never, once condemned). */
  lastFailure(): string | undefined;
  /** Refuses every write from now on: the database file is damaged, and that does not heal. */
  condemn(error: unknown): void;
}

// SQLite result codes that mean the storage itself is unwritable, not that one write was wrong.
const STORAGE_FAULT = /SQLITE_(FULL|IOERR|READONLY|BUSY|LOCKED|CORRUPT|NOTADB|CANTOPEN|PROTOCOL|PERM)/;

const BUSY = /SQLITE_(BUSY|LOCKED)/;
const isBusy = (error: unknown): boolean =>
  BUSY.test(String((error as { code?: string })?.code ?? "")) || /database is locked/.test(String((error as Error)?.message));

/** How long a batch may wait for another connection's lock before it is refused. */
const MAX_BUSY_MS = 5000;
/** How long the checkpointer may hold writes off before the queue writes regardless. */
const MAX_HELD_MS = 250;

export const isStorageFault = (error: unknown): boolean =>
  STORAGE_FAULT.test(String((error as { code?: string })?.code ?? "")) ||
  STORAGE_FAULT.test(String((error as Error)?.message ?? ""));

// Damage to the file itself. SQLite does not repair it and warden cannot know when someone has,
// so the queue stops writing until a restart rather than flap between working and not.
const CORRUPTION = /SQLITE_(CORRUPT|NOTADB)/;
export const isCorruption = (error: unknown): boolean => CORRUPTION.test(String((error as { code?: string })?.code ?? ""));

/** SQLite's message with its extended result code, e.g. "disk I/O error (SQLITE_IOERR_WRITE)". */
export function describeFault(error: unknown): string {
  const message = String((error as Error)?.message ?? error);
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && code.startsWith("SQLITE_") ? `${message} (${code})` : message;
}

export function createCommitQueue(db: Database, options: CommitQueueOptions): CommitQueue {
  let queue: PendingWrite<unknown>[] = [];
  let scheduled = false;
  let failure: string | undefined;
  let condemned: string | undefined;
  let idle: (() => void)[] = [];
  const begin = db.prepare("BEGIN IMMEDIATE");
  const commit = db.prepare("COMMIT");

  const rollbackQuietly = () => {
    try {
      if (db.inTransaction) db.run("ROLLBACK");
    } catch {
      // The transaction is already gone; nothing left to undo.
    }
  };

  const condemn = (error: unknown) => {
    condemned ??= `the database file is damaged: ${describeFault(error)}; restore it from a backup and restart warden`;
  };

  let busySince: number | undefined;
  let busyDelayMs = 1;
  let heldSince: number | undefined;

  /** False while the checkpointer holds writes off (for at most MAX_HELD_MS in a row). */
  const mayWrite = (): boolean => {
    const gate = options.gate;
    if (!gate || enterWrite(gate)) {
      heldSince = undefined;
      return true;
    }
    if (performance.now() - (heldSince ??= performance.now()) < MAX_HELD_MS) return false;
    forceWrite(gate);
    return true;
  };

  /** Returns false when another connection holds the lock: the batch is to be tried again. */
  const runBatch = (batch: PendingWrite<unknown>[]): boolean => {
    const started = performance.now();
    const results: unknown[] = [];
    try {
      begin.run();
      for (const write of batch) results.push(write.run());
      commit.run();
    } catch (error) {
      rollbackQuietly();
      if (isBusy(error) && performance.now() - (busySince ??= performance.now()) < MAX_BUSY_MS) return false;
      if (isStorageFault(error) || batch.length === 1) {
        if (isStorageFault(error)) failure = describeFault(error);
        if (isCorruption(error)) condemn(error);
        options.onFailure?.(error);
        const reason = isStorageFault(error) ? new StorageUnavailableError(condemned ?? failure!) : error;
        for (const write of batch) write.reject(reason);
        busySince = undefined;
        return true;
      }
      // One write was at fault (a bug, not the disk): give every write its own transaction.
      for (const write of batch) runBatch([write]);
      return true;
    }
    failure = undefined;
    busySince = undefined;
    busyDelayMs = 1;
    options.onCommit?.(batch.length, performance.now() - started);
    batch.forEach((write, i) => write.resolve(results[i]));
    return true;
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0) {
      if (!mayWrite()) {
        scheduled = true;
        setTimeout(flush, 1);
        return;
      }
      const batch = queue.length > options.maxBatch ? queue.splice(0, options.maxBatch) : queue;
      if (batch === queue) queue = [];
      let done: boolean;
      try {
        done = runBatch(batch);
      } finally {
        if (options.gate) leaveWrite(options.gate);
      }
      if (!done) {
        // Wait for the lock without blocking the thread (SQLite's own busy handler sleeps).
        queue = batch.concat(queue);
        scheduled = true;
        setTimeout(flush, busyDelayMs);
        busyDelayMs = Math.min(busyDelayMs * 2, 50);
        return;
      }
    }
    const waiters = idle;
    idle = [];
    for (const wake of waiters) wake();
  };

  return {
    enqueue<T>(run: () => T): Promise<T> {
      if (condemned) return Promise.reject(new StorageUnavailableError(condemned));
      if (queue.length >= options.maxPending) return Promise.reject(new StorageOverloadedError());
      return new Promise<T>((resolve, reject) => {
        queue.push({ run, resolve, reject } as PendingWrite<unknown>);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    depth: () => queue.length,
    drain: () => (queue.length === 0 && !scheduled ? Promise.resolve() : new Promise((r) => idle.push(r))),
    lastFailure: () => condemned ?? failure,
    condemn,
  };
}
