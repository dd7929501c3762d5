// The labelled corpus end to end: every detector's fixtures and the independent cases, judged by
// the whole engine (all detectors, composition, default policy). A new case is a data file.
import { describe, expect, test } from "bun:test";
import { judgeCorpus } from "../scripts/bench-detection.ts";
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
      if (c.expected === "allow") {
        expect(verdict.decision).toBe("allow");
        return;
      }
      expect(verdict.decision).not.toBe("allow");
      if (c.category) expect(verdict.categories!.map((x) => x.id).some((id) => id === c.category || id.startsWith(`${c.category}.`))).toBe(true);
    });
  }
});
