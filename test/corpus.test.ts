// The labelled corpus end to end: every detector's fixtures and the independent cases, judged by
// the whole engine (all detectors, composition, default policy); a fixture by its detector's part
// of the verdict, an independent case by the whole verdict. A new case is a data file.
import { describe, expect, test } from "bun:test";
import { judgeCorpus, judgedPart } from "../scripts/bench-detection.ts";
import { loadCorpus } from "../scripts/corpus.ts";

const cases = loadCorpus();
const scored = await judgeCorpus(cases);

describe("labelled corpus through the whole engine", () => {
  test("is large enough to mean something", () => {
    expect(cases.length).toBeGreaterThanOrEqual(400);
    expect(cases.filter((c) => c.detector === "independent").length).toBeGreaterThanOrEqual(40);
  });

  for (const { case: c, verdict } of scored) {
    test(c.name, () => {
      const part = judgedPart(c, verdict);
      expect(part.flagged).toBe(c.expected !== "allow");
      if (c.expected !== "allow" && c.category) {
        expect(part.categories.some((id) => id === c.category || id.startsWith(`${c.category}.`))).toBe(true);
      }
    });
  }
});
