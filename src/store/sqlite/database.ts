// Opens warden's SQLite database: WAL, pragmas, embedded migrations, and a lock that keeps a
// second `warden serve` off the same data directory.
import { Database } from "bun:sqlite";
import { ensurePrivateFile, tightenMode } from "../../lib/private-file.ts";
import { MIGRATIONS } from "./migrations.ts";

export type SyncMode = "normal" | "full";

export interface OpenOptions {
  /** `normal`: a commit survives a crash of warden; `full`: it also survives power loss. */
  sync?: SyncMode;
  /**
   * How long a statement may sleep waiting for another connection's lock. The server uses 0:
   * SQLite's busy handler sleeps on the thread that answers requests, so the commit queue
   * waits for locks itself, between event-loop turns.
   */
  busyTimeoutMs?: number;
}

/**
 * The checkpointer restarts the WAL from its beginning once it holds this much, and a restarted
 * WAL file is trimmed back to it: the WAL's bound on disk.
 */
export const WAL_RESTART_BYTES = 64 * 1024 * 1024;

export function openDatabase(path: string, options: OpenOptions = {}): Database {
  // 0600 before SQLite writes a page; its -wal and -shm files take the database file's mode.
  if (path !== ":memory:") ensurePrivateFile(path);
  const db = new Database(path, { create: true, strict: true });
  db.run(`PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  db.run("PRAGMA journal_mode = WAL");
  db.run(`PRAGMA synchronous = ${options.sync === "full" ? "FULL" : "NORMAL"}`);
  db.run("PRAGMA foreign_keys = ON");
  // Checkpoints run on warden's own schedule, off the request path (see checkpointer.ts).
  db.run("PRAGMA wal_autocheckpoint = 0");
  db.run(`PRAGMA journal_size_limit = ${WAL_RESTART_BYTES}`);
  db.run("PRAGMA cache_size = -65536");
  // A -wal or -shm left by an older warden keeps its mode until narrowed here.
  if (path !== ":memory:") for (const suffix of ["-wal", "-shm"]) tightenMode(`${path}${suffix}`);
  migrate(db);
  return db;
}

export function migrate(db: Database): void {
  const current = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (current > MIGRATIONS.length) {
    throw new Error(`database schema ${current} is newer than this warden (${MIGRATIONS.length})`);
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.run(MIGRATIONS[version]!);
      db.run(`PRAGMA user_version = ${version + 1}`);
    }).immediate();
  }
}

/**
 * Holds an exclusive SQLite lock on `<dir>/serve.lock` for the life of the process. The OS drops
 * it when the process dies, however it dies, so a crash never leaves a stale lock behind.
 */
export function lockDataDirectory(lockPath: string): { release(): void } | { heldBy: "another process" } {
  ensurePrivateFile(lockPath);
  const lock = new Database(lockPath, { create: true });
  try {
    lock.run("PRAGMA locking_mode = EXCLUSIVE");
    lock.run("PRAGMA busy_timeout = 0");
    lock.run("BEGIN EXCLUSIVE");
    lock.run("CREATE TABLE IF NOT EXISTS held (pid INTEGER)");
    lock.run("COMMIT");
    // In exclusive locking mode the lock stays after COMMIT until the connection closes.
    return { release: () => lock.close() };
  } catch {
    lock.close();
    return { heldBy: "another process" };
  }
}
