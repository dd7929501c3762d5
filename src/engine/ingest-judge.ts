// Detection for ingested events (interface.md: "These events feed session state, findings and
// audit"), off the acknowledgement path. An ingested event is acknowledged once it is on disk;
// this job then judges what was ingested in order from a durable cursor, records the findings,
// masks what detection located in the stored event, and feeds the session. Settling a batch
// and moving the cursor is one transaction: after a crash nothing acknowledged is skipped and
// nothing is judged twice.
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/log.ts";
import type { IngestedEvent, IngestedQueue, IngestJudgment } from "../store/types.ts";
import type { Finding } from "../wire/verdict.ts";
import type { Engine, IngestedJudgment } from "./engine.ts";

export interface IngestJudge {
  start(): void;
  /** Something was ingested: judge it now rather than at the next poll. */
  wake(): void;
  /** Judges everything ingested so far (tests; a stop that may take its time). */
  drain(): Promise<void>;
  /** Lets the batch in hand finish, then stops. */
  stop(): Promise<void>;
  /** Ingested events judged since start. */
  judged(): number;
}

export interface IngestJudgeDeps {
  queue: IngestedQueue;
  engine: Pick<Engine, "judgeIngested">;
  clock: Clock;
  log: Logger;
  /** Events judged per transaction (default 64). */
  batch?: number;
  /** Poll interval when nothing woke the job (default 250 ms). */
  idleMs?: number;
  /** Called with each batch's findings once they are durable (metrics). */
  onJudged?: (findings: readonly Finding[], count: number) => void;
  /** Requests are in progress: detection then takes at most a tenth of the thread (default: never busy). */
  busy?: () => boolean;
}

/** Under request load, detection pauses this many times as long as each event took to judge. */
const YIELD_FACTOR = 9;

/** Tries at one event before it is recorded as one detection could not judge. */
const ATTEMPTS = 3;

/** Recorded on an ingested event detection failed on: a gap in what warden judged, never a pass. */
export const INGEST_UNJUDGED: Finding = {
  category: "security.audit_gap",
  check_id: "ingest.detection_failed",
  severity: "medium",
  score: 1,
  title: "detection failed on this ingested event; it was recorded unjudged",
  detector: "ingest",
};

export function createIngestJudge(deps: IngestJudgeDeps): IngestJudge {
  const batch = deps.batch ?? 64;
  const idleMs = deps.idleMs ?? 250;
  let running = false;
  let started = false;
  let stopped = false;
  let judged = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Steps never overlap (a poll and a drain would judge the same events twice).
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = (): Promise<boolean> => {
    const next = chain.then(step);
    chain = next.catch(() => false);
    return next;
  };
  const failures = new Map<number, number>();

  const judgeOne = async (row: IngestedEvent): Promise<{ judgment: IngestJudgment; learn?: () => void }> => {
    let result: IngestedJudgment;
    try {
      result = await deps.engine.judgeIngested(row);
    } catch (error) {
      const tries = (failures.get(row.seq) ?? 0) + 1;
      failures.set(row.seq, tries);
      deps.log.error("detection failed on an ingested event", { seq: row.seq, event_id: row.event.event_id, attempt: tries, error: error instanceof Error ? error.name : "unknown" });
      if (tries < ATTEMPTS) throw error;
      failures.delete(row.seq);
      // Nothing detection could not read may stay stored as received: mask the whole payload.
      return { judgment: { seq: row.seq, findings: [INGEST_UNJUDGED], stored: { ...row.event, payload: {}, content_encoding: "metadata_only" } } };
    }
    failures.delete(row.seq);
    return { judgment: { seq: row.seq, findings: result.findings, ...(result.stored ? { stored: result.stored } : {}) }, learn: result.learn };
  };

  /** One batch; true when there may be more waiting. */
  const step = async (): Promise<boolean> => {
    const rows = await deps.queue.pending(batch);
    if (rows.length === 0) return false;
    const done: { judgment: IngestJudgment; learn?: () => void }[] = [];
    for (const row of rows) {
      const began = performance.now();
      try {
        done.push(await judgeOne(row));
      } catch {
        break; // retried from this event on the next step; what came before is settled now
      }
      // Decisions come first: detection yields between events, and while requests are in
      // progress it takes a tenth of the thread, so it never sets an evaluate's latency.
      if (deps.busy?.()) await Bun.sleep(Math.max(1, YIELD_FACTOR * (performance.now() - began)));
      else await new Promise<void>((resolve) => setImmediate(resolve));
      if (stopped) break;
    }
    if (done.length === 0) return false;
    await deps.queue.settle(done.map((d) => d.judgment), done.at(-1)!.judgment.seq, deps.clock.now());
    for (const d of done) d.learn?.();
    judged += done.length;
    deps.onJudged?.(done.flatMap((d) => d.judgment.findings), done.length);
    return done.length === rows.length && rows.length === batch;
  };

  const run = async () => {
    if (running || stopped || !started) return;
    running = true;
    clearTimeout(timer);
    let more = false;
    let failed = false;
    try {
      more = await exclusive();
    } catch (error) {
      failed = true;
      deps.log.error("ingest detection could not settle a batch; retrying", { error: error instanceof Error ? error.message : String(error) });
    } finally {
      running = false;
    }
    if (stopped) return;
    timer = setTimeout(run, more ? 0 : failed ? idleMs * 4 : idleMs);
    timer.unref?.();
  };

  return {
    start() {
      started = true;
      void run();
    },
    wake() {
      if (started && !running && !stopped) {
        clearTimeout(timer);
        timer = setTimeout(run, 0);
        timer.unref?.();
      }
    },
    async drain() {
      while (await exclusive()) { /* until a batch comes back short */ }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain;
    },
    judged: () => judged,
  };
}
