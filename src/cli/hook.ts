// `warden hook claude-code|codex`: the binary as a harness `command` hook. Reads the hook input
// on stdin, asks the warden at WARDEN_URL, prints the harness's JSON. When warden cannot answer
// (down, slow, rate limited) it applies the cached degraded-mode directives: fail closed. An
// answer counts only when it is bound to this request (x-warden-proof over a fresh nonce, the
// request sent and the answer, trust/answer-proof.ts) and is a shape warden renders for this hook
// event; anything else on the port is treated as warden being unreachable.
import { degradedAnswer, DEFAULT_DIRECTIVES } from "../adapters/degraded.ts";
import type { Mode } from "../adapters/hook-answer.ts";
import { planHook } from "../adapters/hook-event.ts";
import { isHarness, readHookInput, type Harness } from "../adapters/hook-input.ts";
import { isHookOutputFor } from "../adapters/hook-output-check.ts";
import { renderHookOutput, unreadableOutput, type HookOutput } from "../adapters/hook-output.ts";
import { openPepState, stateDirOf } from "../client/pep-state.ts";
import { agentUser, createWardenClient, type Reply } from "../client/warden-client.ts";
import { readFileSync } from "node:fs";

type Env = Record<string, string | undefined>;

const DEFAULT_URL = "http://127.0.0.1:8787";
const DEFAULT_TIMEOUT_MS = 5000;

export function apiKeyOf(env: Env): string | undefined {
  if (env.WARDEN_KEY) return env.WARDEN_KEY.trim();
  if (!env.WARDEN_KEY_FILE) return undefined;
  try {
    return readFileSync(env.WARDEN_KEY_FILE, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Explicit WARDEN_HOOK_MODE, else Claude Code's SDK entry points mean nobody is at a terminal. */
function modeOf(env: Env): Mode | undefined {
  if (env.WARDEN_HOOK_MODE === "headless" || env.WARDEN_HOOK_MODE === "interactive") return env.WARDEN_HOOK_MODE;
  return env.CLAUDE_CODE_ENTRYPOINT?.startsWith("sdk") ? "headless" : undefined;
}

const timeoutOf = (env: Env): number => {
  const value = Number(env.WARDEN_HOOK_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
};

/** The answer when warden could not judge: directives from the last good /v1/config, else defaults. */
function degradedOutput(harness: Harness, stdin: string, why: string, mode: Mode | undefined, directives = DEFAULT_DIRECTIVES): HookOutput {
  let value: unknown;
  try {
    value = JSON.parse(stdin);
  } catch {
    return unreadableOutput("hook input is not JSON");
  }
  const read = readHookInput(value);
  if (!read.ok) return unreadableOutput(read.message);
  const plan = planHook(harness, read.input, { now: new Date(), mintId: () => crypto.randomUUID() });
  if (plan.type === "acknowledge") return {};
  const gated = { stage: plan.stage, kind: plan.event.kind, payload: plan.event.payload };
  return renderHookOutput(read.input.event, degradedAnswer(gated, directives, { harness, mode: mode ?? "interactive", why }));
}

/** The hook event the harness named, for checking the answer's shape (undefined if unreadable). */
function hookEventOf(stdin: string): string | undefined {
  try {
    const read = readHookInput(JSON.parse(stdin));
    return read.ok ? read.input.event : undefined;
  } catch {
    return undefined;
  }
}

/** Why a proven reply is not warden's answer to this hook input, or undefined when it is. */
function refusalOf(reply: Reply, harness: Harness, event: string | undefined): string | undefined {
  if (!reply.ok) return reply.why;
  if (reply.status !== 200) return `warden answered ${reply.status}`;
  let value: unknown;
  try {
    value = JSON.parse(reply.body);
  } catch {
    return "the answer is not JSON";
  }
  return isHookOutputFor(harness, event, value) ? undefined : `the answer is not a ${harness} hook output for ${event ?? "this input"}`;
}

/**
 * The answer on stdout through Bun's own file writer: process.stdout is a Node stream, and
 * loading Node's stream library costs every hook run about ten milliseconds.
 */
const answer = async (text: string): Promise<void> => {
  await Bun.write(Bun.stdout, text);
};

/** A crash must not fail open: exit code 2 blocks the action in both harnesses. */
export async function runHook(args: string[], env: Env): Promise<number> {
  try {
    return await hook(args, env);
  } catch (error) {
    console.error(`warden hook failed, so the action is blocked: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

async function hook(args: string[], env: Env): Promise<number> {
  const harness = args[0] ?? "";
  if (!isHarness(harness) || args.length !== 1) {
    // Exit code 2 blocks in both harnesses: a misconfigured hook must not wave actions through.
    console.error("usage: warden hook claude-code|codex   (reads the hook input on stdin)");
    return 2;
  }
  const stdin = await Bun.stdin.text();
  const mode = modeOf(env);
  const apiKey = apiKeyOf(env);
  if (!apiKey) {
    await answer(JSON.stringify(degradedOutput(harness, stdin, "no WARDEN_KEY set for the hook", mode)));
    return 0;
  }
  const baseUrl = env.WARDEN_URL || DEFAULT_URL;
  const state = openPepState(stateDirOf(env), baseUrl, apiKey);
  const client = createWardenClient({ baseUrl, apiKey, timeoutMs: timeoutOf(env), state, pepName: `warden hook ${harness}` });
  const user = agentUser();
  const headers: Record<string, string> = user ? { "warden-agent-user": user } : {};
  const reply = await client.callProven("POST", `/hooks/${harness}${mode ? `?mode=${mode}` : ""}`, new TextEncoder().encode(stdin), headers);
  const why = refusalOf(reply, harness, hookEventOf(stdin));
  if (why === undefined && reply.ok) {
    await answer(reply.body);
    await client.maintain();
    return 0;
  }
  await answer(JSON.stringify(degradedOutput(harness, stdin, why ?? "no answer", mode, state.config?.directives)));
  return 0;
}
