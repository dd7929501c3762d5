// Opening a human approval for a require_approval verdict, bound to the whole action, and carrying
// an operator's approval given to an earlier attempt of the same action (same session and action
// digest) to a retry, used in the same step.
import type { Clock } from "../lib/clock.ts";
import { timeOrderedId } from "../lib/ids.ts";
import { scrubText } from "../lib/mask-text.ts";
import type { ApprovalStore, Attribution } from "../store/types.ts";
import type { GuardEvent } from "../wire/guard-event.ts";
import type { Finding, Verdict } from "../wire/verdict.ts";
import { applyApproval } from "./approvals.ts";
import type { Caller } from "./engine.ts";
import { actionDigest, actionText, payloadDigest } from "./payload-digest.ts";
import type { PolicyHolder } from "./policy-set.ts";

export interface ApprovalRequestDeps {
  policies: PolicyHolder;
  approvals: ApprovalStore;
  clock: Clock;
}

export function createApprovalRequests(deps: ApprovalRequestDeps) {
  const { clock } = deps;
  return {
    /**
     * One request per (workspace, guard_id), bound to the digest of the whole action. The whole
     * action is what an approver reads, with secret and personal-data spans masked and the
     * event's masked secrets (`hidden`) scrubbed wherever else they appear. None when the
     * session or agent already has the policy's cap of pending requests (`{ full }`).
     */
    request(event: GuardEvent, caller: Caller, attribution: Attribution, verdict: Verdict, findings: readonly Finding[], hidden: readonly string[]) {
      const now = clock.now();
      const { policy } = deps.policies.current().forWorkspace(caller.workspaceId);
      return deps.approvals.create(caller.workspaceId, {
        approvalId: timeOrderedId("apr_", now),
        guardId: event.guard_id,
        status: "pending",
        kind: event.kind,
        payloadDigest: payloadDigest(event) ?? null,
        actionDigest: actionDigest(event.kind, event.payload),
        digestInput: scrubText(actionText(event.kind, event.payload, findings), hidden),
        eventId: event.event_id,
        sessionId: attribution.sessionId,
        agentId: attribution.agentId,
        policyVersion: policy.version,
        categories: (verdict.categories ?? []).map((c) => c.id),
        reasons: verdict.reasons ?? [],
        createdAt: now,
        expiresAt: now + policy.approvalTtlMs,
        decidedAt: null,
        decidedBy: null,
        decisionReason: null,
        decidedVia: null,
        claimedBy: null,
      }, policy.pendingCaps);
    },

    /**
     * A retry of an approved action under a new guard_id, in the same session, gets that approval
     * once: a hook or wrapper that was told "approve, then retry" sees a new guard_id on the retry.
     */
    async applyRetried(event: GuardEvent, caller: Caller, attribution: Attribution, verdict: Verdict): Promise<Verdict> {
      const digest = actionDigest(event.kind, event.payload);
      const { policy } = deps.policies.current().forWorkspace(caller.workspaceId);
      const action = { sessionId: attribution.sessionId, kind: event.kind, digest, guardId: event.guard_id };
      const earlier = await deps.approvals.claimForRetry(caller.workspaceId, action, clock.now() - policy.approvalTtlMs);
      if (!earlier) return verdict;
      const carried = applyApproval(verdict, earlier, digest);
      return { ...carried, reasons: [...(carried.reasons ?? []), `approval ${earlier.approvalId} was given to an earlier attempt of this action in this session`] };
    },
  };
}

/**
 * The verdict for an action that would need a person while its session (or agent) already has
 * the policy's cap of requests waiting: a block, with a finding, so a flood of requests from one
 * session can neither bury another's in the queue nor grow it without bound.
 */
export function queueFull(verdict: Verdict, full: "session" | "agent", caps: { perSession: number; perAgent: number }): Verdict {
  const cap = full === "session" ? caps.perSession : caps.perAgent;
  const setting = full === "session" ? "max_pending_per_session" : "max_pending_per_agent";
  const finding: Finding = {
    category: "security.resource_exhaustion",
    detector: "policy",
    severity: "medium",
    check_id: "approvals.queue_full",
    title: `this ${full} already has ${cap} requests waiting for a person`,
  };
  const reason = `this action needs a person, and this ${full} already has ${cap} requests waiting (policy ${setting}): blocked until they are answered`;
  return {
    ...verdict,
    decision: "block",
    reasons: [...(verdict.reasons ?? []), reason],
    findings: [...(verdict.findings ?? []), finding],
  };
}
