// Trains the statistical tier of the injection detector: a logistic regression over hashed
// character and word n-grams (src/detectors/injection/model/features.ts), and writes its weights,
// thresholds and calibration to src/detectors/injection/model/weights.ts, compiled into the
// binary. No network: it reads the development corpus where it lies (../shared/corpus by default).
//
//   bun scripts/train-injection-model.ts [--corpus DIR] [--out FILE] [--loso] [--epochs N] [--l2 X] [--source-power P]
//
// Data: the corpus's prompt_injection_direct (user prompts: jailbreaks and direct injection vs
// ordinary prompts) and prompt_injection_indirect (tool results carrying instructions vs plain
// results) suites; the texts of its secret_leak and pii suites, whatever their labels there, are
// more examples of text that is not an injection, and so is warden's own source code (below); and
// scripts/injection-data/*.jsonl, texts written for warden (attacks and their ordinary neighbours
// in many channels and languages; each file is a source of its own). 20% of cases (chosen by a hash of their id) are held out: thresholds and the
// calibration table are measured on them, never trained on.
//
// --loso (leave one source out) writes nothing: for each repository the injection suites draw on,
// and each file of scripts/injection-data, it trains on every case from other sources and reports precision, recall and false-positive
// rate on that repository's cases at the trained thresholds, next to the in-sample and held-out
// figures. It says how well the model carries to text from a source it has never seen.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUCKETS, CONTEXT_SALT, featuresOf } from "../src/detectors/injection/model/features.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1]!;
};
const corpus = option("corpus", join(import.meta.dir, "..", "..", "shared", "corpus"));
const out = option("out", join(import.meta.dir, "..", "src", "detectors", "injection", "model", "weights.ts"));
const OWN_DATA = join(import.meta.dir, "injection-data");

type Context = "user" | "data";
interface Example { id: string; text: string; context: Context; label: 0 | 1; source: string; injectionSuite: boolean }

function textOf(event: { kind: string; payload: Record<string, unknown> }): string | undefined {
  const p = event.payload;
  for (const v of [p.text, p.result, p.content]) if (typeof v === "string" && v.trim().length >= 8) return v;
  return undefined;
}

const examples: Example[] = [];
for (const suite of ["prompt_injection_direct", "prompt_injection_indirect", "secret_leak", "pii"]) {
  for (const line of readFileSync(join(corpus, `${suite}.jsonl`), "utf8").split("\n")) {
    if (!line.trim()) continue;
    const c = JSON.parse(line) as { id: string; unsafe: boolean; source: string; event: { kind: string; payload: Record<string, unknown> } };
    const text = textOf(c.event);
    if (!text) continue;
    const context: Context = c.event.kind === "user_input" ? "user" : "data";
    const injectionSuite = suite.startsWith("prompt_injection");
    // Grouped by repository: `owner/repo@sha:path` -> `owner/repo`.
    examples.push({ id: c.id, text, context, label: injectionSuite && c.unsafe ? 1 : 0, source: c.source.split("@")[0]!, injectionSuite });
  }
}

// Source code is what agents read all day, and what the corpus has least of: warden's own
// TypeScript (our words), in chunks of about 1.5 KB, is more text that is not an injection. The
// detectors' fixture and test files are left out: they quote attacks on purpose.
for (const path of new Bun.Glob("src/**/*.ts").scanSync(join(import.meta.dir, ".."))) {
  if (/test|fixtures|vocabulary|weights/.test(path)) continue;
  const source = readFileSync(join(import.meta.dir, "..", path), "utf8");
  for (let at = 0, n = 0; at < source.length; at += 1500, n++) {
    examples.push({ id: `own-code:${path}:${n}`, text: source.slice(at, at + 1500), context: "data", label: 0, source: "warden/own-code", injectionSuite: false });
  }
}

// Texts written for warden, one JSON object a line: {"id", "context": "user"|"data", "label": 0|1, "text"}.
for (const file of readdirSync(OWN_DATA).filter((f) => f.endsWith(".jsonl")).sort()) {
  for (const line of readFileSync(join(OWN_DATA, file), "utf8").split("\n")) {
    if (!line.trim()) continue;
    const c = JSON.parse(line) as { id: string; context: Context; label: 0 | 1; text: string };
    // Each file is its own source, so --loso can leave it out like a corpus repository.
    examples.push({ id: `own-data:${c.id}`, text: c.text, context: c.context, label: c.label, source: `warden/injection-data/${file.replace(/\.jsonl$/, "")}`, injectionSuite: true });
  }
}

/**
 * Written examples (ours and the corpus's) name hosts under the reserved `.example` domain, far
 * more often in attacks than in ordinary text: left in, the model learns that a bare
 * `ops@acme.example` is an injection. Training reads such a text without its hosts, so their
 * n-grams keep no weight of their own and score as neutral in real traffic.
 */
const RESERVED_HOST = /\b[\w-]+(?:\.[\w-]+)*\.example\b/gi;
const withoutReservedHosts = (text: string) => text.replace(RESERVED_HOST, "");

/** Context is a feature too: a bias per context, hashed past the n-gram buckets' reach. */
const CONTEXT_FEATURE: Record<Context, number> = { user: BUCKETS - 1, data: BUCKETS - 2 };
type Vector = { indices: Uint32Array; value: number; context: number; salt: number };
const vectors = new Map<string, Vector>();
const vectorOf = (e: Example): Vector => {
  let v = vectors.get(e.id);
  if (!v) {
    const f = featuresOf(withoutReservedHosts(e.text));
    vectors.set(e.id, (v = { indices: f.indices, value: f.value, context: CONTEXT_FEATURE[e.context], salt: CONTEXT_SALT[e.context] }));
  }
  return v;
};

interface Model { weights: Float64Array; bias: number }
const EPOCHS = Number(option("epochs", "12"));
const L2 = Number(option("l2", "1e-6"));
/**
 * How much a source's size counts: each case weighs (mean source size / its source's size) to this
 * power, so that a few large repositories of one template do not set the weights alone (0: every
 * case the same, 1: every source the same).
 */
const SOURCE_POWER = Number(option("source-power", "0.5"));

function probability(model: Model, v: Vector): number {
  let z = model.bias + model.weights[v.context]!;
  for (const i of v.indices) z += (model.weights[i]! + model.weights[i ^ v.salt]!) * v.value;
  return 1 / (1 + Math.exp(-z));
}

/** Stochastic gradient descent with balanced class and source weights, shuffled with a fixed seed so a run is reproducible. */
function fit(train: readonly Example[]): Model {
  const model: Model = { weights: new Float64Array(BUCKETS), bias: 0 };
  const sizes = new Map<string, number>();
  for (const e of train) sizes.set(e.source, (sizes.get(e.source) ?? 0) + 1);
  const meanSize = train.length / sizes.size;
  const sourceWeight = (e: Example) => (meanSize / sizes.get(e.source)!) ** SOURCE_POWER;
  // Class weights balance the summed source weights of injections and of other text.
  let positives = 0;
  let negatives = 0;
  for (const e of train) e.label === 1 ? (positives += sourceWeight(e)) : (negatives += sourceWeight(e));
  const rows = train.map((e) => ({ v: vectorOf(e), y: e.label, w: (sourceWeight(e) * train.length * (e.label === 1 ? 1 / (2 * positives) : 1 / (2 * negatives))) }));
  // Mean case weight 1, whatever the source power, so the learning rate means the same.
  const mean = rows.reduce((n, r) => n + r.w, 0) / rows.length;
  for (const r of rows) r.w /= mean;
  let seed = 42;
  const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  // The weights kept are the mean of those after each of the last half of the epochs: one pass's
  // order moves single n-grams a lot, and the mean is steadier on text from unseen sources.
  const sum = { weights: new Float64Array(BUCKETS), bias: 0, epochs: 0 };
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    if (epoch > 0 && epoch >= EPOCHS / 2) accumulate(sum, model);
    const rate = 0.8 / (1 + epoch);
    const order = rows.map((_, i) => i).sort(() => random() - 0.5);
    for (const k of order) {
      const { v, y, w } = rows[k]!;
      const g = (probability(model, v) - y) * w * rate;
      model.bias -= g;
      model.weights[v.context]! -= g;
      for (const i of v.indices) {
        model.weights[i] = model.weights[i]! * (1 - rate * L2) - g * v.value;
        const own = i ^ v.salt;
        model.weights[own] = model.weights[own]! * (1 - rate * L2) - g * v.value;
      }
    }
  }
  accumulate(sum, model);
  for (let i = 0; i < BUCKETS; i++) model.weights[i] = sum.weights[i]! / sum.epochs;
  model.bias = sum.bias / sum.epochs;
  return model;
}

function accumulate(sum: { weights: Float64Array; bias: number; epochs: number }, model: Model): void {
  for (let i = 0; i < BUCKETS; i++) sum.weights[i]! += model.weights[i]!;
  sum.bias += model.bias;
  sum.epochs++;
}

interface Counts { tp: number; fp: number; fn: number; tn: number }
function countAt(model: Model, cases: readonly Example[], thresholds: Record<Context, number>): Counts {
  const c: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const e of cases) {
    const hit = probability(model, vectorOf(e)) >= thresholds[e.context];
    if (e.label === 1) hit ? c.tp++ : c.fn++;
    else hit ? c.fp++ : c.tn++;
  }
  return c;
}
const pct = (n: number, d: number) => (d === 0 ? "-" : `${((n / d) * 100).toFixed(1)}%`);
const row = (name: string, c: Counts) =>
  `| ${name} | ${c.tp + c.fn} / ${c.fp + c.tn} | ${pct(c.tp, c.tp + c.fp)} | ${pct(c.tp, c.tp + c.fn)} | ${pct(c.fp, c.fp + c.tn)} |`;

const heldOut = (id: string) => (new Bun.CryptoHasher("sha256").update(id).digest()[0]! % 5) === 0;
const train = examples.filter((e) => !heldOut(e.id));
const test = examples.filter((e) => heldOut(e.id));
const model = fit(train);

// Measured on the held-out fifth only.
const scored = test.map((e) => ({ e, p: probability(model, vectorOf(e)) }));
const thresholds: Record<Context, number> = { user: 1, data: 1 };
const FLOOR = 0.85;
const report: string[] = [];
for (const context of ["user", "data"] as const) {
  const here = scored.filter((s) => s.e.context === context);
  const negatives = here.filter((s) => s.e.label === 0).map((s) => s.p).sort((a, b) => b - a);
  const positivesHere = here.filter((s) => s.e.label === 1);
  // The lowest threshold that keeps false positives on held-out negatives at or under 1%, and never
  // under 0.85: real traffic is not this corpus, and a false hold costs a person's attention.
  const allowed = Math.floor(negatives.length * 0.01);
  thresholds[context] = Math.max(FLOOR, Math.min(0.99, (negatives[allowed] ?? FLOOR) + 1e-6));
  const caught = positivesHere.filter((s) => s.p >= thresholds[context]).length;
  const fp = negatives.filter((p) => p >= thresholds[context]).length;
  report.push(`${context}: threshold ${thresholds[context].toFixed(3)}, recall ${(caught / Math.max(1, positivesHere.length) * 100).toFixed(1)}% (${caught}/${positivesHere.length}), false positives ${fp}/${negatives.length}`);
}

if (args.includes("--loso")) {
  // In-sample and held-out first, then one row per repository left out of training altogether.
  console.log("| cases | injections / others | precision | recall | FP rate |\n| --- | --- | --- | --- | --- |");
  console.log(row("in-sample (80% trained on)", countAt(model, train, thresholds)));
  console.log(row("held out (20% by id)", countAt(model, test, thresholds)));
  const sources = [...new Set(examples.filter((e) => e.injectionSuite).map((e) => e.source))].sort();
  const recalls: number[] = [];
  const fpRates: number[] = [];
  for (const source of sources) {
    const foldModel = fit(examples.filter((e) => e.source !== source));
    const cases = examples.filter((e) => e.source === source && e.injectionSuite);
    const c = countAt(foldModel, cases, thresholds);
    console.log(row(`left out: ${source}`, c));
    if (c.tp + c.fn) recalls.push(c.tp / (c.tp + c.fn));
    if (c.fp + c.tn >= 30) fpRates.push(c.fp / (c.fp + c.tn));
  }
  const mean = (xs: number[]) => pct(xs.reduce((a, b) => a + b, 0), xs.length);
  console.log(`mean over sources left out: recall ${mean(recalls)} (${recalls.length} sources), FP rate ${mean(fpRates)} (${fpRates.length} sources of 30 or more other texts)`);
  for (const line of report) console.log(line);
  process.exit(0);
}

// Calibration: predicted probability against the observed share of injections, in tenths.
const calibration = Array.from({ length: 10 }, (_, b) => {
  const bin = scored.filter((s) => Math.min(9, Math.floor(s.p * 10)) === b);
  return { from: b / 10, to: (b + 1) / 10, cases: bin.length, observed: bin.length ? Number((bin.filter((s) => s.e.label === 1).length / bin.length).toFixed(3)) : null };
});

// Keep the weights that matter, quantised to int8 with one scale.
const KEEP = 90_000;
const { weights, bias } = model;
const ranked = [...weights.keys()].filter((i) => weights[i] !== 0).sort((a, b) => Math.abs(weights[b]!) - Math.abs(weights[a]!)).slice(0, KEEP).sort((a, b) => a - b);
const max = Math.max(...ranked.map((i) => Math.abs(weights[i]!)));
const scale = max / 127;
const indices = Uint32Array.from(ranked);
const values = Int8Array.from(ranked.map((i) => Math.round(weights[i]! / scale)));
const b64 = (bytes: ArrayBufferLike) => Buffer.from(bytes).toString("base64");

const module = `// Generated by scripts/train-injection-model.ts: do not edit. A logistic regression over the
// hashed n-grams of model/features.ts, trained on the development corpus (see the script's header
// and the README, "Statistical tier"). ${train.length} training and ${test.length} held-out cases.
export const MODEL = {
  buckets: ${BUCKETS},
  bias: ${bias},
  context: { user: ${weights[CONTEXT_FEATURE.user]}, data: ${weights[CONTEXT_FEATURE.data]} },
  scale: ${scale},
  indices: "${b64(indices.buffer)}",
  values: "${b64(values.buffer)}",
  /** Held-out false positives at or under 1% per context. */
  thresholds: { user: ${thresholds.user.toFixed(4)}, data: ${thresholds.data.toFixed(4)} },
  /** Held-out: predicted probability in tenths against the observed share of injections. */
  calibration: ${JSON.stringify(calibration)},
  heldOut: ${JSON.stringify(report)},
} as const;
`;
writeFileSync(out, module);
console.log(`examples: ${examples.length} (${examples.filter((e) => e.label).length} injections); train ${train.length}, held out ${test.length}`);
for (const line of report) console.log(line);
console.log("calibration (held out):", calibration.map((c) => `${c.from.toFixed(1)}-${c.to.toFixed(1)}: ${c.cases} cases, ${c.observed ?? "-"}`).join("; "));
console.log(`wrote ${out}: ${ranked.length} weights`);
