// Pre-authorisation: a live grant that matches an action which would otherwise wait for a
// person lets it proceed, counting one use. Grants answer require_approval only; they never lift
// a block. A partial call checks without counting (it must decide as the full call would).
import type { Attribution, Grant, GrantStore } from "../store/types.ts";
import type { GuardEvent } from "../wire/guard-event.ts";
import type { Verdict } from "../wire/verdict.ts";

function matches(grant: Grant, event: GuardEvent, attribution: Attribution): boolean {
  const p = event.payload;
  if (grant.agentId !== null && grant.agentId !== attribution.agentId) return false;
  if (grant.sessionId !== null && grant.sessionId !== attribution.sessionId) return false;
  if (!grant.kinds.includes(event.kind)) return false;
  if (grant.tool !== null && p.name !== grant.tool) return false;
  if (grant.argvPrefix !== null) {
    const argv = Array.isArray(p.argv) ? p.argv : [];
    if (!grant.argvPrefix.every((arg, i) => argv[i] === arg)) return false;
  }
  if (grant.commandPrefix !== null) {
    const command = (p.arguments as { command?: unknown } | undefined)?.command;
    if (typeof command !== "string" || !command.trimStart().startsWith(grant.commandPrefix)) return false;
  }
  return true;
}

export async function applyGrants(
  verdict: Verdict,
  event: GuardEvent,
  attribution: Attribution,
  workspaceId: string,
  grants: GrantStore,
  now: number,
  count: boolean,
): Promise<Verdict> {
  if (verdict.decision !== "require_approval") return verdict;
  for (const grant of await grants.live(workspaceId, now)) {
    if (!matches(grant, event, attribution)) continue;
    if (count && !(await grants.use(workspaceId, grant.grantId, now))) continue;
    return {
      ...verdict,
      decision: "allow",
      reasons: [`pre-authorised by grant ${grant.grantId} (${grant.uses + (count ? 1 : 0)} of ${grant.maxUses} uses)`],
      "x.svc.grant_id": grant.grantId,
    };
  }
  return verdict;
}
