// Workspace API keys in SQLite, stored only as SHA-256 hashes.
import type { Database } from "bun:sqlite";
import type { ApiKeyRecord, KeyStore } from "../types.ts";

interface KeyRow {
  id: string;
  workspace_id: string;
  prefix: string;
  name: string | null;
  created_at: number;
  revoked_at: number | null;
}

const toRecord = (row: KeyRow): ApiKeyRecord => ({
  id: row.id,
  workspaceId: row.workspace_id,
  prefix: row.prefix,
  name: row.name,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

const COLUMNS = "id, workspace_id, prefix, name, created_at, revoked_at";

export function createKeyRepo(db: Database): KeyStore {
  const insert = db.prepare(
    "INSERT INTO api_keys (id, workspace_id, hash, prefix, name, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const byHash = db.prepare<KeyRow & { hash: Uint8Array }, [Uint8Array]>(
    `SELECT ${COLUMNS}, hash FROM api_keys WHERE hash = ?`,
  );
  const all = db.prepare<KeyRow, []>(`SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, id`);
  const ofWorkspace = db.prepare<KeyRow, [string]>(
    `SELECT ${COLUMNS} FROM api_keys WHERE workspace_id = ? ORDER BY created_at, id`,
  );
  const revoke = db.prepare(
    "UPDATE api_keys SET revoked_at = ? WHERE workspace_id = ? AND id = ? AND revoked_at IS NULL",
  );
  const count = db.prepare<{ n: number }, []>("SELECT count(*) AS n FROM api_keys");

  return {
    async create({ id, workspaceId, hash, prefix, name, now }) {
      insert.run(id, workspaceId, hash, prefix, name, now);
      return { id, workspaceId, prefix, name, createdAt: now, revokedAt: null };
    },
    async findByHash(hash) {
      const row = byHash.get(hash);
      return row ? { ...toRecord(row), hash: new Uint8Array(row.hash) } : undefined;
    },
    async list(workspaceId) {
      return (workspaceId === undefined ? all.all() : ofWorkspace.all(workspaceId)).map(toRecord);
    },
    async revoke(workspaceId, id, now) {
      return revoke.run(now, workspaceId, id).changes > 0;
    },
    async count() {
      return count.get()!.n;
    },
  };
}
