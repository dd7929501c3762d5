// Retention: deletes events older than N days, or the oldest while the database is over its
// size, one small batch per tick through the writer, never past the slowest export sink's
// cursor unless forced, and never the newest event (its seq keeps later ones from reusing seqs).
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/log.ts";
import type { ExportStateStore, RetentionStore } from "../store/export-store.ts";
import { reasonOf } from "./sink.ts";

export interface RetentionDeps {
  store: RetentionStore;
  state: ExportStateStore;
  newestSeq: () => Promise<number>;
  /** The sinks configured now; a sink no longer configured holds nothing back. */
  sinkIds: readonly string[];
  days?: number;
  maxDbBytes?: number;
  force: boolean;
  clock: Clock;
  log: Logger;
  batch?: number;
  busyMs?: number;
  idleMs?: number;
}

export interface Retention {
  start(): void;
  stop(): Promise<void>;
  /** One pruning pass; returns how many events it deleted (exported for tests). */
  tick(): Promise<number>;
}

const DAY_MS = 86_400_000;
const BLOCKED_LOG_EVERY_MS = 60_000;

export function createRetention(deps: RetentionDeps): Retention {
  const batch = deps.batch ?? 500;
  let timer: Timer | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let lastBlockedLog = -Infinity;

  /** The highest seq retention may delete, and the sink that holds it there, if one does. */
  const bound = async (): Promise<{ maxSeq: number; heldBy?: string }> => {
    let maxSeq = (await deps.newestSeq()) - 1;
    let heldBy: string | undefined;
    if (deps.force) return { maxSeq };
    for (const id of deps.sinkIds) {
      const { lastSeq } = await deps.state.sinkState(id);
      if (lastSeq < maxSeq) [maxSeq, heldBy] = [lastSeq, id];
    }
    return { maxSeq, heldBy };
  };

  /** What is due: events received before a cutoff, or the oldest while over size; null if nothing. */
  const due = async (now: number): Promise<{ receivedBefore?: number; reason: string } | null> => {
    const oldest = await deps.store.oldest();
    if (!oldest) return null;
    if (deps.days !== undefined && oldest.receivedAt < now - deps.days * DAY_MS) return { receivedBefore: now - deps.days * DAY_MS, reason: "age" };
    if (deps.maxDbBytes !== undefined && (await deps.store.usedBytes()) > deps.maxDbBytes) return { reason: "size" };
    return null;
  };

  const tick = async (): Promise<number> => {
    const now = deps.clock.now();
    const wanted = await due(now);
    if (!wanted) return 0;
    const limit = await bound();
    const { deleted, throughSeq } = await deps.store.prune({ maxSeq: limit.maxSeq, receivedBefore: wanted.receivedBefore, limit: batch, now });
    if (deleted > 0) deps.log.debug("retention pruned events", { deleted, through_seq: throughSeq, reason: wanted.reason });
    if (deleted === 0 && limit.heldBy && now - lastBlockedLog >= BLOCKED_LOG_EVERY_MS) {
      lastBlockedLog = now;
      deps.log.error("retention is waiting for an export sink (--retention-force prunes anyway)", {
        sink: limit.heldBy, sink_seq: limit.maxSeq, reason: wanted.reason,
      });
    }
    return deleted;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().then(
        (deleted) => schedule(deleted >= batch ? (deps.busyMs ?? 500) : (deps.idleMs ?? 10_000)),
        (error: unknown) => {
          deps.log.error("retention pass failed", { reason: reasonOf(error) });
          schedule(deps.idleMs ?? 10_000);
        },
      );
    }, ms);
    timer.unref();
  };

  return {
    start: () => schedule(deps.busyMs ?? 500),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    tick,
  };
}
