// The egress detector: judges where an agent's actions reach. Network destinations (SSRF into
// metadata, loopback and private ranges in any disguise; exfiltration services), where MCP
// servers and skills come from, files read or written (secrets, persistence spots, package
// sources, the guard's own configuration) and configuration changes. Shell command lines are the shell detector's, except where they reach (judge-shell.ts).
// Findings carry offsets, never values.
import { Type, type Static } from "@sinclair/typebox";
import { budgetOf } from "../../engine/budget.ts";
import { abstain, type DetectorDefinition, type DetectorOutcome, type InspectedEvent } from "../../engine/detector.ts";
import { type Decision, type Finding, mostSevere } from "../../wire/verdict.ts";
import { CHECKS, DETECTOR_ID, type Hit, decisionOf, toFinding } from "./checks.ts";
import { compileHostList } from "./host-list.ts";
import { type Judged, judgeConfigChange, judgeFileEvent, judgeMcpConnect, judgeNetwork, judgeSkillLoad, judgeToolCall } from "./judge-events.ts";
import type { EgressOptions } from "./judge-host.ts";
import { judgeShellCommand } from "./judge-shell.ts";
import { judgeModelCalls } from "./model-calls.ts";
import { isShellTool } from "./tool-names.ts";

const HostEntries = Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 4096 });

export const EgressConfig = Type.Object(
  {
    /** Loopback destinations (local dev servers) are allowed with an info finding; off, they need approval. */
    allow_loopback: Type.Optional(Type.Boolean()),
    /** Hosts (and their subdomains), IPv4 addresses or CIDR blocks never flagged: allow wins. */
    allow_hosts: Type.Optional(HostEntries),
    /** Hosts (and their subdomains), IPv4 addresses or CIDR blocks always blocked. */
    deny_hosts: Type.Optional(HostEntries),
  },
  { additionalProperties: false },
);
export type EgressConfig = Static<typeof EgressConfig>;

const DEFAULTS = { allow_loopback: true, allow_hosts: [], deny_hosts: [] } satisfies Required<EgressConfig>;

function judgeEvent(input: InspectedEvent, opts: EgressOptions): Judged {
  const payload = input.event.payload;
  switch (input.event.kind) {
    case "network":
      return judgeNetwork(payload, opts);
    case "file":
      return judgeFileEvent(payload, opts);
    case "exec":
      return judgeShellCommand(input.event, opts, budgetOf(input), input);
    case "tool_call":
      return typeof payload.name === "string" && isShellTool(payload.name)
        ? judgeShellCommand(input.event, opts, budgetOf(input), input)
        : judgeToolCall(payload, opts);
    case "mcp_connect":
      return judgeMcpConnect(payload, opts);
    case "skill_load":
      return judgeSkillLoad(payload, opts);
    case "config_change":
      return judgeConfigChange(payload);
    case "model_output":
      return judgeModelCalls(input.event, opts, budgetOf(input));
    default:
      return { abstain: `does not handle kind ${input.event.kind}` };
  }
}

/** One finding per check and span, in the order found. */
function dedupe(hits: readonly Hit[]): Hit[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    const key = `${hit.check}|${hit.path}|${hit.start}|${hit.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function summarise(hits: readonly Hit[]): DetectorOutcome {
  if (hits.length === 0) return { decision: "allow", reasons: ["no risky destination, file or configuration change"], findings: [] };
  let decision: Decision = "allow";
  const counts = new Map<string, number>();
  for (const hit of hits) {
    decision = mostSevere(decision, decisionOf(hit));
    const title = CHECKS[hit.check].title;
    counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  const findings: Finding[] = hits.map(toFinding);
  const reasons = [...counts].map(([title, n]) => (n > 1 ? `${title} (${n})` : title));
  return { decision, reasons, findings, confidence: Math.max(...findings.map((f) => f.score ?? 0)) };
}

function inspectEvent(input: InspectedEvent, opts: EgressOptions): DetectorOutcome {
  const judged = judgeEvent(input, opts);
  const outcome = "abstain" in judged ? abstain(judged.abstain) : summarise(dedupe(judged));
  const unextracted = input.unextracted();
  if (unextracted.length > 0) {
    outcome.unjudged = [...unextracted];
    outcome.reasons.push(`${unextracted.length} field(s) too large or too deep to judge`);
  }
  return outcome;
}

export const egressDetector: DetectorDefinition<EgressConfig> = {
  id: DETECTOR_ID,
  description:
    "Judges where actions reach: SSRF to metadata, loopback and private addresses in any form, exfiltration services, secret and persistence files, guard configuration changes.",
  judges: ["security"],
  kinds: ["network", "file", "tool_call", "exec", "mcp_connect", "skill_load", "config_change", "model_output"],
  // Hosts, ports, paths and config targets are the structure `metadata_only` keeps, so those
  // events stay judgeable; a tool call without its arguments abstains on its own.
  encodings: ["raw", "redacted", "metadata_only"],
  configSchema: EgressConfig,
  defaultConfig: { ...DEFAULTS },
  create(config) {
    const resolved = { ...DEFAULTS, ...config };
    const opts: EgressOptions = {
      allowLoopback: resolved.allow_loopback,
      allow: compileHostList(resolved.allow_hosts),
      deny: compileHostList(resolved.deny_hosts),
    };
    return { inspect: (input) => inspectEvent(input, opts) };
  },
};
