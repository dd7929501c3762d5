// scripts/bench-detection: runs the labelled corpus (every detector's fixtures) through warden's
// whole engine (all detectors, composition, policy) and prints precision, recall, F1 and the
// false-positive rate per category, macro-F1, and per-event detection time. `--dir DIR` scores
// the JSON case files in DIR instead (test/probes: sets not yet good enough to gate CI);
// `--shared DIR` scores the shared development corpus where it lies, per suite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRuntime } from "../src/runtime.ts";
import type { Verdict } from "../src/wire/verdict.ts";
import { loadCases, loadCorpus, loadSharedCorpus, type CorpusCase } from "./corpus.ts";

export interface Scored {
  case: CorpusCase;
  verdict: Verdict;
}

const bucketOf = (category: string) => category.split(".").slice(0, 2).join(".");
/**
 * What the corpus case is about: a detector's own fixture is judged by that detector's part of
 * the verdict (another detector may rightly flag its negatives: a URL password is no email, but
 * it is a secret); an independent case by the whole verdict.
 */
export function judgedPart(c: CorpusCase, verdict: Verdict): { flagged: boolean; categories: string[] } {
  if (c.detector === "independent" || c.detector.startsWith("suite:")) {
    return { flagged: verdict.decision !== "allow", categories: (verdict.categories ?? []).map((x) => x.id) };
  }
  const providers = verdict["x.svc.providers"] as { provider: string; decision: string }[];
  const own = providers.find((p) => p.provider === c.detector);
  const findings = (verdict.findings ?? []).filter((f) => f.detector === c.detector);
  return { flagged: own !== undefined && own.decision !== "allow", categories: findings.map((f) => f.category) };
}

export async function judgeCorpus(cases: readonly CorpusCase[]): Promise<Scored[]> {
  const dir = mkdtempSync(join(tmpdir(), "warden-corpus-"));
  const runtime = createRuntime({ dataDir: dir, rateLimit: 0 });
  try {
    const caller = { keyId: "corpus", workspaceId: "corpus", ceiling: "self_declared" as const };
    const scored: Scored[] = [];
    // Partial calls: judged under the same policy, nothing recorded, no session state shared.
    // The first pass warms the JIT; the second is the one scored and timed.
    for (const c of cases) await runtime.engine.evaluate(c.event, caller, { partial: true });
    for (const c of cases) scored.push({ case: c, verdict: await runtime.engine.evaluate(c.event, caller, { partial: true }) });
    return scored;
  } finally {
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Metrics {
  rows: { bucket: string; tp: number; fp: number; fn: number; precision: number; recall: number; f1: number }[];
  macroF1: number;
  negatives: number;
  falsePositives: number;
}

export function score(scored: readonly Scored[]): Metrics {
  const counts = new Map<string, { tp: number; fp: number; fn: number }>();
  const get = (b: string) => counts.get(b) ?? counts.set(b, { tp: 0, fp: 0, fn: 0 }).get(b)!;
  let negatives = 0;
  let falsePositives = 0;
  for (const { case: c, verdict } of scored) {
    const part = judgedPart(c, verdict);
    const predicted = new Set(part.categories.map(bucketOf));
    if (c.expected !== "allow") {
      const bucket = c.category ? bucketOf(c.category) : `${c.detector} (no category label)`;
      const hit = part.flagged && (c.category === undefined || predicted.has(bucket));
      get(bucket)[hit ? "tp" : "fn"]++;
    } else {
      negatives++;
      if (part.flagged) {
        falsePositives++;
        for (const b of predicted.size ? predicted : new Set(["unlabelled"])) get(b).fp++;
      }
    }
  }
  const rows = [...counts.entries()].sort().map(([bucket, { tp, fp, fn }]) => {
    const precision = tp + fp ? tp / (tp + fp) : 1;
    const recall = tp + fn ? tp / (tp + fn) : 1;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    return { bucket, tp, fp, fn, precision, recall, f1 };
  });
  const positives = rows.filter((r) => r.tp + r.fn > 0);
  const macroF1 = positives.reduce((sum, r) => sum + r.f1, 0) / Math.max(1, positives.length);
  return { rows, macroF1, negatives, falsePositives };
}

/** Per suite of the shared corpus: was each case held (any non-allow decision) as labelled? */
export function scoreBySuite(scored: readonly Scored[]): { suite: string; tp: number; fp: number; fn: number; tn: number }[] {
  const counts = new Map<string, { tp: number; fp: number; fn: number; tn: number }>();
  for (const { case: c, verdict } of scored) {
    const suite = c.detector.replace(/^suite:/, "");
    const row = counts.get(suite) ?? counts.set(suite, { tp: 0, fp: 0, fn: 0, tn: 0 }).get(suite)!;
    const flagged = verdict.decision !== "allow";
    if (c.expected !== "allow") row[flagged ? "tp" : "fn"]++;
    else row[flagged ? "fp" : "tn"]++;
  }
  return [...counts.entries()].sort().map(([suite, row]) => ({ suite, ...row }));
}

function printSuites(scored: readonly Scored[]): void {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  console.log("suite".padEnd(28) + "TP".padStart(5) + "FP".padStart(5) + "FN".padStart(5) + "TN".padStart(5) + "  precision  recall  FP-rate");
  for (const r of scoreBySuite(scored)) {
    const precision = r.tp + r.fp ? r.tp / (r.tp + r.fp) : 1;
    const recall = r.tp + r.fn ? r.tp / (r.tp + r.fn) : 1;
    const fpRate = r.fp + r.tn ? r.fp / (r.fp + r.tn) : 0;
    console.log(r.suite.padEnd(28) + [r.tp, r.fp, r.fn, r.tn].map((n) => String(n).padStart(5)).join("") + `    ${pct(precision)}  ${pct(recall)}  ${pct(fpRate)}`);
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const dirAt = process.argv.indexOf("--dir");
  const sharedAt = process.argv.indexOf("--shared");
  const cases =
    sharedAt > 0 ? loadSharedCorpus(process.argv[sharedAt + 1] ?? "") : dirAt > 0 ? loadCases(process.argv[dirAt + 1] ?? "") : loadCorpus(process.argv.includes("--independent"));
  const scored = await judgeCorpus(cases);
  if (sharedAt > 0) printSuites(scored);
  const m = score(scored);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`corpus: ${cases.length} cases, ${cases.length - m.negatives} positive, ${m.negatives} negative`);
  console.log("category".padEnd(34) + "TP".padStart(5) + "FP".padStart(5) + "FN".padStart(5) + "  precision  recall     F1");
  for (const r of m.rows) {
    console.log(r.bucket.padEnd(34) + String(r.tp).padStart(5) + String(r.fp).padStart(5) + String(r.fn).padStart(5) +
      `  ${pct(r.precision).padStart(9)}  ${pct(r.recall).padStart(6)}  ${pct(r.f1).padStart(6)}`);
  }
  console.log(`macro-F1 ${pct(m.macroF1)}; false-positive rate on negatives ${pct(m.falsePositives / Math.max(1, m.negatives))} (${m.falsePositives}/${m.negatives})`);
  const latencies = scored.map((s) => s.verdict.latency_ms ?? 0);
  console.log(`detection time per event (all detectors, composition, policy): p50 ${(percentile(latencies, 50) * 1000).toFixed(0)} us, p99 ${(percentile(latencies, 99) * 1000).toFixed(0)} us`);
  const providers = new Map<string, number[]>();
  for (const s of scored) {
    for (const p of s.verdict["x.svc.providers"] as { provider: string; status: string; latency_ms: number }[]) {
      if (p.status === "ok") (providers.get(p.provider) ?? providers.set(p.provider, []).get(p.provider)!).push(p.latency_ms);
    }
  }
  for (const [id, values] of providers) {
    console.log(`  ${id.padEnd(10)} p50 ${(percentile(values, 50) * 1000).toFixed(0)} us, p99 ${(percentile(values, 99) * 1000).toFixed(0)} us over ${values.length} events`);
  }
  const misses = scored.filter((s) => (s.case.expected === "allow") === judgedPart(s.case, s.verdict).flagged);
  if (misses.length && process.argv.includes("--misses")) {
    for (const s of misses) console.log(`  ${s.case.expected} -> ${s.verdict.decision}: ${s.case.name}`);
  }
}

if (import.meta.main) await main();
