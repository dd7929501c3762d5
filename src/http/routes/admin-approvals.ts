// The operator API for approvals (an operator token, not a workspace key): list, show and
// decide, recording who decided and why. Shown is the canonical action that will run.
import type { Clock } from "../../lib/clock.ts";
import type { ApprovalRecord, ApprovalStatus, ApprovalStore, OperatorStore } from "../../store/types.ts";
import { verifyOperator } from "../../trust/operators.ts";
import { errors, json } from "../errors.ts";
import { readDecisionReason } from "./decision-reason.ts";

export interface AdminDeps {
  operators: OperatorStore;
  approvals: ApprovalStore;
  clock: Clock;
  maxBodyBytes: number;
}

const STATUSES = new Set(["pending", "approved", "denied", "expired"]);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An approval on the wire; the console's API shows the same shape. */
export const approvalView = (r: ApprovalRecord) => ({
  approval_id: r.approvalId,
  guard_id: r.guardId,
  status: r.status,
  kind: r.kind,
  action: r.digestInput,
  action_digest: r.actionDigest,
  payload_digest: r.payloadDigest,
  agent_id: r.agentId,
  session_id: r.sessionId,
  categories: r.categories,
  reasons: r.reasons,
  policy_version: r.policyVersion,
  created_at: iso(r.createdAt),
  expires_at: iso(r.expiresAt),
  decided_at: iso(r.decidedAt),
  decided_by: r.decidedBy,
  decision_reason: r.decisionReason,
  decided_via: r.decidedVia,
  used_by: r.claimedBy,
});

export async function handleAdminApprovals(request: Request, deps: AdminDeps, params: { id?: string; action?: string }): Promise<Response> {
  const operator = await verifyOperator(deps.operators, request.headers.get("authorization"));
  if (!operator) return errors.unauthorized("the admin API needs an operator token, wop_... (warden operators create), not a workspace key");
  const url = new URL(request.url);
  const workspace = url.searchParams.get("workspace");
  if (!workspace) return errors.invalidBody("workspace is required");
  const now = deps.clock.now();
  if (request.method === "GET" && !params.id) {
    const status = url.searchParams.get("status") ?? undefined;
    if (status && !STATUSES.has(status)) return errors.invalidBody("status must be pending, approved, denied or expired");
    const limit = url.searchParams.get("limit");
    if (limit !== null && !/^[1-9][0-9]{0,5}$/.test(limit)) return errors.invalidBody("limit must be a positive number");
    const query = {
      status: status as ApprovalStatus | undefined,
      sessionId: url.searchParams.get("session") ?? undefined,
      agentId: url.searchParams.get("agent") ?? undefined,
      limit: limit === null ? undefined : Number(limit),
    };
    return json({ approvals: (await deps.approvals.list(workspace, now, query)).map(approvalView) });
  }
  if (request.method === "GET") {
    const record = await deps.approvals.byId(workspace, params.id!, now);
    return record ? json(approvalView(record)) : json({ error: "not_found" }, 404);
  }
  if (params.action !== "approve" && params.action !== "deny") return errors.notFound();
  const reason = await readDecisionReason(request, deps.maxBodyBytes);
  if (reason instanceof Response) return reason;
  const status = params.action === "approve" ? "approved" : "denied";
  const result = await deps.approvals.decide(workspace, params.id!, status, operator.name, reason, now);
  if (!result.ok) return result.reason === "not_found" ? json({ error: "not_found" }, 404) : json({ error: "not_pending" }, 409);
  return json(approvalView(result.record));
}
