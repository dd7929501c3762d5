import { describe, expect, test } from "bun:test";
import type { Finding } from "../wire/verdict.ts";
import type { DetectorRun } from "./run-detector.ts";
import { overruledBy, type StrategyRule } from "./strategies.ts";

const injection = (score: number): Finding => ({ category: "security.prompt_injection.indirect", score });
const run = (detector: string, findings: Finding[]): DetectorRun => ({
  status: "ok", detector, latencyMs: 0, outcome: { decision: findings.length ? "block" : "allow", reasons: [], findings },
});
const failed = (detector: string): DetectorRun => ({ status: "failed", detector, reason: "timeout", latencyMs: 50 });
const rule = (r: Partial<StrategyRule>): StrategyRule => ({ prefix: "security.prompt_injection", providers: ["a", "b", "c"], strategy: "quorum", ...r });

describe("composition strategies", () => {
  test("quorum: findings stand only when enough providers agree at the minimum score", () => {
    const q = rule({ count: 2, minScore: 0.7 });
    const lone = overruledBy([q], [run("a", [injection(0.9)]), run("b", [injection(0.5)]), run("c", [])]);
    expect(lone("a", injection(0.9))).toBe(true);
    const two = overruledBy([q], [run("a", [injection(0.9)]), run("b", [injection(0.8)]), run("c", [])]);
    expect(two("a", injection(0.9))).toBe(false);
  });

  test("quorum leaves other categories and other providers alone", () => {
    const over = overruledBy([rule({ count: 3 })], [run("a", [injection(1)]), run("x", [injection(1)])]);
    expect(over("a", { category: "security.secret_leak" })).toBe(false);
    expect(over("x", injection(1))).toBe(false);
    expect(over("a", injection(1))).toBe(true);
  });

  test("weighted: the weighted score of the available providers must reach the threshold", () => {
    const w = rule({ strategy: "weighted", weights: { a: 3, b: 1 }, threshold: 0.6 });
    expect(overruledBy([w], [run("a", [injection(0.9)]), run("b", [])])("a", injection(0.9))).toBe(false);
    expect(overruledBy([w], [run("a", []), run("b", [injection(0.9)])])("b", injection(0.9))).toBe(true);
    // A provider that failed is not available, so it does not dilute the others.
    expect(overruledBy([w], [failed("a"), run("b", [injection(0.9)])])("b", injection(0.9))).toBe(false);
  });

  test("first-available: the first provider that answered speaks for the prefix", () => {
    const f = rule({ strategy: "first-available", providers: ["a", "b"] });
    const both = overruledBy([f], [run("a", []), run("b", [injection(1)])]);
    expect(both("b", injection(1))).toBe(true);
    const fallback = overruledBy([f], [failed("a"), run("b", [injection(1)])]);
    expect(fallback("b", injection(1))).toBe(false);
  });

  test("deny-wins overrules nothing", () => {
    expect(overruledBy([rule({ strategy: "deny-wins" })], [run("a", [injection(0.1)])])("a", injection(0.1))).toBe(false);
  });
});
