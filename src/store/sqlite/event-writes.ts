// The statements that record one event (row, findings, session) on a given connection, shaped
// so a row can cross a thread boundary: only strings, numbers and arrays of them.
import type { Database } from "bun:sqlite";

export type FindingValues = [
  category: string, severity: string | null, detector: string | null, checkId: string | null,
  title: string | null, path: string | null, start: number | null, end: number | null, score: number | null,
];

export interface WriteRow {
  workspaceId: string;
  eventId: string;
  hash: number;
  /** Keyed digest of the event as received (event-digest.ts): the same id with another digest is another event. */
  digest: string;
  guardId: string;
  sessionId: string;
  agentId: string;
  agentUser: string;
  attestation: string;
  kind: string;
  source: string;
  decision: string | null;
  receivedAt: number;
  event: string;
  verdict: string | null;
  findings: FindingValues[];
  derivedSession: 0 | 1;
  counters: string | null;
  /** Tool, MCP tool and skill definitions the event carries: [name, digest]. */
  definitions: [string, string][];
  /** Agent rows after this event: [agent_id, types, agent_workspace, owner, users, parent, chain, scopes, attestation, first_seen]. */
  agents: AgentValues[];
}

export type AgentValues = [string, string, string | null, string | null, string, string | null, string, string | null, string, number];

/**
 * `verdict` is the stored verdict's JSON when the same event was already recorded; `reused` when
 * the id is taken by a different event (nothing was written).
 */
export type WriteOutcome = { created: true; seq: number } | { created: false; verdict: string | null } | { created: false; reused: true };

export interface EventWrites {
  write(row: WriteRow): WriteOutcome;
  probe(now: number): void;
}

/** The digest of an event stored before digests were (its stored JSON is the event as received). */
export type LegacyDigest = (storedEvent: string) => string;

export function createEventWrites(db: Database, legacyDigest: LegacyDigest): EventWrites {
  const byId = db.prepare<{ seq: number; verdict: string | null; event_digest: string | null }, [number, string, string]>(
    "SELECT seq, verdict, event_digest FROM events WHERE id_hash = ? AND workspace_id = ? AND event_id = ?",
  );
  const storedEvent = db.prepare<{ event: string }, [number]>("SELECT event FROM events WHERE seq = ?");
  const insertEvent = db.prepare(
    `INSERT INTO events (workspace_id, event_id, id_hash, guard_id, session_id, agent_id, agent_user,
       attestation, kind, source, decision, received_at, event, verdict, event_digest)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)`,
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
  const rememberDefinition = db.prepare(
    `INSERT OR IGNORE INTO tool_definitions (workspace_id, name, digest, first_seen_at, first_event_id)
     VALUES (?1, ?2, ?3, ?4, ?5)`,
  );
  const upsertAgent = db.prepare(
    `INSERT INTO agents (workspace_id, agent_id, agent_types, agent_workspace, owner, users, parent_agent_id,
       delegation_chain, granted_scopes, attestation, first_seen_at, last_seen_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
     ON CONFLICT (workspace_id, agent_id) DO UPDATE SET
       agent_types = excluded.agent_types, agent_workspace = excluded.agent_workspace,
       owner = excluded.owner, users = excluded.users,
       parent_agent_id = excluded.parent_agent_id, delegation_chain = excluded.delegation_chain,
       granted_scopes = excluded.granted_scopes, attestation = excluded.attestation,
       last_seen_at = max(last_seen_at, excluded.last_seen_at)`,
  );
  // The probe needs as much fresh space as a large event, then gives it back: a database that
  // can only rewrite a tiny row in place is not one that can take events.
  const probeInsert = db.prepare("INSERT INTO meta (key, value) VALUES ('health_probe', ? || randomblob(8192))");
  const probeDelete = db.prepare("DELETE FROM meta WHERE key = 'health_probe'");

  return {
    write(r) {
      // Dedupe and the id-reuse check in the one lookup the write already made, in its transaction.
      const existing = byId.get(r.hash, r.workspaceId, r.eventId);
      if (existing) {
        const digest = existing.event_digest ?? legacyDigest(storedEvent.get(existing.seq)!.event);
        return digest === r.digest ? { created: false, verdict: existing.verdict } : { created: false, reused: true };
      }
      const { lastInsertRowid } = insertEvent.run(
        r.workspaceId, r.eventId, r.hash, r.guardId, r.sessionId, r.agentId, r.agentUser, r.attestation,
        r.kind, r.source, r.decision, r.receivedAt, r.event, r.verdict, r.digest,
      );
      const seq = Number(lastInsertRowid);
      for (const f of r.findings) insertFinding.run(r.workspaceId, seq, ...f, r.receivedAt);
      upsertSession.run(r.workspaceId, r.sessionId, r.agentId, r.agentUser, r.derivedSession, r.receivedAt, r.counters);
      for (const [name, digest] of r.definitions) rememberDefinition.run(r.workspaceId, name, digest, r.receivedAt, r.eventId);
      for (const a of r.agents) upsertAgent.run(r.workspaceId, ...a, r.receivedAt);
      return { created: true, seq };
    },
    probe(now) {
      probeInsert.run(String(now));
      probeDelete.run();
    },
  };
}
