// Runs in a Worker with its own connection: folds the WAL back into the database file, so
// neither the copy nor its fsync ever runs on the thread answering requests.
//
// A PASSIVE checkpoint copies what it can without waiting on anyone, but under a steady stream
// of commits it never folds the whole log: the writer appends while the copy runs. SQLite only
// restarts a log that is folded entirely, so the WAL would grow without bound (gigabytes in
// minutes at full ingest, all of it replayed by the next start). So once the log holds more than
// `restartBytes`, a second PASSIVE runs with new transactions held off (write-gate.ts): it only
// has the first one's leftovers to copy, the log is then folded entirely, and the next commit
// starts it from the beginning, where journal_size_limit trims the file.
import { Database, type Statement } from "bun:sqlite";
import { withWritesHeld, type WriteGate } from "./write-gate.ts";

declare const self: Worker;

export type CheckpointerMessage =
  | { type: "start"; path: string; restartBytes: number; everyMs: number; gate: WriteGate }
  /** Close the connection cleanly, then answer "stopped"; the owner terminates the worker. */
  | { type: "stop" };

/** What `PRAGMA wal_checkpoint` reports: frames in the log, and how many of them are folded. */
interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** How long the fold may wait for an open write transaction to end. */
const WAIT_FOR_WRITER_MS = 50;

let db: Database | undefined;
let timer: Timer | undefined;
let checkpoint: Statement<CheckpointResult, []> | undefined;

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
  const { path, restartBytes, everyMs, gate } = command;
  db = new Database(path);
  db.run("PRAGMA busy_timeout = 0");
  const pageSize = (db.query("PRAGMA page_size").get() as { page_size: number }).page_size;
  const restartFrames = Math.max(1, Math.floor(restartBytes / pageSize));
  const passive = db.prepare<CheckpointResult, []>("PRAGMA wal_checkpoint(PASSIVE)");
  checkpoint = passive;
  timer = setInterval(() => {
    try {
      const folded = passive.get();
      if (folded && folded.log >= restartFrames) withWritesHeld(gate, WAIT_FOR_WRITER_MS, () => passive.get());
    } catch {
      // Busy or failing: the WAL stays and the next tick tries again.
    }
  }, everyMs);
};
