// Operator tokens in SQLite, stored only as hashes.
import type { Database } from "bun:sqlite";
import type { Operator, OperatorScope, OperatorStore } from "../types.ts";

interface Row {
  id: string;
  name: string;
  scope: OperatorScope;
  created_at: number;
  revoked_at: number | null;
}

const toOperator = (r: Row): Operator => ({ id: r.id, name: r.name, scope: r.scope, createdAt: r.created_at, revokedAt: r.revoked_at });

export function createOperatorRepo(db: Database): OperatorStore {
  const insert = db.prepare("INSERT INTO operators (id, name, scope, hash, created_at) VALUES (?, ?, ?, ?, ?)");
  const byHash = db.prepare<Row & { hash: Uint8Array }, [Uint8Array]>("SELECT id, name, scope, created_at, revoked_at, hash FROM operators WHERE hash = ?");
  const all = db.prepare<Row, []>("SELECT id, name, scope, created_at, revoked_at FROM operators ORDER BY created_at");
  const revoke = db.prepare("UPDATE operators SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL");
  return {
    async create({ id, name, scope, hash, now }) {
      insert.run(id, name, scope, hash, now);
      return { id, name, scope, createdAt: now, revokedAt: null };
    },
    async findByHash(hash) {
      const row = byHash.get(hash);
      return row ? { ...toOperator(row), hash: new Uint8Array(row.hash) } : undefined;
    },
    async list() {
      return all.all().map(toOperator);
    },
    async revoke(id, now) {
      return revoke.run(now, id).changes > 0;
    },
  };
}
