// Health for machines and people, unauthenticated and free of tenant data. /v1/health: 200 while
// decisions can be served (decisions.md). /livez: the process answers. /readyz: storage takes a
// probe write, a policy is loaded and warden is not draining; `?verbose` names each check.
import type { PolicyHolder } from "../../engine/policy-set.ts";
import type { StorageHealth } from "../../store/types.ts";
import { json } from "../errors.ts";

/** Flipped first on SIGTERM, so a load balancer stops sending before the listener closes. */
export interface Lifecycle {
  draining: boolean;
}

export async function handleHealth(health: StorageHealth, version: string): Promise<Response> {
  const problem = await health.problem();
  if (problem !== undefined) return json({ status: "error", reason: `storage not writable: ${problem}` }, 503);
  return json({ status: "ok", version });
}

export const handleLivez = (): Response => json({ status: "ok" });

export async function handleReadyz(request: Request, deps: { health: StorageHealth; policies: PolicyHolder; lifecycle: Lifecycle }): Promise<Response> {
  const problem = await deps.health.problem();
  const policy = deps.policies.current().base.policy.version;
  const checks = {
    store: problem === undefined ? "ok" : `failed: storage not writable: ${problem}`,
    policy: policy ? "ok" : "failed: no policy loaded",
    draining: deps.lifecycle.draining ? "failed: draining" : "ok",
  };
  const ready = Object.values(checks).every((c) => c === "ok");
  const verbose = new URL(request.url).searchParams.has("verbose");
  return json({ status: ready ? "ready" : "not_ready", ...(verbose ? { checks } : {}) }, ready ? 200 : 503);
}
