// Check ids, their titles and categories, and the one place findings are built. Titles are
// generic: nothing here ever echoes matched text, hosts or decoded content.
import type { Decision, Finding, Severity } from "../../wire/verdict.ts";
import { APPROVAL_AT, BLOCK_AT, FINDING_AT, type Context } from "./signal-kind.ts";

export const DETECTOR_ID = "injection";

export const CATEGORY = {
  data: "security.prompt_injection",
  user: "security.jailbreak",
  definition: "security.tool_poisoning",
  output: "security.data_exfiltration",
} as const;

const TITLES: Record<string, string> = {
  "injection.model": "Text reads as an injection to the statistical tier",
  "jailbreak.model": "Prompt reads as a jailbreak to the statistical tier",
  "injection.instruction_override": "Instruction override in untrusted content",
  "injection.role_marker": "Fake role or system marker in untrusted content",
  "injection.embedded_instruction": "Instructions addressed to the model in untrusted content",
  "injection.hidden_unicode": "Invisible Unicode characters",
  "injection.encoded_instructions": "Encoded instructions in untrusted content",
  "injection.markdown_exfiltration": "Image or link that can exfiltrate data",
  "jailbreak.persona": "Jailbreak persona or roleplay framing",
  "jailbreak.instruction_override": "Request to drop instructions or safety rules",
  "jailbreak.system_prompt_extraction": "Request to reveal the system prompt",
  "jailbreak.token_repetition": "Request to repeat a token without end",
  "jailbreak.secret_request": "Request for secrets or personal data the assistant holds",
  "jailbreak.harmful_request": "Request for a procedure that causes serious harm, wrapped in a jailbreak",
  "jailbreak.fake_dialogue": "Fabricated dialogue in which the assistant complies",
  "jailbreak.payload_splitting": "Request split into joined pieces to be carried out",
  "jailbreak.adversarial_suffix": "Optimised gibberish suffix appended to a request",
  "jailbreak.hidden_unicode": "Invisible Unicode characters in a prompt",
  "jailbreak.encoded_instructions": "Encoded jailbreak instructions",
  "poisoning.hidden_instruction": "Hidden instructions in a tool or skill definition",
  "poisoning.sensitive_file": "Sensitive file referenced by a tool or skill definition",
  "poisoning.secrecy": "Definition asks to keep something from the user",
  "poisoning.cross_tool_override": "Definition overrides the behaviour of other tools",
  "poisoning.hidden_unicode": "Invisible Unicode characters in a definition",
  "poisoning.hidden_text": "Text hidden in invisible tag characters in a definition",
  "poisoning.tool_shadowing": "Definition takes over calls meant for another tool",
  "poisoning.approval_claim": "Definition claims the user already approved its actions",
  "poisoning.command_directive": "Definition tells the model to run a command",
  "poisoning.argument_forwarding": "Definition sends what the tool is given to a fixed destination",
  "poisoning.server_credential_mount": "MCP server container is given the user's credential directories",
  "poisoning.server_lookalike_publisher": "MCP server package or image from a look-alike of a known publisher",
  "poisoning.secret_request": "Definition sends the model to fetch a secret",
  "poisoning.memory_write": "Definition writes instructions into agent memory files",
  "poisoning.harmful_step": "Definition shows a command or script with a harmful effect",
  "poisoning.concealment": "Definition asks to keep a step from the user",
  "poisoning.safety_bypass": "Definition turns off the agent's permission prompts or guards",
  "poisoning.encoded_instructions": "Encoded instructions in a definition",
  "poisoning.markdown_exfiltration": "Image or link that can exfiltrate data in a definition",
};

/** Check id prefix per context, for checks every context shares. */
export const PREFIX: Record<Context, string> = { data: "injection", user: "jailbreak", definition: "poisoning" };

export interface Scored {
  finding: Finding;
  decision: Decision;
}

export interface FindingSpec {
  category: string;
  checkId: string;
  severity: Severity;
  score: number;
  path?: string;
  start?: number;
  end?: number;
}

export function createFinding(spec: FindingSpec): Finding {
  const finding: Finding = {
    category: spec.category,
    severity: spec.severity,
    check_id: spec.checkId,
    title: TITLES[spec.checkId] ?? "Prompt injection signal",
    score: Math.round(spec.score * 100) / 100,
    detector: DETECTOR_ID,
  };
  if (spec.path !== undefined) {
    finding.path = spec.path;
    finding.start = spec.start;
    finding.end = spec.end;
  }
  return finding;
}

/** Score to decision and severity. Jailbreaks are the principal's own words: never block them. */
export function decide(score: number, context: Context | "output"): { decision: Decision; severity: Severity } {
  if (context === "user") {
    if (score >= APPROVAL_AT) return { decision: "require_approval", severity: "high" };
    return { decision: "allow", severity: score >= 0.45 ? "medium" : "low" };
  }
  if (score >= BLOCK_AT) return { decision: "block", severity: context === "definition" ? "critical" : "high" };
  if (score >= APPROVAL_AT) return { decision: "require_approval", severity: context === "definition" ? "high" : "medium" };
  return { decision: "allow", severity: score >= FINDING_AT ? "low" : "info" };
}
