// Enrolled PEP signing keys in SQLite; writes share the group commit.
import type { Database } from "bun:sqlite";
import { ATTESTATIONS, type Attestation } from "../../wire/guard-event.ts";
import type { PepKey, PepKeyStore } from "../types.ts";
import type { Writer } from "./writer.ts";

interface Row {
  key_id: string;
  workspace_id: string;
  guard_id: string;
  public_key: Uint8Array;
  max_attestation: Attestation;
  name: string | null;
  created_at: number;
  revoked_at: number | null;
}

const toKey = (r: Row): PepKey => ({
  keyId: r.key_id,
  workspaceId: r.workspace_id,
  guardId: r.guard_id,
  publicKey: new Uint8Array(r.public_key),
  maxAttestation: r.max_attestation,
  name: r.name,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

const COLUMNS = "key_id, workspace_id, guard_id, public_key, max_attestation, name, created_at, revoked_at";

export function createPepKeyRepo(db: Database, writer: Writer): PepKeyStore {
  const byPk = db.prepare<Row, [string, Uint8Array]>(`SELECT ${COLUMNS} FROM pep_keys WHERE workspace_id = ? AND public_key = ?`);
  const byId = db.prepare<Row, [string]>(`SELECT ${COLUMNS} FROM pep_keys WHERE key_id = ?`);
  const ofWorkspace = db.prepare<Row, [string]>(`SELECT ${COLUMNS} FROM pep_keys WHERE workspace_id = ? ORDER BY created_at, key_id`);
  const insert = db.prepare(
    `INSERT INTO pep_keys (key_id, workspace_id, guard_id, public_key, max_attestation, name, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (workspace_id, public_key) DO NOTHING`,
  );
  const revoke = db.prepare("UPDATE pep_keys SET revoked_at = ? WHERE workspace_id = ? AND key_id = ? AND revoked_at IS NULL");
  const ceiling = db.prepare("UPDATE pep_keys SET max_attestation = ? WHERE workspace_id = ? AND key_id = ?");
  const ceilingsOf = db.prepare<{ max_attestation: Attestation }, [string, string]>(
    "SELECT max_attestation FROM pep_keys WHERE workspace_id = ? AND guard_id = ?",
  );
  /**
   * A new key of a PEP that already holds keys gets the lowest ceiling set for any of them
   * (revoked ones included): a PEP that re-enrolls cannot shed what an operator lowered.
   */
  const inheritedCeiling = (workspaceId: string, guardId: string, asked: Attestation): Attestation =>
    ceilingsOf.all(workspaceId, guardId).reduce<Attestation>(
      (low, row) => (ATTESTATIONS.indexOf(row.max_attestation) < ATTESTATIONS.indexOf(low) ? row.max_attestation : low),
      asked,
    );
  return {
    async byPublicKey(workspaceId, publicKey) {
      const row = byPk.get(workspaceId, publicKey);
      return row ? toKey(row) : undefined;
    },
    async byKeyId(keyId) {
      const row = byId.get(keyId);
      return row ? toKey(row) : undefined;
    },
    enroll: (k) =>
      writer.transact(() => {
        const level = inheritedCeiling(k.workspaceId, k.guardId, k.maxAttestation);
        const { changes } = insert.run(k.keyId, k.workspaceId, k.guardId, k.publicKey, level, k.name, k.createdAt);
        return { key: toKey(byPk.get(k.workspaceId, k.publicKey)!), created: changes > 0 };
      }),
    async list(workspaceId) {
      return ofWorkspace.all(workspaceId).map(toKey);
    },
    revoke: (workspaceId, keyId, now) => writer.transact(() => revoke.run(now, workspaceId, keyId).changes > 0),
    setCeiling: (workspaceId, keyId, level) => writer.transact(() => ceiling.run(level, workspaceId, keyId).changes > 0),
  };
}
