// Degraded mode for hooks (interface.md, evaluate rule 6; decisions.md, GET /v1/config): when
// warden cannot judge an action, the `on_unreachable` directive for the action's category and
// the policy's hard rules and the built-in ones decide. Unreachable is a coverage loss, never an approval.
import type { Stage } from "./hook-event.ts";
import type { HookAnswer, Mode } from "./hook-answer.ts";
import type { Harness } from "./hook-input.ts";
import { DEFAULT_POLICY, type HardRule, type UnreachableAction } from "../engine/policy.ts";
import { MAX_RULE_INPUT } from "../config/regex-cost.ts";
import type { Verdict } from "../wire/verdict.ts";

export interface Directives {
  on_unreachable: Record<string, UnreachableAction>;
  hard_rules?: HardRule[];
}

/**
 * The hard rules built into this binary. A PEP applies them whatever directives it holds: cached
 * directives came from a server, and no server (nor a policy that lists fewer) turns them off.
 */
export const BUILT_IN_HARD_RULES: readonly HardRule[] = DEFAULT_POLICY.hardRules;

/** decisions.md defaults, used until a PEP has fetched its workspace's own directives. */
export const DEFAULT_DIRECTIVES: Directives = {
  on_unreachable: { "security.*": "block", "privacy.*": "block", "safety.*": "allow" },
  hard_rules: [...BUILT_IN_HARD_RULES],
};

export interface GatedAction {
  stage: Stage;
  kind: string;
  payload: Record<string, unknown>;
}

/** However the rules behave, matching stops after this long and the action is denied. */
const RULES_BUDGET_MS = 500;

/** The category an unjudged action is gated under: actions are security, prompts privacy. */
export const gateOf = (kind: string): string => (kind === "user_input" ? "privacy.user_input" : `security.${kind}`);

/** The longest `on_unreachable` prefix covering `category`; a category nobody named is blocked. */
export function directiveFor(directives: Directives, category: string): UnreachableAction {
  let best: { length: number; action: UnreachableAction } | undefined;
  for (const [key, action] of Object.entries(directives.on_unreachable ?? {})) {
    const prefix = key.endsWith(".*") ? key.slice(0, -2) : key === "*" ? "" : key;
    const covers = prefix === "" || category === prefix || category.startsWith(`${prefix}.`);
    if (covers && (!best || prefix.length > best.length)) best = { length: prefix.length, action };
  }
  return best?.action ?? "block";
}

/** The text a hard rule is matched against: the command a shell tool or exec would run. */
function ruleText(action: GatedAction): string {
  const args = action.payload.arguments as Record<string, unknown> | undefined;
  if (typeof args?.command === "string") return args.command;
  if (Array.isArray(action.payload.argv)) return action.payload.argv.join(" ");
  return JSON.stringify(action.payload) ?? "";
}

/** Stands in for the rules when they could not all be run in time: a deny, like any rule. */
const OUT_OF_TIME: HardRule = { id: "hard-rules-budget", kinds: [], pattern: "", reason: `the hard rules did not finish within ${RULES_BUDGET_MS} ms` };

/**
 * The first rule that matches the action's text (its first MAX_RULE_INPUT characters). Patterns
 * are checked for heavy backtracking when a policy loads (config/regex-cost.ts); should rules
 * still run past RULES_BUDGET_MS together, the rest are not run and the answer is a deny.
 */
export function matchHardRule(rules: readonly HardRule[], action: GatedAction): HardRule | undefined {
  const text = ruleText(action).slice(0, MAX_RULE_INPUT);
  const started = performance.now();
  for (const rule of rules) {
    if (performance.now() - started > RULES_BUDGET_MS) return OUT_OF_TIME;
    if (!rule.kinds.includes(action.kind)) continue;
    try {
      if (new RegExp(rule.pattern, "i").test(text)) return rule;
    } catch {
      // A pattern that does not compile matches nothing (policy load refuses them).
    }
  }
  return undefined;
}

/**
 * Whether a verdict that lets an action through judged all of it: `x.svc.unjudged` without the
 * policy's explicit consent (`x.svc.unjudged_accepted`) is a failure to judge (interface.md,
 * fail_mode closed), and warden's own PEPs treat it as warden being unable to answer.
 */
export function judgedInFull(verdict: Verdict): boolean {
  const unjudged = verdict["x.svc.unjudged"];
  if (!Array.isArray(unjudged) || unjudged.length === 0 || verdict.decision === "block") return true;
  return verdict["x.svc.unjudged_accepted"] === true;
}

/** What a hook answers for an action warden could not judge (`why`: unreachable, overloaded...). */
export function degradedAnswer(action: GatedAction, directives: Directives, ctx: { harness: Harness; mode: Mode; why: string }): HookAnswer {
  // A tool that already ran cannot be stopped; flagging it unjudged would only add noise.
  if (action.stage === "post") return { type: "pass" };
  const rule = matchHardRule(BUILT_IN_HARD_RULES, action) ?? matchHardRule(directives.hard_rules ?? [], action);
  if (rule) return { type: "deny", reason: `warden could not judge this (${ctx.why}), and hard rule ${rule.id} denies it: ${rule.reason}` };
  const gate = gateOf(action.kind);
  switch (directiveFor(directives, gate)) {
    case "allow":
      return { type: "pass" };
    case "require_local_approval":
      if (ctx.mode === "interactive" && ctx.harness === "claude-code" && action.stage === "pre") {
        return { type: "ask", reason: `warden could not judge this (${ctx.why}); approve it yourself only if you expected it` };
      }
      return { type: "deny", reason: `warden could not judge this (${ctx.why}) and policy needs a person to approve ${gate} actions meanwhile` };
    case "block":
      return { type: "deny", reason: `warden could not judge this (${ctx.why}); ${gate} actions are denied until it answers (degraded mode)` };
  }
}
