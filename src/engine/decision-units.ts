// One action, several altitudes (interface.md, observation_point): events that share a
// guard_id are one decision unit. A later altitude can only tighten what an earlier one decided
// (block and require_approval carry forward; redact and modify are about one payload), its
// provenance is carried to the later ones, and an execution seen by a sensor with no declared
// invocation or conversation for its guard_id is a bypass, strong from a kernel sensor and weak
// from a wrapper or an unknown class. It is evidence only where an invocation-altitude sensor is
// known to cover the agent or session (it sent invocation events for it recently): with none
// there is nothing to go around, and the action is judged on its content alone.
// Units and coverage live in memory, bounded, for their windows.
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

/** Where an event belongs: its workspace, and the agent and session it was attributed to. */
export interface UnitScope {
  workspaceId: string;
  agentId: string;
  sessionId: string;
}

export interface DecisionUnits {
  /** `coverageMs`: how long an invocation event keeps its agent and session covered. */
  /** Reads only; `observe` is what changes the units, after the event is recorded. */
  assess(scope: UnitScope, event: GuardEvent, coverageMs: number): UnitAssessment;
  observe(scope: UnitScope, event: GuardEvent, decision: Decision): void;
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

/** When invocation-altitude events last arrived, per agent and per session of a workspace. */
function createCoverage(clock: Clock, maxEntries: number) {
  const lastSeen = new Map<string, number>();
  const keysOf = (scope: UnitScope) => [`${scope.workspaceId}\u0000a\u0000${scope.agentId}`, `${scope.workspaceId}\u0000s\u0000${scope.sessionId}`];
  return {
    covered(scope: UnitScope, coverageMs: number): boolean {
      const now = clock.now();
      return keysOf(scope).some((key) => {
        const at = lastSeen.get(key);
        return at !== undefined && now - at <= coverageMs;
      });
    },
    seen(scope: UnitScope): void {
      for (const key of keysOf(scope)) {
        // Re-inserted, so the bound evicts what was covered least recently.
        lastSeen.delete(key);
        if (lastSeen.size >= maxEntries) lastSeen.delete(lastSeen.keys().next().value!);
        lastSeen.set(key, clock.now());
      }
    },
  };
}

export function createDecisionUnits(clock: Clock, windowMs = 10 * 60_000, maxUnits = 100_000): DecisionUnits {
  const units = new Map<string, Unit>();
  const coverage = createCoverage(clock, maxUnits);
  const expired = (unit: Unit) => clock.now() - unit.firstSeen > windowMs;
  const live = (key: string): Unit | undefined => {
    const unit = units.get(key);
    if (unit && expired(unit)) {
      units.delete(key);
      return undefined;
    }
    return unit;
  };
  return {
    assess(scope, event, coverageMs) {
      // Only reads: a partial evaluate assesses too, and must leave the units as they were.
      const found = units.get(`${scope.workspaceId}\u0000${event.guard_id}`);
      const unit = found && !expired(found) ? found : undefined;
      const findings: Finding[] = [];
      let decision: Decision = "allow";
      const reasons: string[] = [];
      if (event.observation_point === "execution" && !unit?.declared && coverage.covered(scope, coverageMs)) {
        findings.push(bypassFinding(event));
        reasons.push(findings[0]!.title!);
        if (event.sensor?.class === "kernel") decision = "require_approval";
      }
      // The result of an action held for a person comes after someone let it run (a yes at the
      // harness's prompt, an operator): the hold is not the result's. A block still is.
      const inherited = unit && (unit.strictest === "block" || (unit.strictest === "require_approval" && event.kind !== "tool_result"));
      if (unit && inherited) {
        decision = mostSevere(decision, unit.strictest);
        reasons.push(`an earlier altitude of this action decided ${unit.strictest}`);
      }
      const provenance = unit?.provenance ?? [];
      if (reasons.length === 0) return { provenance };
      return { provenance, outcome: { decision, reasons, findings } };
    },
    observe(scope, event, decision) {
      if (event.observation_point === "invocation") coverage.seen(scope);
      const key = `${scope.workspaceId}\u0000${event.guard_id}`;
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
