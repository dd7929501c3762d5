// Runs in a Worker with its own connection: folds the WAL back into the database file once it
// passes a size, so neither the copy nor its fsync ever runs on the thread answering requests.
// PASSIVE never waits on the writer; a checkpoint that cannot finish simply runs again later.
import { Database, type Statement } from "bun:sqlite";
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
let checkpoint: Statement | undefined;

self.onmessage = (message: MessageEvent<CheckpointerMessage>) => {
  const command = message.data;
  if (command.type === "stop") {
    clearInterval(timer);
    // close() leaves a connection open while one of its statements lives, and the owner's final
    // TRUNCATE checkpoint then finds it busy and leaves the WAL behind.
    checkpoint?.finalize();
    db?.close();
    postMessage("stopped");
    return;
  }
  const { path, walLimitBytes, everyMs } = command;
  db = new Database(path);
  db.run("PRAGMA busy_timeout = 0");
  const statement = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  checkpoint = statement;
  timer = setInterval(() => {
    if (walSize(path) < walLimitBytes) return;
    try {
      statement.run();
    } catch {
      // Busy or failing: the WAL stays and the next tick tries again.
    }
  }, everyMs);
};
