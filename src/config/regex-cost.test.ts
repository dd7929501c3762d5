// The backtracking check hard rules pass at policy load: catastrophic and heavy polynomial
// patterns are refused, the built-in rules and ordinary command patterns are not.
import { describe, expect, test } from "bun:test";
import { DEFAULT_POLICY } from "../engine/policy.ts";
import { backtrackingRisk } from "./regex-cost.ts";

describe("backtrackingRisk", () => {
  for (const rule of DEFAULT_POLICY.hardRules) {
    test(`built-in rule ${rule.id} is within the bound`, () => expect(backtrackingRisk(rule.pattern)).toBeUndefined());
  }
  for (const pattern of ["curl\\s+[^|]{0,512}\\|\\s*sh\\b", "\\brm\\s+-rf\\s+/", "(ba|z|da)?sh\\b", "^git (status|diff|log)\\b", "/etc/(passwd|shadow)"]) {
    test(`ordinary pattern ${pattern} passes`, () => expect(backtrackingRisk(pattern)).toBeUndefined());
  }
  for (const pattern of ["^(a+)+$", "(\\w+\\s?)+$", "^(a|a)*$", "(x+x+)+y", "(\\d+)*\\."]) {
    test(`nested repetition ${pattern} is refused as catastrophic`, () => expect(backtrackingRisk(pattern)).toContain("catastrophic"));
  }
  test("a heavy polynomial (.*.*.*=.*) is refused", () => expect(backtrackingRisk(".*.*.*=.*")).toContain("heavy backtracking"));
});
