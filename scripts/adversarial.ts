// scripts/adversarial: judges every adversarial input (test/adversarial/inputs.ts: ~1 MiB of
// repeated near-matches per detector and pattern family) through warden's whole engine, and
// prints each detector's worst run, whether any run was cut off at its deadline, and the worst
// end-to-end evaluate time, then the speed targets met or missed (test/adversarial-detectors.test.ts
// proves the runs bounded on a loaded machine; how close to the deadline they end is measured here).
// `--all` prints every case; `--only TEXT` runs the families matching it; `--shell-max` lets the
// shell parse whole 1 MiB commands (its largest max_script_chars). scripts/bench runs both.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_POLICY } from "../src/engine/policy.ts";
import { createRuntime, type Runtime } from "../src/runtime.ts";
import type { Verdict } from "../src/wire/verdict.ts";
import { ADVERSARIAL_CASES, type AdversarialCase } from "../test/adversarial/inputs.ts";

export interface ProviderRun {
  provider: string;
  status: "ok" | "abstained" | "failed";
  decision: string;
  latency_ms: number;
  reasons: string[];
}

export interface Measured {
  case: AdversarialCase;
  verdict: Verdict;
  /** Wall time of the whole evaluate call (attribution, detectors, composition). */
  evaluateMs: number;
  providers: ProviderRun[];
}

const CALLER = { keyId: "adversarial", workspaceId: "adversarial", ceiling: "self_declared" as const };

/** Judges one case as a partial evaluate (judged under the policy, nothing recorded). */
export async function measure(runtime: Runtime, c: AdversarialCase): Promise<Measured> {
  const event = c.event();
  const started = performance.now();
  const verdict = await runtime.engine.evaluate(event, CALLER, { partial: true });
  const evaluateMs = performance.now() - started;
  return { case: c, verdict, evaluateMs, providers: verdict["x.svc.providers"] as ProviderRun[] };
}

async function main() {
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
  const cases = ADVERSARIAL_CASES.filter((c) => !only || `${c.detector} ${c.family}`.includes(only));
  const dir = mkdtempSync(join(tmpdir(), "warden-adversarial-"));
  const policy = process.argv.includes("--shell-max") ? { ...DEFAULT_POLICY, detectors: { shell: { max_script_chars: 1 << 20 } } } : DEFAULT_POLICY;
  const runtime = createRuntime({ dataDir: dir, rateLimit: 0, policy });
  const worst = new Map<string, { ms: number; family: string; status: string }>();
  let slowest: Measured | undefined;
  const cutOff: string[] = [];
  const threw: string[] = [];
  try {
    // One small event first, so JIT warm-up is not charged to the first adversarial case.
    for (const c of cases.slice(0, 3)) await measure(runtime, c);
    for (const c of cases) {
      const m = await measure(runtime, c);
      if (!slowest || m.evaluateMs > slowest.evaluateMs) slowest = m;
      for (const p of m.providers) {
        const where = `${p.provider} on ${c.detector}/${c.family} after ${p.latency_ms.toFixed(1)} ms`;
        if (p.status === "failed") (p.reasons[0] === "detector timed out" ? cutOff : threw).push(where);
        else if (p.reasons.some((r) => r.startsWith("stopped at its deadline"))) cutOff.push(`${where} (kept its block)`);
        const current = worst.get(p.provider);
        if (!current || p.latency_ms > current.ms) worst.set(p.provider, { ms: p.latency_ms, family: `${c.detector}/${c.family}`, status: p.status });
      }
      if (process.argv.includes("--all")) {
        const own = m.providers.find((p) => p.provider === c.detector);
        console.log(
          `${m.evaluateMs.toFixed(1).padStart(8)} ms  ${c.detector.padEnd(9)} ${(own ? `${own.status} ${own.latency_ms.toFixed(1)} ms` : "-").padEnd(16)} ${m.verdict.decision.padEnd(16)} ${c.family}`,
        );
      }
    }
  } finally {
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${cases.length} adversarial inputs (~1 MiB each)`);
  for (const [provider, w] of [...worst].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(`  ${provider.padEnd(10)} worst ${w.ms.toFixed(1).padStart(7)} ms (${w.status}) on ${w.family}`);
  }
  console.log(cutOff.length ? `cut off at the deadline (${cutOff.length}):\n  ${cutOff.join("\n  ")}` : "no detector was cut off");
  console.log(threw.length ? `threw (${threw.length}):\n  ${threw.join("\n  ")}` : "no detector threw");
  if (slowest) console.log(`worst evaluate ${slowest.evaluateMs.toFixed(1)} ms on ${slowest.case.detector}/${slowest.case.family}`);
  printTargets(policy.detectorDeadlineMs, Math.max(0, ...[...worst.values()].map((w) => w.ms)), slowest?.evaluateMs ?? 0);
}

/** Targets for a quiet machine; the test's bounds leave a loaded one room (30 deadlines, 2 s). */
function printTargets(deadlineMs: number, worstRunMs: number, worstEvaluateMs: number) {
  const check = (label: string, ok: boolean, detail: string) => console.log(`${ok ? "MET " : "MISS"} ${label}: ${detail}`);
  check(`every detector run ends within twice its deadline (${2 * deadlineMs} ms)`, worstRunMs <= 2 * deadlineMs, `worst ${worstRunMs.toFixed(1)} ms`);
  check("every evaluate of a ~1 MiB input < 1000 ms", worstEvaluateMs < 1000, `worst ${worstEvaluateMs.toFixed(1)} ms`);
}

if (import.meta.main) await main();
