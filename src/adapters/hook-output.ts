// A hook answer in the harness's own JSON (Claude Code and Codex hook outputs): `{}` lets the
// harness carry on as it would have; every other shape is documented per event by each harness.
import type { HookAnswer } from "./hook-answer.ts";

export type HookOutput = Record<string, unknown>;

function preToolUse(answer: HookAnswer): HookOutput {
  switch (answer.type) {
    case "deny":
    case "ask":
      return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: answer.type, permissionDecisionReason: answer.reason } };
    case "rewrite":
      return {
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: answer.confirm ? "ask" : "allow", permissionDecisionReason: answer.reason, updatedInput: answer.input },
      };
    default:
      return {};
  }
}

function permissionRequest(answer: HookAnswer): HookOutput {
  if (answer.type !== "deny") return {};
  return { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: answer.reason } } };
}

function postToolUse(event: string, answer: HookAnswer): HookOutput {
  if (answer.type !== "flag" && answer.type !== "deny") return {};
  const output: HookOutput = { decision: "block", reason: answer.reason };
  if (answer.type === "flag" && answer.replacedOutput !== undefined) {
    output.hookSpecificOutput = { hookEventName: event, updatedMCPToolOutput: answer.replacedOutput };
  }
  return output;
}

/** The JSON the harness reads for `event`; answers an event cannot express become `{}`. */
export function renderHookOutput(event: string, answer: HookAnswer): HookOutput {
  switch (event) {
    case "PreToolUse":
      return preToolUse(answer);
    case "PermissionRequest":
      return permissionRequest(answer);
    case "PostToolUse":
    case "PostToolUseFailure":
      return postToolUse(event, answer);
    case "UserPromptSubmit":
      return answer.type === "deny" ? { decision: "block", reason: answer.reason } : {};
    default:
      return {};
  }
}

/** What to answer when the input cannot even be read: stop the turn rather than let it run unjudged. */
export const unreadableOutput = (reason: string): HookOutput => ({ continue: false, stopReason: `warden: ${reason}` });
