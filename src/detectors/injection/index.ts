// The injection detector: prompt injection in content the agent reads, jailbreaks in user
// prompts, poisoned tool/skill definitions, and data-carrying images in model output. Findings
// carry offsets only; no matched or decoded text ever leaves this module.
import { Type, type Static } from "@sinclair/typebox";
import { budgetOf, spentAtStep, type Budget, noteUnjudged } from "../../engine/budget.ts";
import type { DetectorDefinition, DetectorOutcome, InspectedEvent } from "../../engine/detector.ts";
import { abstain } from "../../engine/detector.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import { KINDS } from "../../wire/guard-event.ts";
import { DECISION_SEVERITY, mostSevere, type Decision } from "../../wire/verdict.ts";
import { findCarriers, findInstructionClusters, findLinkExfil, type Field } from "./analyse-text.ts";
import { CATEGORY, DETECTOR_ID, type Scored } from "./findings.ts";
import { judgeDefinition } from "./poisoning.ts";
import { judgeSchemaNames } from "./schema-names.ts";
import { judgeServerLaunch } from "./server-launch.ts";
import { judgeByModel } from "./model/judge.ts";
import { findPromptShapes } from "./prompt-shapes.ts";

export const InjectionConfig = Type.Object(
  {
    /** Image/link hosts whose URLs are never treated as exfiltration channels (subdomains included). */
    allowed_hosts: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 512 })),
    /** Whether model output is checked for data-carrying images and invisible characters. */
    scan_model_output: Type.Optional(Type.Boolean()),
    /**
     * The statistical tier (model/): a text the rules found nothing in is held when the model's
     * probability reaches this. `default` is the threshold training chose per context; 1 turns it off.
     */
    model_threshold: Type.Optional(Type.Union([Type.Literal("default"), Type.Number({ minimum: 0.5, maximum: 1 })])),
  },
  { additionalProperties: false },
);
export type InjectionConfig = Static<typeof InjectionConfig>;

const DEFAULTS: Required<InjectionConfig> = {
  allowed_hosts: ["github.com", "githubusercontent.com", "shields.io", "badgen.net", "badge.fury.io", "codecov.io", "coveralls.io", "wikimedia.org"],
  scan_model_output: true,
  model_threshold: "default",
};

const UNTRUSTED_SOURCES = new Set(["web", "mcp", "file", "retrieved", "tool_result"]);
const MAX_FINDINGS = 32;
/** Shorter strings (names, enum values, ids) cannot hold an instruction worth judging. */
const MIN_TEXT = 8;

const isUntrusted = (event: GuardEvent): boolean =>
  (event.provenance ?? []).some((p) => p.trust === "untrusted" || UNTRUSTED_SOURCES.has(p.source));

/** Definitions of an event: each MCP tool on its own, anything else as one definition. */
function splitDefinitions(event: GuardEvent, fields: readonly Field[]): Field[][] {
  if (event.kind !== "mcp_connect") return [[...fields]];
  const groups = new Map<string, Field[]>();
  for (const field of fields) {
    const key = /^payload\.tools\[\d+\]/.exec(field.path)?.[0] ?? "payload";
    groups.set(key, [...(groups.get(key) ?? []), field]);
  }
  return [...groups.values()];
}

/** What the fields scored, and the paths of those the budget ran out on (in full or in part). */
interface Judged {
  scored: Scored[];
  unscanned: string[];
}

function judgeFields(event: GuardEvent, fields: readonly Field[], config: Required<InjectionConfig>, budget: Budget): Judged {
  const out: Scored[] = [];
  const unscanned: string[] = [];
  const kind = event.kind;
  if (kind === "tool_register" || kind === "mcp_connect" || kind === "skill_load") {
    // A definition is judged as a whole, so one the deadline fell in counts as unjudged whole.
    for (const definition of splitDefinitions(event, fields)) {
      if (!spentAtStep(budget, definition.reduce((n, f) => n + f.text.length, 0))) {
        out.push(...judgeDefinition(definition, config.allowed_hosts, budget));
      }
      if (budget.cutOff) unscanned.push(...definition.map((f) => f.path));
    }
    if (kind === "mcp_connect") out.push(...judgeServerLaunch(event.payload));
    out.push(...judgeSchemaNames(kind, event.payload));
    return { scored: out, unscanned };
  }
  const asData = kind === "tool_result" || (kind !== "model_output" && isUntrusted(event));
  for (const field of fields) {
    if (spentAtStep(budget, field.text.length)) {
      unscanned.push(field.path);
      continue;
    }
    const before = out.length;
    if (kind === "user_input") out.push(...findInstructionClusters(field, "user", budget), ...findCarriers(field, "user", budget), ...findPromptShapes(field));
    if (asData) {
      out.push(...findInstructionClusters(field, "data", budget), ...findCarriers(field, "data", budget));
      out.push(...findLinkExfil(field, "data", "data", config.allowed_hosts, budget));
    }
    // What the rules found nothing in, the statistical tier reads whole (model/). A user's prompt
    // with only weak rule hits (a lone "imagine", "evil AI") is read too, at a higher bar: the
    // jailbreaks that slip past the rules are long and have some; data with a weak hit stays the
    // rules' call (a page about system prompts names them without asking for one).
    const weakHits = out.length > before;
    if (!weakHits || (kind === "user_input" && !out.slice(before).some((s) => s.decision !== "allow"))) {
      const context = kind === "user_input" ? "user" : "data";
      const judged = kind === "user_input" || asData ? judgeByModel(field, context, config.model_threshold, weakHits && !onlyHijackHits(out.slice(before))) : undefined;
      if (judged) out.push(...asRuledCategories(judged));
    }
    if (kind === "model_output") {
      out.push(...findLinkExfil(field, "output", "data", config.allowed_hosts, budget), ...findCarriers(field, "data", budget, false));
    }
    if (budget.cutOff) unscanned.push(field.path);
  }
  return { scored: out, unscanned };
}

/**
 * Weak hits that name the prompt a direct injection (it sets the task aside or asks for what the
 * assistant holds): the model's ordinary bar stands, as these agree with what it reads. The
 * higher bar is for words that are also a story's or a student's ("imagine", "evil AI").
 */
function onlyHijackHits(hits: readonly Scored[]): boolean {
  const spanOf = (s: Scored) => `${s.finding.path}:${s.finding.start}:${s.finding.end}:${s.finding.check_id}`;
  const injected = new Set(hits.filter((s) => s.finding.category === CATEGORY.data).map(spanOf));
  return hits.every((s) => injected.has(spanOf(s)));
}

/**
 * The model reads a user's prompt as one score, trained on direct injections and jailbreaks alike:
 * it cannot say which attack a prompt is, so its finding on a user's prompt names both.
 */
function asRuledCategories(judged: Scored): Scored[] {
  if (judged.finding.category !== CATEGORY.user) return [judged];
  return [judged, { ...judged, finding: { ...judged.finding, category: CATEGORY.data } }];
}

function summarise(scored: readonly Scored[]): DetectorOutcome {
  let decision: Decision = "allow";
  let confidence = 0;
  const counts = new Map<string, number>();
  for (const { finding, decision: d } of scored) {
    decision = mostSevere(decision, d);
    confidence = Math.max(confidence, finding.score ?? 0);
    counts.set(finding.category, (counts.get(finding.category) ?? 0) + 1);
  }
  const reasons =
    counts.size === 0
      ? ["no injection, jailbreak or poisoning signals"]
      : [...counts].map(([category, n]) => `${n} ${category.slice(category.indexOf(".") + 1).replace(/_/g, " ")} signal(s)`);
  const outcome: DetectorOutcome = { decision, reasons, findings: scored.slice(0, MAX_FINDINGS).map((s) => s.finding) };
  if (scored.length > 0) outcome.confidence = Math.round(confidence * 100) / 100;
  return outcome;
}

function inspectEvent(input: InspectedEvent, config: Required<InjectionConfig>): DetectorOutcome {
  const { event } = input;
  const kind = event.kind;
  const relevant =
    kind === "user_input" ||
    kind === "tool_result" ||
    kind === "tool_register" ||
    kind === "mcp_connect" ||
    kind === "skill_load" ||
    (kind === "model_output" && config.scan_model_output) ||
    (kind !== "model_output" && isUntrusted(event));
  if (!relevant) return abstain(`no untrusted content in ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} event`);
  const fields = input.texts().filter((f) => f.text.length >= MIN_TEXT);
  if (fields.length === 0 && input.unextracted().length === 0) return abstain("no text to inspect");
  const judged = judgeFields(event, fields, config, budgetOf(input));
  const outcome = summarise(judged.scored.sort((a, b) => severityRank(b) - severityRank(a)));
  return noteUnjudged(outcome, input.unextracted(), judged.unscanned);
}

/** Most decisive findings first, so the cap on findings never drops the ones that decided. */
const severityRank = (s: Scored): number => DECISION_SEVERITY[s.decision] * 2 + (s.finding.score ?? 0);

export const injectionDetector: DetectorDefinition<InjectionConfig> = {
  id: DETECTOR_ID,
  description:
    "Finds prompt injection in content the agent reads, jailbreaks in user prompts, poisoned tool and skill definitions, and images or links that exfiltrate data.",
  judges: ["security.prompt_injection", "security.jailbreak", "security.tool_poisoning"],
  kinds: KINDS,
  encodings: ["raw", "redacted"],
  configSchema: InjectionConfig,
  defaultConfig: { ...DEFAULTS, allowed_hosts: [...DEFAULTS.allowed_hosts] },
  create(config) {
    const resolved: Required<InjectionConfig> = { ...DEFAULTS, ...config };
    return { inspect: (input) => inspectEvent(input, resolved) };
  },
};
