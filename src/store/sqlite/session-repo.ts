// Session rows and first-seen tool definitions in SQLite; both written alongside each event by
// the event repo.
import type { Database } from "bun:sqlite";
import type { DefinitionStore, SessionState, SessionStore } from "../types.ts";

interface SessionRow {
  session_id: string;
  last_seen_at: number;
  redaction_counters: string | null;
}

const toState = (row: SessionRow): SessionState => ({
  sessionId: row.session_id,
  lastSeenAt: row.last_seen_at,
  redactionCounters: row.redaction_counters ? JSON.parse(row.redaction_counters) : {},
});

export function createSessionRepo(db: Database): SessionStore {
  const latest = db.prepare<SessionRow, [string, string, string]>(
    `SELECT session_id, last_seen_at, redaction_counters FROM sessions
      WHERE workspace_id = ? AND agent_id = ? AND agent_user = ? AND derived = 1
      ORDER BY last_seen_at DESC LIMIT 1`,
  );
  const byId = db.prepare<SessionRow, [string, string]>(
    "SELECT session_id, last_seen_at, redaction_counters FROM sessions WHERE workspace_id = ? AND session_id = ?",
  );
  return {
    async latestDerived(workspaceId, agentId, agentUser) {
      const row = latest.get(workspaceId, agentId, agentUser);
      return row ? toState(row) : undefined;
    },
    async get(workspaceId, sessionId) {
      const row = byId.get(workspaceId, sessionId);
      return row ? toState(row) : undefined;
    },
  };
}

export function createDefinitionRepo(db: Database): DefinitionStore {
  const first = db.prepare<{ digest: string }, [string, string]>(
    "SELECT digest FROM tool_definitions WHERE workspace_id = ? AND name = ?",
  );
  return {
    async firstDigest(workspaceId, name) {
      return first.get(workspaceId, name)?.digest;
    },
  };
}
