// Tool and skill definitions. A definition is judged as a whole (its description plus every
// description nested in its schema), by which kinds of signal it holds rather than by distance:
//   block            hidden instruction, secrecy or cross-tool override  +  sensitive file or exfil
//                    (also: a sensitive file named as what to read/send/pass; an instruction
//                    override next to an exfil instruction or an outside destination)
//   require_approval secrecy demand, cross-tool override, instruction override or exfil
//                    instruction alone, or strong hidden instructions (score >= 0.55)
//   allow + finding  weak hidden instructions, a sensitive file merely mentioned
import type { Budget } from "../../engine/budget.ts";
import type { Decision, Severity } from "../../wire/verdict.ts";
import { findCarriers, findLinkExfil, type Field } from "./analyse-text.ts";
import { judgeDirectives } from "./definition-directives.ts";
import { rateDocumentation } from "./doc-context.ts";
import { CATEGORY, createFinding, type Scored } from "./findings.ts";
import { scanSignals, weighSignals } from "./scan-signals.ts";
import { APPROVAL_AT, FINDING_AT, type SignalClass } from "./signal-kind.ts";

type Group = "hidden" | "exfil" | "destination" | "sensitive" | "secrecy" | "cross_tool";

const GROUP_OF: Record<SignalClass, Group> = {
  override: "hidden",
  role: "hidden",
  address: "hidden",
  reply: "hidden",
  steer: "hidden",
  persona: "hidden",
  restriction: "hidden",
  command: "hidden",
  sysprompt: "hidden",
  repetition: "hidden",
  priority: "hidden",
  tag: "hidden",
  render: "hidden",
  authority: "hidden",
  harm: "hidden",
  framing: "hidden",
  detail: "hidden",
  pressure: "hidden",
  exfil: "exfil",
  held: "exfil",
  destination: "destination",
  param_stuffing: "exfil",
  sensitive: "sensitive",
  secrecy: "secrecy",
  cross_tool: "cross_tool",
};

const CHECK_OF: Record<Group, string> = {
  hidden: "poisoning.hidden_instruction",
  exfil: "poisoning.hidden_instruction",
  destination: "poisoning.hidden_instruction",
  sensitive: "poisoning.sensitive_file",
  secrecy: "poisoning.secrecy",
  cross_tool: "poisoning.cross_tool_override",
};

interface Strongest {
  weight: number;
  path: string;
  start: number;
  end: number;
}

interface Tally {
  byClass: Map<SignalClass, number>;
  byGroup: Map<Group, Strongest>;
}

/** "The tool never returns credentials": a definition stating what it does not send. */
const DENIED = /\b(?:never|not|no|without|n't)\s+(?:\w+\s+){0,2}$/i;

function tallyField(field: Field, tally: Tally, budget: Budget): void {
  for (const s of weighSignals(scanSignals(field.text, budget), "definition")) {
    if (s.cls === "exfil" && DENIED.test(field.text.slice(Math.max(0, s.start - 40), s.start))) continue;
    const weight = s.weight * rateDocumentation(field.text, s.start, s.end);
    tally.byClass.set(s.cls, Math.max(tally.byClass.get(s.cls) ?? 0, weight));
    const group = GROUP_OF[s.cls];
    if (weight > (tally.byGroup.get(group)?.weight ?? 0)) {
      tally.byGroup.set(group, { weight, path: field.path, start: s.start, end: s.end });
    }
  }
}

/** Sum of the strongest hidden-instruction signal per class; emphasis alone does not count. */
function hiddenScore(byClass: Map<SignalClass, number>): number {
  let sum = 0;
  let classes = 0;
  for (const [cls, w] of byClass) {
    if (GROUP_OF[cls] !== "hidden" || cls === "authority") continue;
    sum += w;
    classes++;
  }
  return classes > 0 ? Math.min(1, sum + (byClass.get("authority") ?? 0)) : 0;
}

function decideDefinition(tally: Tally, hidden: number): Decision {
  const has = (g: Group) => (tally.byGroup.get(g)?.weight ?? 0) >= FINDING_AT;
  // No honest definition tells the model to drop its instructions: that alone needs a human.
  const overrides = (tally.byClass.get("override") ?? 0) >= FINDING_AT;
  const instructive = hidden >= FINDING_AT || has("secrecy") || has("cross_tool");
  // A destination alone is any "posts to <url>" tool; next to a sensitive file it is the exfil.
  const sends = has("exfil") || (tally.byGroup.get("destination")?.weight ?? 0) >= 0.25;
  if ((has("sensitive") && (instructive || sends)) || (has("exfil") && instructive) || (overrides && sends)) return "block";
  if (overrides || has("secrecy") || has("cross_tool") || has("exfil") || hidden >= APPROVAL_AT) return "require_approval";
  return "allow";
}

function severityOf(decision: Decision, group: Group): Severity {
  if (decision === "block") return group === "hidden" || group === "exfil" || group === "destination" ? "critical" : "high";
  if (decision === "require_approval") return group === "sensitive" ? "medium" : "high";
  return "low";
}

/**
 * Findings for one definition (a registered tool, one MCP tool, or a skill), from the fields it
 * judged before `budget` was spent.
 */
export function judgeDefinition(fields: readonly Field[], allowedHosts: readonly string[], budget: Budget): Scored[] {
  const tally: Tally = { byClass: new Map(), byGroup: new Map() };
  const extra: Scored[] = [];
  for (const field of fields) {
    if (budget.spent()) break;
    tallyField(field, tally, budget);
    extra.push(...findCarriers(field, "definition", budget), ...findLinkExfil(field, "data", "definition", allowedHosts, budget));
  }
  const hidden = hiddenScore(tally.byClass);
  const decision = decideDefinition(tally, hidden);
  const byCheck = new Map<string, Scored>();
  for (const [group, strongest] of tally.byGroup) {
    const weight = group === "hidden" ? hidden : strongest.weight;
    const check = CHECK_OF[group];
    if (weight < FINDING_AT || (byCheck.get(check)?.finding.score ?? 0) >= weight) continue;
    const finding = createFinding({
      category: CATEGORY.definition,
      checkId: check,
      severity: severityOf(decision, group),
      score: weight,
      path: strongest.path,
      start: strongest.start,
      end: strongest.end,
    });
    byCheck.set(check, { finding, decision });
  }
  return [...byCheck.values(), ...extra, ...judgeDirectives(fields, budget)];
}
