// Opening a human approval for a require_approval verdict, and carrying an approval given to an
// earlier attempt of the same action (same session, kind and payload digest) to a retry.
import type { Clock } from "../lib/clock.ts";
import { timeOrderedId } from "../lib/ids.ts";
import { scrubText } from "../lib/mask-text.ts";
import type { ApprovalStore, Attribution } from "../store/types.ts";
import type { GuardEvent } from "../wire/guard-event.ts";
import type { Verdict } from "../wire/verdict.ts";
import { applyApproval } from "./approvals.ts";
import type { Caller } from "./engine.ts";
import { digestInput, payloadDigest } from "./payload-digest.ts";
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
     * One request per (workspace, guard_id), bound to the payload digest. The action text an
     * approver reads is stored with the event's masked secrets (`hidden`) masked there too.
     */
    request(event: GuardEvent, caller: Caller, attribution: Attribution, verdict: Verdict, hidden: readonly string[]) {
      const now = clock.now();
      const { policy } = deps.policies.current().forWorkspace(caller.workspaceId);
      const text = digestInput(event);
      return deps.approvals.create(caller.workspaceId, {
        approvalId: timeOrderedId("apr_", now),
        guardId: event.guard_id,
        status: "pending",
        kind: event.kind,
        payloadDigest: payloadDigest(event) ?? null,
        digestInput: text === undefined ? null : scrubText(text, hidden),
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
      });
    },

    /**
     * A retry of an approved action under a new guard_id, in the same session, gets that approval
     * once: a hook or wrapper that was told "approve, then retry" sees a new guard_id on the retry.
     */
    async applyRetried(event: GuardEvent, caller: Caller, attribution: Attribution, verdict: Verdict): Promise<Verdict> {
      const digest = payloadDigest(event);
      if (digest === undefined) return verdict;
      const { policy } = deps.policies.current().forWorkspace(caller.workspaceId);
      const action = { sessionId: attribution.sessionId, kind: event.kind, digest, guardId: event.guard_id };
      const earlier = await deps.approvals.claimForRetry(caller.workspaceId, action, clock.now() - policy.approvalTtlMs);
      if (!earlier) return verdict;
      const carried = applyApproval(verdict, earlier, digest);
      return { ...carried, reasons: [...(carried.reasons ?? []), `approval ${earlier.approvalId} was given to an earlier attempt of this action in this session`] };
    },
  };
}
