// What `warden hook` accepts from warden before printing it to the harness: exactly the shapes
// hook-output.ts renders for that harness and hook event, no more. Anything else (a `{}` from
// some other server on the port, a field the harness would read as permission) is not warden's
// answer, and the hook falls back to its degraded mode.
import type { Harness } from "./hook-input.ts";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);
const hasExactly = (value: Json, keys: readonly string[]) =>
  Object.keys(value).length === keys.length && keys.every((k) => Object.hasOwn(value, k));
const isText = (value: unknown): value is string => typeof value === "string";

/** `{continue: false, stopReason}`: stop the turn (input warden could not read). */
const isStop = (v: Json) => hasExactly(v, ["continue", "stopReason"]) && v.continue === false && isText(v.stopReason);

function isPreToolUse(harness: Harness, v: Json): boolean {
  const out = v.hookSpecificOutput;
  if (!hasExactly(v, ["hookSpecificOutput"]) || !isObject(out) || out.hookEventName !== "PreToolUse" || !isText(out.permissionDecisionReason)) return false;
  if (out.permissionDecision === "deny") return hasExactly(out, ["hookEventName", "permissionDecision", "permissionDecisionReason"]);
  // Only Claude Code can ask a person or run a rewritten input.
  if (harness !== "claude-code") return false;
  const rewritten = hasExactly(out, ["hookEventName", "permissionDecision", "permissionDecisionReason", "updatedInput"]) && isObject(out.updatedInput);
  // `ask` alone, or `ask` with the rewritten input the person is shown; `allow` only with a rewrite.
  if (out.permissionDecision === "ask") return hasExactly(out, ["hookEventName", "permissionDecision", "permissionDecisionReason"]) || rewritten;
  return out.permissionDecision === "allow" && rewritten;
}

function isPermissionRequest(v: Json): boolean {
  const out = v.hookSpecificOutput;
  if (!hasExactly(v, ["hookSpecificOutput"]) || !isObject(out) || !hasExactly(out, ["hookEventName", "decision"])) return false;
  const decision = out.decision;
  return out.hookEventName === "PermissionRequest" && isObject(decision) && hasExactly(decision, ["behavior", "message"]) && decision.behavior === "deny" && isText(decision.message);
}

function isPostToolUse(event: string, v: Json): boolean {
  if (v.decision !== "block" || !isText(v.reason)) return false;
  if (hasExactly(v, ["decision", "reason"])) return true;
  const out = v.hookSpecificOutput;
  return hasExactly(v, ["decision", "reason", "hookSpecificOutput"]) && isObject(out) && hasExactly(out, ["hookEventName", "updatedMCPToolOutput"])
    && out.hookEventName === event && isText(out.updatedMCPToolOutput);
}

/** True when `value` is an answer warden renders for `event` in `harness` (hook-output.ts). */
export function isHookOutputFor(harness: Harness, event: string | undefined, value: unknown): boolean {
  if (!isObject(value)) return false;
  if (hasExactly(value, []) || isStop(value)) return true;
  switch (event) {
    case "PreToolUse":
      return isPreToolUse(harness, value);
    case "PermissionRequest":
      return isPermissionRequest(value);
    case "PostToolUse":
    case "PostToolUseFailure":
      return isPostToolUse(event, value);
    case "UserPromptSubmit":
      return hasExactly(value, ["decision", "reason"]) && value.decision === "block" && isText(value.reason);
    default:
      return false;
  }
}
