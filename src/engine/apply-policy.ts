// Applies a workspace policy to detector outcomes before composition: whitelist entries and
// composition strategies drop the findings they name or overrule, and decision rules map each
// remaining finding's category and severity to a decision.
import type { GuardEvent } from "../wire/guard-event.ts";
import { DECISION_SEVERITY, mostSevere, type Decision, type Finding } from "../wire/verdict.ts";
import type { DetectorOutcome } from "./detector.ts";
import { ruleFor, type Policy, type WhitelistEntry } from "./policy.ts";
import type { DetectorRun } from "./run-detector.ts";
import { overruledBy } from "./strategies.ts";

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

const hostCovers = (suffix: string, host: string) =>
  host === suffix || host.endsWith(`.${suffix}`);

/** Whether every selector the entry names matches this event. */
function selects(entry: WhitelistEntry, event: GuardEvent, agentId: string): boolean {
  const p = event.payload;
  const args = (p.arguments ?? {}) as Record<string, unknown>;
  const argv = Array.isArray(p.argv) ? p.argv : undefined;
  if (entry.agent_id !== undefined && entry.agent_id !== agentId) return false;
  if (entry.tool !== undefined && str(p.name) !== entry.tool) return false;
  if (entry.host !== undefined) {
    const host = str(p.host)?.toLowerCase().replace(/\.$/, "");
    if (!host || !hostCovers(entry.host.toLowerCase(), host)) return false;
  }
  if (entry.path_prefix !== undefined) {
    const path = str(p.path) ?? str(args.file_path) ?? str(args.path);
    if (!path?.startsWith(entry.path_prefix)) return false;
  }
  if (entry.argv_prefix !== undefined && !entry.argv_prefix.every((a, i) => argv?.[i] === a)) return false;
  if (entry.command_prefix !== undefined && !str(args.command)?.trimStart().startsWith(entry.command_prefix)) {
    return false;
  }
  return true;
}

const covers = (entry: WhitelistEntry, f: Finding) =>
  (entry.check_id === undefined || f.check_id === entry.check_id) &&
  (entry.category === undefined || f.category === entry.category || f.category.startsWith(`${entry.category}.`));

function decide(outcome: DetectorOutcome, kept: Finding[], dropped: number, policy: Policy): Decision {
  if (kept.length === 0) return dropped > 0 ? "allow" : outcome.decision;
  let mapped: Decision = "allow";
  let unmapped = false;
  for (const f of kept) {
    const rule = ruleFor(policy.decisionRules, f.category);
    const decision = rule && (rule.bySeverity[f.severity ?? "medium"] ?? rule.bySeverity["*"]);
    if (decision) mapped = mostSevere(mapped, decision);
    else unmapped = true;
  }
  // With every finding covered by a rule the policy's decision replaces the detector's; a
  // finding no rule covers keeps the detector's own decision in force.
  return unmapped ? mostSevere(outcome.decision, mapped) : mapped;
}

export function applyPolicy(
  runs: readonly DetectorRun[],
  policy: Policy,
  event: GuardEvent,
  agentId: string,
): { runs: DetectorRun[]; whitelisted: boolean } {
  const entries = policy.whitelist.filter((e) => selects(e, event, agentId));
  if (entries.length === 0 && policy.decisionRules.length === 0 && policy.strategies.length === 0) {
    return { runs: [...runs], whitelisted: false };
  }
  const overruled = overruledBy(policy.strategies, runs);
  let whitelisted = false;
  const adjusted = runs.map((run): DetectorRun => {
    if (run.status !== "ok") return run;
    const { outcome } = run;
    const listed = outcome.findings.filter((f) => entries.some((e) => covers(e, f)));
    const kept = outcome.findings.filter((f) => !listed.includes(f) && !overruled(run.detector, f));
    const dropped = outcome.findings.length - kept.length;
    if (listed.length > 0) whitelisted = true;
    const decision = decide(outcome, kept, dropped, policy);
    const redactions = outcome.redactions?.filter((r) =>
      kept.some((f) => f.path === r.path && f.start === r.start && f.end === r.end),
    );
    const why = listed.length > 0 ? "whitelisted by policy" : "overruled by the policy's composition strategy";
    const reasons = DECISION_SEVERITY[decision] > 0 || dropped === 0 ? outcome.reasons : [why];
    return { ...run, outcome: { ...outcome, decision, findings: kept, redactions, reasons } };
  });
  return { runs: adjusted, whitelisted };
}
