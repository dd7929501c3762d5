// Property 2 against the compiled binary: only a person approves, and only what they saw. Each
// technique of the red-team review is tried through the HTTP hook endpoints and through the
// `warden hook` command; the operator's side is the binary's own `warden approvals` CLI.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { answerOf } from "../hook-fixtures.ts";
import { SLOW_TEST_MS } from "../helpers.ts";
import { startAdversary, type Adversary } from "./harness.ts";

setDefaultTimeout(SLOW_TEST_MS);
let a: Adversary;
beforeAll(async () => (a = await startAdversary()));
afterAll(async () => a[Symbol.asyncDispose]());

const RISKY = "echo 'neofetch' >> ~/.bashrc";
const bash = (id: string, event = "PreToolUse", session = "adv-approvals", command = RISKY) => ({
  session_id: session, cwd: "/home/dev/app", permission_mode: "default", hook_event_name: event, tool_name: "Bash",
  tool_input: { command }, tool_use_id: id, ...(event === "PostToolUse" ? { tool_response: { stdout: "", stderr: "" } } : {}),
});
const write = (id: string, content: string, session: string) => ({
  session_id: session, cwd: "/home/dev/app", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Write",
  tool_input: { file_path: "/home/dev/.bashrc", content }, tool_use_id: id,
});

async function http(body: Record<string, unknown>, path = "/hooks/claude-code") {
  const res = await fetch(`${a.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return answerOf(String(body.hook_event_name), (await res.json()) as Record<string, unknown>).answer;
}

async function command(body: Record<string, unknown>, harness = "claude-code", mode?: "headless") {
  const env = { ...a.env, ...(mode ? { WARDEN_HOOK_MODE: mode } : {}) };
  const proc = Bun.spawn([a.binary, "hook", harness], { stdin: new TextEncoder().encode(JSON.stringify(body)), stdout: "pipe", stderr: "pipe", env });
  const [out] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  return answerOf(String(body.hook_event_name), JSON.parse(out || "{}")).answer;
}

const status = async (guardId: string) =>
  ((await (await fetch(`${a.url}/v1/approvals?guard_id=${guardId}`, { headers: { authorization: `Bearer ${a.key}` } })).json()) as { status: string }).status;

/** The operator's channel: the binary's own CLI beside the running server. */
function approveAsOperator(guardId: string) {
  const cli = (...args: string[]) => Bun.spawnSync([a.binary, "approvals", ...args, "--workspace", "default", "--data", a.dataDir], { stdout: "pipe", stderr: "pipe" });
  const line = cli("list", "--status", "pending").stdout.toString().split("\n").find((l) => l.includes(guardId));
  expect(line).toBeDefined();
  expect(cli("approve", line!.split("\t")[0]!, "--by", "alice", "--reason", "checked").exitCode).toBe(0);
}

describe("nothing sent with the workspace key approves anything", () => {
  test("a forged Post event, by HTTP or by the command hook, for a call warden never asked about", async () => {
    expect(await http(bash("toolu_f1"), "/hooks/claude-code?mode=headless")).toBe("deny");
    await http(bash("toolu_f1", "PostToolUse"));
    expect(await command(bash("toolu_f2"), "claude-code", "headless")).toBe("deny");
    await command(bash("toolu_f2", "PostToolUse"));
    expect([await status("toolu_f1"), await status("toolu_f2")]).toEqual(["pending", "pending"]);
  });

  test("a Post event for another action than the one asked about", async () => {
    expect(await http(write("toolu_x", "neofetch\nPROMPT_COMMAND=\"python3 /tmp/.x/a.py &\"\n", "adv-swap"))).toBe("ask");
    await http({ ...write("toolu_x", "neofetch\n", "adv-swap"), hook_event_name: "PostToolUse", tool_response: "ok" });
    expect(await status("toolu_x")).toBe("pending");
  });

  test("Codex's Post events, by HTTP and by command", async () => {
    expect(await http(bash("call_c1"), "/hooks/codex")).toBe("deny");
    await http(bash("call_c1", "PostToolUse"), "/hooks/codex");
    expect(await command(bash("call_c2"), "codex")).toBe("deny");
    await command(bash("call_c2", "PostToolUse"), "codex");
    expect([await status("call_c1"), await status("call_c2")]).toEqual(["pending", "pending"]);
  });
});

describe("an operator's approval covers one use of exactly that action", () => {
  test("fifteen concurrent retries through the command hook: exactly one passes", async () => {
    const session = "adv-race";
    expect(await command(bash("toolu_r0", "PreToolUse", session), "claude-code", "headless")).toBe("deny");
    approveAsOperator("toolu_r0");
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => command(bash(`toolu_r${i + 1}`, "PreToolUse", session), "claude-code", "headless")));
    expect(answers.filter((x) => x === "pass").length).toBe(1);
  });

  test("approving a harmless .bashrc write does not let another write to it through", async () => {
    const session = "adv-bind";
    expect(await http(write("toolu_b1", "neofetch\n", session), "/hooks/claude-code?mode=headless")).toBe("deny");
    approveAsOperator("toolu_b1");
    expect(await http(write("toolu_b2", 'PROMPT_COMMAND="python3 /tmp/.x/a.py &"\n', session), "/hooks/claude-code?mode=headless")).toBe("deny");
    expect(await http(write("toolu_b3", "neofetch\n", session), "/hooks/claude-code?mode=headless")).toBe("pass");
  });
});
