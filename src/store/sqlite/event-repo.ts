// Events and their findings in SQLite. Writes go to the writer as flat rows; reads are direct.
import type { Database } from "bun:sqlite";
import type { Attestation, GuardEvent } from "../../wire/guard-event.ts";
import type { Finding, Verdict } from "../../wire/verdict.ts";
import { actionSummary } from "../action-summary.ts";
import type { AuditEntry, EventRecord, EventStore, StoredEvent } from "../types.ts";
import type { EventDigest } from "./event-digest.ts";
import type { FindingValues, WriteRow } from "./event-writes.ts";
import type { Writer } from "./writer.ts";

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

export function createEventRepo(db: Database, writer: Writer, digestOf: EventDigest): EventStore {
  const byId = db.prepare<{ seq: number; verdict: string | null }, [number, string, string]>(
    "SELECT seq, verdict FROM events WHERE id_hash = ? AND workspace_id = ? AND event_id = ?",
  );
  const fullById = db.prepare<EventRow, [number, string, string]>(
    `SELECT seq, workspace_id, event_id, source, session_id, agent_id, attestation, event, verdict
       FROM events WHERE id_hash = ? AND workspace_id = ? AND event_id = ?`,
  );
  const findingsOf = db.prepare<FindingRow, [number]>(
    `SELECT category, severity, detector, check_id, title, path, start, "end", score
       FROM findings WHERE event_seq = ? ORDER BY id`,
  );
  const recent = db.prepare<FindingRow & { event_id: string; session_id: string; agent_id: string; created_at: number }, [string, string, string, number]>(
    `SELECT f.category, f.severity, f.detector, f.check_id, f.title, f.path, f.start, f."end", f.score, f.created_at,
            e.event_id, e.session_id, e.agent_id
       FROM findings f JOIN events e ON e.seq = f.event_seq
      WHERE f.workspace_id = ? AND (f.category = ? OR f.category LIKE ? ESCAPE '\\')
      ORDER BY f.id DESC LIMIT ?`,
  );
  const newest = db.prepare<AuditRow, [string, number]>(
    `SELECT seq, received_at, event_id, guard_id, session_id, agent_id, kind, source, decision, verdict, event
       FROM events WHERE workspace_id = ? ORDER BY seq DESC LIMIT ?`,
  );
  const afterSeq = db.prepare<AuditRow, [string, number, number]>(
    `SELECT seq, received_at, event_id, guard_id, session_id, agent_id, kind, source, decision, verdict, event
       FROM events WHERE workspace_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
  );
  const countOf = db.prepare<{ n: number }, [string]>("SELECT count(*) AS n FROM events WHERE workspace_id = ?");

  return {
    async lookup(workspaceId, eventId) {
      const row = byId.get(eventIdHash(workspaceId, eventId), workspaceId, eventId);
      if (!row) return { found: false };
      return row.verdict ? { found: true, verdict: JSON.parse(row.verdict) as Verdict } : { found: true };
    },
    async record(r) {
      const outcome = await writer.write(toWriteRow(r, digestOf));
      if (outcome.created || "reused" in outcome) return outcome;
      return outcome.verdict ? { created: false, verdict: JSON.parse(outcome.verdict) as Verdict } : { created: false };
    },
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
    async recentFindings(workspaceId, limit, categoryPrefix) {
      const prefix = categoryPrefix ?? "";
      const like = prefix === "" ? "%" : `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;
      return recent.all(workspaceId, prefix, like, limit).map((row) => ({
        ...toFinding(row), event_id: row.event_id, session_id: row.session_id, agent_id: row.agent_id, at: row.created_at,
      }));
    },
    async count(workspaceId) {
      return countOf.get(workspaceId)!.n;
    },
    async recent(workspaceId, limit) {
      return newest.all(workspaceId, limit).map(toAuditEntry);
    },
    async after(workspaceId, seq, limit) {
      return afterSeq.all(workspaceId, seq, limit).map(toAuditEntry);
    },
  };
}

interface AuditRow {
  seq: number;
  received_at: number;
  event_id: string;
  guard_id: string;
  session_id: string;
  agent_id: string;
  kind: string;
  source: "evaluate" | "ingest";
  decision: string | null;
  verdict: string | null;
  event: string;
}

const toAuditEntry = (r: AuditRow): AuditEntry => ({
  seq: r.seq,
  receivedAt: r.received_at,
  eventId: r.event_id,
  guardId: r.guard_id,
  sessionId: r.session_id,
  agentId: r.agent_id,
  kind: r.kind,
  source: r.source,
  decision: r.decision,
  reasons: r.verdict ? ((JSON.parse(r.verdict) as Verdict).reasons ?? []) : [],
  action: actionSummary(r.kind, (JSON.parse(r.event) as { payload?: unknown }).payload),
});

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

export const findingValues = (f: Finding): FindingValues => [
  f.category, f.severity ?? null, f.detector ?? null, f.check_id ?? null, f.title ?? null,
  f.path ?? null, f.start ?? null, f.end ?? null, f.score ?? null,
];

function toWriteRow(r: EventRecord, digestOf: EventDigest): WriteRow {
  const a = r.attribution;
  const eventId = r.recordedId ?? r.event.event_id;
  return {
    workspaceId: r.workspaceId,
    eventId,
    hash: eventIdHash(r.workspaceId, eventId),
    digest: digestOf(r.event),
    guardId: r.event.guard_id,
    sessionId: a.sessionId,
    agentId: a.agentId,
    agentUser: a.agentUser,
    attestation: a.attestation,
    kind: r.event.kind,
    source: r.source,
    decision: r.verdict?.decision ?? null,
    receivedAt: r.receivedAt,
    event: JSON.stringify(r.stored ?? r.event),
    verdict: r.verdict ? JSON.stringify(r.verdict) : null,
    findings: r.findings.map(findingValues),
    derivedSession: a.derivedSession ? 1 : 0,
    counters: r.redactionCounters ? JSON.stringify(r.redactionCounters) : null,
    definitions: (r.definitions ?? []).map((d) => [d.name, d.digest]),
    agents: (r.agents ?? []).map((a) => [
      a.agentId, JSON.stringify(a.agentTypes), a.agentWorkspace, a.owner, JSON.stringify(a.users), a.parentAgentId,
      JSON.stringify(a.delegationChain), a.grantedScopes ? JSON.stringify(a.grantedScopes) : null, a.attestation, a.firstSeenAt,
    ]),
  };
}
