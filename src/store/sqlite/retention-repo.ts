// Retention in SQLite: deletes the oldest events and their findings, one bounded batch per
// transaction through the writer, and remembers the pruned prefix in `meta`.
import type { Database } from "bun:sqlite";
import type { PrunedRange, RetentionStore } from "../export-store.ts";
import type { Writer } from "./writer.ts";

const THROUGH = "retention.pruned_through_seq";
const COUNT = "retention.pruned_events";
const AT = "retention.last_pruned_at";

export function createRetentionRepo(db: Database, writer: Writer): RetentionStore {
  const candidates = db.prepare<{ seq: number; received_at: number }, [number, number]>(
    "SELECT seq, received_at FROM events WHERE seq <= ? ORDER BY seq LIMIT ?",
  );
  const deleteFindings = db.prepare("DELETE FROM findings WHERE event_seq BETWEEN ? AND ?");
  const deleteEvents = db.prepare("DELETE FROM events WHERE seq BETWEEN ? AND ?");
  const oldest = db.prepare<{ seq: number; received_at: number }, []>("SELECT seq, received_at FROM events ORDER BY seq LIMIT 1");
  const metaValue = db.prepare<{ value: string }, [string]>("SELECT value FROM meta WHERE key = ?");
  const setMeta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  const pageCount = db.prepare<{ page_count: number }, []>("PRAGMA page_count");
  const freePages = db.prepare<{ freelist_count: number }, []>("PRAGMA freelist_count");
  const pageSize = db.prepare<{ page_size: number }, []>("PRAGMA page_size");
  const readNumber = (key: string) => Number(metaValue.get(key)?.value ?? 0);

  return {
    prune: (request) =>
      writer.transact(() => {
        // A contiguous prefix only, so "what was pruned" is always seq 1..N.
        const rows = candidates.all(request.maxSeq, request.limit);
        let n = 0;
        while (n < rows.length && (request.receivedBefore === undefined || rows[n]!.received_at < request.receivedBefore)) n++;
        if (n === 0) return { deleted: 0, throughSeq: readNumber(THROUGH) };
        const first = rows[0]!.seq;
        const last = rows[n - 1]!.seq;
        deleteFindings.run(first, last);
        deleteEvents.run(first, last);
        const through = Math.max(last, readNumber(THROUGH));
        setMeta.run(THROUGH, String(through));
        setMeta.run(COUNT, String(readNumber(COUNT) + n));
        setMeta.run(AT, String(request.now));
        return { deleted: n, throughSeq: through };
      }),
    async oldest() {
      const row = oldest.get();
      return row ? { seq: row.seq, receivedAt: row.received_at } : undefined;
    },
    async usedBytes() {
      return (pageCount.get()!.page_count - freePages.get()!.freelist_count) * pageSize.get()!.page_size;
    },
    async pruned() {
      return readPrunedRange((key) => metaValue.get(key)?.value);
    },
  };
}

/** The pruned prefix recorded in `meta`, for read-only callers too. */
export function readPrunedRange(read: (key: string) => string | undefined): PrunedRange | undefined {
  const through = read(THROUGH);
  if (through === undefined) return undefined;
  return { throughSeq: Number(through), events: Number(read(COUNT) ?? 0), lastPrunedAt: Number(read(AT) ?? 0) };
}
