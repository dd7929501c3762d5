// The policy's minimum attestation (issue: trust model): an action whose identity claims were
// vouched for less strongly than the policy requires for its tool, or for the categories
// found in it, gets a stricter decision. Judged after whitelists, so a dropped finding does not count.
import type { Attestation, GuardEvent } from "../wire/guard-event.ts";
import { ATTESTATIONS } from "../wire/guard-event.ts";
import type { Policy } from "./policy.ts";
import type { DetectorRun } from "./run-detector.ts";

export const ATTESTATION_PROVIDER = "attestation";

const below = (level: Attestation, required: Attestation) => ATTESTATIONS.indexOf(level) < ATTESTATIONS.indexOf(required);
const covers = (prefix: string, category: string) => category === prefix || category.startsWith(`${prefix}.`);

export function judgeAttestation(event: GuardEvent, level: Attestation, policy: Policy, runs: readonly DetectorRun[]): DetectorRun | undefined {
  const { tools, categories } = policy.minAttestation;
  const reasons: string[] = [];
  let decision: "require_approval" | "block" | undefined;
  const tool = typeof event.payload.name === "string" ? event.payload.name : undefined;
  const forTool = tool !== undefined && Object.hasOwn(tools, tool) ? tools[tool] : undefined;
  if (forTool && below(level, forTool)) {
    decision = "require_approval";
    reasons.push(`this tool needs identity attested at ${forTool} or stronger; the channel vouched for ${level}`);
  }
  const found = runs.flatMap((r) => (r.status === "ok" ? r.outcome.findings.map((f) => f.category) : []));
  for (const [prefix, required] of Object.entries(categories)) {
    if (below(level, required) && found.some((c) => covers(prefix, c))) {
      decision = "block";
      reasons.push(`findings under ${prefix} need identity attested at ${required} or stronger; the channel vouched for ${level}`);
    }
  }
  if (!decision) return undefined;
  return { status: "ok", detector: ATTESTATION_PROVIDER, latencyMs: 0, outcome: { decision, reasons, findings: [] } };
}
