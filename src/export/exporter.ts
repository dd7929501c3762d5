// The export loop: for each sink, read the decision log past its cursor, seal the records into
// the sink's chains, deliver, and only then move the cursor (with the chain heads, in one
// transaction). A crash re-sends at most the batch in flight; nothing acknowledged is skipped. A
// sink that refuses a batch for its size (HTTP 413) gets smaller batches, down to one record,
// which is then delivered cut (record.ts `cutRecord`) and counted: nothing stalls behind it.
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/log.ts";
import type { ChainLink, DecisionReader, ExportStateStore, PrunedRange } from "../store/export-store.ts";
import { openChainBook } from "./chain.ts";
import { buildRecord, cutRecord, type ContentOptions, type SealedRecord } from "./record.ts";
import { reasonOf, type Sink } from "./sink.ts";

export interface ExportLag {
  sink: string;
  /** Events recorded but not yet delivered to this sink. */
  lagEvents: number;
  /** When the sink last confirmed a batch (epoch ms). */
  lastSuccessMs?: number;
  /** Records delivered since this process started. */
  sent: number;
  /** Failed deliveries since this process started. */
  errors: number;
  /** Records this sink refused for their size, delivered cut to who, what and when instead. */
  quarantined: number;
}

export interface ExporterDeps {
  reader: DecisionReader;
  state: ExportStateStore;
  sinks: readonly Sink[];
  content: ContentOptions;
  clock: Clock;
  log: Logger;
  /** How far retention pruned, to say so when a forced prune passed a cursor. */
  pruned?: () => Promise<PrunedRange | undefined>;
  batchSize?: number;
  maxBatchChars?: number;
  idleMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
  /** A record a sink refused for its size was delivered cut: raise it where operators look. */
  onQuarantine?: (sinkId: string, row: { seq: number; workspaceId: string; eventId: string }) => void;
}

export interface Exporter {
  start(): void;
  /** Lets a batch in flight finish if it does within `graceMs`; correctness never depends on it. */
  stop(graceMs?: number): Promise<void>;
  exportLag(): ExportLag[];
}

interface Runner {
  sink: Sink;
  loaded: boolean;
  cursor: number;
  heads: Map<string, ChainLink>;
  needsRecover: boolean;
  failures: number;
  lastFailureLog: number;
  sent: number;
  errors: number;
  quarantined: number;
  /** Records per batch while the sink refuses batches for their size; halved on each refusal. */
  batchCap: number;
  /** The record a sink refused alone for its size: sent again cut. */
  refusedSeq?: number;
  lastSuccessMs?: number;
  wake?: () => void;
  done?: Promise<void>;
}

const BUILD_SLICE = 100;
const FAILURE_LOG_EVERY_MS = 60_000;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createExporter(deps: ExporterDeps): Exporter {
  const batchSize = deps.batchSize ?? 500;
  const maxChars = deps.maxBatchChars ?? 4 * 1024 * 1024;
  const idleMs = deps.idleMs ?? 250;
  const maxBackoffMs = deps.maxBackoffMs ?? 30_000;
  const random = deps.random ?? Math.random;
  const runners: Runner[] = deps.sinks.map((sink) => ({
    sink, loaded: false, cursor: 0, heads: new Map(), needsRecover: true, failures: 0, lastFailureLog: 0, sent: 0, errors: 0, quarantined: 0, batchCap: batchSize,
  }));
  let latestSeq = 0;
  let stopped = false;
  let abandoned = false;

  const failure = (r: Runner, reason: string): number => {
    r.errors++;
    r.failures++;
    r.needsRecover = true;
    const now = deps.clock.now();
    if (r.failures === 1 || now - r.lastFailureLog >= FAILURE_LOG_EVERY_MS) {
      r.lastFailureLog = now;
      deps.log.error("export delivery failed; retrying", { sink: r.sink.id, reason, failures: r.failures, cursor: r.cursor });
    }
    // Exponential backoff with jitter, so sinks recovering together do not retry in lockstep.
    const ceiling = Math.min(maxBackoffMs, 250 * 2 ** Math.min(r.failures - 1, 16));
    return ceiling / 2 + (random() * ceiling) / 2;
  };

  const noticeGap = async (r: Runner, firstSeq: number) => {
    if (firstSeq <= r.cursor + 1 || !deps.pruned) return;
    const pruned = await deps.pruned();
    if (pruned && pruned.throughSeq > r.cursor) {
      deps.log.error("events were pruned before this sink exported them", { sink: r.sink.id, from_seq: r.cursor + 1, through_seq: Math.min(pruned.throughSeq, firstSeq - 1) });
    }
  };

  const seal = async (r: Runner, rows: Awaited<ReturnType<DecisionReader["read"]>>, quarantine = false) => {
    const book = openChainBook(r.heads.values());
    const sealed: SealedRecord[] = [];
    for (let i = 0; i < rows.length; i++) {
      const record = buildRecord(rows[i]!, deps.content);
      sealed.push(book.seal(quarantine ? cutRecord(record, "quarantined") : record));
      // Sealing hashes every record: give requests a turn now and then.
      if (i % BUILD_SLICE === BUILD_SLICE - 1) await yieldTurn();
    }
    return { sealed, moved: book.moved() };
  };

  /** One batch for one sink; returns how long to wait before the next. */
  const step = async (r: Runner): Promise<number> => {
    if (!r.loaded) {
      const state = await deps.state.sinkState(r.sink.id);
      r.cursor = state.lastSeq;
      r.heads = new Map(state.chains.map((c) => [c.workspaceId, c]));
      r.loaded = true;
    }
    if (r.needsRecover) {
      const recovered = await r.sink.recover(r.cursor);
      if (!recovered.ok) return failure(r, recovered.reason);
      r.needsRecover = false;
    }
    latestSeq = Math.max(latestSeq, await deps.reader.maxSeq());
    const rows = await deps.reader.read({ afterSeq: r.cursor, limit: r.batchCap, maxChars });
    if (rows.length === 0) return idleMs;
    await noticeGap(r, rows[0]!.seq);
    // A sink that refused one record for its size gets it cut to who, what and when: one
    // poison record never holds every later one back (and retention with them).
    const quarantine = rows.length === 1 && r.refusedSeq === rows[0]!.seq;
    const { sealed, moved } = await seal(r, rows, quarantine);
    const result = await r.sink.deliver(sealed);
    if (!result.ok) {
      if (result.tooLarge && !quarantine) {
        // Too big: half as many records at once, down to the one record that is, then cut.
        if (rows.length === 1) r.refusedSeq = rows[0]!.seq;
        r.batchCap = Math.max(1, Math.floor(rows.length / 2));
        r.errors++;
        r.needsRecover = true;
        return 0;
      }
      return failure(r, result.reason);
    }
    if (quarantine) {
      r.quarantined++;
      deps.log.error("a sink refused a record for its size; it was delivered cut (content and findings left out)", { sink: r.sink.id, seq: rows[0]!.seq });
      deps.onQuarantine?.(r.sink.id, rows[0]!);
    }
    // Delivered: batches grow back towards the full size.
    if (r.batchCap < batchSize) r.batchCap = Math.min(batchSize, r.batchCap * 2);
    if (abandoned) return 0;
    const lastSeq = rows[rows.length - 1]!.seq;
    await deps.state.advance(r.sink.id, lastSeq, moved, deps.clock.now());
    r.cursor = lastSeq;
    for (const link of moved) r.heads.set(link.workspaceId, link);
    r.sent += sealed.length;
    r.lastSuccessMs = deps.clock.now();
    if (r.failures > 0) deps.log.info("export delivering again", { sink: r.sink.id, after_failures: r.failures });
    r.failures = 0;
    return 0;
  };

  const sleep = (r: Runner, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        r.wake = undefined;
        resolve();
      }, ms);
      timer.unref();
      r.wake = () => {
        clearTimeout(timer);
        r.wake = undefined;
        resolve();
      };
    });

  const run = async (r: Runner) => {
    while (!stopped) {
      let wait: number;
      try {
        wait = await step(r);
      } catch (error) {
        // A storage failure or a bug: the cursor stays, the batch is sent again later.
        wait = failure(r, reasonOf(error));
      }
      if (stopped) break;
      if (wait > 0) await sleep(r, wait);
      else await yieldTurn();
    }
  };

  return {
    start() {
      for (const r of runners) r.done ??= run(r);
    },
    async stop(graceMs = 2000) {
      stopped = true;
      for (const r of runners) r.wake?.();
      const all = Promise.all(runners.map((r) => r.done));
      let timer: Timer | undefined;
      const late = await Promise.race([
        all.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(timer);
      // Whatever is still in flight must not touch storage after it closes: it is sent again.
      if (late) abandoned = true;
      await Promise.all(deps.sinks.map((s) => s.close()));
    },
    exportLag: () =>
      runners.map((r) => ({
        sink: r.sink.id,
        lagEvents: r.loaded ? Math.max(0, latestSeq - r.cursor) : latestSeq,
        ...(r.lastSuccessMs === undefined ? {} : { lastSuccessMs: r.lastSuccessMs }),
        sent: r.sent,
        errors: r.errors,
        quarantined: r.quarantined,
      })),
  };
}
