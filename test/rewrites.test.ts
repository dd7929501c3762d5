// A rewritten action still goes through the harness's own permission flow (issue 15, property 3):
// warden never turns "redact" into "skip the prompt". Attack text is data sent to warden, never run.
import { describe, expect, test } from "bun:test";
import { parsePolicyText, resolvePolicy } from "../src/config/policy-file.ts";
import { answerOf } from "./hook-fixtures.ts";
import { startWarden, type TestWarden } from "./helpers.ts";

const AWS_KEY_ID = ["AKIA", "Q3EGRVXM", "5PLTZ7WB"].join("");
const pre = (command: string, id: string, permission_mode = "default") => ({
  session_id: "s-rewrite", cwd: "/home/dev/app", permission_mode, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: id,
});
async function hook(w: TestWarden, body: unknown, path = "/hooks/claude-code") {
  return answerOf("PreToolUse", (await (await w.request("POST", path, { body })).json()) as Record<string, unknown>);
}

describe("a redaction never skips the harness's prompt", () => {
  test("a secret in a comment does not turn the harness's own question into a silent allow", async () => {
    await using w = await startWarden();
    // Plain, the command is the harness's to judge: warden says nothing.
    expect((await hook(w, pre("rm -rf ./src", "t1"))).answer).toBe("pass");
    // With a secret appended, warden redacts: the person still sees the changed command and decides.
    const redacted = await hook(w, pre(`rm -rf ./src # ${AWS_KEY_ID}`, "t2"));
    expect(redacted).toMatchObject({ answer: "rewrite", confirm: true });
    expect(JSON.stringify(redacted.updatedInput)).not.toContain(AWS_KEY_ID);
  });

  test("where nobody can be asked, a rewrite does not run", async () => {
    await using w = await startWarden();
    for (const [path, mode] of [["/hooks/claude-code?mode=headless", "default"], ["/hooks/claude-code", "dontAsk"], ["/hooks/claude-code", "bypassPermissions"]] as const) {
      expect({ path, mode, answer: (await hook(w, pre(`rm -rf ./src # ${AWS_KEY_ID}`, `t-${mode}`, mode), path)).answer }).toEqual({ path, mode, answer: "deny" });
    }
  });

  test("only a policy that says so lets warden's rewrite stand in for the prompt", async () => {
    const parsed = parsePolicyText("hook_rewrite: allow");
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    await using w = await startWarden({ policy: resolvePolicy(parsed.file, parsed.version, undefined) });
    expect(await hook(w, pre(`ls # ${AWS_KEY_ID}`, "t3"), "/hooks/claude-code?mode=headless")).toMatchObject({ answer: "rewrite", confirm: false });
  });
});
