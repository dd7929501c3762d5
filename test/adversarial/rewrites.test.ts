// Property 3 against the compiled binary: a rewritten action still goes through the harness's own
// permission flow. The red-team's technique (a secret appended to a command so that warden's
// redaction answers `allow` and the harness never asks) through the HTTP hook and the command hook.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { answerOf } from "../hook-fixtures.ts";
import { SLOW_TEST_MS } from "../helpers.ts";
import { startAdversary, type Adversary } from "./harness.ts";

setDefaultTimeout(SLOW_TEST_MS);
let a: Adversary;
beforeAll(async () => (a = await startAdversary()));
afterAll(async () => a[Symbol.asyncDispose]());

const KEY = ["AKIA", "Q3EGRVXM", "5PLTZ7WB"].join("");
const input = (id: string, command: string, permission_mode = "default") => ({
  session_id: "adv-rewrite", cwd: "/home/dev/app", permission_mode, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: id,
});

async function viaHttp(body: Record<string, unknown>, path: string) {
  const res = await fetch(`${a.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return answerOf("PreToolUse", (await res.json()) as Record<string, unknown>);
}

async function viaCommand(body: Record<string, unknown>, harness: string, env: Record<string, string> = {}) {
  const proc = Bun.spawn([a.binary, "hook", harness], { stdin: new TextEncoder().encode(JSON.stringify(body)), stdout: "pipe", stderr: "pipe", env: { ...a.env, ...env } });
  const [out] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  return answerOf("PreToolUse", JSON.parse(out || "{}"));
}

test("a secret in a comment turns nothing into a silent allow, at any door", async () => {
  const command = `rm -rf ./src # ${KEY}`;
  const interactive = [await viaHttp(input("t1", command), "/hooks/claude-code"), await viaCommand(input("t2", command), "claude-code")];
  for (const answer of interactive) {
    expect(answer).toMatchObject({ answer: "rewrite", confirm: true });
    expect(JSON.stringify(answer.updatedInput)).not.toContain(KEY);
  }
  const nobodyToAsk = [
    await viaHttp(input("t3", command), "/hooks/claude-code?mode=headless"),
    await viaHttp(input("t4", command, "bypassPermissions"), "/hooks/claude-code"),
    await viaCommand(input("t5", command), "claude-code", { WARDEN_HOOK_MODE: "headless" }),
    await viaHttp(input("t6", command), "/hooks/codex"),
    await viaCommand(input("t7", command), "codex"),
  ];
  expect(nobodyToAsk.map((x) => x.answer)).toEqual(["deny", "deny", "deny", "deny", "deny"]);
});
