// The human decision behind require_approval (decisions.md, GET /v1/approvals): a request is
// bound to the digest of the whole action that asked. The same action again gets the human's
// answer (approved: allow, denied or expired: block); any other payload under that guard_id is
// judged afresh and never inherits the approval.
import type { ApprovalRecord } from "../store/types.ts";
import type { Verdict } from "../wire/verdict.ts";

export function applyApproval(verdict: Verdict, record: ApprovalRecord | undefined, digest: string | undefined): Verdict {
  if (!record || digest === undefined || record.actionDigest !== digest) return verdict;
  const marked: Verdict = { ...verdict, "x.svc.approval_id": record.approvalId, "x.svc.approval_status": record.status };
  switch (record.status) {
    case "approved":
      // Approval answers the question that was asked; it never lifts a block the action earns now.
      if (verdict.decision === "block") return marked;
      return { ...marked, decision: "allow", modifications: undefined, reasons: [`approved by ${record.decidedBy ?? "an operator"}`] };
    case "denied":
      return { ...marked, decision: "block", modifications: undefined, reasons: [`denied by ${record.decidedBy ?? "an operator"}`, ...(verdict.reasons ?? [])] };
    case "expired":
      return { ...marked, decision: "block", modifications: undefined, reasons: ["the approval request expired unanswered", ...(verdict.reasons ?? [])] };
    case "pending":
      return verdict.decision === "block" ? marked : { ...marked, decision: "require_approval", reasons: ["waiting for a human decision", ...(verdict.reasons ?? [])] };
  }
}
