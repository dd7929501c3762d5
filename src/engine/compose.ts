// Deny-wins composition of detector outcomes into one effective decision, by the interface's
// severity order; redaction spans are unioned with overlaps merged to the covering range.
import { domainOf, mostSevere, type Category, type Decision, type Finding } from "../wire/verdict.ts";
import type { DetectorOutcome, RedactionRequest } from "./detector.ts";
import { ruleFor, type Policy } from "./policy.ts";
import type { DetectorRun } from "./run-detector.ts";
import { POLICY_PROVIDER } from "./unjudged.ts";

export interface ProviderReport {
  provider: string;
  decision: Decision;
  status: DetectorRun["status"];
  latency_ms: number;
  reasons: string[];
}

export interface Composition {
  decision: Decision;
  reasons: string[];
  findings: Finding[];
  categories: Category[];
  redactions: RedactionRequest[];
  /** The first provider's safe replacement, when the decision is `modify` (first winner). */
  rewrite?: NonNullable<DetectorOutcome["rewrite"]>;
  unjudged: string[];
  providers: ProviderReport[];
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

function reportOf(run: DetectorRun, policy: Policy): ProviderReport {
  const base = { provider: run.detector, status: run.status, latency_ms: round(run.latencyMs) };
  if (run.status === "ok") return { ...base, decision: run.outcome.decision, reasons: run.outcome.reasons };
  if (run.status === "abstained") return { ...base, decision: "allow", reasons: [run.reason] };
  const reason = run.reason === "timeout" ? "detector timed out" : "detector failed";
  return { ...base, decision: policy.onDetectorFailure === "block" ? "block" : "allow", reasons: [reason] };
}

export function rollUpCategories(findings: readonly Finding[]): Category[] {
  const byId = new Map<string, Category>();
  for (const f of findings) {
    const domain = domainOf(f.category);
    if (!domain) continue;
    const current = byId.get(f.category);
    const score = f.score ?? 1;
    if (!current) byId.set(f.category, { id: f.category, domain, score });
    else current.score = Math.max(current.score ?? 0, score);
  }
  return [...byId.values()];
}

export function mergeSpans(spans: readonly RedactionRequest[]): RedactionRequest[] {
  const sorted = [...spans].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
  const merged: RedactionRequest[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && last.path === span.path && span.start < last.end) {
      if (span.end > last.end) {
        last.end = span.end;
        last.fingerprint = `${last.fingerprint}+${span.fingerprint}`;
      }
    } else {
      merged.push({ ...span });
    }
  }
  return merged;
}

export function compose(runs: readonly DetectorRun[], policy: Policy): Composition {
  let decision: Decision = "allow";
  const reasons: string[] = [];
  const findings: Finding[] = [];
  const redactions: RedactionRequest[] = [];
  const unjudged = new Set<string>();
  const providers = runs.map((run) => reportOf(run, policy));
  const absorb = (outcome: DetectorOutcome, detector: string) => {
    decision = mostSevere(decision, outcome.decision);
    if (outcome.decision !== "allow") reasons.push(...outcome.reasons);
    for (const f of outcome.findings) findings.push({ ...f, detector });
    if (outcome.decision === "redact" && outcome.redactions) redactions.push(...outcome.redactions);
    for (const path of outcome.unjudged ?? []) unjudged.add(path);
  };
  for (const [i, run] of runs.entries()) {
    const report = providers[i]!;
    decision = mostSevere(decision, report.decision);
    if (run.status === "failed") {
      unjudged.add("payload");
      reasons.push(`${run.detector}: ${report.reasons[0]}`);
      // What a detector cut off at its deadline had found still counts: a timeout decides how
      // to treat what it could not look at, never to forget what it saw (a secret to redact).
      if (run.partial) absorb(run.partial, run.detector);
      continue;
    }
    if (run.status === "ok") absorb(run.outcome, run.detector);
  }
  // The policy's own judgments (unjudged content, reduced content) are about the detectors' runs, not runs.
  const judged = runs.filter((r) => r.status !== "abstained" && r.detector !== POLICY_PROVIDER);
  if (judged.length > 0 && judged.every((r) => r.status === "failed")) {
    decision = mostSevere(decision, policy.onAllFailed === "block" ? "block" : "allow");
    reasons.push(`every detector failed; policy on_all_failed is ${policy.onAllFailed}`);
  }
  const rewrite = decision === "modify"
    ? runs.find((r) => r.status === "ok" && r.outcome.decision === "modify" && r.outcome.rewrite)
    : undefined;
  if (decision === "modify" && !rewrite) {
    // A modify the PEP cannot apply would run the original; deny instead.
    decision = "block";
    reasons.push("a modification was required but no provider offered a safe one");
  }
  if (decision === "redact" && redactions.length === 0) {
    // A redaction the PEP cannot apply would degrade to a leak; deny instead.
    decision = "block";
    reasons.push("a detector asked for redaction without naming spans");
  }
  const merged = mergeSpans(redactions);
  if (decision === "redact" && merged.length > MAX_SPANS) {
    // Spans past the bound would not reach the PEP: a redaction in part is a leak. Deny instead.
    decision = "block";
    reasons.push(`more than ${MAX_SPANS} values to redact: blocked rather than redacted in part`);
  }
  if (reasons.length === 0) reasons.push(findings.length === 0 ? "no detector found a problem" : allowedReason(findings, policy));
  const listed = boundFindings(findings, reasons);
  return {
    decision,
    reasons: reasons.length > MAX_REASONS ? [...reasons.slice(0, MAX_REASONS), `and ${reasons.length - MAX_REASONS} more reasons`] : reasons,
    findings: listed,
    categories: rollUpCategories(findings),
    redactions: merged.length > MAX_SPANS ? [] : merged,
    ...(rewrite?.status === "ok" && rewrite.outcome.rewrite ? { rewrite: rewrite.outcome.rewrite } : {}),
    // Past the bound, the list says what it must: the payload was not all judged.
    unjudged: unjudged.size > MAX_UNJUDGED ? ["payload"] : [...unjudged],
    providers,
  };
}

/** Why an action with findings is allowed: the policy rules that map them to allow, by name. */
function allowedReason(findings: readonly Finding[], policy: Policy): string {
  const rules = [...new Set(findings.map((f) => {
    const rule = ruleFor(policy.decisionRules, f.category);
    return rule ? `decisions.${rule.prefix}` : `${f.category} (no decision rule: low severity allows)`;
  }))];
  return `${findings.length} finding(s), allowed by the policy: ${rules.slice(0, 8).join(", ")}`;
}

// What one verdict carries at most, whatever the payload: its size follows the request's bounds
// (a few hundred bytes per entry), never the count of fields or hits a payload can hold.
export const MAX_FINDINGS = 256;
export const MAX_SPANS = 1024;
export const MAX_UNJUDGED = 64;
const MAX_REASONS = 64;

/** The most severe MAX_FINDINGS, in their order; one reason says how many more there were. */
function boundFindings(findings: Finding[], reasons: string[]): Finding[] {
  if (findings.length <= MAX_FINDINGS) return findings;
  const rank = (f: Finding) => SEVERITY_RANK[f.severity ?? "low"] ?? 0;
  const kept = new Set(findings.map((f, i) => ({ f, i })).sort((a, b) => rank(b.f) - rank(a.f) || a.i - b.i).slice(0, MAX_FINDINGS).map((e) => e.f));
  reasons.push(`${findings.length - MAX_FINDINGS} more findings of the same kinds are not listed`);
  return findings.filter((f) => kept.has(f));
}

const SEVERITY_RANK: Record<string, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };
