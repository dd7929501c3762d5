// One hook input -> the GuardEvent warden judges. The harness's session_id is the session and
// its tool-use id the guard_id, so the Pre and Post events of one tool call are one decision unit.
import type { GuardEvent, Provenance } from "../wire/guard-event.ts";
import type { Harness, HookInput } from "./hook-input.ts";
import { mapToolCall, type ToolAction } from "./tool-mapping.ts";

/** Where in the tool call's life the hook fired; it decides what an answer can do. */
export type Stage = "pre" | "permission" | "post" | "prompt";

export type HookPlan =
  | { type: "judge"; stage: Stage; event: GuardEvent; action?: ToolAction; toolInput?: Record<string, unknown> }
  /** Nothing to judge (SessionStart, Stop, Notification, ...): acknowledged, not recorded. */
  | { type: "acknowledge" };

export interface PlanContext {
  now: Date;
  /** A fresh id for events the harness gives no id for (prompts). */
  mintId: () => string;
  /** Who uses the agent, when the hook client says (`warden-agent-user`). */
  agentUser?: string;
}

const MAX_RESULT_CHARS = 1 << 20;

// A Map: the hook event's name comes from the request, and `__proto__` must name no stage.
const STAGES = new Map<string, Stage>([
  ["PreToolUse", "pre"],
  ["PermissionRequest", "permission"],
  ["PostToolUse", "post"],
  ["PostToolUseFailure", "post"],
  ["UserPromptSubmit", "prompt"],
]);

/** A tool's output as the text detectors read: strings as they are, anything else as JSON. */
export function resultText(response: unknown): string {
  if (typeof response === "string") return response.slice(0, MAX_RESULT_CHARS);
  if (response === undefined || response === null) return "";
  const bash = response as { stdout?: unknown; stderr?: unknown };
  if (typeof bash.stdout === "string" || typeof bash.stderr === "string") {
    return [bash.stdout, bash.stderr].filter((s) => typeof s === "string" && s !== "").join("\n").slice(0, MAX_RESULT_CHARS);
  }
  return (JSON.stringify(response) ?? "").slice(0, MAX_RESULT_CHARS);
}

function baseEvent(harness: Harness, input: HookInput, ctx: PlanContext, ids: { eventId: string; guardId: string }) {
  const subject: NonNullable<GuardEvent["subject"]> = {
    agent_id: input.agentId ? `${harness}:${input.agentId}` : harness,
    agent_type: harness,
    // Claimed, and clamped to the channel: only a request signed with an enrolled key keeps it.
    attestation: "client_key",
  };
  if (input.agentId) subject.parent_agent_id = harness;
  if (ctx.agentUser) subject.agent_user = ctx.agentUser;
  return {
    svc_version: "0.5" as const,
    event_id: ids.eventId,
    guard_id: ids.guardId,
    ...(input.sessionId ? { session_id: input.sessionId } : {}),
    timestamp: ctx.now.toISOString(),
    observation_point: "invocation" as const,
    sensor: { id: `${harness}-hook`, class: "in_process" as const },
    subject,
  };
}

function toolEvent(harness: Harness, input: HookInput, stage: Stage, ctx: PlanContext): HookPlan {
  const toolInput = input.toolInput ?? {};
  const toolUseId = input.toolUseId ?? `${harness}:${ctx.mintId()}`;
  const action = mapToolCall(input.toolName!, toolInput, toolUseId, input.cwd);
  // A harness that retries a hook sends the same tool-use id: the same event_id makes it a duplicate.
  const base = baseEvent(harness, input, ctx, { eventId: `${harness}:${toolUseId}:${input.event}`, guardId: toolUseId });
  if (stage === "post") {
    const provenance: Provenance = { source: action.resultSource, trust: action.resultTrust, ref: action.mcpServer ?? input.toolName! };
    if (action.resultTrust === "untrusted") provenance.taint_tags = ["external_content"];
    const payload: Record<string, unknown> = { name: input.toolName!, result: resultText(input.toolResponse) };
    if (input.event === "PostToolUseFailure") payload.is_error = true;
    return { type: "judge", stage, action, toolInput, event: { ...base, kind: "tool_result", payload, provenance: [provenance] } };
  }
  const provenance: Provenance[] | undefined = action.mcpServer ? [{ source: "mcp", trust: "unverified", ref: action.mcpServer }] : undefined;
  const event: GuardEvent = { ...base, kind: action.kind, payload: action.payload, ...(provenance ? { provenance } : {}) };
  return { type: "judge", stage, action, toolInput, event };
}

export function planHook(harness: Harness, input: HookInput, ctx: PlanContext): HookPlan {
  const stage = STAGES.get(input.event);
  if (!stage) return { type: "acknowledge" };
  if (stage !== "prompt") return toolEvent(harness, input, stage, ctx);
  const id = `${harness}:prompt:${ctx.mintId()}`;
  const event: GuardEvent = {
    ...baseEvent(harness, input, ctx, { eventId: id, guardId: id }),
    kind: "user_input",
    payload: { text: input.prompt ?? "" },
    provenance: [{ source: "user", trust: "trusted" }],
  };
  return { type: "judge", stage, event };
}
