// A detector's time budget. Detectors are synchronous JavaScript on the event loop, so no timer
// can interrupt one: each checks its budget in the loops whose length grows with the input, and
// once it is spent stops and reports what it did not judge. The budget is CPU time, bounded in
// wall time (createBudget). run-detector.ts turns a detector
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

/**
 * However busy the machine, a run is cut off once this many deadlines of wall time have passed:
 * the bound on how long a verdict can wait for a detector.
 */
export const WALL_FACTOR = 10;

/** Milliseconds of CPU this process has used (user and system, every thread). */
export const processCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * process.cpuUsage() is a system call of microseconds, and every detector run and every phase
 * starts a budget: under load that was a tenth of warden's CPU. Where a budget starts, a process
 * reading at most this old is reused. That can only end a budget sooner, never later: the CPU
 * used since the reading counts against it (at most this much wall time's worth per thread).
 */
const RECENT_CPU_MS = 1;
let recentCpu = { at: Number.NEGATIVE_INFINITY, cpu: 0 };

function recentProcessCpuMs(): number {
  const at = performance.now();
  if (at - recentCpu.at >= RECENT_CPU_MS) recentCpu = { at, cpu: processCpuMs() };
  return recentCpu.cpu;
}

interface Clocks {
  now: () => number;
  cpu: () => number;
  /** The CPU clock where a budget or phase starts: the process clock's recent reading, or `cpu` itself. */
  startCpu: () => number;
}

/**
 * A budget of `deadlineMs` of work. The deadline is measured in CPU time, not wall time: on a
 * loaded machine (other processes, a noisy neighbour) a run that was waiting for the CPU has not
 * spent its budget, so its deadline moves out by what it did not use, up to WALL_FACTOR times
 * the deadline of wall time. Hostile input, which makes a detector work, is cut off on time
 * either way; a benign action is not held because the box was busy. The CPU clock is read
 * only once the wall clock says the deadline passed.
 */
export function createBudget(deadlineMs: number, now: () => number = () => performance.now(), cpu: () => number = processCpuMs): Budget {
  const start = now();
  const clocks = { now, cpu, startCpu: cpu === processCpuMs ? recentProcessCpuMs : cpu };
  return budgetFor(deadlineMs, start, clocks, clocks.startCpu(), () => {});
}

function budgetFor(allowedMs: number, start: number, clocks: Clocks, cpuStart: number, onCutOff: () => void): Budget {
  const { now, cpu } = clocks;
  const hardStop = start + allowedMs * WALL_FACTOR;
  let deadline = start + allowedMs;
  let checks = 0;
  let spent = false;
  let phaseCutOff = false;
  const spentNow = (): boolean => {
    if (spent) return true;
    const at = now();
    if (at < deadline) return false;
    const unused = allowedMs - (cpu() - cpuStart);
    if (unused > 0 && at < hardStop) {
      deadline = Math.min(hardStop, at + unused);
      return false;
    }
    spent = true;
    onCutOff();
    return true;
  };
  return {
    spent: () => spent || (++checks % STRIDE === 0 && spentNow()),
    spentNow,
    get cutOff() {
      return spent || phaseCutOff;
    },
    phase(share) {
      const at = now();
      const cpuAt = clocks.startCpu();
      return budgetFor(Math.max(0, allowedMs - (cpuAt - cpuStart)) * share, at, clocks, cpuAt, () => {
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
