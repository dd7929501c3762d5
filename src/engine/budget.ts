// A detector's time budget. Detectors are synchronous JavaScript on the event loop, so no timer
// can interrupt one: each checks its budget in the loops whose length grows with the input, and
// once it is spent stops and reports what it did not judge. run-detector.ts turns a detector
// that was cut off into the timeout the composition policy decides about.
import type { DetectorOutcome, InspectedEvent } from "./detector.ts";

export interface Budget {
  /** For loops over items: true once the deadline has passed, reading the clock every few calls. */
  spent(): boolean;
  /** For coarse steps (a field, a scanner, a rule): reads the clock on every call. */
  spentNow(): boolean;
  /** Whether this budget or one of its phases ran out: the detector was cut off. */
  readonly cutOff: boolean;
  /**
   * A budget for a first phase of the work (parsing), spent once `share` of the time left has
   * passed, so the phases after it still judge what it produced. Its running out is this
   * budget's cut-off too, but not its spending: the later phases go on with the time left.
   */
  phase(share: number): Budget;
}

/** A loop reads the clock on every STRIDE-th check: it checks per item, a clock read costs more. */
const STRIDE = 16;

export function createBudget(deadlineMs: number, now: () => number = () => performance.now()): Budget {
  return budgetUntil(now() + deadlineMs, now, () => {});
}

function budgetUntil(deadline: number, now: () => number, onCutOff: () => void): Budget {
  let checks = 0;
  let spent = false;
  let phaseCutOff = false;
  const spentNow = (): boolean => {
    if (!spent && now() >= deadline) {
      spent = true;
      onCutOff();
    }
    return spent;
  };
  return {
    spent: () => spent || (++checks % STRIDE === 0 && spentNow()),
    spentNow,
    get cutOff() {
      return spent || phaseCutOff;
    },
    phase(share) {
      const start = now();
      return budgetUntil(start + Math.max(0, deadline - start) * share, now, () => {
        phaseCutOff = true;
        onCutOff();
      });
    },
  };
}

/** Texts at least this long cost enough per scan that the clock is read after each one. */
const LONG_TEXT = 4096;

/**
 * The check at the boundary of a step over `chars` characters (a field, a scanner pass, a rule
 * over a command): exact next to a long text, strided next to a short one, whose step costs
 * less than reading the clock.
 */
export const spentAtStep = (budget: Budget, chars: number): boolean => (chars >= LONG_TEXT ? budget.spentNow() : budget.spent());

/** For detectors called outside the engine (unit tests, benches): never spent. */
export const UNLIMITED: Budget = { spent: () => false, spentNow: () => false, cutOff: false, phase: () => UNLIMITED };

/** What run-detector hands a detector: the event plus the budget of this one run. */
export interface BudgetedEvent extends InspectedEvent {
  readonly budget: Budget;
}

export const withBudget = (input: InspectedEvent, budget: Budget): BudgetedEvent => ({ ...input, budget });

/** The budget of this run, or UNLIMITED when the detector is called directly. */
export const budgetOf = (input: InspectedEvent): Budget => (input as Partial<BudgetedEvent>).budget ?? UNLIMITED;

/** The reason a detector gives for paths it stopped before judging. */
export const cutOffReason = (paths: number): string => `stopped at its deadline: ${paths} field(s) not fully judged`;

/**
 * Lists on an outcome what a detector could not look at: fields text extraction cut (too large
 * or deep) and fields its budget ran out in. Absent or empty `unjudged` means all was judged.
 */
export function noteUnjudged(outcome: DetectorOutcome, unextracted: readonly string[], unscanned: readonly string[]): DetectorOutcome {
  if (unextracted.length > 0) {
    outcome.unjudged = [...(outcome.unjudged ?? []), ...unextracted];
    outcome.reasons.push(`${unextracted.length} field(s) too large or too deep to scan`);
  }
  if (unscanned.length > 0) {
    outcome.unjudged = [...(outcome.unjudged ?? []), ...unscanned];
    outcome.reasons.push(cutOffReason(unscanned.length));
  }
  return outcome;
}
