// Pre-authorisation grants in SQLite. A use is one guarded UPDATE, so concurrent uses can never
// exceed max_uses.
import type { Database } from "bun:sqlite";
import type { Grant, GrantStore } from "../types.ts";
import type { Writer } from "./writer.ts";

interface Row {
  grant_id: string;
  agent_id: string | null;
  session_id: string | null;
  kinds: string;
  tool: string | null;
  argv_prefix: string | null;
  command_prefix: string | null;
  max_uses: number;
  uses: number;
  created_at: number;
  expires_at: number;
  created_by: string;
  reason: string | null;
  revoked_at: number | null;
}

const toGrant = (r: Row): Grant => ({
  grantId: r.grant_id,
  agentId: r.agent_id,
  sessionId: r.session_id,
  kinds: JSON.parse(r.kinds),
  tool: r.tool,
  argvPrefix: r.argv_prefix === null ? null : JSON.parse(r.argv_prefix),
  commandPrefix: r.command_prefix,
  maxUses: r.max_uses,
  uses: r.uses,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  createdBy: r.created_by,
  reason: r.reason,
  revokedAt: r.revoked_at,
});

export function createGrantRepo(db: Database, writer: Writer): GrantStore {
  const insert = db.prepare(
    `INSERT INTO grants (grant_id, workspace_id, agent_id, session_id, kinds, tool, argv_prefix, command_prefix,
       max_uses, created_at, expires_at, created_by, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const one = db.prepare<Row, [string, string]>("SELECT * FROM grants WHERE workspace_id = ? AND grant_id = ?");
  const live = db.prepare<Row, [string, number]>(
    "SELECT * FROM grants WHERE workspace_id = ? AND expires_at > ? AND revoked_at IS NULL AND uses < max_uses ORDER BY created_at",
  );
  const all = db.prepare<Row, [string]>("SELECT * FROM grants WHERE workspace_id = ? ORDER BY created_at DESC");
  const use = db.prepare(
    "UPDATE grants SET uses = uses + 1 WHERE workspace_id = ? AND grant_id = ? AND uses < max_uses AND expires_at > ? AND revoked_at IS NULL",
  );
  const revoke = db.prepare("UPDATE grants SET revoked_at = ? WHERE workspace_id = ? AND grant_id = ? AND revoked_at IS NULL");
  return {
    create: (workspaceId, g) =>
      writer.transact(() => {
        insert.run(g.grantId, workspaceId, g.agentId, g.sessionId, JSON.stringify(g.kinds), g.tool,
          g.argvPrefix ? JSON.stringify(g.argvPrefix) : null, g.commandPrefix, g.maxUses, g.createdAt, g.expiresAt, g.createdBy, g.reason);
        return toGrant(one.get(workspaceId, g.grantId)!);
      }),
    async live(workspaceId, now) {
      return live.all(workspaceId, now).map(toGrant);
    },
    async list(workspaceId) {
      return all.all(workspaceId).map(toGrant);
    },
    use: (workspaceId, grantId, now) => writer.transact(() => use.run(workspaceId, grantId, now).changes > 0),
    revoke: (workspaceId, grantId, now) => writer.transact(() => revoke.run(now, workspaceId, grantId).changes > 0),
  };
}
