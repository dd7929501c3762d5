// `warden policy check` and a running server's reload: SIGHUP applies a good policy and keeps
// the one in force when the new file is bad.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, tempDir } from "./helpers.ts";
import { startServer } from "./process.ts";

const main = join(import.meta.dir, "..", "src", "main.ts");
const AWS_KEY_ID = ["AKIA", "Q3EGRVXM", "5PLTZ7WB"].join("");

describe("warden policy check", () => {
  test("ok for a good file, every error and exit 1 for a bad one", () => {
    using dir = tempDir();
    const good = join(dir.path, "good.yaml");
    const bad = join(dir.path, "bad.yaml");
    writeFileSync(good, "version: v1\ndecisions: { privacy.pii: { '*': allow } }\n");
    writeFileSync(bad, "decisions: { privacy.pii: { '*': maybe } }\ndetectors: { nope: { enabled: false } }\nextra: 1\n");
    const ok = Bun.spawnSync([process.execPath, main, "policy", "check", good]);
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout.toString()).toContain("ok, version v1");
    const failed = Bun.spawnSync([process.execPath, main, "policy", "check", bad], { stderr: "pipe" });
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr.toString()).toContain("extra");
    expect(failed.stderr.toString()).toContain("decisions");
  });
});

describe("policy reload", () => {
  test("SIGHUP applies a good policy and never a bad one", async () => {
    using dir = tempDir();
    const policy = join(dir.path, "policy.yaml");
    writeFileSync(policy, "version: first\n");
    const server = await startServer([process.execPath, main, "serve", "--port", "0", "--data", join(dir.path, "data"), "--policy", policy]);
    try {
      const decide = async () => {
        const res = await fetch(`${server.url}/v1/evaluate`, {
          method: "POST",
          headers: { authorization: `Bearer ${server.firstKey}`, "content-type": "application/json" },
          body: JSON.stringify(makeEvent({ kind: "user_input", payload: { text: `key ${AWS_KEY_ID}` } })),
        });
        const verdict = (await res.json()) as Verdict;
        return [verdict.decision, verdict["x.svc.policy_version"]];
      };
      const waitFor = async (expected: string[]) => {
        let seen = await decide();
        for (let i = 0; i < 100 && JSON.stringify(seen) !== JSON.stringify(expected); i++) {
          await Bun.sleep(50); // the reload is asynchronous; poll until it shows
          seen = await decide();
        }
        return seen;
      };
      expect(await decide()).toEqual(["redact", "first"]);
      writeFileSync(policy, "version: second\ndecisions: { security.secret_leak: { '*': block } }\n");
      server.proc.kill("SIGHUP");
      expect(await waitFor(["block", "second"])).toEqual(["block", "second"]);
      writeFileSync(policy, "version: third\ndecisions: { security.secret_leak: { '*': explode } }\n");
      server.proc.kill("SIGHUP");
      await Bun.sleep(400);
      expect(await decide()).toEqual(["block", "second"]);
    } finally {
      server.proc.kill("SIGTERM");
      expect(await server.proc.exited).toBe(0);
    }
    const stderr = await new Response(server.proc.stderr).text();
    expect(stderr).toContain("policy not reloaded");
  });
});
