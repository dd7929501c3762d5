import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { budgetOf, createBudget, UNLIMITED } from "./budget.ts";
import type { DetectorDefinition, DetectorOutcome, InspectedEvent } from "./detector.ts";
import { createInspectedEvent } from "./inspected-event.ts";
import { runDetector, type LoadedDetector } from "./run-detector.ts";
import type { GuardEvent } from "../wire/guard-event.ts";

const DEADLINE_MS = 5;

const event = {
  svc_version: "0.5", event_id: "e-1", guard_id: "g-1", timestamp: "2026-11-23T10:00:00Z",
  observation_point: "invocation", kind: "user_input", payload: { text: "hello" },
} as GuardEvent;

const loaded = (inspect: (input: InspectedEvent) => DetectorOutcome): LoadedDetector => {
  const definition: DetectorDefinition = {
    id: "slow", description: "test detector", kinds: ["user_input"], encodings: ["raw"], judges: ["security"],
    configSchema: Type.Object({}), defaultConfig: {}, create: () => ({ inspect }),
  };
  return { definition, detector: definition.create({}), kinds: new Set(definition.kinds), encodings: new Set(definition.encodings) };
};

/** Works through items until the budget is spent (or forever, were it not checked). */
const spin = (input: InspectedEvent): void => {
  const budget = budgetOf(input);
  while (!budget.spent());
};

const outcome = (decision: DetectorOutcome["decision"]): DetectorOutcome => ({ decision, reasons: [decision], findings: [] });

describe("runDetector cuts off synchronous detectors at their deadline", () => {
  test("a detector that stops when its budget is spent is a timeout, ended promptly", async () => {
    const run = await runDetector(loaded((input) => (spin(input), outcome("redact"))), createInspectedEvent(event), DEADLINE_MS);
    expect({ status: run.status, reason: run.status === "failed" && run.reason, partial: run.status === "failed" && run.partial?.decision }).toEqual({
      status: "failed",
      reason: "timeout",
      partial: "redact",
    });
    // Ended at the cut-off: idle, within 0.2 ms of the deadline. The bound leaves a loaded machine
    // room (a GC pause, another process on the core); a budget that ran out late, its deadline
    // read in the wrong unit, ends seconds past it.
    expect(run.latencyMs).toBeGreaterThanOrEqual(DEADLINE_MS);
    expect(run.latencyMs).toBeLessThan(DEADLINE_MS + 500);
  });

  test("a block found before the cut-off stands: no timeout policy is stricter", async () => {
    const run = await runDetector(loaded((input) => (spin(input), outcome("block"))), createInspectedEvent(event), DEADLINE_MS);
    expect(run.status === "ok" && run.outcome.decision).toBe("block");
  });

  test("a detector that finished late without being cut off judged everything: its answer stands", async () => {
    const late = () => {
      const until = performance.now() + 2 * DEADLINE_MS;
      while (performance.now() < until);
      return outcome("redact");
    };
    const run = await runDetector(loaded(late), createInspectedEvent(event), DEADLINE_MS);
    expect(run.status === "ok" && run.outcome.decision).toBe("redact");
  });

  test("a detector called outside the engine has an unlimited budget", () => {
    expect(budgetOf(createInspectedEvent(event))).toBe(UNLIMITED);
  });
});

describe("createBudget", () => {
  test("loops read the clock every few checks; coarse steps on every call; both stay spent", () => {
    let now = 0;
    // Every millisecond of wall time is a millisecond of work: an idle machine.
    const budget = createBudget(10, () => now, () => now);
    now = 10;
    const strided = Array.from({ length: 16 }, () => budget.spent());
    expect({ first: strided.slice(0, 15).some(Boolean), sixteenth: strided[15], cutOff: budget.cutOff }).toEqual({ first: false, sixteenth: true, cutOff: true });
    now = 0;
    expect([budget.spent(), budget.spentNow()]).toEqual([true, true]);
    const fresh = createBudget(10, () => now, () => now);
    now = 9;
    expect(fresh.spentNow()).toBe(false);
    now = 10;
    expect(fresh.spentNow()).toBe(true);
  });

  test("time spent waiting for the CPU is not spent: the deadline moves out by the work not done", () => {
    let now = 0;
    let cpu = 0;
    const budget = createBudget(10, () => now, () => cpu);
    // 30 ms passed while this process got 4 ms of CPU: 6 ms of work are left.
    now = 30;
    cpu = 4;
    expect(budget.spentNow()).toBe(false);
    now = 35;
    cpu = 9;
    expect(budget.spentNow()).toBe(false);
    now = 36;
    cpu = 10;
    expect([budget.spentNow(), budget.cutOff]).toEqual([true, true]);
  });

  test("however busy the machine, ten deadlines of wall time cut the run off", () => {
    let now = 0;
    const budget = createBudget(10, () => now, () => 0);
    now = 99;
    expect(budget.spentNow()).toBe(false);
    now = 100;
    expect(budget.spentNow()).toBe(true);
  });

  test("a phase gets its share of the work left, and its cut-off is the run's", () => {
    let now = 0;
    let cpu = 0;
    const budget = createBudget(10, () => now, () => cpu);
    now = 2;
    cpu = 2;
    const parse = budget.phase(0.5);
    now = 6;
    cpu = 6;
    expect(parse.spentNow()).toBe(true);
    expect([budget.cutOff, budget.spentNow()]).toEqual([true, false]);
  });

  test("budgets started together share one reading of the process CPU clock", () => {
    const original = process.cpuUsage;
    let readings = 0;
    process.cpuUsage = ((previous?: NodeJS.CpuUsage) => {
      readings++;
      return original.call(process, previous);
    }) as typeof process.cpuUsage;
    try {
      // Five detectors of one event, each with a parse and a walk phase: microseconds apart.
      for (let i = 0; i < 5; i++) createBudget(50).phase(0.5).phase(0.7);
    } finally {
      process.cpuUsage = original;
    }
    // One reading, or a few more when the loop was preempted across millisecond boundaries; not fifteen.
    expect(readings).toBeLessThanOrEqual(7);
  });
});
