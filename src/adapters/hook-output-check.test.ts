// The hook's answer check accepts every output warden renders for a harness and event, and
// nothing a harness would read differently.
import { describe, expect, test } from "bun:test";
import type { HookAnswer } from "./hook-answer.ts";
import { isHookOutputFor } from "./hook-output-check.ts";
import { HARNESSES } from "./hook-input.ts";
import { renderHookOutput, unreadableOutput } from "./hook-output.ts";

const ANSWERS: HookAnswer[] = [
  { type: "pass" },
  { type: "deny", reason: "r" },
  { type: "ask", reason: "r" },
  { type: "rewrite", reason: "r", input: { command: "x" }, confirm: true },
  { type: "rewrite", reason: "r", input: { command: "x" }, confirm: false },
  { type: "flag", reason: "r" },
  { type: "flag", reason: "r", replacedOutput: "o" },
];
const EVENTS = ["PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart", "Stop"];
/** Codex can neither ask a person nor run a rewritten input: warden never answers it so. */
const producible = (harness: string, answer: HookAnswer) => harness === "claude-code" || (answer.type !== "ask" && answer.type !== "rewrite");

describe("isHookOutputFor", () => {
  test("every output warden renders is accepted for its harness and event", () => {
    for (const harness of HARNESSES) {
      for (const event of EVENTS) {
        for (const answer of ANSWERS.filter((a) => producible(harness, a))) {
          const output = renderHookOutput(event, answer);
          expect({ harness, event, answer: answer.type, ok: isHookOutputFor(harness, event, output) }).toEqual({ harness, event, answer: answer.type, ok: true });
        }
        expect(isHookOutputFor(harness, event, unreadableOutput("x"))).toBe(true);
      }
    }
  });

  test("what warden never sends is refused", () => {
    const pre = (out: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecisionReason: "r", ...out } });
    expect(isHookOutputFor("codex", "PreToolUse", renderHookOutput("PreToolUse", { type: "ask", reason: "r" }))).toBe(false);
    expect(isHookOutputFor("codex", "PreToolUse", renderHookOutput("PreToolUse", { type: "rewrite", reason: "r", input: {}, confirm: true }))).toBe(false);
    expect(isHookOutputFor("claude-code", "PreToolUse", pre({ permissionDecision: "allow" }))).toBe(false);
    expect(isHookOutputFor("claude-code", "PreToolUse", pre({ permissionDecision: "deny", extra: 1 }))).toBe(false);
    expect(isHookOutputFor("claude-code", "PermissionRequest", pre({ permissionDecision: "deny" }))).toBe(false);
    expect(isHookOutputFor("claude-code", "SessionStart", { decision: "block", reason: "r" })).toBe(false);
    expect(isHookOutputFor("claude-code", "UserPromptSubmit", { decision: "approve", reason: "r" })).toBe(false);
    expect(isHookOutputFor("claude-code", "PostToolUse", { decision: "block", reason: "r", hookSpecificOutput: { hookEventName: "PostToolUseFailure", updatedMCPToolOutput: "" } })).toBe(false);
    for (const junk of [null, [], "{}", 1, { status: "ok" }, { continue: true }, { continue: false }, JSON.parse('{"__proto__": {"x": 1}}')]) {
      expect(isHookOutputFor("claude-code", "PreToolUse", junk)).toBe(false);
    }
  });
});
