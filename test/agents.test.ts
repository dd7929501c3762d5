// The agent inventory: one agent_id is one agent (a new claimed type is a shadow agent, once),
// agent_spawn builds the child's delegation chain, and scopes beyond the parent's escalate.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, SLOW_TEST_MS, startWarden } from "./helpers.ts";

setDefaultTimeout(SLOW_TEST_MS);

type W = Awaited<ReturnType<typeof startWarden>>;
const verdictOf = async (w: W, event: unknown) => (await (await w.evaluate(event)).json()) as Verdict;
const checks = (v: Verdict) => (v.findings ?? []).map((f) => f.check_id);
const as = (agent_type: string, extra: Record<string, unknown> = {}) =>
  makeEvent({ subject: { agent_id: "agent-1", agent_type, agent_owner: "platform", agent_workspace: "team-a", ...extra } });

describe("agents", () => {
  test("a second claimed type for one agent_id raises a shadow agent finding once", async () => {
    await using w = await startWarden();
    expect(checks(await verdictOf(w, as("claude-code")))).toEqual([]);
    expect(checks(await verdictOf(w, as("claude-code")))).toEqual([]);
    const shadow = await verdictOf(w, as("codex"));
    expect(checks(shadow)).toEqual(["agents.shadow_agent"]);
    expect(shadow.categories!.map((c) => c.id)).toEqual(["security.shadow_agent"]);
    expect(checks(await verdictOf(w, as("codex")))).toEqual([]);
    const agent = await w.runtime.storage.agents.get("ws-test", "agent-1");
    expect(agent).toMatchObject({ agentTypes: ["claude-code", "codex"], agentWorkspace: "team-a", owner: "platform", users: ["default"], delegationChain: ["agent-1"] });
    // An unchanged agent is not rewritten on every event; last_seen moves within a minute.
    const writes = () => (w.runtime.storage.db.query("SELECT last_seen_at FROM agents WHERE agent_id = 'agent-1'").get() as { last_seen_at: number }).last_seen_at;
    const seen = writes();
    w.clock.advance(30_000);
    await verdictOf(w, as("codex"));
    expect(writes()).toBe(seen);
    w.clock.advance(31_000);
    await verdictOf(w, as("codex"));
    expect(writes()).toBe(w.clock.now());
    const stored = w.runtime.storage.db.query("SELECT count(*) AS n FROM findings WHERE check_id = 'agents.shadow_agent'").get() as { n: number };
    expect(stored.n).toBe(1);
  });

  test("the strongest attestation an agent was seen with is kept", async () => {
    await using w = await startWarden();
    await verdictOf(w, as("claude-code", { attestation: "client_key" }));
    expect((await w.runtime.storage.agents.get("ws-test", "agent-1"))!.attestation).toBe("self_declared");
  });

  test("agent_spawn builds the child's chain; scopes beyond the parent's are escalation", async () => {
    await using w = await startWarden();
    const spawn = (parent: string, child: string, scopes: string[]) =>
      makeEvent({ kind: "agent_spawn", subject: { agent_id: parent, agent_type: "orchestrator" }, payload: { child_agent_id: child, child_agent_type: "worker", granted_scopes: scopes } });
    expect((await verdictOf(w, spawn("root", "child", ["repo:read", "repo:write"]))).decision).toBe("allow");
    const child = await w.runtime.storage.agents.get("ws-test", "child");
    expect(child).toMatchObject({ parentAgentId: "root", delegationChain: ["root", "child"], grantedScopes: ["repo:read", "repo:write"], agentTypes: ["worker"] });
    expect((await verdictOf(w, spawn("child", "grandchild", ["repo:read"]))).decision).toBe("allow");
    expect((await w.runtime.storage.agents.get("ws-test", "grandchild"))!.delegationChain).toEqual(["root", "child", "grandchild"]);
    const escalated = await verdictOf(w, spawn("child", "greedy", ["repo:read", "org:admin"]));
    expect(escalated.decision).toBe("require_approval");
    expect(checks(escalated)).toContain("agents.scope_escalation");
  });

  test("agents are per workspace", async () => {
    await using w = await startWarden();
    await verdictOf(w, as("claude-code"));
    const other = await w.mintKey("ws-2");
    const res = await w.request("POST", "/v1/evaluate", { body: as("codex"), auth: other });
    expect(checks((await res.json()) as Verdict)).toEqual([]);
  });
});

describe("warden agents and warden findings", () => {
  test("list the inventory and the findings of one workspace", async () => {
    const { join } = await import("node:path");
    await using w = await startWarden();
    await verdictOf(w, as("claude-code"));
    await verdictOf(w, as("codex"));
    await verdictOf(w, makeEvent({ kind: "exec", payload: { argv: ["rm", "-rf", "/"] } }));
    await w.runtime.close();
    w.runtime.close = async () => {};
    const main = join(import.meta.dir, "..", "src", "main.ts");
    const run = (...args: string[]) => Bun.spawnSync([process.execPath, main, ...args, "--workspace", "ws-test", "--data", w.dataDir], { stdout: "pipe", stderr: "pipe" });
    const agents = run("agents").stdout.toString();
    expect(agents).toContain("agent-1\tclaude-code,codex\tteam-a\tplatform");
    const all = run("findings").stdout.toString().trim().split("\n");
    expect(all.length).toBe(3);
    const shadow = run("findings", "--category", "security.shadow_agent").stdout.toString().trim().split("\n");
    expect(shadow.slice(1).map((l) => l.split("\t")[3])).toEqual(["agents.shadow_agent"]);
    expect(run("findings", "--workspace").exitCode).toBe(2);
    expect(run("agents", "extra").exitCode).toBe(2);
  });
});
