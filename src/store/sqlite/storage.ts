// Assembles the SQLite implementation of the storage seam: one connection with its group-commit
// writer, a checkpointer worker, and the health probe.
import type { Database } from "bun:sqlite";
import type { Clock } from "../../lib/clock.ts";
import { createStatsRepo } from "./stats-repo.ts";
import { workerModule } from "../../lib/worker-url.ts";
import type { Storage } from "../types.ts";
import type { CheckpointerMessage } from "./checkpointer.ts";
import { openDatabase, type SyncMode } from "./database.ts";
import { createEventRepo } from "./event-repo.ts";
import { createAgentRepo } from "./agent-repo.ts";
import { createApprovalRepo } from "./approval-repo.ts";
import { createGrantRepo } from "./grant-repo.ts";
import { createKeyRepo } from "./key-repo.ts";
import { createOperatorRepo } from "./operator-repo.ts";
import { createConsoleRepo } from "./console-repo.ts";
import { createLivenessRepo } from "./liveness-repo.ts";
import { createPepKeyRepo } from "./pep-key-repo.ts";
import { createDefinitionRepo, createSessionRepo } from "./session-repo.ts";
import { createWriter, type Writer } from "./writer.ts";

export interface SqliteStorageOptions {
  /** A file path, or `:memory:` for tests that need no file. */
  path: string;
  clock: Clock;
  sync?: SyncMode;
  maxPendingWrites?: number;
  /** How often the checkpointer looks at the WAL's size; 0 runs no checkpointer. */
  checkpointIntervalMs?: number;
  /** See OpenOptions.busyTimeoutMs: 0 for the server; the CLI may block. */
  busyTimeoutMs?: number;
  /** Fold the whole WAL into the database on close (the server does; short-lived CLI runs don't). */
  finalCheckpoint?: boolean;
  /** Called after each group commit (metrics). */
  onCommit?: (batchSize: number, durationMs: number) => void;
}

export interface SqliteStorage extends Storage {
  writer: Writer;
  /** The connection itself, for operational commands and tests. */
  db: Database;
}

const PROBE_EVERY_MS = 1000;
const WAL_LIMIT_BYTES = 8 * 1024 * 1024;

function startCheckpointer(path: string, everyMs: number): { stop(): Promise<void> } {
  const worker = new Worker(workerModule("store/sqlite/checkpointer.ts"));
  // Without it the WAL only grows: say so loudly rather than run on silently.
  worker.onerror = (event) => console.error(`warden: the checkpointer worker failed: ${event.message}`);
  const send = (message: CheckpointerMessage) => worker.postMessage(message);
  send({ type: "start", path, walLimitBytes: WAL_LIMIT_BYTES, everyMs });
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          worker.terminate();
          resolve();
        };
        worker.onmessage = done;
        setTimeout(done, 2000).unref();
        send({ type: "stop" });
      }),
  };
}

export function createSqliteStorage(options: SqliteStorageOptions): SqliteStorage {
  const db = openDatabase(options.path, { sync: options.sync ?? "normal", busyTimeoutMs: options.busyTimeoutMs ?? 0 });
  const writerOptions = { maxPending: options.maxPendingWrites ?? 20_000, maxBatch: 512, onCommit: options.onCommit };
  const writer = createWriter(db, writerOptions);
  let lastProbe = { at: -Infinity, problem: undefined as string | undefined };

  const checkpointer = options.path !== ":memory:" && (options.checkpointIntervalMs ?? 100) > 0
    ? startCheckpointer(options.path, options.checkpointIntervalMs ?? 100)
    : undefined;

  return {
    writer,
    db,
    keys: createKeyRepo(db),
    events: createEventRepo(db, writer),
    sessions: createSessionRepo(db),
    definitions: createDefinitionRepo(db),
    pepKeys: createPepKeyRepo(db, writer),
    agents: createAgentRepo(db),
    liveness: createLivenessRepo(db, writer),
    approvals: createApprovalRepo(db, writer),
    grants: createGrantRepo(db, writer),
    operators: createOperatorRepo(db),
    console: createConsoleRepo(db, writer),
    stats: createStatsRepo(db),
    health: {
      async problem() {
        const now = options.clock.now();
        if (now - lastProbe.at < PROBE_EVERY_MS) return writer.lastFailure() ?? lastProbe.problem;
        lastProbe = { at: now, problem: undefined };
        try {
          await writer.probe(now);
        } catch (error) {
          lastProbe.problem = error instanceof Error ? error.message : String(error);
        }
        return lastProbe.problem;
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
