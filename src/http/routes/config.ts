// GET /v1/config: degraded-mode directives for a PEP that cannot reach warden, from the policy
// of the caller's workspace (decisions.md, GET /v1/config), proven to a PEP that sent a nonce:
// directives from anyone else could open its degraded mode.
import type { PolicyHolder } from "../../engine/policy-set.ts";
import { json } from "../errors.ts";
import { authenticate, type GuardDeps } from "../guard.ts";
import { proveAnswer } from "../prove-answer.ts";
import { NO_BODY } from "../../trust/answer-proof.ts";

export async function handleConfig(request: Request, deps: GuardDeps & { policies: PolicyHolder }): Promise<Response> {
  const caller = await authenticate(request, deps);
  if (caller instanceof Response) return caller;
  const { policy } = deps.policies.current().forWorkspace(caller.workspaceId);
  return proveAnswer(request, NO_BODY, json({
    on_unreachable: policy.onUnreachable,
    queue_timeout_action: policy.queueTimeoutAction,
    hard_rules: policy.hardRules,
    policy_version: policy.version,
  }));
}
