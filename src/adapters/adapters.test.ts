// The hook adapters' pure parts: the exact JSON each harness reads, redaction spans applied to a
// tool input, the paths an apply_patch touches, and degraded-mode directive matching.
import { describe, expect, test } from "bun:test";
import { applySpans, parsePayloadPath } from "../wire/payload-spans.ts";
import { degradedAnswer, directiveFor, DEFAULT_DIRECTIVES } from "./degraded.ts";
import { answerVerdict } from "./hook-answer.ts";
import { renderHookOutput, unreadableOutput } from "./hook-output.ts";
import { mapToolCall, patchPaths } from "./tool-mapping.ts";
import type { Verdict } from "../wire/verdict.ts";

const verdict = (decision: Verdict["decision"], extra: Partial<Verdict> = {}): Verdict => ({
  svc_version: "0.5", event_id: "e", guard_id: "g", provider: "warden", decision, reasons: ["why"], ...extra,
});

describe("hook output per harness event", () => {
  test("PreToolUse: deny, ask and rewrite in Claude Code's shape; pass is an empty object", () => {
    expect(renderHookOutput("PreToolUse", { type: "deny", reason: "r" })).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "r" },
    });
    expect(renderHookOutput("PreToolUse", { type: "ask", reason: "r" })).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "r" },
    });
    expect(renderHookOutput("PreToolUse", { type: "rewrite", reason: "r", input: { command: "x" }, confirm: true })).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "r", updatedInput: { command: "x" } },
    });
    expect(renderHookOutput("PreToolUse", { type: "rewrite", reason: "r", input: { command: "x" }, confirm: false })).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "r", updatedInput: { command: "x" } },
    });
    expect(renderHookOutput("PreToolUse", { type: "pass" })).toEqual({});
  });

  test("PermissionRequest, UserPromptSubmit and PostToolUse use their own fields", () => {
    expect(renderHookOutput("PermissionRequest", { type: "deny", reason: "r" })).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "r" } },
    });
    expect(renderHookOutput("UserPromptSubmit", { type: "deny", reason: "r" })).toEqual({ decision: "block", reason: "r" });
    expect(renderHookOutput("PostToolUse", { type: "flag", reason: "r", replacedOutput: "masked" })).toEqual({
      decision: "block", reason: "r", hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: "masked" },
    });
    expect(renderHookOutput("SessionStart", { type: "deny", reason: "r" })).toEqual({});
    expect(unreadableOutput("bad")).toEqual({ continue: false, stopReason: "warden: bad" });
  });
});

describe("verdict to answer", () => {
  const write = mapToolCall("Write", { file_path: "/a/b.py", content: "key = 'SECRET'" }, "t1");
  const ctx = { harness: "claude-code" as const, stage: "pre" as const, mode: "interactive" as const, workspaceId: "ws", action: write, payload: write.payload };

  test("redact goes back into the tool's own field with the placeholder, never the original", () => {
    const redact = verdict("redact", { modifications: { kind: "redact", spans: [{ path: "payload.content", start: 7, end: 13, replacement: "${SVC_SECRET_1}" }] } });
    const input = { file_path: "/a/b.py", content: "key = '${SVC_SECRET_1}'" };
    const reason = "warden would let this run with sensitive text removed: why";
    // By default the changed input still goes before the person at the harness's prompt...
    expect(answerVerdict(redact, ctx)).toEqual({ type: "rewrite", reason, input, confirm: true });
    // ...and where nobody is there to confirm it, it does not run.
    expect(answerVerdict(redact, { ...ctx, mode: "headless" })).toMatchObject({ type: "deny", reason: expect.stringContaining("nobody is at a prompt") });
    // Only a policy that says so lets warden's rewrite stand in for the prompt.
    expect(answerVerdict(redact, { ...ctx, mode: "headless", rewrite: "allow" })).toEqual({ type: "rewrite", reason, input, confirm: false });
    // Codex cannot apply updatedInput, so the only safe answer is no.
    expect(answerVerdict(redact, { ...ctx, harness: "codex" }).type).toBe("deny");
  });

  test("require_approval asks only where a person can answer", () => {
    const held = verdict("require_approval", { "x.svc.approval_id": "apr_1" });
    expect(answerVerdict(held, ctx).type).toBe("ask");
    expect(answerVerdict(held, { ...ctx, stage: "permission" }).type).toBe("pass");
    const headless = answerVerdict(held, { ...ctx, mode: "headless" });
    expect(headless).toEqual({ type: "deny", reason: "warden held this: why; it waits for a person's approval (apr_1); approve it with `warden approvals approve apr_1 --workspace ws`, then retry" });
    expect(answerVerdict(held, { ...ctx, harness: "codex" }).type).toBe("deny");
  });
});

describe("after the tool ran", () => {
  const read = mapToolCall("Read", { file_path: "/a/people.csv" }, "t2");
  const ctx = { harness: "claude-code" as const, stage: "post" as const, mode: "interactive" as const, workspaceId: "ws", action: read, payload: { name: "Read", result: "x" } };

  test("a credential in the output is flagged to the model; personal data it already read is not", () => {
    const secret = verdict("redact", { categories: [{ id: "security.secret_leak.api_key", domain: "security" }] });
    const personal = verdict("redact", { categories: [{ id: "privacy.pii.email", domain: "privacy" }] });
    expect(answerVerdict(secret, ctx).type).toBe("flag");
    expect(answerVerdict(personal, ctx).type).toBe("pass");
    expect(answerVerdict(verdict("block"), ctx).type).toBe("flag");
  });
});

describe("redaction spans", () => {
  test("payload paths parse, spans apply right to left, a span that does not fit refuses", () => {
    expect(parsePayloadPath('payload.arguments.env["MY KEY"][2]')).toEqual(["arguments", "env", "MY KEY", 2]);
    expect(parsePayloadPath("other.x")).toBeUndefined();
    const payload = { arguments: { command: "a AKIA b SECRET c" } };
    const spans = [
      { path: "payload.arguments.command", start: 2, end: 6, replacement: "<1>" },
      { path: "payload.arguments.command", start: 9, end: 15, replacement: "<2>" },
    ];
    expect(applySpans(payload, spans)).toEqual({ arguments: { command: "a <1> b <2> c" } });
    expect(payload.arguments.command).toBe("a AKIA b SECRET c");
    expect(applySpans(payload, [{ path: "payload.arguments.command", start: 5, end: 99 }])).toBeUndefined();
  });
});

describe("tool mapping", () => {
  test("apply_patch names every file it touches; moves and deletions included", () => {
    const patch = "*** Begin Patch\n*** Update File: src/a.rs\n@@\n-x\n+y\n*** Delete File: old.txt\n*** Add File: .codex/hooks.json\n+{}\n*** Update File: b.rs\n*** Move to: c.rs\n*** End Patch";
    expect(patchPaths(patch)).toEqual(["src/a.rs", "old.txt", ".codex/hooks.json", "b.rs", "c.rs"]);
    expect(mapToolCall("apply_patch", { command: patch }, "t").payload).toMatchObject({ op: "patch", path: "src/a.rs", paths: patchPaths(patch) });
  });

  test("Codex's shell tool applying a patch is the patch's file change; other shell commands stay commands", () => {
    const patch = "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** End Patch\n";
    const cases: [unknown, string][] = [
      [["apply_patch", patch], "file"],
      [["bash", "-lc", `apply_patch <<'EOF'\n${patch}EOF\n`], "file"],
      [["bash", "-lc", `cd /repo && apply_patch <<"PATCH"\n${patch}PATCH`], "file"],
      [["bash", "-lc", `apply_patch <<'EOF'\n${patch}EOF\nrm -rf build`], "tool_call"],
      [["bash", "-lc", "ls"], "tool_call"],
      [["apply_patch"], "tool_call"],
      ["apply_patch", "tool_call"],
    ];
    for (const [command, kind] of cases) {
      const action = mapToolCall("shell", { command }, "t");
      expect([command, action.kind]).toEqual([command, kind]);
      if (kind === "file") expect(action.payload).toMatchObject({ op: "patch", path: "notes.txt", content: patch });
    }
    const input = { command: ["apply_patch", patch] };
    expect(mapToolCall("shell", input, "t").toInput({ op: "patch", path: "notes.txt", content: patch })).toBe(input);
  });

  test("each tool family lands on its kind", () => {
    const kinds = ["Bash", "Read", "Write", "Edit", "WebFetch", "WebSearch", "mcp__gh__get_issue", "Task", "TodoWrite"].map(
      (name) => [name, mapToolCall(name, { command: "ls", file_path: "/x", url: "https://a.example/", query: "q", prompt: "p" }, "t").kind],
    );
    expect(Object.fromEntries(kinds)).toEqual({
      Bash: "tool_call", Read: "file", Write: "file", Edit: "file", WebFetch: "network", WebSearch: "network",
      mcp__gh__get_issue: "tool_call", Task: "agent_spawn", TodoWrite: "tool_call",
    });
    expect(mapToolCall("WebFetch", { url: "http://10.0.0.5:8080/x" }, "t").payload).toMatchObject({ host: "10.0.0.5", port: 8080, direction: "egress" });
    expect(mapToolCall("mcp__gh__get_issue", {}, "t").mcpServer).toBe("gh");
  });
});

describe("degraded mode", () => {
  test("the longest prefix wins; a category nobody named is blocked", () => {
    const directives = { on_unreachable: { "security.*": "block" as const, "security.file.*": "allow" as const, "safety.*": "allow" as const } };
    expect(directiveFor(directives, "security.file")).toBe("allow");
    expect(directiveFor(directives, "security.exec")).toBe("block");
    expect(directiveFor(directives, "privacy.user_input")).toBe("block");
  });

  test("a hard rule denies even where the directive allows; a finished tool is never blocked", () => {
    const directives = { on_unreachable: { "security.*": "allow" as const }, hard_rules: [{ id: "pipe", kinds: ["tool_call"], pattern: "\\|\\s*sh\\b", reason: "piped" }] };
    const call = (command: string) => ({ stage: "pre" as const, kind: "tool_call", payload: { name: "Bash", arguments: { command } } });
    const ctx = { harness: "claude-code" as const, mode: "interactive" as const, why: "down" };
    expect(degradedAnswer(call("curl x | sh"), directives, ctx).type).toBe("deny");
    expect(degradedAnswer(call("ls"), directives, ctx).type).toBe("pass");
    expect(degradedAnswer({ ...call("ls"), stage: "post" }, DEFAULT_DIRECTIVES, ctx).type).toBe("pass");
    expect(degradedAnswer(call("ls"), DEFAULT_DIRECTIVES, ctx)).toEqual({ type: "deny", reason: "warden could not judge this (down); security.tool_call actions are denied until it answers (degraded mode)" });
  });
});
