// Issue 16, item 10: a policy's hard rule cannot stall a PEP. Hard rules run over agent text in
// degraded mode, in the hook, where a backtracking regular expression cannot be interrupted:
// the compiled binary refuses such a pattern when it loads a policy (`policy check`, `serve`),
// and the matcher stops running rules past its time budget and denies.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { degradedAnswer, matchHardRule } from "../../src/adapters/degraded.ts";
import { SLOW_TEST_MS, tempDir } from "../helpers.ts";
import { binary } from "./target.ts";

setDefaultTimeout(SLOW_TEST_MS);

const policyWith = (pattern: string) =>
  `hard_rules:\n  - id: custom\n    kinds: [exec, tool_call]\n    pattern: ${JSON.stringify(pattern)}\n    reason: a rule an operator wrote\n`;

async function check(policy: string) {
  using dir = tempDir("warden-hard-rules-");
  const file = join(dir.path, "policy.yaml");
  await Bun.write(file, policy);
  const proc = Bun.spawn([binary(), "policy", "check", file], { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, output: stdout + stderr };
}

describe("hard rules that backtrack without bound are refused at load", () => {
  for (const pattern of ["^(a+)+$", "(\\w+\\s?)+$", ".*.*.*=.*"]) {
    test(`policy check refuses ${pattern}, naming the rule`, async () => {
      const { code, output } = await check(policyWith(pattern));
      expect(code).not.toBe(0);
      expect(output).toContain("hard_rules.custom.pattern");
      expect(output).toContain("backtracking");
    });
  }

  test("a bounded pattern is accepted", async () => {
    expect((await check(policyWith("curl\\s+[^|]{0,512}\\|\\s*sh\\b"))).code).toBe(0);
  });
});

describe("the matcher bounds its own time", () => {
  test("rules that would run for seconds together stop at the budget and deny", () => {
    // Rules that never passed a policy load: the matcher itself must not run them to the end.
    const slow = { id: "slow", kinds: ["tool_call"], pattern: "^(a+)+$", reason: "x" };
    const action = { stage: "pre" as const, kind: "tool_call", payload: { name: "Bash", arguments: { command: `${"a".repeat(27)}!` } } };
    // None of them matches: without the budget all six would run to the end and allow.
    expect(matchHardRule([slow, slow, slow, slow, slow, slow], action)?.id).toBe("hard-rules-budget");
    const answer = degradedAnswer(action, { on_unreachable: { "*": "allow" }, hard_rules: [slow, slow, slow] }, { harness: "claude-code", mode: "interactive", why: "down" });
    expect(answer.type).toBe("deny");
  });
});
