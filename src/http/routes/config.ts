// GET /v1/config: degraded-mode directives for a PEP that cannot reach warden, from the policy
// of the caller's workspace (decisions.md, GET /v1/config).
import type { PolicyHolder } from "../../engine/policy-set.ts";
import { json } from "../errors.ts";
import { authenticate, type GuardDeps } from "../guard.ts";

export async function handleConfig(request: Request, deps: GuardDeps & { policies: PolicyHolder }): Promise<Response> {
  const caller = await authenticate(request, deps);
  if (caller instanceof Response) return caller;
  const { policy } = deps.policies.current().forWorkspace(caller.workspaceId);
  return json({
    on_unreachable: policy.onUnreachable,
    queue_timeout_action: policy.queueTimeoutAction,
    hard_rules: policy.hardRules,
    policy_version: policy.version,
  });
}
