// Nothing unjudged passes as judged: content a detector could not read (too long, too deep, too
// many fields, out of time, or the detector failed) leaves the categories that detector judges
// unjudged, and the policy's `on_unjudged` says what that means per category. By default unjudged
// security content is held for a person; an opt-out is explicit and the verdict says so.
import { DECISION_SEVERITY, mostSevere, type Decision, type Finding } from "../wire/verdict.ts";
import type { Policy, UnjudgedRule } from "./policy.ts";
import type { DetectorRun } from "./run-detector.ts";

/** The provider name of the policy's own judgments, beside the detectors'. */
export const POLICY_PROVIDER = "policy";

export interface UnjudgedJudgment {
  /** A run to compose when the policy holds what was not judged. */
  run?: DetectorRun;
  /** Something was unjudged and the policy explicitly let all of it pass. */
  accepted: boolean;
}

const covers = (rule: UnjudgedRule, category: string) => category === rule.prefix || category.startsWith(`${rule.prefix}.`);

/** The decision for one category a detector left unjudged; a category no rule covers is held. */
function decisionFor(rules: readonly UnjudgedRule[], category: string): Decision {
  return rules.find((rule) => covers(rule, category))?.decision ?? "require_approval";
}

function leftUnjudged(run: DetectorRun): boolean {
  if (run.status === "failed") return true;
  return run.status === "ok" && (run.outcome.unjudged?.length ?? 0) > 0;
}

/**
 * `judgesOf` names the category prefixes each detector judges; an unknown one (a provider with
 * no declaration) is taken to judge security.
 */
export function judgeUnjudged(runs: readonly DetectorRun[], policy: Policy, judgesOf: (detector: string) => readonly string[] | undefined): UnjudgedJudgment {
  let decision: Decision = "allow";
  const holders: string[] = [];
  let any = false;
  for (const run of runs) {
    if (!leftUnjudged(run)) continue;
    any = true;
    const held = (judgesOf(run.detector) ?? ["security"]).reduce<Decision>((d, c) => mostSevere(d, decisionFor(policy.onUnjudged, c)), "allow");
    if (DECISION_SEVERITY[held] > 0) holders.push(run.detector);
    decision = mostSevere(decision, held);
  }
  if (!any) return { accepted: false };
  if (decision === "allow") return { accepted: true };
  const finding: Finding = {
    category: "security.bypass",
    check_id: "policy.unjudged",
    severity: "medium",
    score: 0.6,
    title: "part of this action was too large, too deep or too slow to judge",
    detector: POLICY_PROVIDER,
  };
  const reason = `${holders.join(", ")} could not judge all of this action, and policy on_unjudged holds what was not judged`;
  return { accepted: false, run: { status: "ok", detector: POLICY_PROVIDER, latencyMs: 0, outcome: { decision, reasons: [reason], findings: [finding] } } };
}
