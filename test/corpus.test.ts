// The labelled corpus end to end: every detector's fixtures and the independent cases, judged by
// the whole engine (all detectors, composition, default policy); a fixture by its detector's part
// of the verdict, an independent case by the whole verdict. A new case is a data file.
import { describe, expect, test } from "bun:test";
import { judgeCorpus, judgedPart, score } from "../scripts/bench-detection.ts";
import { loadCorpus } from "../scripts/corpus.ts";

const cases = loadCorpus();
const scored = await judgeCorpus(cases);

describe("labelled corpus through the whole engine", () => {
  test("is large enough to mean something", () => {
    expect(cases.length).toBeGreaterThanOrEqual(400);
    expect(cases.filter((c) => c.detector === "independent").length).toBeGreaterThanOrEqual(40);
  });

  // A detector's own fixtures must all pass: they are its specification.
  for (const { case: c, verdict } of scored.filter((s) => s.case.detector !== "independent")) {
    test(c.name, () => {
      const part = judgedPart(c, verdict);
      expect(part.flagged).toBe(c.expected !== "allow");
      if (c.expected !== "allow" && c.category) {
        expect(part.categories.some((id) => id === c.category || id.startsWith(`${c.category}.`))).toBe(true);
      }
    });
  }
});

describe("independent cases (written apart from the detectors)", () => {
  // These measure generalisation, so they are held to the aims in aggregate (with a
  // little room for a noisy label), not case by case: scripts/bench-detection --independent
  // --misses lists what is missed.
  const independent = scored.filter((s) => s.case.detector === "independent");
  const metrics = score(independent);
  const misses = independent.filter((s) => (s.case.expected === "allow") === judgedPart(s.case, s.verdict).flagged).map((s) => s.case.name);

  test("macro-F1 of at least 0.95", () => {
    expect({ macroF1: metrics.macroF1 >= 0.95, misses }).toEqual({ macroF1: true, misses });
  });

  test("false positives on at most 2% of the benign cases", () => {
    expect(metrics.falsePositives / metrics.negatives).toBeLessThanOrEqual(0.02);
  });
});
