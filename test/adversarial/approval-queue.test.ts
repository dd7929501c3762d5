// Issue 16, item 2: the approval queue cannot be flooded. One session (or agent) may hold only the
// policy's cap of pending requests; past it an action that needs a person is blocked with a
// finding. The queue is filtered and ordered in the database, fairly across sessions, so a flood
// from one session never hides another's request in the CLI or the admin API. Against the
// compiled binary over HTTP on 127.0.0.1; the actions are harmless rc-file lines (data only).
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Verdict } from "../../src/wire/verdict.ts";
import { makeEvent, SLOW_TEST_MS } from "../helpers.ts";
import { startTarget, type Target } from "./target.ts";

setDefaultTimeout(SLOW_TEST_MS * 4);

/** An rc-file line: held for a person by default. `n` makes each action (and guard_id) distinct. */
const rcWrite = (session: string, agent: string, n: number) =>
  makeEvent({
    guard_id: `g-${session}-${n}`,
    session_id: session,
    subject: { agent_id: agent },
    kind: "tool_call",
    payload: { name: "Bash", arguments: { command: `echo 'neofetch --id ${n}' >> ~/.bashrc` } },
  });

async function judge(t: Target, event: unknown): Promise<Verdict> {
  const res = await t.post("/v1/evaluate", event);
  expect(res.status).toBe(200);
  return (await res.json()) as Verdict;
}

/** Sends `count` requests from one session, a few at a time. */
async function flood(t: Target, session: string, agent: string, count: number): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  for (let i = 0; i < count; i += 25) {
    const batch = Array.from({ length: Math.min(25, count - i) }, (_, j) => judge(t, rcWrite(session, agent, i + j)));
    verdicts.push(...(await Promise.all(batch)));
  }
  return verdicts;
}

describe("pending requests are capped per session and per agent", () => {
  test("past the session cap: a block with a reason and a finding; the real session still asks", async () => {
    await using t = await startTarget({ policy: "max_pending_per_session: 5\nmax_pending_per_agent: 8\n" });
    const verdicts = await flood(t, "rogue-1", "rogue-agent", 12);
    expect(verdicts.map((v) => v.decision)).toEqual([...Array(5).fill("require_approval"), ...Array(7).fill("block")]);
    const blocked = verdicts.at(-1)!;
    expect(blocked.reasons?.join(" ")).toContain("max_pending_per_session");
    expect(blocked.findings?.map((f) => f.check_id)).toContain("approvals.queue_full");
    // The same agent in a second session reaches the agent cap (8) after three more.
    const second = await flood(t, "rogue-2", "rogue-agent", 5);
    expect(second.map((v) => v.decision)).toEqual([...Array(3).fill("require_approval"), ...Array(2).fill("block")]);
    expect(second.at(-1)!.reasons?.join(" ")).toContain("max_pending_per_agent");
    // Another session and agent are untouched by either flood.
    expect((await judge(t, rcWrite("real", "real-agent", 0))).decision).toBe("require_approval");
  });
});

describe("a flood from one session never hides another session's request", () => {
  test("500 requests after a real one: the real one is on the first lines of the CLI and the admin API", async () => {
    await using t = await startTarget({ policy: "max_pending_per_session: 1000\nmax_pending_per_agent: 1000\n" });
    const real = await judge(t, rcWrite("real", "real-agent", 0));
    const realId = real["x.svc.approval_id"] as string;
    expect(realId).toMatch(/^apr_/);
    expect((await flood(t, "rogue", "rogue-agent", 500)).every((v) => v.decision === "require_approval")).toBe(true);

    const listed = await t.cli(["approvals", "list", "--workspace", t.workspace, "--status", "pending"]);
    expect(listed.code).toBe(0);
    const [header, ...lines] = listed.stdout.trim().split("\n");
    expect(header).toStartWith("approval_id\tstatus");
    expect(lines).toHaveLength(500);
    expect(lines.slice(0, 2).some((line) => line.startsWith(realId))).toBe(true);
    const mine = await t.cli(["approvals", "list", "--workspace", t.workspace, "--session", "real"]);
    expect(mine.stdout.trim().split("\n").slice(1).map((line) => line.split(/\s+/)[0])).toEqual([realId]);

    const operator = await t.cli(["operators", "create", "--name", "oncall"]);
    const token = operator.stdout.trim();
    expect(token).toMatch(/^wop_/);
    const page = await fetch(`${t.base}/admin/v1/approvals?workspace=${t.workspace}&status=pending&limit=2`, { headers: { authorization: `Bearer ${token}` } });
    expect(page.status).toBe(200);
    const body = (await page.json()) as { approvals: { approval_id: string; session_id: string }[] };
    expect(body.approvals).toHaveLength(2);
    expect(body.approvals.map((a) => a.approval_id)).toContain(realId);
  });
});
