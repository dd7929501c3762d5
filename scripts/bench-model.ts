// What the injection detector's statistical tier costs: microseconds to score one KB of ordinary
// tool output and of prose, warmed up, timed over many runs in this process (issue 17 aims at
// well under 50 µs per KB).
import { injectionProbability } from "../src/detectors/injection/model/score.ts";

const LOG = Array.from({ length: 40 }, (_, i) => `Line ${i}: the build finished in ${i * 3} seconds with ${i} warnings about unused imports.`).join("\n");
const PROSE = "The quarterly report covers revenue, hiring and the roadmap for the next two releases. ".repeat(48);

export function measureModelCost(runs = 2000): { logUsPerKb: number; proseUsPerKb: number } {
  const per = (text: string, context: "data" | "user") => {
    for (let i = 0; i < 200; i++) injectionProbability(text, context);
    const started = performance.now();
    for (let i = 0; i < runs; i++) injectionProbability(text, context);
    return ((performance.now() - started) * 1000) / runs / (text.length / 1024);
  };
  return { logUsPerKb: per(LOG, "data"), proseUsPerKb: per(PROSE, "user") };
}

if (import.meta.main) {
  const cost = measureModelCost();
  console.log(`injection model: ${cost.logUsPerKb.toFixed(1)} µs per KB of build log, ${cost.proseUsPerKb.toFixed(1)} µs per KB of prose`);
}
