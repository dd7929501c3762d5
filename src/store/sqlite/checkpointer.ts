// Runs in a Worker with its own connection: folds the WAL back into the database file once it
// passes a size, so neither the copy nor its fsync ever runs on the thread answering requests.
// PASSIVE never waits on the writer; a checkpoint that cannot finish simply runs again later.
import { Database } from "bun:sqlite";
import { statSync } from "node:fs";

declare const self: Worker;

export type CheckpointerMessage =
  | { type: "start"; path: string; walLimitBytes: number; everyMs: number }
  /** Close the connection cleanly, then answer "stopped"; the owner terminates the worker. */
  | { type: "stop" };

const walSize = (path: string) => {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
};

let db: Database | undefined;
let timer: Timer | undefined;

self.onmessage = (message: MessageEvent<CheckpointerMessage>) => {
  const command = message.data;
  if (command.type === "stop") {
    clearInterval(timer);
    db?.close();
    postMessage("stopped");
    return;
  }
  const { path, walLimitBytes, everyMs } = command;
  db = new Database(path);
  db.run("PRAGMA busy_timeout = 0");
  const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  timer = setInterval(() => {
    if (walSize(path) < walLimitBytes) return;
    try {
      checkpoint.run();
    } catch {
      // Busy or failing: the WAL stays and the next tick tries again.
    }
  }, everyMs);
};
