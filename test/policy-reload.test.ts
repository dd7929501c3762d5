// `warden policy check` and a running server's reload: SIGHUP applies a good policy and keeps
// the one in force when the new file is bad.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, SLOW_TEST_MS, tempDir } from "./helpers.ts";
import { collectOutput, startServer } from "./process.ts";

setDefaultTimeout(SLOW_TEST_MS);

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
    // The reload is asynchronous (debounced, then read from disk): its log line says when it is done.
    const stderr = collectOutput(server.proc.stderr);
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
      expect(await decide()).toEqual(["redact", "first"]);
      writeFileSync(policy, "version: second\ndecisions: { security.secret_leak: { '*': block } }\n");
      server.proc.kill("SIGHUP");
      await stderr.until("policy reloaded");
      expect(await decide()).toEqual(["block", "second"]);
      writeFileSync(policy, "version: third\ndecisions: { security.secret_leak: { '*': explode } }\n");
      server.proc.kill("SIGHUP");
      await stderr.until("policy not reloaded");
      expect(await decide()).toEqual(["block", "second"]);
    } finally {
      server.proc.kill("SIGTERM");
      expect(await server.proc.exited).toBe(0);
    }
  });
});

describe("policy watch", () => {
  test("an editor-style save (a new file renamed over the old) reloads, and so does every later one", async () => {
    using dir = tempDir();
    const policy = join(dir.path, "policy.yaml");
    writeFileSync(policy, "version: v0\n");
    const server = await startServer([process.execPath, main, "serve", "--port", "0", "--data", join(dir.path, "data"), "--policy", policy]);
    const stderr = collectOutput(server.proc.stderr);
    const version = async () => {
      const res = await fetch(`${server.url}/v1/evaluate`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.firstKey}`, "content-type": "application/json" },
        body: JSON.stringify(makeEvent()),
      });
      return ((await res.json()) as Verdict)["x.svc.policy_version"];
    };
    try {
      for (const next of ["v1", "v2", "v3"]) {
        // What sed -i and most editors do: write beside, rename over.
        const temp = join(dir.path, `.policy.yaml.${next}.tmp`);
        writeFileSync(temp, `version: ${next}\n`);
        renameSync(temp, policy);
        let seen: unknown;
        for (const deadline = Date.now() + 15_000; (seen = await version()) !== next && Date.now() < deadline; ) await Bun.sleep(50);
        expect(seen).toBe(next);
      }
      expect(stderr.text()).toContain("policy reloaded");
    } finally {
      server.proc.kill("SIGTERM");
      expect(await server.proc.exited).toBe(0);
    }
  });
});
