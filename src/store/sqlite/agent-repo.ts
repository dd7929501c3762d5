// The agent inventory in SQLite; rows are written with the events that change them.
import type { Database } from "bun:sqlite";
import type { Attestation } from "../../wire/guard-event.ts";
import type { AgentRecord, AgentStore } from "../types.ts";

interface Row {
  agent_id: string;
  agent_types: string;
  agent_workspace: string | null;
  owner: string | null;
  users: string;
  parent_agent_id: string | null;
  delegation_chain: string;
  granted_scopes: string | null;
  attestation: Attestation;
  first_seen_at: number;
  last_seen_at: number;
}

const toRecord = (r: Row): AgentRecord => ({
  agentId: r.agent_id,
  agentTypes: JSON.parse(r.agent_types),
  agentWorkspace: r.agent_workspace,
  owner: r.owner,
  users: JSON.parse(r.users),
  parentAgentId: r.parent_agent_id,
  delegationChain: JSON.parse(r.delegation_chain),
  grantedScopes: r.granted_scopes === null ? null : JSON.parse(r.granted_scopes),
  attestation: r.attestation,
  firstSeenAt: r.first_seen_at,
  lastSeenAt: r.last_seen_at,
});

export function createAgentRepo(db: Database): AgentStore {
  const one = db.prepare<Row, [string, string]>("SELECT * FROM agents WHERE workspace_id = ? AND agent_id = ?");
  const all = db.prepare<Row, [string]>("SELECT * FROM agents WHERE workspace_id = ? ORDER BY last_seen_at DESC");
  return {
    async get(workspaceId, agentId) {
      const row = one.get(workspaceId, agentId);
      return row ? toRecord(row) : undefined;
    },
    async list(workspaceId) {
      return all.all(workspaceId).map(toRecord);
    },
  };
}
