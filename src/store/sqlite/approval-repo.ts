// Approval requests in SQLite. Transitions are single UPDATEs guarded by the current state, so
// an approval racing an expiry has exactly one winner and terminal states never change.
import type { Database } from "bun:sqlite";
import type { ApprovalRecord, ApprovalStatus, ApprovalStore } from "../types.ts";
import type { Writer } from "./writer.ts";

interface Row {
  approval_id: string;
  guard_id: string;
  status: ApprovalStatus;
  kind: string;
  payload_digest: string | null;
  digest_input: string | null;
  event_id: string;
  session_id: string;
  agent_id: string;
  policy_version: string;
  categories: string;
  reasons: string;
  created_at: number;
  expires_at: number;
  decided_at: number | null;
  decided_by: string | null;
  decision_reason: string | null;
  action_digest: string | null;
  decided_via: ApprovalRecord["decidedVia"];
  claimed_by: string | null;
}

const toRecord = (r: Row): ApprovalRecord => ({
  approvalId: r.approval_id,
  guardId: r.guard_id,
  status: r.status,
  kind: r.kind,
  payloadDigest: r.payload_digest,
  actionDigest: r.action_digest,
  digestInput: r.digest_input,
  eventId: r.event_id,
  sessionId: r.session_id,
  agentId: r.agent_id,
  policyVersion: r.policy_version,
  categories: JSON.parse(r.categories),
  reasons: JSON.parse(r.reasons),
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  decidedAt: r.decided_at,
  decidedBy: r.decided_by,
  decisionReason: r.decision_reason,
  decidedVia: r.decided_via,
  claimedBy: r.claimed_by,
});

export function createApprovalRepo(db: Database, writer: Writer): ApprovalStore {
  const byGuard = db.prepare<Row, [string, string]>("SELECT * FROM approvals WHERE workspace_id = ? AND guard_id = ?");
  const byId = db.prepare<Row, [string, string]>("SELECT * FROM approvals WHERE workspace_id = ? AND approval_id = ?");
  const all = db.prepare<Row, [string]>("SELECT * FROM approvals WHERE workspace_id = ? ORDER BY created_at DESC LIMIT 500");
  const insert = db.prepare(
    `INSERT INTO approvals (workspace_id, guard_id, approval_id, status, kind, payload_digest, action_digest, digest_input, event_id,
       session_id, agent_id, policy_version, categories, reasons, created_at, expires_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (workspace_id, guard_id) DO NOTHING`,
  );
  const expire = db.prepare(
    "UPDATE approvals SET status = 'expired', decided_at = expires_at WHERE workspace_id = ? AND status = 'pending' AND expires_at <= ?",
  );
  const decide = db.prepare(
    `UPDATE approvals SET status = ?, decided_at = ?, decided_by = ?, decision_reason = ?, decided_via = 'operator'
      WHERE workspace_id = ? AND approval_id = ? AND status = 'pending' AND expires_at > ?`,
  );
  const retryable = db.prepare<Row, [string, string, string, string, number]>(
    `SELECT * FROM approvals WHERE workspace_id = ? AND session_id = ? AND action_digest = ? AND kind = ?
        AND status = 'approved' AND decided_via = 'operator' AND claimed_by IS NULL AND decided_at > ? ORDER BY decided_at DESC LIMIT 1`,
  );
  const claim = db.prepare(
    "UPDATE approvals SET claimed_by = ? WHERE workspace_id = ? AND approval_id = ? AND status = 'approved' AND claimed_by IS NULL",
  );
  const prompted = db.prepare("UPDATE approvals SET prompted_digest = ? WHERE workspace_id = ? AND approval_id = ? AND status = 'pending'");
  // The yes and the use are one UPDATE: nothing can claim the approval in between.
  const answered = db.prepare(
    `UPDATE approvals SET status = 'approved', decided_at = ?, decided_by = ?, decision_reason = ?, decided_via = 'harness_prompt', claimed_by = ?
      WHERE workspace_id = ? AND approval_id = ? AND status = 'pending' AND expires_at > ? AND prompted_digest = ? AND action_digest = ?`,
  );
  const settle = (workspaceId: string, now: number) => writer.transact(() => expire.run(workspaceId, now));
  const needsSettling = (row: Row | null, now: number) => row !== null && row.status === "pending" && row.expires_at <= now;

  return {
    async get(workspaceId, guardId, now) {
      let row = byGuard.get(workspaceId, guardId);
      if (needsSettling(row, now)) {
        await settle(workspaceId, now);
        row = byGuard.get(workspaceId, guardId);
      }
      return row ? toRecord(row) : undefined;
    },
    async byId(workspaceId, approvalId, now) {
      let row = byId.get(workspaceId, approvalId);
      if (needsSettling(row, now)) {
        await settle(workspaceId, now);
        row = byId.get(workspaceId, approvalId);
      }
      return row ? toRecord(row) : undefined;
    },
    create: (workspaceId, r) =>
      writer.transact(() => {
        insert.run(workspaceId, r.guardId, r.approvalId, r.kind, r.payloadDigest, r.actionDigest, r.digestInput, r.eventId, r.sessionId,
          r.agentId, r.policyVersion, JSON.stringify(r.categories), JSON.stringify(r.reasons), r.createdAt, r.expiresAt);
        return toRecord(byGuard.get(workspaceId, r.guardId)!);
      }),
    decide: (workspaceId, approvalId, status, by, reason, now) =>
      writer.transact(() => {
        expire.run(workspaceId, now);
        const changed = decide.run(status, now, by, reason, workspaceId, approvalId, now).changes > 0;
        const row = byId.get(workspaceId, approvalId);
        if (!row) return { ok: false as const, reason: "not_found" as const };
        return changed ? { ok: true as const, record: toRecord(row) } : { ok: false as const, reason: "not_pending" as const };
      }),
    claimForRetry: (workspaceId, action, decidedAfter) =>
      writer.transact(() => {
        const row = retryable.get(workspaceId, action.sessionId, action.digest, action.kind, decidedAfter);
        if (!row || claim.run(action.guardId, workspaceId, row.approval_id).changes === 0) return undefined;
        return toRecord(row);
      }),
    consume: (workspaceId, approvalId, guardId) => writer.transact(() => claim.run(guardId, workspaceId, approvalId).changes > 0),
    markPrompted: async (workspaceId, approvalId, actionDigest) => {
      await writer.transact(() => prompted.run(actionDigest, workspaceId, approvalId));
    },
    answerAtPrompt: (workspaceId, approvalId, a, now) =>
      writer.transact(() => {
        expire.run(workspaceId, now);
        return answered.run(now, a.by, a.reason, a.guardId, workspaceId, approvalId, now, a.actionDigest, a.actionDigest).changes > 0;
      }),
    async list(workspaceId, now, status) {
      await settle(workspaceId, now);
      return all.all(workspaceId).map(toRecord).filter((r) => status === undefined || r.status === status);
    },
  };
}
