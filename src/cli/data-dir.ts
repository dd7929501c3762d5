// How the management commands open a data directory: `--data`, then WARDEN_DATA, then
// ./.warden; owner-only; a connection that may wait for a running server's writes and leaves
// checkpointing to the server.
import { mkdirSync } from "node:fs";
import { systemClock } from "../lib/clock.ts";
import { databasePath } from "../runtime.ts";
import { createSqliteStorage, type SqliteStorage } from "../store/sqlite/storage.ts";

export const dataDirOf = (options: Map<string, string>, env: Record<string, string | undefined>): string => {
  const dir = options.get("data") || env.WARDEN_DATA || ".warden";
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
};

export function openDataDir(options: Map<string, string>, env: Record<string, string | undefined>): SqliteStorage {
  return createSqliteStorage({
    path: databasePath(dataDirOf(options, env)),
    clock: systemClock,
    checkpointIntervalMs: 0,
    finalCheckpoint: false,
    busyTimeoutMs: 5000,
    // Listing and auditing work on a copy one may only read; a write there fails on its own.
    requireWritable: false,
  });
}
