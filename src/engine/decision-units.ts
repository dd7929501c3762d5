// One action, several altitudes (interface.md, observation_point): events that share a
// guard_id are one decision unit. A later altitude can only tighten what an earlier one decided
// (block and require_approval carry forward; redact and modify are about one payload), its
// provenance is carried to the later ones, and an execution seen by a sensor with no declared
// invocation or conversation for its guard_id is a bypass, strong from a kernel sensor and weak
// from a wrapper or an unknown class. Units live in memory, bounded, for `windowMs`.
import type { Clock } from "../lib/clock.ts";
import type { GuardEvent, Provenance } from "../wire/guard-event.ts";
import { DECISION_SEVERITY, mostSevere, type Decision, type Finding } from "../wire/verdict.ts";
import type { DetectorOutcome } from "./detector.ts";

export const UNITS_PROVIDER = "units";
const MAX_PROVENANCE = 16;

interface Unit {
  firstSeen: number;
  declared: boolean;
  strictest: Decision;
  provenance: Provenance[];
}

export interface UnitAssessment {
  outcome?: DetectorOutcome;
  /** Provenance of the unit's earlier events, for the session flow. */
  provenance: Provenance[];
}

export interface DecisionUnits {
  assess(workspaceId: string, event: GuardEvent): UnitAssessment;
  observe(workspaceId: string, event: GuardEvent, decision: Decision): void;
}

function bypassFinding(event: GuardEvent): Finding {
  const kernel = event.sensor?.class === "kernel";
  return {
    category: "security.bypass",
    check_id: "units.undeclared_execution",
    severity: kernel ? "high" : "info",
    score: kernel ? 0.9 : 0.3,
    title: kernel
      ? "an unbypassable sensor saw an execution no agent declared"
      : "an execution was seen with no declared invocation (weak evidence from this sensor class)",
    detector: UNITS_PROVIDER,
  };
}

export function createDecisionUnits(clock: Clock, windowMs = 10 * 60_000, maxUnits = 100_000): DecisionUnits {
  const units = new Map<string, Unit>();
  const live = (key: string): Unit | undefined => {
    const unit = units.get(key);
    if (unit && clock.now() - unit.firstSeen > windowMs) {
      units.delete(key);
      return undefined;
    }
    return unit;
  };
  return {
    assess(workspaceId, event) {
      const unit = live(`${workspaceId}\u0000${event.guard_id}`);
      const findings: Finding[] = [];
      let decision: Decision = "allow";
      const reasons: string[] = [];
      if (event.observation_point === "execution" && !unit?.declared) {
        findings.push(bypassFinding(event));
        reasons.push(findings[0]!.title!);
        if (event.sensor?.class === "kernel") decision = "require_approval";
      }
      if (unit && (unit.strictest === "block" || unit.strictest === "require_approval")) {
        decision = mostSevere(decision, unit.strictest);
        reasons.push(`an earlier altitude of this action decided ${unit.strictest}`);
      }
      const provenance = unit?.provenance ?? [];
      if (reasons.length === 0) return { provenance };
      return { provenance, outcome: { decision, reasons, findings } };
    },
    observe(workspaceId, event, decision) {
      const key = `${workspaceId}\u0000${event.guard_id}`;
      let unit = live(key);
      if (!unit) {
        if (units.size >= maxUnits) units.delete(units.keys().next().value!);
        unit = { firstSeen: clock.now(), declared: false, strictest: "allow", provenance: [] };
        units.set(key, unit);
      }
      if (event.observation_point !== "execution") unit.declared = true;
      if (DECISION_SEVERITY[decision] > DECISION_SEVERITY[unit.strictest]) unit.strictest = decision;
      for (const p of event.provenance ?? []) if (unit.provenance.length < MAX_PROVENANCE) unit.provenance.push(p);
    },
  };
}
