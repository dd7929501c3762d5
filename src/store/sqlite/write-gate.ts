// A handshake in shared memory between the commit queue (request thread) and the checkpointer
// worker. The queue commits back to back under load, so a checkpoint never sees the WAL still
// long enough to fold all of it, and SQLite only restarts a log that is folded entirely. The
// checkpointer raises HOLD for the few milliseconds that last fold takes; the queue starts no
// transaction while it is up and keeps WRITING raised while one is open. Both sides store their
// own word before they read the other's (sequentially consistent Atomics), so they never both
// go ahead.

const HOLD = 0;
const WRITING = 1;

export type WriteGate = Int32Array;

export const createWriteGate = (): WriteGate => new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

/** Request thread: true when a write transaction may start now (call leaveWrite after it). */
export function enterWrite(gate: WriteGate): boolean {
  Atomics.store(gate, WRITING, 1);
  if (Atomics.load(gate, HOLD) === 0) return true;
  leaveWrite(gate);
  return false;
}

/** Request thread: a write that ignores HOLD (the checkpointer held on too long). */
export function forceWrite(gate: WriteGate): void {
  Atomics.store(gate, WRITING, 1);
}

export function leaveWrite(gate: WriteGate): void {
  Atomics.store(gate, WRITING, 0);
  Atomics.notify(gate, WRITING);
}

/**
 * Checkpointer: holds new write transactions off, waits up to `waitMs` for an open one to end,
 * runs `work`, and lets writes go on. Returns undefined when the open transaction outlasted the
 * wait (the caller tries again later).
 */
export function withWritesHeld<T>(gate: WriteGate, waitMs: number, work: () => T): T | undefined {
  Atomics.store(gate, HOLD, 1);
  try {
    const deadline = performance.now() + waitMs;
    while (Atomics.load(gate, WRITING) === 1) {
      const left = deadline - performance.now();
      if (left <= 0) return undefined;
      Atomics.wait(gate, WRITING, 1, left);
    }
    return work();
  } finally {
    Atomics.store(gate, HOLD, 0);
  }
}
