// Assembles the SQLite implementation of the storage seam: one connection with its group-commit
// writer, a checkpointer worker, and the health probe.
import type { Database } from "bun:sqlite";
import { dirname, join } from "node:path";
import { loadOrCreateKeyFile } from "../../lib/key-file.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import { createEventDigest } from "./event-digest.ts";
import type { Clock } from "../../lib/clock.ts";
import { createStatsRepo } from "./stats-repo.ts";
import { workerModule } from "../../lib/worker-url.ts";
import { StorageOpenError, StorageUnavailableError, type Storage } from "../types.ts";
import type { CheckpointerMessage } from "./checkpointer.ts";
import { describeFault, isCorruption, isStorageFault } from "./commit-queue.ts";
import { openDatabase, WAL_RESTART_BYTES, type SyncMode } from "./database.ts";
import { createEventRepo } from "./event-repo.ts";
import { createAgentRepo } from "./agent-repo.ts";
import { createApprovalRepo } from "./approval-repo.ts";
import { createGrantRepo } from "./grant-repo.ts";
import { createIngestedRepo } from "./ingested-repo.ts";
import { createKeyRepo } from "./key-repo.ts";
import { createOperatorRepo } from "./operator-repo.ts";
import { createConsoleRepo } from "./console-repo.ts";
import { createLivenessRepo } from "./liveness-repo.ts";
import { createPepKeyRepo } from "./pep-key-repo.ts";
import { createDefinitionRepo, createSessionRepo } from "./session-repo.ts";
import { createWriter, type Writer } from "./writer.ts";
import { createWriteGate, type WriteGate } from "./write-gate.ts";

export interface SqliteStorageOptions {
  /** A file path, or `:memory:` for tests that need no file. */
  path: string;
  clock: Clock;
  sync?: SyncMode;
  maxPendingWrites?: number;
  /** How often the checkpointer folds the WAL into the database; 0 runs no checkpointer. */
  checkpointIntervalMs?: number;
  /** WAL size past which the checkpointer restarts the log (default WAL_RESTART_BYTES; tests go small). */
  walRestartBytes?: number;
  /** See OpenOptions.busyTimeoutMs: 0 for the server; the CLI may block. */
  busyTimeoutMs?: number;
  /** Fold the whole WAL into the database on close (the server does; short-lived CLI runs don't). */
  finalCheckpoint?: boolean;
  /** Called after each group commit (metrics). */
  onCommit?: (batchSize: number, durationMs: number) => void;
  /** The event digest key (tests); default: the data directory's event-digest.key, random for `:memory:`. */
  digestKey?: Uint8Array;
  /**
   * Refuse a database this process may not write (default true). SQLite opens such a file
   * read-only for the connection's whole life, so no later fix could heal it: better not to
   * start. Management commands that only read pass false.
   */
  requireWritable?: boolean;
}

export interface SqliteStorage extends Storage {
  writer: Writer;
  /** The connection itself, for operational commands and tests. */
  db: Database;
}

const PROBE_EVERY_MS = 1000;
function startCheckpointer(path: string, everyMs: number, restartBytes: number, gate: WriteGate): { stop(): Promise<void> } {
  const worker = new Worker(workerModule("store/sqlite/checkpointer.ts"));
  // Without it the WAL only grows: say so loudly rather than run on silently.
  worker.onerror = (event) => console.error(`warden: the checkpointer worker failed: ${event.message}`);
  const send = (message: CheckpointerMessage) => worker.postMessage(message);
  send({ type: "start", path, restartBytes, everyMs, gate });
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        // This timer keeps the process alive until the worker answers: the worker itself is
        // unreferenced, and an unreferenced timer let a stopping server exit right here, before
        // its final checkpoint and close (the WAL was left behind whenever the worker was slow).
        const timer = setTimeout(() => done(), 2000);
        const done = () => {
          clearTimeout(timer);
          worker.terminate();
          resolve();
        };
        worker.onmessage = done;
        send({ type: "stop" });
      }),
  };
}

/** Opens the database, or says in a StorageOpenError why SQLite cannot use the file. */
function open(options: SqliteStorageOptions): Database {
  let db: Database | undefined;
  try {
    db = openDatabase(options.path, { sync: options.sync ?? "normal", busyTimeoutMs: options.busyTimeoutMs ?? 0 });
    if (options.requireWritable !== false && options.path !== ":memory:") assertWritable(db);
    return db;
  } catch (error) {
    db?.close();
    throw isStorageFault(error) ? new StorageOpenError(options.path, describeFault(error)) : error;
  }
}

// Faults that may pass while warden runs: it answers 503 until they do, and recovers by itself.
const PASSING = /^SQLITE_(BUSY|LOCKED|FULL)/;

/** A write rolled back: only a real write finds a read-only file (BEGIN passes on a writable WAL). */
function assertWritable(db: Database): void {
  try {
    db.run("BEGIN IMMEDIATE");
    db.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('open_probe', '')");
  } catch (error) {
    if (!PASSING.test(String((error as { code?: string }).code))) throw error;
  } finally {
    if (db.inTransaction) db.run("ROLLBACK");
  }
}

/**
 * A read that meets a storage failure answers as a write does, with StorageUnavailableError
 * (503, or a hook's degraded deny), never as a bug; damage found by a read stops writes too.
 */
function guardReads<T extends object>(store: T, writer: Writer): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(store)) {
    if (typeof method !== "function") {
      guarded[name] = method;
      continue;
    }
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await method.apply(store, args);
      } catch (error) {
        if (error instanceof StorageUnavailableError || !isStorageFault(error)) throw error;
        if (!isCorruption(error)) throw new StorageUnavailableError(describeFault(error));
        writer.condemn(error);
        throw new StorageUnavailableError(writer.lastFailure()!);
      }
    };
  }
  return guarded as T;
}

/**
 * The key of the event digests: given, random for `:memory:`, else `event-digest.key` beside the
 * database, made 0600 on first use. The server loads it at start, so a key it cannot make stops
 * it there; commands that never record events never make one.
 */
function digestKeyOf(options: SqliteStorageOptions): () => Uint8Array {
  if (options.digestKey) return () => options.digestKey!;
  if (options.path === ":memory:") {
    const key = crypto.getRandomValues(new Uint8Array(32));
    return () => key;
  }
  let key: Uint8Array | undefined;
  const load = () => {
    if (key) return key;
    const loaded = loadOrCreateKeyFile(join(dirname(options.path), EVENT_DIGEST_KEY_FILE));
    if (!loaded.ok) throw new StorageOpenError(options.path, loaded.reason);
    return (key = loaded.key);
  };
  if (options.requireWritable !== false) load();
  return load;
}

export const EVENT_DIGEST_KEY_FILE = "event-digest.key";

export function createSqliteStorage(options: SqliteStorageOptions): SqliteStorage {
  const db = open(options);
  let key: () => Uint8Array;
  try {
    key = digestKeyOf(options);
  } catch (error) {
    db.close();
    throw error;
  }
  const digestOf = createEventDigest(key);
  const legacyDigest = (stored: string) => digestOf(JSON.parse(stored) as GuardEvent);
  const gate = createWriteGate();
  const writerOptions = { maxPending: options.maxPendingWrites ?? 20_000, maxBatch: 512, onCommit: options.onCommit, gate, legacyDigest };
  const writer = createWriter(db, writerOptions);
  // Checks that arrive while a probe is in flight (it may wait out a lock) share its answer.
  let lastProbe = { at: -Infinity, problem: Promise.resolve(undefined as string | undefined) };

  const checkpointer = options.path !== ":memory:" && (options.checkpointIntervalMs ?? 100) > 0
    ? startCheckpointer(options.path, options.checkpointIntervalMs ?? 100, options.walRestartBytes ?? WAL_RESTART_BYTES, gate)
    : undefined;

  return {
    writer,
    db,
    keys: guardReads(createKeyRepo(db), writer),
    events: guardReads(createEventRepo(db, writer, digestOf), writer),
    sessions: guardReads(createSessionRepo(db), writer),
    definitions: guardReads(createDefinitionRepo(db), writer),
    pepKeys: guardReads(createPepKeyRepo(db, writer), writer),
    agents: guardReads(createAgentRepo(db), writer),
    liveness: guardReads(createLivenessRepo(db, writer), writer),
    approvals: guardReads(createApprovalRepo(db, writer), writer),
    grants: guardReads(createGrantRepo(db, writer), writer),
    operators: guardReads(createOperatorRepo(db), writer),
    console: guardReads(createConsoleRepo(db, writer), writer),
    ingested: guardReads(createIngestedRepo(db, writer), writer),
    stats: guardReads(createStatsRepo(db), writer),
    health: {
      async problem() {
        const now = options.clock.now();
        if (now - lastProbe.at >= PROBE_EVERY_MS) {
          const problem = writer.probe(now).then(
            () => undefined,
            (error: unknown) => (error instanceof StorageUnavailableError ? error.reason : describeFault(error)),
          );
          lastProbe = { at: now, problem };
        }
        const problem = await lastProbe.problem;
        return writer.lastFailure() ?? problem;
      },
    },
    async close() {
      await checkpointer?.stop();
      await writer.close();
      try {
        if (options.path !== ":memory:" && options.finalCheckpoint !== false) db.run("PRAGMA wal_checkpoint(TRUNCATE)");
      } finally {
        db.close();
      }
    },
  };
}
