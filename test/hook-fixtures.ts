// The harness hook fixtures (test/fixtures/hooks/*.json) and how to read a harness's answer
// back out of its hook output, shared by the HTTP, command and compiled-binary tests.
import { join } from "node:path";

export interface HookCase {
  name: string;
  input: Record<string, unknown>;
  expect: {
    answer: "pass" | "deny" | "ask" | "rewrite" | "flag";
    kind?: string;
    reasonIncludes?: string;
    updatedInputExcludes?: string;
    provenanceSource?: string;
  };
}

export const HARNESS_NAMES = ["claude-code", "codex"] as const;

export async function loadHookCases(harness: string): Promise<HookCase[]> {
  const file = (await Bun.file(join(import.meta.dir, "fixtures", "hooks", `${harness}.json`)).json()) as { cases: HookCase[] };
  return file.cases;
}

type Output = Record<string, any>;

/** What a hook output tells the harness, in the fixtures' vocabulary, and the reason shown. */
export function answerOf(event: string, output: Output): { answer: HookCase["expect"]["answer"] | "stop"; reason?: string; updatedInput?: unknown; confirm?: boolean } {
  if (output.continue === false) return { answer: "stop", reason: output.stopReason };
  const specific = output.hookSpecificOutput ?? {};
  // A changed input: with `ask` the person at the harness's prompt sees it before it runs.
  if ((specific.permissionDecision === "allow" || specific.permissionDecision === "ask") && specific.updatedInput) {
    return { answer: "rewrite", reason: specific.permissionDecisionReason, updatedInput: specific.updatedInput, confirm: specific.permissionDecision === "ask" };
  }
  if (specific.permissionDecision === "deny" || specific.permissionDecision === "ask") {
    return { answer: specific.permissionDecision, reason: specific.permissionDecisionReason };
  }
  if (specific.decision?.behavior === "deny") return { answer: "deny", reason: specific.decision.message };
  if (output.decision === "block") {
    return { answer: event.startsWith("PostToolUse") ? "flag" : "deny", reason: output.reason };
  }
  return { answer: "pass" };
}
