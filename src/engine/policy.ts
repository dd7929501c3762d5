// The policy the engine decides under, per workspace: which detectors run with what config,
// how findings map to decisions, what is whitelisted, and how failures count. Built from the
// policy file (config/policy-file.ts) or warden's built-in default.
import type { Attestation } from "../wire/guard-event.ts";
import type { Decision, Severity } from "../wire/verdict.ts";
import type { StrategyRule } from "./strategies.ts";

export type SeverityDecisions = Partial<Record<Severity | "*", Decision>>;

export interface DecisionRule {
  /** Category prefix on dot boundaries: `privacy.pii` covers `privacy.pii.email`. */
  prefix: string;
  bySeverity: SeverityDecisions;
}

export interface WhitelistEntry {
  reason: string;
  /** Only findings with this rule id (or category prefix) are dropped; neither: all findings. */
  check_id?: string;
  category?: string;
  agent_id?: string;
  tool?: string;
  /** Host suffix on label boundaries: `example.com` covers `api.example.com`. */
  host?: string;
  path_prefix?: string;
  argv_prefix?: string[];
  command_prefix?: string;
}

export interface UnjudgedRule {
  prefix: string;
  decision: "allow" | "require_approval" | "block";
}

export type UnreachableAction = "block" | "allow" | "require_local_approval";

export interface HardRule {
  id: string;
  kinds: string[];
  /** A JavaScript/PCRE-compatible regular expression over the command text. */
  pattern: string;
  reason: string;
}

/** A count of actions in one session over a window, and what each threshold does. */
export interface RateSignal {
  /** Actions are counted over this window, from the first of them. */
  windowMs: number;
  /** From this count on warden raises a low finding and changes nothing. */
  findingAt: number;
  /** From this count on the decision becomes `decision` (a rate no person or model loop produces). */
  decisionAt: number;
  decision: "require_approval" | "block";
}

/** Runtime signals: what warden sees across events, beyond any one detector. */
export interface Signals {
  /** The same action (kind and payload) again and again in one session. */
  repeatedAction: RateSignal;
  /** Every action of one session. */
  runawayRate: RateSignal;
  /**
   * How long an invocation-altitude event keeps its agent and session covered: only there is an
   * execution with no declared invocation evidence of a bypass.
   */
  invocationCoverageMs: number;
}

export interface Policy {
  /** Stamped on every verdict, so an audit can tell which rules decided. */
  version: string;
  /** Per-detector deadline for asynchronous detectors. */
  detectorDeadlineMs: number;
  /**
   * What a failed (thrown or timed-out) detector contributes: `degrade` leaves the decision to
   * the others and lists the payload as unjudged (`x.svc.unjudged`), `block` denies.
   */
  onDetectorFailure: "degrade" | "block";
  /** Skip detectors that wait (external) once a local detector has blocked. */
  shortCircuit: boolean;
  /** When every detector that should have judged failed; explicit, never implied. */
  onAllFailed: "allow" | "block";
  /**
   * What content a detector could not read (too long, too deep, too many fields, out of time)
   * means, by category prefix of what that detector judges; longest prefix first. Unjudged
   * security content is held by default: an opt-out is explicit.
   */
  onUnjudged: UnjudgedRule[];
  /** Configuration per detector id; absent ids use the detector's default. */
  detectors: Record<string, unknown>;
  /** Detector ids that do not run. */
  disabled: string[];
  /** Longest prefix first. */
  decisionRules: DecisionRule[];
  whitelist: WhitelistEntry[];
  /** Composition strategies per category prefix; deny-wins where none is named. */
  strategies: StrategyRule[];
  /** Kinds that cannot be judged without content: hashed or metadata-only events need approval. */
  contentRequiredKinds: string[];
  /**
   * Least attestation an action needs, by tool name or by category prefix of what was found;
   * below it the decision is stricter (approval for a tool, block for a category).
   */
  minAttestation: { tools: Record<string, Attestation>; categories: Record<string, Attestation> };
  /** How long an approval request waits for a human before it expires (and blocks). */
  approvalTtlMs: number;
  /** What a PEP does with an action whose approval is not decided before it gives up waiting. */
  queueTimeoutAction: "block" | "allow";
  /** Deny rules simple enough for a PEP to apply with no runtime (degraded mode). */
  hardRules: HardRule[];
  /** Degraded-mode directives for PEPs (decisions.md, GET /v1/config). */
  onUnreachable: Record<string, UnreachableAction>;
  signals: Signals;
  /**
   * What a hook does with an action warden lets run only rewritten (redact, modify): `ask` puts
   * the rewritten input before the harness's own permission prompt (and denies where nobody can
   * be asked); `allow` lets warden's rewrite stand in for that prompt.
   */
  hookRewrite: "ask" | "allow";
  /** The attestation a PEP key enrolled with a workspace key may vouch for, until an operator changes it. */
  enrollCeiling: Attestation;
  /** Pending approval requests one session, and one agent, may have open; past them, block. */
  pendingCaps: { perSession: number; perAgent: number };
}

export const DEFAULT_POLICY: Policy = {
  version: "builtin-1",
  detectorDeadlineMs: 50,
  onDetectorFailure: "degrade",
  onAllFailed: "block",
  onUnjudged: [{ prefix: "security", decision: "require_approval" }, { prefix: "privacy", decision: "allow" }, { prefix: "safety", decision: "allow" }],
  shortCircuit: false,
  detectors: {},
  disabled: [],
  decisionRules: [],
  whitelist: [],
  strategies: [],
  contentRequiredKinds: ["exec", "tool_call", "network", "file"],
  minAttestation: { tools: {}, categories: {} },
  approvalTtlMs: 15 * 60_000,
  queueTimeoutAction: "block",
  hardRules: [
    { id: "pipe-to-shell", kinds: ["exec", "tool_call"], pattern: "(curl|wget)[^|;&]{0,1024}\\|\\s*(sudo\\s+)?(ba|z|da)?sh\\b", reason: "remote content piped to a shell" },
    { id: "rm-root", kinds: ["exec", "tool_call"], pattern: "\\brm\\s+(-[a-zA-Z]*[rf][a-zA-Z]*\\s+)+(--no-preserve-root\\s+)?/(\\s|$|\\*)", reason: "recursive delete of the filesystem root" },
    { id: "dev-tcp", kinds: ["exec", "tool_call"], pattern: "/dev/(tcp|udp)/", reason: "shell redirection to a network socket" },
  ],
  onUnreachable: { "security.*": "block", "privacy.*": "block", "safety.*": "allow" },
  hookRewrite: "ask",
  enrollCeiling: "client_key",
  pendingCaps: { perSession: 20, perAgent: 100 },
  signals: {
    // A model-driven agent takes seconds per action; a script polling once a second stays under.
    repeatedAction: { windowMs: 60_000, findingAt: 120, decisionAt: 600, decision: "require_approval" },
    runawayRate: { windowMs: 60_000, findingAt: 600, decisionAt: 3_000, decision: "require_approval" },
    // As long as a derived session lives (decisions.md, Sessions).
    invocationCoverageMs: 30 * 60_000,
  },
};

/** The rule whose prefix covers `category` most specifically. */
export function ruleFor(rules: readonly DecisionRule[], category: string): DecisionRule | undefined {
  return rules.find((r) => category === r.prefix || category.startsWith(`${r.prefix}.`));
}
