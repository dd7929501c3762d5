// Pre-authorisation grants: a bounded, time-boxed allowance that answers require_approval for
// matching actions of one agent or session, counted per use.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, SLOW_TEST_MS, startWarden } from "./helpers.ts";

setDefaultTimeout(SLOW_TEST_MS);

type W = Awaited<ReturnType<typeof startWarden>>;
const main = join(import.meta.dir, "..", "src", "main.ts");
const rcWrite = (agent: string, session = "s-1") =>
  makeEvent({ session_id: session, subject: { agent_id: agent }, kind: "tool_call", payload: { name: "Bash", arguments: { command: "echo 'neofetch' >> ~/.bashrc" } } });
const verdictOf = async (w: W, event: unknown, headers?: Record<string, string>) => (await (await w.evaluate(event, headers)).json()) as Verdict;
const grants = (w: W, ...args: string[]) =>
  Bun.spawnSync([process.execPath, main, "grants", ...args, "--workspace", "ws-test", "--data", w.dataDir], { stdout: "pipe", stderr: "pipe" });

describe("grants", () => {
  test("a matching grant lets the action proceed, counts uses, and stops at its limit", async () => {
    await using w = await startWarden();
    w.clock.set(Date.now());
    const made = grants(w, "create", "--agent", "ci-bot", "--kinds", "tool_call", "--tool", "Bash", "--command-prefix", "echo 'neofetch", "--max-uses", "2", "--ttl", "3600", "--reason", "nightly dotfiles job");
    expect(made.exitCode).toBe(0);
    const id = made.stdout.toString().trim();
    expect(id).toMatch(/^grt_/);
    // A partial call decides as the full call would, without spending a use.
    expect((await verdictOf(w, rcWrite("ci-bot"), { "svc-partial": "1" })).decision).toBe("allow");
    const first = await verdictOf(w, rcWrite("ci-bot"));
    expect([first.decision, first["x.svc.grant_id"], first.reasons]).toEqual(["allow", id, [`pre-authorised by grant ${id} (1 of 2 uses)`]]);
    expect((await verdictOf(w, rcWrite("ci-bot"))).decision).toBe("allow");
    expect((await verdictOf(w, rcWrite("ci-bot"))).decision).toBe("require_approval");
    expect(grants(w, "list").stdout.toString()).toContain(`${id}\tused up`);
  });

  test("another agent, another command, an expired or revoked grant: no", async () => {
    await using w = await startWarden();
    w.clock.set(Date.now());
    const id = grants(w, "create", "--agent", "ci-bot", "--kinds", "tool_call", "--max-uses", "10", "--ttl", "60").stdout.toString().trim();
    expect((await verdictOf(w, rcWrite("someone-else"))).decision).toBe("require_approval");
    // Grants answer require_approval only; they never lift a block.
    const block = makeEvent({ subject: { agent_id: "ci-bot" }, kind: "tool_call", payload: { name: "Bash", arguments: { command: "rm -rf /" } } });
    expect((await verdictOf(w, block)).decision).toBe("block");
    // The CLI stamped the grant with the real clock when it ran, after the server's clock was set:
    // on a loaded machine that can be seconds later, so step well past the 60 s lifetime.
    w.clock.advance(120_000);
    expect((await verdictOf(w, rcWrite("ci-bot"))).decision).toBe("require_approval");
    w.clock.advance(-120_000);
    expect(grants(w, "revoke", id).exitCode).toBe(0);
    expect((await verdictOf(w, rcWrite("ci-bot"))).decision).toBe("require_approval");
  });

  test("a session grant, and the CLI refuses unbounded grants", async () => {
    await using w = await startWarden();
    w.clock.set(Date.now());
    expect(grants(w, "create", "--session", "s-9", "--kinds", "tool_call", "--max-uses", "1", "--ttl", "60").exitCode).toBe(0);
    expect((await verdictOf(w, rcWrite("any", "s-9"))).decision).toBe("allow");
    for (const bad of [["--kinds", "tool_call", "--max-uses", "1", "--ttl", "60"], ["--agent", "a", "--kinds", "tool_call", "--ttl", "60"], ["--agent", "a", "--kinds", "tool_call", "--max-uses", "1"], ["--agent", "a", "--kinds", "teleport", "--max-uses", "1", "--ttl", "1"]]) {
      expect(grants(w, "create", ...bad).exitCode).toBe(2);
    }
  });
});
