// The adversarial harness (issue 15): a case table's every action sent through every door of the
// compiled binary: POST /v1/evaluate, both hook endpoints, both `warden hook` commands, and
// `warden exec --check` for shell commands (judged as a run would be, never run). The binary is
// built once per test process and served on 127.0.0.1 with a throwaway data directory.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { buildBinary } from "../../scripts/build.ts";
import { mapToolCall } from "../../src/adapters/tool-mapping.ts";
import type { GuardEvent } from "../../src/wire/guard-event.ts";
import type { Verdict } from "../../src/wire/verdict.ts";
import { answerOf } from "../hook-fixtures.ts";
import { SLOW_TEST_MS, tempDir } from "../helpers.ts";
import { startServer, type Started } from "../process.ts";
import type { ActionCase, CaseAction, SessionStep } from "./cases.ts";

export type Door = "evaluate" | "http claude-code" | "http codex" | "hook claude-code" | "hook codex" | "exec --check";

export interface DoorAnswer {
  door: Door;
  /** The action would not run as sent without a person: block, approval, deny, ask, a confirmed rewrite. */
  held: boolean;
  detail: string;
}

export interface Adversary extends AsyncDisposable {
  url: string;
  key: string;
  binary: string;
  /** The server's data directory (the operator's CLI runs beside it). */
  dataDir: string;
  /** What a PEP process needs: WARDEN_URL, WARDEN_KEY, its own state directory. */
  env: Record<string, string>;
  judge(c: ActionCase): Promise<DoorAnswer[]>;
}

const work = tempDir("warden-adversarial-");
process.once("exit", () => work[Symbol.dispose]());
let built: string | undefined;

/** The compiled binary, built once for every adversarial file in this test process. */
export function compiledBinary(): string {
  if (built === undefined) {
    const path = join(work.path, "warden");
    const build = buildBinary(path);
    if (!build.ok) throw new Error(build.output);
    built = path;
  }
  return built;
}

let sequence = 0;

/** The GuardEvent an action becomes at /v1/evaluate: a shell command or tool as a hook maps it. */
function eventOf(action: Exclude<CaseAction, { session: unknown }>, id: string, session = id): GuardEvent {
  const ids = { svc_version: "0.5" as const, event_id: `adv-${id}`, guard_id: `adv-${id}`, session_id: `adv-${session}`, timestamp: new Date().toISOString() };
  if ("event" in action) return { ...ids, ...action.event } as GuardEvent;
  const [name, input] = "bash" in action ? ["Bash", { command: action.bash }] : [action.tool, action.input];
  const mapped = mapToolCall(name, input, ids.guard_id, "/home/dev/app");
  // As hook-event.ts marks them: an MCP server's tool call carries MCP provenance.
  const provenance = mapped.mcpServer ? [{ source: "mcp" as const, trust: "unverified" as const, ref: mapped.mcpServer }] : undefined;
  return { ...ids, observation_point: "invocation", kind: mapped.kind, payload: mapped.payload, ...(provenance ? { provenance } : {}) };
}

function hookInputOf(action: SessionStep, id: string, session = id): Record<string, unknown> {
  const [tool_name, tool_input] = "bash" in action ? ["Bash", { command: action.bash }] : [action.tool, action.input];
  return { session_id: `adv-${session}`, cwd: "/home/dev/app", permission_mode: "default", hook_event_name: "PreToolUse", tool_name, tool_input, tool_use_id: `toolu_adv_${id}` };
}

/** A case's calls: the earlier steps of a session, then the one judged. */
function stepsOf(action: CaseAction): { earlier: SessionStep[]; last: Exclude<CaseAction, { session: unknown }> } {
  if (!("session" in action)) return { earlier: [], last: action };
  return { earlier: action.session.slice(0, -1), last: action.session[action.session.length - 1]! };
}

const heldAnswer = (answer: string) => answer !== "pass";

async function run(cmd: string[], env: Record<string, string>, stdin?: string): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(cmd, { stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin), stdout: "pipe", stderr: "pipe", env });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { exitCode, stdout, stderr };
}

/** Starts the compiled binary with no rate limit (a table sends hundreds of calls a minute). */
export async function startAdversary(policy?: string): Promise<Adversary> {
  const binary = compiledBinary();
  const dir = join(work.path, `run-${++sequence}`);
  const args = [binary, "serve", "--port", "0", "--data", join(dir, "data"), "--rate-limit", "0"];
  if (policy) {
    await Bun.write(join(dir, "policy.yaml"), policy);
    args.push("--policy", join(dir, "policy.yaml"));
  }
  const server: Started = await startServer(args);
  const key = server.firstKey!;
  const env = { PATH: process.env.PATH ?? "", HOME: dir, WARDEN_URL: server.url, WARDEN_KEY: key, WARDEN_STATE_DIR: join(dir, "state") };
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });

  async function judge(c: ActionCase): Promise<DoorAnswer[]> {
    const id = `${c.id}-${++sequence}`;
    const { earlier, last } = stepsOf(c.action);
    const answers: Promise<DoorAnswer>[] = [];
    answers.push((async () => {
      // Each door has its own session, so one door's earlier steps never feed another's.
      for (const [i, step] of earlier.entries()) await post("/v1/evaluate", eventOf(step, `${id}-${i}`, id));
      const verdict = (await (await post("/v1/evaluate", eventOf(last, id))).json()) as Verdict;
      // Reasons name checks and bounds, never the action's text: they say why a door disagreed.
      return { door: "evaluate", held: verdict.decision === "block" || verdict.decision === "require_approval", detail: `${verdict.decision} (${(verdict.reasons ?? []).join(" ")})` };
    })());
    const input = "event" in last ? undefined : hookInputOf(last, id);
    for (const harness of input ? (["claude-code", "codex"] as const) : []) {
      const own = { ...input!, tool_use_id: `${input!.tool_use_id}_${harness}`, session_id: `${input!.session_id}-${harness}` };
      const earlierInputs = (door: string) => earlier.map((step, i) => hookInputOf(step, `${id}-${i}-${harness}-${door}`, `${id}-${harness}-${door}`));
      answers.push((async () => {
        for (const step of earlierInputs("http")) await post(`/hooks/${harness}`, step);
        const body = { ...own, session_id: `${own.session_id}-http` };
        const answer = answerOf("PreToolUse", (await (await post(`/hooks/${harness}`, body)).json()) as Record<string, unknown>).answer;
        return { door: `http ${harness}` as Door, held: heldAnswer(answer), detail: answer };
      })());
      answers.push((async () => {
        for (const step of earlierInputs("cmd")) await run([binary, "hook", harness], env, JSON.stringify(step));
        const out = await run([binary, "hook", harness], env, JSON.stringify({ ...own, tool_use_id: `${own.tool_use_id}_cmd`, session_id: `${own.session_id}-cmd` }));
        const answer = out.exitCode === 2 ? "deny" : answerOf("PreToolUse", JSON.parse(out.stdout || "{}")).answer;
        return { door: `hook ${harness}` as Door, held: heldAnswer(answer), detail: `${answer} (exit ${out.exitCode})` };
      })());
    }
    // An argument cannot hold a NUL byte, so the OS would refuse that exec before warden saw it.
    if ("bash" in c.action && !c.action.bash.includes("\u0000")) {
      const command = c.action.bash;
      answers.push((async () => {
        const out = await run([binary, "exec", "--check", "--session", `adv-${id}-exec`, "--", "bash", "-c", command], env);
        return { door: "exec --check", held: out.exitCode !== 0, detail: `exit ${out.exitCode}` };
      })());
    }
    return Promise.all(answers);
  }

  return {
    url: server.url,
    key,
    binary,
    dataDir: join(dir, "data"),
    env,
    judge,
    async [Symbol.asyncDispose]() {
      server.proc.kill("SIGTERM");
      await server.proc.exited;
    },
  };
}

/** Every door's answer that disagrees with the case's expectation, as readable lines. */
export function disagreements(c: ActionCase, answers: readonly DoorAnswer[]): string[] {
  return answers.filter((a) => a.held !== (c.expect === "held")).map((a) => `${c.id} (${c.technique}) via ${a.door}: ${a.detail}, expected ${c.expect}`);
}

/** Runs a table a few cases at a time (each case spawns processes). */
export async function judgeTable(adversary: Adversary, cases: readonly ActionCase[], parallel = 4): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < cases.length; i += parallel) {
    const batch = cases.slice(i, i + parallel);
    const answers = await Promise.all(batch.map((c) => adversary.judge(c)));
    batch.forEach((c, j) => problems.push(...disagreements(c, answers[j]!)));
  }
  return problems;
}

/** A property's table as a test file: one binary server, every case through every door. */
export function testTable(cases: readonly ActionCase[]): void {
  // Every case spawns a few processes: a table of a hundred takes seconds idle, more under load.
  setDefaultTimeout(SLOW_TEST_MS * 5);
  let adversary: Adversary;
  beforeAll(async () => (adversary = await startAdversary()));
  afterAll(async () => adversary[Symbol.asyncDispose]());
  test("every case is held (or allowed) at every door", async () => {
    expect(await judgeTable(adversary, cases)).toEqual([]);
  });
}
