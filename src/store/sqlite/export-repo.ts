// The decision log as export reads it (events past a cursor, with findings), and each sink's
// cursor and chain heads. Reads run on the caller's connection; writes go through the writer.
import type { Database } from "bun:sqlite";
import type { ChainLink, DecisionFinding, DecisionReader, DecisionRow, ExportStateStore, SinkState } from "../export-store.ts";
import { INGEST_CURSOR_KEY } from "./ingested-repo.ts";
import type { Writer } from "./writer.ts";

interface EventRow {
  seq: number;
  workspace_id: string;
  event_id: string;
  guard_id: string;
  session_id: string;
  agent_id: string;
  agent_user: string;
  attestation: string;
  kind: string;
  source: string;
  decision: string | null;
  received_at: number;
  event: string;
  verdict: string | null;
}

interface FindingRow {
  event_seq: number;
  category: string;
  severity: string | null;
  detector: string | null;
  check_id: string | null;
  title: string | null;
  path: string | null;
  start: number | null;
  end: number | null;
}

const NO_BOUND = Number.MAX_SAFE_INTEGER;

export function createDecisionReader(db: Database): DecisionReader {
  // The seq range drives the scan (the table's own B-tree); the other filters are cheap checks.
  const events = db.prepare<EventRow, [number, number, number, number, string | null]>(
    `SELECT seq, workspace_id, event_id, guard_id, session_id, agent_id, agent_user, attestation, kind,
            source, decision, received_at, event, verdict
       FROM events
      WHERE seq > ?1 AND seq < ?2 AND received_at >= ?3 AND received_at < ?4
        AND (?5 IS NULL OR workspace_id = ?5)
      ORDER BY seq`,
  );
  const findings = db.prepare<FindingRow, [number, number]>(
    `SELECT event_seq, category, severity, detector, check_id, title, path, start, "end"
       FROM findings WHERE event_seq BETWEEN ? AND ? ORDER BY id`,
  );
  const newest = db.prepare<{ seq: number | null }, []>("SELECT max(seq) AS seq FROM events");
  // Export stops before the first ingested event detection has not judged yet: what leaves is
  // masked and carries its findings (store/types.ts, IngestedQueue).
  const firstUnjudged = db.prepare<{ seq: number }, [string]>(
    `SELECT seq FROM events
      WHERE source = 'ingest' AND seq > coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?), 0)
      ORDER BY seq LIMIT 1`,
  );

  return {
    async read(q) {
      const rows: DecisionRow[] = [];
      let chars = 0;
      const unjudged = firstUnjudged.get(INGEST_CURSOR_KEY)?.seq ?? NO_BOUND;
      for (const r of events.iterate(q.afterSeq, Math.min(q.beforeSeq ?? NO_BOUND, unjudged), q.sinceMs ?? -NO_BOUND, q.untilMs ?? NO_BOUND, q.workspaceId ?? null)) {
        rows.push(toDecision(r));
        chars += r.event.length + (r.verdict?.length ?? 0);
        if (rows.length >= q.limit || chars >= q.maxChars) break;
      }
      if (rows.length === 0) return rows;
      const bySeq = new Map(rows.map((r) => [r.seq, r]));
      for (const f of findings.iterate(rows[0]!.seq, rows[rows.length - 1]!.seq)) bySeq.get(f.event_seq)?.findings.push(toFinding(f));
      return rows;
    },
    async maxSeq() {
      return newest.get()?.seq ?? 0;
    },
  };
}

const toDecision = (r: EventRow): DecisionRow => ({
  seq: r.seq,
  workspaceId: r.workspace_id,
  eventId: r.event_id,
  guardId: r.guard_id,
  sessionId: r.session_id,
  agentId: r.agent_id,
  agentUser: r.agent_user,
  attestation: r.attestation,
  kind: r.kind,
  source: r.source,
  decision: r.decision,
  receivedAt: r.received_at,
  event: r.event,
  verdict: r.verdict,
  findings: [],
});

const toFinding = (f: FindingRow): DecisionFinding => ({
  category: f.category,
  severity: f.severity,
  detector: f.detector,
  checkId: f.check_id,
  title: f.title,
  path: f.path,
  start: f.start,
  end: f.end,
});

interface CursorRow {
  sink_id: string;
  last_seq: number;
  sent: number;
  updated_at: number;
}

interface ChainRow {
  workspace_id: string;
  last_seq: number;
  last_hash: string;
  records: number;
}

/** `writer` is absent for read-only use (`warden audit head`): `advance` is then a bug. */
export function createExportStateRepo(db: Database, writer?: Writer): ExportStateStore {
  const cursor = db.prepare<CursorRow, [string]>("SELECT sink_id, last_seq, sent, updated_at FROM export_cursors WHERE sink_id = ?");
  const cursors = db.prepare<CursorRow, []>("SELECT sink_id, last_seq, sent, updated_at FROM export_cursors ORDER BY sink_id");
  const chains = db.prepare<ChainRow, [string]>(
    "SELECT workspace_id, last_seq, last_hash, records FROM export_chains WHERE sink_id = ? ORDER BY workspace_id",
  );
  const chainsOf = (sinkId: string): ChainLink[] =>
    chains.all(sinkId).map((c) => ({ workspaceId: c.workspace_id, lastSeq: c.last_seq, lastHash: c.last_hash, records: c.records }));
  const stateOf = (row: CursorRow): SinkState => ({
    sinkId: row.sink_id, lastSeq: row.last_seq, sent: row.sent, updatedAt: row.updated_at, chains: chainsOf(row.sink_id),
  });

  return {
    async sinkState(sinkId) {
      const row = cursor.get(sinkId);
      return row ? stateOf(row) : { sinkId, lastSeq: 0, sent: 0, updatedAt: 0, chains: [] };
    },
    async sinkStates() {
      return cursors.all().map(stateOf);
    },
    advance: writer ? advanceThrough(db, writer) : () => Promise.reject(new Error("export state opened read-only")),
  };
}

function advanceThrough(db: Database, writer: Writer): ExportStateStore["advance"] {
  const moveCursor = db.prepare(
    `INSERT INTO export_cursors (sink_id, last_seq, sent, updated_at) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (sink_id) DO UPDATE SET last_seq = excluded.last_seq, sent = sent + excluded.sent,
       updated_at = excluded.updated_at`,
  );
  const moveChain = db.prepare(
    `INSERT INTO export_chains (sink_id, workspace_id, last_seq, last_hash, records, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
     ON CONFLICT (sink_id, workspace_id) DO UPDATE SET last_seq = excluded.last_seq,
       last_hash = excluded.last_hash, records = records + excluded.records, updated_at = excluded.updated_at`,
  );
  return (sinkId, lastSeq, links, now) =>
    writer.transact(() => {
      const sent = links.reduce((n, l) => n + l.records, 0);
      moveCursor.run(sinkId, lastSeq, sent, now);
      for (const l of links) moveChain.run(sinkId, l.workspaceId, l.lastSeq, l.lastHash, l.records, now);
    });
}
