// Reads a harness's hook input (Claude Code and Codex share the shape: `hook_event_name`,
// `session_id`, `tool_name`, `tool_input`, `tool_use_id`, ...). Loose on purpose: harnesses add
// fields between releases, and an unknown field must never make warden stop judging.
import type { ToolInput } from "./tool-mapping.ts";

export const HARNESSES = ["claude-code", "codex"] as const;
export type Harness = (typeof HARNESSES)[number];

export const isHarness = (value: string): value is Harness => (HARNESSES as readonly string[]).includes(value);

export interface HookInput {
  event: string;
  sessionId?: string;
  cwd?: string;
  permissionMode?: string;
  toolName?: string;
  toolInput?: ToolInput;
  toolUseId?: string;
  toolResponse?: unknown;
  prompt?: string;
  turnId?: string;
  /** Set by Claude Code inside a subagent. */
  agentId?: string;
}

export type ReadInput = { ok: true; input: HookInput } | { ok: false; message: string };

const MAX_ID = 512;

const optionalString = (value: unknown, max = MAX_ID): string | undefined =>
  typeof value === "string" && value !== "" ? value.slice(0, max) : undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest"]);

export function readHookInput(value: unknown): ReadInput {
  if (!isObject(value)) return { ok: false, message: "hook input is not a JSON object" };
  const event = optionalString(value.hook_event_name, 64);
  if (!event) return { ok: false, message: "hook input has no hook_event_name" };
  const input: HookInput = {
    event,
    sessionId: optionalString(value.session_id),
    cwd: optionalString(value.cwd, 4096),
    permissionMode: optionalString(value.permission_mode, 64),
    toolUseId: optionalString(value.tool_use_id),
    turnId: optionalString(value.turn_id),
    agentId: optionalString(value.agent_id),
  };
  if (TOOL_EVENTS.has(event)) {
    const toolName = optionalString(value.tool_name, 256);
    if (!toolName) return { ok: false, message: `${event} input has no tool_name` };
    input.toolName = toolName;
    // Codex sends some tool inputs as a bare string; they are judged as `{ input: "..." }`.
    const raw = value.tool_input;
    input.toolInput = isObject(raw) ? raw : raw === undefined || raw === null ? {} : { input: raw };
    if (event !== "PreToolUse" && event !== "PermissionRequest") input.toolResponse = value.tool_response ?? value.error;
  }
  if (event === "UserPromptSubmit") {
    if (typeof value.prompt !== "string") return { ok: false, message: "UserPromptSubmit input has no prompt" };
    input.prompt = value.prompt;
  }
  return { ok: true, input };
}
