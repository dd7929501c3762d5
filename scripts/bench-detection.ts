// scripts/bench-detection: runs the labelled corpus (every detector's fixtures) through warden's
// whole engine (all detectors, composition, policy) and prints precision, recall, F1 and the
// false-positive rate per category, macro-F1, and per-event detection time. `--dir DIR` scores
// the JSON case files in DIR instead (test/probes: sets not yet good enough to gate CI);
// `--shared DIR` scores the shared development corpus where it lies, per suite and per source;
// `--report` scores all of them in one run (the shared corpus from ../shared/corpus unless
// `--shared` says where) and ends with one table per suite and the time per detector.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
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

export interface HeldRow {
  group: string;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** Per group (suite, source, probe set): was each case held (any non-allow decision) as labelled? */
export function scoreByGroup(scored: readonly Scored[], groupOf: (c: CorpusCase) => string): HeldRow[] {
  const counts = new Map<string, HeldRow>();
  for (const { case: c, verdict } of scored) {
    const group = groupOf(c);
    const row = counts.get(group) ?? counts.set(group, { group, tp: 0, fp: 0, fn: 0, tn: 0 }).get(group)!;
    const flagged = verdict.decision !== "allow";
    if (c.expected !== "allow") row[flagged ? "tp" : "fn"]++;
    else row[flagged ? "fp" : "tn"]++;
  }
  return [...counts.values()].sort((a, b) => a.group.localeCompare(b.group));
}

/** Per suite of the shared corpus. */
export const scoreBySuite = (scored: readonly Scored[]) =>
  scoreByGroup(scored, (c) => c.detector.replace(/^suite:/, "")).map(({ group, ...row }) => ({ suite: group, ...row }));

const total = (rows: readonly HeldRow[], group: string): HeldRow =>
  rows.reduce((t, r) => ({ group, tp: t.tp + r.tp, fp: t.fp + r.fp, fn: t.fn + r.fn, tn: t.tn + r.tn }), { group, tp: 0, fp: 0, fn: 0, tn: 0 });

export function printHeld(title: string, rows: readonly HeldRow[]): void {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  const width = Math.max(28, ...rows.map((r) => r.group.length + 2));
  console.log(title.padEnd(width) + "TP".padStart(6) + "FP".padStart(6) + "FN".padStart(6) + "TN".padStart(6) + "  precision  recall      F1  FP-rate");
  for (const r of rows.length > 1 ? [...rows, total(rows, "(all)")] : rows) {
    const precision = r.tp + r.fp ? r.tp / (r.tp + r.fp) : 1;
    const recall = r.tp + r.fn ? r.tp / (r.tp + r.fn) : 1;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    const fpRate = r.fp + r.tn ? r.fp / (r.fp + r.tn) : 0;
    console.log(r.group.padEnd(width) + [r.tp, r.fp, r.fn, r.tn].map((n) => String(n).padStart(6)).join("") +
      `    ${pct(precision)}  ${pct(recall)}  ${pct(f1)}  ${pct(fpRate)}`);
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function printCategories(scored: readonly Scored[]): void {
  const m = score(scored);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`corpus: ${scored.length} cases, ${scored.length - m.negatives} positive, ${m.negatives} negative`);
  console.log("category".padEnd(34) + "TP".padStart(5) + "FP".padStart(5) + "FN".padStart(5) + "  precision  recall     F1");
  for (const r of m.rows) {
    console.log(r.bucket.padEnd(34) + String(r.tp).padStart(5) + String(r.fp).padStart(5) + String(r.fn).padStart(5) +
      `  ${pct(r.precision).padStart(9)}  ${pct(r.recall).padStart(6)}  ${pct(r.f1).padStart(6)}`);
  }
  console.log(`macro-F1 ${pct(m.macroF1)}; false-positive rate on negatives ${pct(m.falsePositives / Math.max(1, m.negatives))} (${m.falsePositives}/${m.negatives})`);
}

function printTimes(scored: readonly Scored[]): void {
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
}

function printMisses(scored: readonly Scored[]): void {
  for (const s of scored.filter((s) => (s.case.expected === "allow") === judgedPart(s.case, s.verdict).flagged)) {
    console.log(`  ${s.case.expected} -> ${s.verdict.decision}: ${s.case.name}`);
  }
}

const probesDir = join(import.meta.dir, "..", "test", "probes");
const sharedDefault = join(import.meta.dir, "..", "..", "shared", "corpus");

/** The probe sets: each JSON file at the top of test/probes, and each folder under it. */
function probeSets(): { name: string; cases: CorpusCase[] }[] {
  const sets: { name: string; cases: CorpusCase[] }[] = [];
  for (const entry of readdirSync(probesDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) sets.push({ name: entry.name, cases: loadCases(join(probesDir, entry.name)) });
    else if (entry.name.endsWith(".json")) sets.push({ name: entry.name, cases: loadCases(probesDir).filter((c) => c.name.startsWith(`independent/${entry.name}:`)) });
  }
  return sets;
}

/** A probe case's class: the first word of its name without its number (`privesc-03 ...`, `fe03 ...` -> privesc, fe). */
const classOf = (c: CorpusCase) => (c.name.slice(c.name.indexOf(": ") + 2).split(/[-\s]/)[0] ?? "?").replace(/\d+$/, "") || "?";

/**
 * `--report`: every suite in one run. The repository corpus by category; each probe set and the
 * shared development corpus (when it is there) by whether each case was held as labelled, per
 * set, class, suite and source; detection time per detector over all of them.
 */
async function report(): Promise<void> {
  const all: Scored[] = [];
  console.log("== repository corpus (detector fixtures and test/corpus)");
  const repo = await judgeCorpus(loadCorpus());
  printCategories(repo);
  all.push(...repo);
  const held: HeldRow[] = [];
  for (const set of probeSets()) {
    const scored = await judgeCorpus(set.cases);
    console.log(`\n== probe set ${set.name}`);
    printHeld("class", scoreByGroup(scored, classOf));
    held.push(total(scoreByGroup(scored, () => set.name), set.name));
    // Cases their author marked as ones reasonable people would label differently.
    const clear = scored.filter((s) => !s.case.name.includes("(judgment call)"));
    if (clear.length < scored.length) held.push(total(scoreByGroup(clear, () => ""), `${set.name}, judgment calls left out`));
    all.push(...scored);
  }
  const sharedAt = process.argv.indexOf("--shared");
  const sharedDir = sharedAt > 0 ? process.argv[sharedAt + 1] ?? "" : sharedDefault;
  if (existsSync(sharedDir)) {
    const scored = await judgeCorpus(loadSharedCorpus(sharedDir));
    console.log(`\n== shared development corpus (${sharedDir})`);
    printHeld("suite", scoreByGroup(scored, (c) => c.detector.replace(/^suite:/, "")));
    console.log("");
    printHeld("source", scoreByGroup(scored, (c) => c.source ?? "(none)"));
    held.push(total(scoreByGroup(scored, () => "shared corpus"), "shared corpus"));
    all.push(...scored);
  } else {
    console.log(`\n(no shared development corpus at ${sharedDir}; --shared DIR names it)`);
  }
  if (existsSync(sharedDir)) {
    // The statistical tier trained on all sources but one and scored on the one left out
    // (scripts/train-injection-model.ts --loso, which writes nothing).
    console.log("\n== injection model, leave one source out (model alone, at its thresholds)");
    const loso = Bun.spawnSync([process.execPath, join(import.meta.dir, "train-injection-model.ts"), "--loso", "--corpus", sharedDir], { stdout: "pipe", stderr: "pipe" });
    console.log(loso.exitCode === 0 ? loso.stdout.toString().trimEnd() : `(--loso failed: ${loso.stderr.toString().trim().split("\n").at(-1)})`);
  }
  console.log("\n== summary: held as labelled");
  printHeld("suite", held);
  console.log("");
  printTimes(all);
}

async function main() {
  if (process.argv.includes("--report")) return report();
  const dirAt = process.argv.indexOf("--dir");
  const sharedAt = process.argv.indexOf("--shared");
  const cases =
    sharedAt > 0 ? loadSharedCorpus(process.argv[sharedAt + 1] ?? "") : dirAt > 0 ? loadCases(process.argv[dirAt + 1] ?? "") : loadCorpus(process.argv.includes("--independent"));
  const scored = await judgeCorpus(cases);
  if (sharedAt > 0) {
    printHeld("suite", scoreByGroup(scored, (c) => c.detector.replace(/^suite:/, "")));
    printHeld("source", scoreByGroup(scored, (c) => c.source ?? "(none)"));
  } else {
    printHeld("held as labelled", scoreByGroup(scored, () => dirAt > 0 ? process.argv[dirAt + 1]! : "corpus"));
  }
  printCategories(scored);
  printTimes(scored);
  if (process.argv.includes("--misses")) printMisses(scored);
}

if (import.meta.main) await main();
