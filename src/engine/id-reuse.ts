// An event_id names one event (interface.md: "Unique id of this observation"). A different event
// sent under an id already recorded is judged afresh, never answered from the log: it is recorded
// apart, under `<event_id>#reuse-<time-ordered id>`, with a high `security.bypass` finding
// (check `events.id_reuse`), and the first record stays exactly as it was. A true retry (the same
// event, timestamp aside) still gets the stored verdict.
import { timeOrderedId } from "../lib/ids.ts";
import type { EventRecord, EventStore } from "../store/types.ts";
import type { Category, Finding, Verdict } from "../wire/verdict.ts";

export const ID_REUSE_CHECK = "events.id_reuse";

export const ID_REUSE_FINDING: Finding = {
  category: "security.bypass",
  check_id: ID_REUSE_CHECK,
  severity: "high",
  score: 0.9,
  title: "an event_id already recorded for a different event was sent again",
  detector: "events",
};

/** Where the second event is stored: its own id, marked, never a client's id that is taken. */
export const reuseRecordId = (eventId: string, now: number): string => `${eventId}#reuse-${timeOrderedId("", now)}`;

/** The fresh verdict, with the reuse named in its findings, categories and reasons; the decision stays. */
export function withIdReuse(verdict: Verdict): Verdict {
  const categories: Category[] = (verdict.categories ?? []).filter((c) => c.id !== ID_REUSE_FINDING.category);
  const earlier = verdict.categories?.find((c) => c.id === ID_REUSE_FINDING.category);
  categories.push({ id: ID_REUSE_FINDING.category, domain: "security", score: Math.max(earlier?.score ?? 0, ID_REUSE_FINDING.score!) });
  return {
    ...verdict,
    reasons: [...(verdict.reasons ?? []), `event_id ${verdict.event_id} was already recorded for a different event: judged afresh and recorded apart`],
    categories,
    findings: [...(verdict.findings ?? []), ID_REUSE_FINDING],
  };
}

export interface Recorded {
  created: boolean;
  /** What to answer: the fresh verdict, the stored one for a true retry, or the fresh one marked as a reuse. */
  verdict?: Verdict;
}

/**
 * Records an event once. The dedupe and the digest comparison happen inside the write (one
 * writer, one transaction), so the hot path makes no extra lookup; only a reused id costs a
 * second write.
 */
export async function recordOnce(events: EventStore, record: EventRecord, now: number): Promise<Recorded> {
  const first = await events.record(record);
  if (first.created) return { created: true, verdict: record.verdict };
  if (!("reused" in first)) return { created: false, verdict: first.verdict ?? record.verdict };
  const verdict = record.verdict && withIdReuse(record.verdict);
  const apart = await events.record({
    ...record,
    verdict,
    findings: [...record.findings, ID_REUSE_FINDING],
    recordedId: reuseRecordId(record.event.event_id, now),
  });
  return { created: apart.created, verdict };
}
