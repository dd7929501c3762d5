// Composition strategies per category prefix (decisions.md, "Composition"): which providers'
// findings under a prefix stand. deny-wins keeps them all; quorum needs `count` providers to
// agree at `min_score`; weighted needs the weighted score of the available providers to reach
// `threshold`; first-available lets the first provider that answered speak for the prefix.
// Findings a strategy overrules are dropped before decisions are composed.
import type { Finding } from "../wire/verdict.ts";
import type { DetectorRun } from "./run-detector.ts";

export interface StrategyRule {
  prefix: string;
  providers: string[];
  strategy: "deny-wins" | "quorum" | "weighted" | "first-available";
  count?: number;
  minScore?: number;
  weights?: Record<string, number>;
  threshold?: number;
}

export type Overruled = (provider: string, finding: Finding) => boolean;

const under = (prefix: string, f: Finding) => f.category === prefix || f.category.startsWith(`${prefix}.`);

/** Highest score a provider gave under the prefix, or undefined when it found nothing there. */
function voteOf(run: DetectorRun, prefix: string): number | undefined {
  if (run.status !== "ok") return undefined;
  const scores = run.outcome.findings.filter((f) => under(prefix, f)).map((f) => f.score ?? 1);
  return scores.length ? Math.max(...scores) : undefined;
}

/** The providers of the rule whose findings under its prefix stand. */
function standing(rule: StrategyRule, runs: readonly DetectorRun[]): Set<string> {
  const members = runs.filter((r) => rule.providers.includes(r.detector));
  const all = new Set(rule.providers);
  switch (rule.strategy) {
    case "deny-wins":
      return all;
    case "quorum": {
      const agreeing = members.filter((r) => (voteOf(r, rule.prefix) ?? -1) >= (rule.minScore ?? 0));
      return agreeing.length >= (rule.count ?? 2) ? all : new Set();
    }
    case "weighted": {
      const available = members.filter((r) => r.status === "ok");
      const weight = (id: string) => rule.weights?.[id] ?? 1;
      const total = available.reduce((sum, r) => sum + weight(r.detector), 0);
      const score = available.reduce((sum, r) => sum + weight(r.detector) * (voteOf(r, rule.prefix) ?? 0), 0);
      return total > 0 && score / total >= (rule.threshold ?? 0.5) ? all : new Set();
    }
    case "first-available": {
      const first = rule.providers.find((id) => members.some((r) => r.detector === id && r.status === "ok"));
      return new Set(first ? [first] : []);
    }
  }
}

export function overruledBy(rules: readonly StrategyRule[], runs: readonly DetectorRun[]): Overruled {
  const active = rules.filter((r) => r.strategy !== "deny-wins").map((rule) => ({ rule, standing: standing(rule, runs) }));
  if (active.length === 0) return () => false;
  return (provider, finding) =>
    active.some(({ rule, standing }) => rule.providers.includes(provider) && under(rule.prefix, finding) && !standing.has(provider));
}
