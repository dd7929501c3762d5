// Events and their findings in SQLite. Writes go through the commit queue; reads are direct.
import type { Database } from "bun:sqlite";
import type { Attestation, GuardEvent } from "../../wire/guard-event.ts";
import type { Finding, Verdict } from "../../wire/verdict.ts";
import type { EventRecord, EventStore, RecordOutcome, StoredEvent } from "../types.ts";
import type { CommitQueue } from "./commit-queue.ts";

const MASK_53 = (1n << 53n) - 1n;

/** Compact dedupe key for (workspace, event_id); collisions are resolved by comparing both. */
export const eventIdHash = (workspaceId: string, eventId: string): number =>
  Number(Bun.hash.wyhash(`${workspaceId}\u0000${eventId}`) & MASK_53);

interface EventRow {
  seq: number;
  workspace_id: string;
  event_id: string;
  source: "evaluate" | "ingest";
  session_id: string;
  agent_id: string;
  attestation: Attestation;
  event: string;
  verdict: string | null;
}

interface FindingRow {
  category: string;
  severity: Finding["severity"] | null;
  detector: string | null;
  check_id: string | null;
  title: string | null;
  path: string | null;
  start: number | null;
  end: number | null;
  score: number | null;
}

export function createEventRepo(db: Database, queue: CommitQueue): EventStore {
  const byId = db.prepare<{ seq: number; verdict: string | null }, [number, string, string]>(
    "SELECT seq, verdict FROM events WHERE id_hash = ? AND workspace_id = ? AND event_id = ?",
  );
  const fullById = db.prepare<EventRow, [number, string, string]>(
    `SELECT seq, workspace_id, event_id, source, session_id, agent_id, attestation, event, verdict
       FROM events WHERE id_hash = ? AND workspace_id = ? AND event_id = ?`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO events (workspace_id, event_id, id_hash, guard_id, session_id, agent_id, agent_user,
       attestation, kind, source, decision, received_at, event, verdict)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)`,
  );
  const insertFinding = db.prepare(
    `INSERT INTO findings (workspace_id, event_seq, category, severity, detector, check_id, title,
       path, start, "end", score, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
  );
  const upsertSession = db.prepare(
    `INSERT INTO sessions (workspace_id, session_id, agent_id, agent_user, derived, started_at,
       last_seen_at, event_count, redaction_counters)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, 1, ?7)
     ON CONFLICT (workspace_id, session_id) DO UPDATE SET
       last_seen_at = max(last_seen_at, excluded.last_seen_at),
       event_count = event_count + 1,
       redaction_counters = coalesce(excluded.redaction_counters, redaction_counters)`,
  );
  const findingsOf = db.prepare<FindingRow, [number]>(
    `SELECT category, severity, detector, check_id, title, path, start, "end", score
       FROM findings WHERE event_seq = ? ORDER BY id`,
  );
  const countOf = db.prepare<{ n: number }, [string]>("SELECT count(*) AS n FROM events WHERE workspace_id = ?");

  const write = (r: EventRecord): RecordOutcome => {
    const hash = eventIdHash(r.workspaceId, r.event.event_id);
    const existing = byId.get(hash, r.workspaceId, r.event.event_id);
    if (existing) return existing.verdict ? { created: false, verdict: JSON.parse(existing.verdict) } : { created: false };
    const a = r.attribution;
    const { lastInsertRowid } = insertEvent.run(
      r.workspaceId, r.event.event_id, hash, r.event.guard_id, a.sessionId, a.agentId, a.agentUser,
      a.attestation, r.event.kind, r.source, r.verdict?.decision ?? null, r.receivedAt,
      JSON.stringify(r.event), r.verdict ? JSON.stringify(r.verdict) : null,
    );
    const seq = Number(lastInsertRowid);
    for (const f of r.findings) {
      insertFinding.run(
        r.workspaceId, seq, f.category, f.severity ?? null, f.detector ?? null, f.check_id ?? null,
        f.title ?? null, f.path ?? null, f.start ?? null, f.end ?? null, f.score ?? null, r.receivedAt,
      );
    }
    upsertSession.run(
      r.workspaceId, a.sessionId, a.agentId, a.agentUser, a.derivedSession ? 1 : 0, r.receivedAt,
      r.redactionCounters ? JSON.stringify(r.redactionCounters) : null,
    );
    return { created: true, seq };
  };

  return {
    async lookup(workspaceId, eventId) {
      const row = byId.get(eventIdHash(workspaceId, eventId), workspaceId, eventId);
      if (!row) return { found: false };
      return row.verdict ? { found: true, verdict: JSON.parse(row.verdict) as Verdict } : { found: true };
    },
    record: (r) => queue.enqueue(() => write(r)),
    async get(workspaceId, eventId) {
      const row = fullById.get(eventIdHash(workspaceId, eventId), workspaceId, eventId);
      if (!row) return undefined;
      const stored: StoredEvent = {
        seq: row.seq,
        workspaceId: row.workspace_id,
        eventId: row.event_id,
        source: row.source,
        sessionId: row.session_id,
        agentId: row.agent_id,
        attestation: row.attestation,
        event: JSON.parse(row.event) as GuardEvent,
      };
      if (row.verdict) stored.verdict = JSON.parse(row.verdict) as Verdict;
      return stored;
    },
    async findings(workspaceId, eventId) {
      const row = byId.get(eventIdHash(workspaceId, eventId), workspaceId, eventId);
      if (!row) return [];
      return findingsOf.all(row.seq).map(toFinding);
    },
    async count(workspaceId) {
      return countOf.get(workspaceId)!.n;
    },
  };
}

function toFinding(row: FindingRow): Finding {
  const finding: Finding = { category: row.category };
  if (row.path !== null) finding.path = row.path;
  if (row.start !== null) finding.start = row.start;
  if (row.end !== null) finding.end = row.end;
  if (row.score !== null) finding.score = row.score;
  if (row.detector !== null) finding.detector = row.detector;
  if (row.severity !== null) finding.severity = row.severity;
  if (row.check_id !== null) finding.check_id = row.check_id;
  if (row.title !== null) finding.title = row.title;
  return finding;
}
