// `warden exec -- CMD ARGS...`: a wrapper PEP for any agent or script. It asks warden about an
// `exec` event (argv, cwd, names of env vars only) before running; a block exits 126 with the
// reason; an allowed command runs with stdio passed through and its exit code kept; afterwards
// an `execution` event sharing the guard_id records how it ended. Only a Verdict that echoes the
// event sent counts as warden's answer (client/verdict-answer.ts); anything else is warden being
// unreachable, and the degraded-mode directives decide.
import { constants } from "node:os";
import { degradedAnswer, DEFAULT_DIRECTIVES, judgedInFull } from "../adapters/degraded.ts";
import { openPepState, stateDirOf } from "../client/pep-state.ts";
import { readVerdict } from "../client/verdict-answer.ts";
import { agentUser, createWardenClient, type WardenClient } from "../client/warden-client.ts";
import { parseArgs } from "../config/args.ts";
import type { GuardEvent } from "../wire/guard-event.ts";
import type { Verdict } from "../wire/verdict.ts";
import { apiKeyOf } from "./hook.ts";
import { waitForApproval } from "./exec-approval.ts";

type Env = Record<string, string | undefined>;

/** What POSIX shells answer for "found but could not run": the action was refused. */
export const EXIT_REFUSED = 126;
const EXIT_NOT_FOUND = 127;
const OPTIONS = { "no-wait": "flag", check: "flag", session: "value", agent: "value" } as const;

interface Run {
  argv: string[];
  note?: string;
}

function baseEvent(argv: string[], guardId: string, env: Env, session: string | undefined): Omit<GuardEvent, "event_id" | "observation_point" | "payload"> {
  const user = agentUser();
  return {
    svc_version: "0.5",
    guard_id: guardId,
    ...(session ? { session_id: session } : {}),
    timestamp: new Date().toISOString(),
    sensor: { id: "warden-exec", class: "wrapper" },
    kind: "exec",
    subject: { agent_id: env.WARDEN_AGENT_ID || "warden-exec", agent_type: "warden-exec", ...(user ? { agent_user: user } : {}) },
  };
}

const refuse = (reason: string): number => {
  console.error(`warden: ${reason}`);
  return EXIT_REFUSED;
};

const reasonsOf = (verdict: Verdict) => (verdict.reasons ?? []).join("; ") || "policy";

/** The verdict -> what runs, or the exit code when nothing does. */
async function decide(verdict: Verdict, argv: string[], client: WardenClient, reevaluate: () => Promise<Verdict | undefined>, wait: boolean): Promise<Run | number> {
  // Allowed with parts nobody could read is no judgment: exec fails closed.
  if (!judgedInFull(verdict)) return refuse(`not run: warden could not judge all of it (${reasonsOf(verdict)})`);
  switch (verdict.decision) {
    case "allow":
      return { argv };
    case "redact":
      return { argv, note: "arguments hold sensitive values; they are masked in warden's record" };
    case "block":
      return refuse(`blocked: ${reasonsOf(verdict)}`);
    case "modify": {
      const rewritten = verdict.modifications?.payload?.argv;
      const ok = Array.isArray(rewritten) && rewritten.length > 0 && rewritten.every((a) => typeof a === "string");
      return ok ? { argv: rewritten as string[], note: `running a constrained form (${reasonsOf(verdict)}): ${(rewritten as string[]).join(" ")}` } : refuse(`blocked: only a changed form would be allowed (${reasonsOf(verdict)})`);
    }
    case "require_approval": {
      const id = verdict["x.svc.approval_id"];
      const status = typeof id === "string" && wait ? await waitForApproval(client, verdict.guard_id, id, reasonsOf(verdict)) : "pending";
      if (status !== "approved") return refuse(`not run: approval ${String(id ?? "")} is ${status} (${reasonsOf(verdict)})`);
      const again = await reevaluate();
      return again?.decision === "allow" && judgedInFull(again) ? { argv } : refuse(`not run after approval: ${again ? reasonsOf(again) : "warden unreachable"}`);
    }
  }
}

function exitCodeOf(code: number | null, signal: string | number | null): number {
  if (code !== null) return code;
  const number = typeof signal === "number" ? signal : signal ? constants.signals[signal as keyof typeof constants.signals] : undefined;
  return 128 + (number ?? 1);
}

/** Runs the command with our stdio; signals sent to warden go on to it. */
/**
 * The environment the command runs with: warden's own, minus the key exec asked warden with. The
 * command is what is being guarded; handing it the workspace key would let it answer for itself.
 */
export function childEnv(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && !WARDEN_SECRETS.has(name)) out[name] = value;
  return out;
}

const WARDEN_SECRETS = new Set(["WARDEN_KEY", "WARDEN_KEY_FILE"]);

async function runCommand(argv: string[], env: Record<string, string>): Promise<{ exitCode: number; signal: string | null; durationMs: number } | undefined> {
  const started = performance.now();
  let child: ReturnType<typeof Bun.spawn>;
  try {
    child = Bun.spawn(argv, { stdio: ["inherit", "inherit", "inherit"], env });
  } catch (error) {
    console.error(`warden: cannot run ${argv[0]}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const handlers = (["SIGINT", "SIGTERM", "SIGHUP"] as const).map((s) => [s, forward(s)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  await child.exited;
  for (const [signal, handler] of handlers) process.off(signal, handler);
  const signal = child.signalCode === null ? null : String(child.signalCode);
  return { exitCode: exitCodeOf(child.exitCode, child.signalCode), signal, durationMs: Math.round(performance.now() - started) };
}

export async function runExec(args: string[], env: Env): Promise<number> {
  const split = args.indexOf("--");
  const own = parseArgs(split === -1 ? [] : args.slice(0, split), OPTIONS);
  const argv = split === -1 ? args : args.slice(split + 1);
  if (own.errors.length > 0 || own.positional.length > 0 || argv.length === 0) {
    console.error([...own.errors, "usage: warden exec [--no-wait] [--check] [--session S] [--agent A] -- CMD ARGS..."].join("\n"));
    return 2;
  }
  const apiKey = apiKeyOf(env);
  const baseUrl = env.WARDEN_URL || "http://127.0.0.1:8787";
  const state = openPepState(stateDirOf(env), baseUrl, apiKey ?? "");
  const client = createWardenClient({ baseUrl, apiKey: apiKey ?? "", timeoutMs: Number(env.WARDEN_TIMEOUT_MS) || 5000, state, pepName: "warden exec" });
  const guardId = `exec:${crypto.randomUUID()}`;
  const check = own.options.has("check");
  const base = baseEvent(argv, guardId, { ...env, WARDEN_AGENT_ID: own.options.get("agent") ?? env.WARDEN_AGENT_ID }, own.options.get("session") ?? env.WARDEN_SESSION_ID);
  const runEnv = childEnv(process.env);
  const payload = { argv, cwd: process.cwd(), env_keys: Object.keys(runEnv).sort() };
  let attempt = 0;
  const evaluate = async (): Promise<Verdict | undefined> => {
    const event = { ...base, event_id: `${guardId}:invocation:${attempt++}`, observation_point: "invocation", payload };
    const reply = apiKey ? await client.callProven("POST", "/v1/evaluate", new TextEncoder().encode(JSON.stringify(event))) : undefined;
    return readVerdict(reply, event);
  };
  const verdict = await evaluate();
  let run: Run | number;
  if (verdict) {
    await client.maintain();
    run = await decide(verdict, argv, client, evaluate, !own.options.has("no-wait") && !check);
  } else {
    const why = apiKey ? "warden did not answer" : "no WARDEN_KEY set";
    const answer = degradedAnswer({ stage: "pre", kind: "exec", payload }, state.config?.directives ?? DEFAULT_DIRECTIVES, { harness: "codex", mode: "headless", why });
    run = answer.type === "pass" ? { argv, note: `${why}; policy allows exec while warden is unreachable` } : refuse(answer.type === "deny" ? answer.reason : why);
  }
  if (typeof run === "number") return run;
  if (run.note) console.error(`warden: ${run.note}`);
  if (check) {
    // Judged exactly as a real run would be, and never run: a dry run for people and tests.
    console.error(`warden: would run: ${JSON.stringify(run.argv)}`);
    return 0;
  }
  const ended = await runCommand(run.argv, runEnv);
  if (apiKey) {
    const outcome = ended ? { exit_code: ended.exitCode, signal: ended.signal, duration_ms: ended.durationMs } : { exit_code: EXIT_NOT_FOUND, error: "could not start" };
    const event = { ...base, timestamp: new Date().toISOString(), event_id: `${guardId}:execution`, observation_point: "execution", payload: { ...payload, argv: run.argv, ...outcome } };
    await client.call("POST", "/v1/ingest", new TextEncoder().encode(JSON.stringify({ batch: [event] })));
  }
  return ended?.exitCode ?? EXIT_NOT_FOUND;
}
