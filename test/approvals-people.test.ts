// Only a person approves, and only what they saw (issue 15, property 2). Nothing an agent can send
// with the workspace key approves anything; a harness prompt's yes counts only where warden asked
// for that exact action; approving and using an approval is one step; an approval binds the whole
// action. Attack text is data sent to warden, never run.
import { describe, expect, test } from "bun:test";
import type { Verdict } from "../src/wire/verdict.ts";
import { answerOf } from "./hook-fixtures.ts";
import { makeEvent, startWarden, type TestWarden } from "./helpers.ts";

const RC = "/home/dev/.bashrc";
const ALIAS = "neofetch\n";
const TAKEOVER = 'PROMPT_COMMAND="python3 /tmp/.x/agent.py &"\n';
const RISKY = "echo 'neofetch' >> ~/.bashrc";

const bashHook = (toolUseId: string, command = RISKY, event = "PreToolUse", session = "s-people") => ({
  session_id: session, cwd: "/home/dev/app", permission_mode: "default", hook_event_name: event,
  tool_name: "Bash", tool_input: { command }, tool_use_id: toolUseId, ...(event === "PostToolUse" ? { tool_response: { stdout: "", stderr: "" } } : {}),
});
const writeHook = (toolUseId: string, content: string, event = "PreToolUse") => ({
  session_id: "s-people", cwd: "/home/dev/app", permission_mode: "default", hook_event_name: event,
  tool_name: "Write", tool_input: { file_path: RC, content }, tool_use_id: toolUseId, ...(event === "PostToolUse" ? { tool_response: "ok" } : {}),
});

async function hook(w: TestWarden, body: Record<string, unknown>, path = "/hooks/claude-code") {
  const res = await w.request("POST", path, { body });
  return answerOf(String(body.hook_event_name), (await res.json()) as Record<string, unknown>).answer;
}
const approvalOf = (w: TestWarden, guardId: string) => w.runtime.storage.approvals.get("ws-test", guardId, w.clock.now());
const approve = async (w: TestWarden, guardId: string) => {
  const pending = (await approvalOf(w, guardId))!;
  expect((await w.runtime.storage.approvals.decide("ws-test", pending.approvalId, "approved", "alice", "looked fine", w.clock.now())).ok).toBe(true);
  return pending;
};

describe("nothing sent with the workspace key approves anything", () => {
  test("a Post event for a call warden never asked a person about leaves the request pending", async () => {
    await using w = await startWarden();
    for (const mode of ["headless", "interactive"] as const) {
      const id = `toolu_forged_${mode}`;
      // Headless: warden denied with a queue pointer, it asked nobody. Interactive: no Pre event at all,
      // the request was created by a plain evaluate.
      if (mode === "headless") expect(await hook(w, bashHook(id), "/hooks/claude-code?mode=headless")).toBe("deny");
      else await w.evaluate(makeEvent({ guard_id: id, session_id: "s-people", payload: { name: "Bash", arguments: { command: RISKY } } }));
      await hook(w, bashHook(id, RISKY, "PostToolUse"));
      expect({ mode, status: (await approvalOf(w, id))?.status }).toEqual({ mode, status: "pending" });
    }
  });

  test("a Post event naming another action than the one warden asked about approves nothing", async () => {
    await using w = await startWarden();
    expect(await hook(w, writeHook("toolu_swap", ALIAS + TAKEOVER))).toBe("ask");
    await hook(w, writeHook("toolu_swap", ALIAS, "PostToolUse"));
    expect((await approvalOf(w, "toolu_swap"))?.status).toBe("pending");
  });

  test("Codex cannot ask, so its Post events never approve", async () => {
    await using w = await startWarden();
    expect(await hook(w, bashHook("call_cx"), "/hooks/codex")).toBe("deny");
    await hook(w, bashHook("call_cx", RISKY, "PostToolUse"), "/hooks/codex");
    expect((await approvalOf(w, "call_cx"))?.status).toBe("pending");
  });

  test("a yes at the prompt warden asked for answers that call only: no retry, no later evaluate", async () => {
    await using w = await startWarden();
    expect(await hook(w, bashHook("toolu_yes"))).toBe("ask");
    // After the person's yes the tool's output is not held against it (issue 18 item 4): the model
    // is not told that the output of what its user approved is suspect.
    const after = await w.request("POST", "/hooks/claude-code", { body: bashHook("toolu_yes", RISKY, "PostToolUse") });
    expect(await after.json()).toEqual({});
    expect(await approvalOf(w, "toolu_yes")).toMatchObject({ status: "approved", decidedVia: "harness_prompt", claimedBy: "toolu_yes" });
    expect(await hook(w, bashHook("toolu_retry"), "/hooks/claude-code?mode=headless")).toBe("deny");
    const again = (await (await w.evaluate(makeEvent({ guard_id: "toolu_yes", session_id: "s-people", payload: { name: "Bash", arguments: { command: RISKY } } }))).json()) as Verdict;
    expect(again.decision).toBe("block");
    // And it vouches for nothing a PEP could present: no receipt.
    const poll = (await (await w.request("GET", "/v1/approvals?guard_id=toolu_yes")).json()) as Record<string, unknown>;
    expect(poll.status).toBe("approved");
    expect(poll.receipt).toBeUndefined();
  });
});

describe("using an approval is one step", () => {
  test("fifteen concurrent retries of an approved action: exactly one passes", async () => {
    await using w = await startWarden();
    expect(await hook(w, bashHook("toolu_c0"), "/hooks/claude-code?mode=headless")).toBe("deny");
    await approve(w, "toolu_c0");
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => hook(w, bashHook(`toolu_c${i + 1}`), "/hooks/claude-code?mode=headless")));
    expect(answers.filter((a) => a === "pass").length).toBe(1);
  });

  test("a yes at the prompt racing a retry under a new id: the retry never gets it", async () => {
    await using w = await startWarden();
    expect(await hook(w, bashHook("toolu_r0"))).toBe("ask");
    const [, ...retries] = await Promise.all([
      hook(w, bashHook("toolu_r0", RISKY, "PostToolUse")),
      ...Array.from({ length: 10 }, (_, i) => hook(w, bashHook(`toolu_r${i + 1}`), "/hooks/claude-code?mode=headless")),
    ]);
    expect(retries.every((a) => a === "deny")).toBe(true);
  });

  test("an operator approval is used by the first evaluate of its guard_id, and a partial one uses nothing", async () => {
    await using w = await startWarden();
    const event = () => makeEvent({ guard_id: "g-once", session_id: "s-people", payload: { name: "Bash", arguments: { command: RISKY } } });
    expect(((await (await w.evaluate(event())).json()) as Verdict).decision).toBe("require_approval");
    await approve(w, "g-once");
    const partial = (await (await w.evaluate(event(), { "svc-partial": "1" })).json()) as Verdict;
    expect(partial.decision).toBe("allow");
    expect((await approvalOf(w, "g-once"))?.claimedBy).toBeNull();
    expect(((await (await w.evaluate(event())).json()) as Verdict).decision).toBe("allow");
    expect(((await (await w.evaluate(event())).json()) as Verdict).decision).toBe("block");
  });
});

describe("an approval binds the whole action", () => {
  test("approving a harmless .bashrc line does not let another write to the same path through", async () => {
    await using w = await startWarden();
    expect(await hook(w, writeHook("toolu_w1", ALIAS), "/hooks/claude-code?mode=headless")).toBe("deny");
    await approve(w, "toolu_w1");
    expect(await hook(w, writeHook("toolu_w2", TAKEOVER), "/hooks/claude-code?mode=headless")).toBe("deny");
    expect(await hook(w, writeHook("toolu_w3", ALIAS), "/hooks/claude-code?mode=headless")).toBe("pass");
  });

  test("the approver is shown the whole action, secrets masked", async () => {
    await using w = await startWarden();
    const key = ["AKIA", "Q3EGRVXM", "5PLTZ7WB"].join("");
    await hook(w, writeHook("toolu_show", `${TAKEOVER}export AWS_ACCESS_KEY_ID=${key}\n`), "/hooks/claude-code?mode=headless");
    const shown = (await approvalOf(w, "toolu_show"))!.digestInput!;
    expect(shown).toContain("PROMPT_COMMAND");
    expect(shown).toContain(RC);
    expect(shown).not.toContain(key);
    expect(shown).toContain("[masked security.secret_leak");
  });
});
