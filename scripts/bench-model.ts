// What the injection detector's statistical tier costs: microseconds to score one KB of ordinary
// tool output and of prose, warmed up, timed over many runs in this process (issue 17 aims at
// well under 50 µs per KB). The texts are real and varied (this repository's own source and
// README, as an agent reads them): a text of a few repeated lines touches a few hundred weights
// and stays in the cache, which flatters the figure several times over.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { injectionProbability } from "../src/detectors/injection/model/score.ts";

const root = join(import.meta.dir, "..");
/** What the tier reads of a long text: 8 KB. */
const head = (path: string) => readFileSync(join(root, path), "utf8").slice(0, 8192);
const CODE = [head("src/engine/engine.ts"), head("src/detectors/shell/parser.ts")];
const PROSE = [head("README.md"), head("test/probes/README.md")];

export function measureModelCost(runs = 200): { codeUsPerKb: number; proseUsPerKb: number } {
  const per = (texts: string[], context: "data" | "user") => {
    const kb = texts.reduce((n, t) => n + t.length, 0) / 1024;
    for (let i = 0; i < 20; i++) for (const text of texts) injectionProbability(text, context);
    const started = performance.now();
    for (let i = 0; i < runs; i++) for (const text of texts) injectionProbability(text, context);
    return ((performance.now() - started) * 1000) / runs / kb;
  };
  return { codeUsPerKb: per(CODE, "data"), proseUsPerKb: per(PROSE, "user") };
}

if (import.meta.main) {
  const cost = measureModelCost();
  console.log(`injection model: ${cost.codeUsPerKb.toFixed(1)} µs per KB of source code, ${cost.proseUsPerKb.toFixed(1)} µs per KB of prose`);
}
