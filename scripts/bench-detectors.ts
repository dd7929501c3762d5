// The per-detector micro-benchmark of scripts/bench (issue 19): each built-in detector, warmed
// up, in this process, over the realistic Bash call (a new description each time, as real calls
// differ) and over a mix of corpus events (every kind, attacks and benign); then the whole
// pipeline (all detectors, composition, policy; nothing recorded) on the same mix. Prints p50
// and p99 per detector, and whether any detector is slower on benign events than on attacks.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUILTIN_DETECTORS } from "../src/detectors/index.ts";
import type { DetectorDefinition } from "../src/engine/detector.ts";
import { createInspectedEvent } from "../src/engine/inspected-event.ts";
import { createRuntime } from "../src/runtime.ts";
import type { GuardEvent } from "../src/wire/guard-event.ts";
import { benchEvent, corpusMix, type MixEvent } from "./bench-event.ts";

export interface Percentiles { p50: number; p99: number }
export interface DetectorCost { detector: string; realistic: Percentiles; mix: Percentiles; benign: number; attack: number }

const ROUNDS = 8;
const usOf = (ms: number) => ms * 1000;
function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

function timeDetector(definition: DetectorDefinition<unknown>, realistic: GuardEvent[], mix: MixEvent[]): DetectorCost {
  const detector = definition.create(definition.defaultConfig);
  const once = (event: GuardEvent) => {
    const input = createInspectedEvent(event);
    const started = performance.now();
    detector.inspect(input);
    return usOf(performance.now() - started);
  };
  for (const event of [...realistic, ...mix.map((m) => m.event)]) once(event);
  const onRealistic: number[] = [];
  const onMix: number[] = [];
  const benign: number[] = [];
  const attack: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const event of realistic) onRealistic.push(once(event));
    for (const m of mix) {
      const us = once(m.event);
      onMix.push(us);
      (m.attack ? attack : benign).push(us);
    }
  }
  return { detector: definition.id, realistic: percentiles(onRealistic), mix: percentiles(onMix), benign: mean(benign), attack: mean(attack) };
}

/** The whole pipeline in process (all detectors, composition, policy), nothing recorded. */
async function timePipeline(realistic: GuardEvent[], mix: MixEvent[]): Promise<{ realistic: Percentiles; mix: Percentiles }> {
  const dir = mkdtempSync(join(tmpdir(), "warden-bench-detectors-"));
  const runtime = createRuntime({ dataDir: dir, rateLimit: 0 });
  const caller = { keyId: "bench", workspaceId: "bench", ceiling: "self_declared" as const };
  const once = async (event: GuardEvent) => {
    const started = performance.now();
    await runtime.engine.evaluate(event, caller, { partial: true });
    return usOf(performance.now() - started);
  };
  try {
    for (const event of [...realistic, ...mix.map((m) => m.event)]) await once(event);
    const onRealistic: number[] = [];
    const onMix: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const event of realistic) onRealistic.push(await once(event));
      for (const m of mix) onMix.push(await once(m.event));
    }
    return { realistic: percentiles(onRealistic), mix: percentiles(onMix) };
  } finally {
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureDetectors() {
  const realistic = Array.from({ length: 200 }, (_, i) => benchEvent(`micro-${i}`, "micro") as GuardEvent);
  const { source, events: mix } = corpusMix();
  const detectors = BUILTIN_DETECTORS.map((definition) => timeDetector(definition as DetectorDefinition<unknown>, realistic, mix));
  return { source, mixSize: mix.length, detectors, pipeline: await timePipeline(realistic, mix) };
}

export type DetectorReport = Awaited<ReturnType<typeof measureDetectors>>;

const f = (us: number) => us.toFixed(1).padStart(7);

export function printDetectors(r: DetectorReport): void {
  console.log(`per-detector cost in process, µs (realistic Bash call; mix of ${r.mixSize} events from ${r.source}):`);
  console.log(`  ${"detector".padEnd(10)} ${"real p50".padStart(8)} ${"real p99".padStart(8)} ${"mix p50".padStart(8)} ${"mix p99".padStart(8)}  ${"benign".padStart(7)} ${"attack".padStart(7)} (means)`);
  for (const d of r.detectors) {
    console.log(`  ${d.detector.padEnd(10)} ${f(d.realistic.p50)}  ${f(d.realistic.p99)}  ${f(d.mix.p50)}  ${f(d.mix.p99)}   ${f(d.benign)} ${f(d.attack)}`);
  }
  console.log(`  ${"pipeline".padEnd(10)} ${f(r.pipeline.realistic.p50)}  ${f(r.pipeline.realistic.p99)}  ${f(r.pipeline.mix.p50)}  ${f(r.pipeline.mix.p99)}`);
}

export function checkDetectors(r: DetectorReport, check: (label: string, ok: boolean, detail: string) => void): void {
  const worst = r.detectors.reduce((a, b) => (Math.max(b.realistic.p99, b.mix.p99) > Math.max(a.realistic.p99, a.mix.p99) ? b : a));
  const worstP99 = Math.max(worst.realistic.p99, worst.mix.p99);
  check("every detector p99 < 50 µs (realistic call and mix)", worstP99 < 50, `worst ${worst.detector} ${worstP99.toFixed(1)} µs`);
  check("whole pipeline p99 < 100 µs on the mix", r.pipeline.mix.p99 < 100, `${r.pipeline.mix.p99.toFixed(1)} µs (realistic call ${r.pipeline.realistic.p99.toFixed(1)} µs)`);
  const slower = r.detectors.filter((d) => d.benign > d.attack * 1.1);
  check("no detector slower on benign events than on attacks (means, 10% margin)", slower.length === 0, slower.length === 0 ? "none" : slower.map((d) => `${d.detector} ${d.benign.toFixed(1)} vs ${d.attack.toFixed(1)} µs`).join(", "));
}

if (import.meta.main) {
  const report = await measureDetectors();
  printDetectors(report);
  checkDetectors(report, (label, ok, detail) => console.log(`${ok ? "MET " : "MISS"} ${label}: ${detail}`));
}
