// What one decision's metric updates cost: the engine observer (decision, findings, five
// detector timings) and the commit observer, timed over many iterations in this process.
import { commitObserver, engineObserver } from "../src/metrics/observe.ts";
import { createWardenMetrics } from "../src/metrics/warden-metrics.ts";
import type { DetectorRun } from "../src/engine/run-detector.ts";
import type { Verdict } from "../src/wire/verdict.ts";

export function measureMetricUpdates(iterations = 1_000_000): number {
  const metrics = createWardenMetrics("bench");
  const engine = engineObserver(metrics);
  const commit = commitObserver(metrics);
  const runs: DetectorRun[] = ["shell", "secrets", "pii", "injection", "egress"].map((detector, i) => ({
    status: "ok", detector, latencyMs: 0.01 * (i + 1), outcome: { decision: "allow", reasons: [], findings: [] },
  }));
  const verdict = { decision: "block", findings: [{ category: "security.malicious_command", severity: "high", detector: "shell" }] } as unknown as Verdict;
  const decide = () => {
    engine.detectorsRan(runs);
    engine.decided("evaluate", "tool_call", verdict);
    commit(8, 0.4);
  };
  for (let i = 0; i < 10_000; i++) decide();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) decide();
  return ((performance.now() - started) * 1e6) / iterations;
}

if (import.meta.main) console.log(`metric updates per decision: ${measureMetricUpdates().toFixed(0)} ns`);
