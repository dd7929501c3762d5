// Approval requests in SQLite. Transitions are single UPDATEs guarded by the current state, so
// an approval racing an expiry has exactly one winner and terminal states never change.
import type { Database } from "bun:sqlite";
import { MAX_APPROVALS_LISTED, type ApprovalRecord, type ApprovalStatus, type ApprovalStore } from "../types.ts";
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
  // Filters are bound as NULL when absent. Pending rows come round-robin across sessions (each
  // session's oldest first), so a flood from one session cannot push another's request off a page.
  const pendingRows = db.prepare<Row, [string, number, string | null, string | null, number]>(
    `SELECT * FROM (
       SELECT *, ROW_NUMBER() OVER (PARTITION BY session_id ORDER BY created_at, approval_id) AS turn
         FROM approvals
        WHERE workspace_id = ?1 AND status = 'pending' AND expires_at > ?2
          AND (?3 IS NULL OR session_id = ?3) AND (?4 IS NULL OR agent_id = ?4))
      ORDER BY turn, created_at, approval_id LIMIT ?5`,
  );
  const decidedRows = db.prepare<Row, [string, string | null, string | null, string | null, number]>(
    `SELECT * FROM approvals
      WHERE workspace_id = ?1 AND status <> 'pending' AND (?2 IS NULL OR status = ?2)
        AND (?3 IS NULL OR session_id = ?3) AND (?4 IS NULL OR agent_id = ?4)
      ORDER BY COALESCE(decided_at, created_at) DESC, approval_id DESC LIMIT ?5`,
  );
  const pendingOfSession = db.prepare<{ n: number }, [string, string, number]>(
    "SELECT COUNT(*) AS n FROM approvals WHERE workspace_id = ? AND session_id = ? AND status = 'pending' AND expires_at > ?",
  );
  const pendingOfAgent = db.prepare<{ n: number }, [string, string, number]>(
    "SELECT COUNT(*) AS n FROM approvals WHERE workspace_id = ? AND agent_id = ? AND status = 'pending' AND expires_at > ?",
  );
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
    async peek(workspaceId, guardId, now) {
      const row = byGuard.get(workspaceId, guardId);
      if (!row) return undefined;
      const record = toRecord(row);
      return needsSettling(row, now) ? { ...record, status: "expired", decidedAt: record.expiresAt } : record;
    },
    async byId(workspaceId, approvalId, now) {
      let row = byId.get(workspaceId, approvalId);
      if (needsSettling(row, now)) {
        await settle(workspaceId, now);
        row = byId.get(workspaceId, approvalId);
      }
      return row ? toRecord(row) : undefined;
    },
    create: (workspaceId, r, caps) =>
      writer.transact(() => {
        const standing = byGuard.get(workspaceId, r.guardId);
        if (standing) return toRecord(standing);
        if (pendingOfSession.get(workspaceId, r.sessionId, r.createdAt)!.n >= caps.perSession) return { full: "session" as const };
        if (pendingOfAgent.get(workspaceId, r.agentId, r.createdAt)!.n >= caps.perAgent) return { full: "agent" as const };
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
    async list(workspaceId, now, query = {}) {
      await settle(workspaceId, now);
      const limit = Math.max(0, Math.min(query.limit ?? MAX_APPROVALS_LISTED, MAX_APPROVALS_LISTED));
      const session = query.sessionId ?? null;
      const agent = query.agentId ?? null;
      const pending = query.status === undefined || query.status === "pending" ? pendingRows.all(workspaceId, now, session, agent, limit) : [];
      const decided = query.status === "pending" || pending.length >= limit ? [] : decidedRows.all(workspaceId, query.status ?? null, session, agent, limit - pending.length);
      return [...pending, ...decided].map(toRecord);
    },
  };
}
