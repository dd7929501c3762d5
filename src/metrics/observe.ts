// Where metrics meet the engine and the store: each update is a cached child and an add.
import type { EngineObserver } from "../engine/engine.ts";
import type { WardenMetrics } from "./warden-metrics.ts";

export function engineObserver(metrics: WardenMetrics): EngineObserver {
  return {
    detectorsRan(runs) {
      for (const run of runs) {
        // A detector that does not handle the kind never ran: no time to report.
        if (run.status === "abstained" && run.latencyMs === 0) continue;
        metrics.detectorDuration.labels(run.detector).observe(run.latencyMs / 1000);
        if (run.status === "failed") metrics.detectorFailures.labels(run.detector, run.reason).inc();
      }
    },
    decided(source, kind, verdict) {
      metrics.decisions.labels(source, verdict.decision, kind).inc();
      if (source === "partial") return;
      for (const f of verdict.findings ?? []) metrics.findings.labels(f.category, f.severity ?? "none", f.detector ?? "unknown").inc();
    },
  };
}

/** The group-commit hook: one histogram observation each for the batch and its duration. */
export function commitObserver(metrics: WardenMetrics): (batchSize: number, durationMs: number) => void {
  const size = metrics.commitBatch.labels();
  const duration = metrics.commitDuration.labels();
  return (batchSize, durationMs) => {
    size.observe(batchSize);
    duration.observe(durationMs / 1000);
  };
}
