// The compiled policies of a deployment: for each workspace with its own section, and for all
// others, the policy plus the detectors created under it. Compiled (validated, then created)
// whole, so a bad policy is refused before it replaces a good one.
import { didYouMean } from "../lib/did-you-mean.ts";
import type { DetectorDefinition } from "./detector.ts";
import { loadDetectors } from "./load-detectors.ts";
import type { Policy } from "./policy.ts";
import type { LoadedDetector } from "./run-detector.ts";

export interface ActivePolicy {
  policy: Policy;
  detectors: readonly LoadedDetector[];
}

export interface PolicySet {
  forWorkspace(workspaceId: string): ActivePolicy;
  /** The policy of workspaces without a section of their own. */
  readonly base: ActivePolicy;
}

export type CompiledPolicies = { ok: true; set: PolicySet } | { ok: false; errors: string[] };

export function compilePolicies(
  definitions: readonly DetectorDefinition<any>[],
  base: Policy,
  workspaces: Readonly<Record<string, Policy>> = {},
): CompiledPolicies {
  const errors: string[] = [];
  const compile = (policy: Policy, scope: string): ActivePolicy | undefined => {
    for (const id of policy.disabled) {
      if (!definitions.some((d) => d.id === id)) errors.push(`${scope}detectors.${id}: no such detector${didYouMean(id, definitions.map((d) => d.id))}`);
    }
    for (const rule of policy.strategies) {
      for (const id of rule.providers) {
        if (id !== "flow" && !definitions.some((d) => d.id === id)) errors.push(`${scope}composition.strategies.${rule.prefix}: no provider ${id}${didYouMean(id, definitions.map((d) => d.id))}`);
      }
    }
    const enabled = definitions.filter((d) => !policy.disabled.includes(d.id));
    const configs = Object.fromEntries(Object.entries(policy.detectors).filter(([id]) => !policy.disabled.includes(id)));
    const loaded = loadDetectors(enabled, configs);
    if (!loaded.ok) {
      errors.push(...loaded.errors.map((e) => `${scope}${e}`));
      return undefined;
    }
    return { policy, detectors: loaded.detectors };
  };
  const baseActive = compile(base, "");
  const own = new Map<string, ActivePolicy>();
  for (const [workspaceId, policy] of Object.entries(workspaces)) {
    const active = compile(policy, `workspaces.${workspaceId}.`);
    if (active) own.set(workspaceId, active);
  }
  if (errors.length || !baseActive) return { ok: false, errors };
  return { ok: true, set: { base: baseActive, forWorkspace: (id) => own.get(id) ?? baseActive } };
}

/** Holds the set in force; `replace` swaps it whole, between requests. */
export interface PolicyHolder {
  current(): PolicySet;
  replace(set: PolicySet): void;
}

export function createPolicyHolder(initial: PolicySet): PolicyHolder {
  let set = initial;
  return { current: () => set, replace: (next) => void (set = next) };
}
