// Turns a composition into the wire Verdict: the effective decision under provider `warden`,
// redaction spans with session placeholders, and the `x.svc.*` keys every verdict carries.
import type { Attribution } from "../store/types.ts";
import { CURRENT_VERSION, type GuardEvent } from "../wire/guard-event.ts";
import type { Span, Verdict } from "../wire/verdict.ts";
import type { Composition } from "./compose.ts";

export const PROVIDER = "warden";

export interface VerdictInput {
  event: GuardEvent;
  composition: Composition;
  attribution: Attribution;
  policyVersion: string;
  decisionId: string;
  /** Present when the decision is `redact`: names each span's placeholder. */
  placeholderFor?: (label: string, fingerprint: string) => string;
  latencyMs: number;
  /** A policy whitelist entry dropped at least one finding. */
  whitelisted?: boolean;
  /** What was unjudged, the policy's on_unjudged explicitly let pass (a PEP need not fail closed). */
  unjudgedAccepted?: boolean;
}

export function buildVerdict(input: VerdictInput): Verdict {
  const { event, composition: c, attribution } = input;
  const verdict: Verdict = {
    svc_version: CURRENT_VERSION,
    event_id: event.event_id,
    guard_id: event.guard_id,
    provider: PROVIDER,
    decision: c.decision,
    latency_ms: Math.round(input.latencyMs * 1000) / 1000,
    reasons: c.reasons,
    categories: c.categories,
    findings: c.findings,
    "x.svc.session_id": attribution.sessionId,
    "x.svc.decision_id": input.decisionId,
    "x.svc.policy_version": input.policyVersion,
    "x.svc.attestation": attribution.attestation,
    "x.svc.agent_id": attribution.agentId,
    "x.svc.providers": c.providers,
  };
  if (c.unjudged.length) verdict["x.svc.unjudged"] = c.unjudged;
  if (c.unjudged.length && input.unjudgedAccepted) verdict["x.svc.unjudged_accepted"] = true;
  if (input.whitelisted) verdict["x.svc.whitelisted"] = true;
  if (c.decision === "modify" && c.rewrite) {
    verdict.modifications = { kind: c.rewrite.kind, payload: c.rewrite.payload };
    verdict.reasons = [...c.reasons, c.rewrite.reason];
  }
  if (c.decision === "redact" && input.placeholderFor && c.redactions.length) {
    const spans: Span[] = [];
    const map: Record<string, { path: string; start: number; end: number; category: string }> = {};
    for (const r of c.redactions) {
      // A ref is unique within a verdict, so a value seen twice in one event takes two.
      let ref = input.placeholderFor(r.label, r.fingerprint);
      for (let k = 2; ref in map; k++) ref = input.placeholderFor(r.label, `${r.fingerprint}#${k}`);
      spans.push({ path: r.path, start: r.start, end: r.end, operator: "replace", replacement: ref, ref });
      map[ref] = { path: r.path, start: r.start, end: r.end, category: r.category };
    }
    verdict.modifications = { kind: "redact", spans };
    verdict["x.svc.redaction_map"] = map;
  }
  return verdict;
}
