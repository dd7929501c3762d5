// Verdict and its parts (shared/spec/interface.md, "Verdict"): the types the engine produces.

export const DECISIONS = ["allow", "block", "require_approval", "modify", "redact"] as const;
export type Decision = (typeof DECISIONS)[number];

/** Higher is more severe: block > require_approval > redact > modify > allow. */
export const DECISION_SEVERITY: Record<Decision, number> = {
  allow: 0,
  modify: 1,
  redact: 2,
  require_approval: 3,
  block: 4,
};

export const mostSevere = (a: Decision, b: Decision): Decision =>
  DECISION_SEVERITY[a] >= DECISION_SEVERITY[b] ? a : b;

/** decisions.md, "Finding severities". */
export const SEVERITIES = ["info", "low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export type Domain = "safety" | "privacy" | "security";

export interface Category {
  id: string;
  domain: Domain;
  score?: number;
}

export interface Finding {
  category: string;
  path?: string;
  start?: number;
  end?: number;
  score?: number;
  detector?: string;
  severity?: Severity;
  check_id?: string;
  title?: string;
}

export interface Span {
  path: string;
  start?: number;
  end?: number;
  operator?: "replace" | "mask" | "hash" | "encrypt";
  replacement?: string;
  ref?: string;
}

export interface Modifications {
  kind: "redact" | "rewrite" | "constrain";
  spans?: Span[];
  payload?: Record<string, unknown>;
}

export interface Verdict {
  svc_version: "0.5";
  event_id: string;
  guard_id: string;
  provider: string;
  decision: Decision;
  confidence?: number;
  latency_ms?: number;
  reasons?: string[];
  categories?: Category[];
  modifications?: Modifications;
  evidence?: Record<string, unknown>[];
  findings?: Finding[];
  [extension: `x.${string}`]: unknown;
}

export const domainOf = (categoryId: string): Domain | undefined => {
  const head = categoryId.slice(0, categoryId.indexOf("."));
  return head === "safety" || head === "privacy" || head === "security" ? head : undefined;
};
