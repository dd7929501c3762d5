// POST /hooks/claude-code and /hooks/codex: the harness's own hook input in, its own hook output
// out, judged and recorded by the same engine as /v1/evaluate. Claude Code treats a non-2xx
// answer from an http hook as "carry on", so once a request reaches this handler it always
// answers 200: a refusal (bad key, unreadable input, storage down) is a deny in the harness's JSON.
// A request with a `warden-nonce` gets every answer to a body read whole bound to it, request and
// answer, in `x-warden-proof` (trust/answer-proof.ts): the command hook takes no answer without it.
import { degradedAnswer, judgedInFull, type Directives } from "../../adapters/degraded.ts";
import { answerVerdict, type HookAnswer, type Mode } from "../../adapters/hook-answer.ts";
import { planHook, type HookPlan } from "../../adapters/hook-event.ts";
import { readHookInput, type Harness, type HookInput } from "../../adapters/hook-input.ts";
import { renderHookOutput, unreadableOutput, type HookOutput } from "../../adapters/hook-output.ts";
import type { Caller, Engine } from "../../engine/engine.ts";
import { actionDigest } from "../../engine/payload-digest.ts";
import type { PolicyHolder } from "../../engine/policy-set.ts";
import { randomId } from "../../lib/ids.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/log.ts";
import type { ApprovalStore } from "../../store/types.ts";
import type { AuthenticatedKey } from "../../trust/api-keys.ts";
import { channelOf } from "../../trust/channel.ts";
import { validateGuardEvent } from "../../wire/validate.ts";
import { parseJson } from "../../wire/json.ts";
import { readBody } from "../body.ts";
import { json } from "../errors.ts";
import { clientOf } from "../instrument.ts";
import { proveAnswer } from "../prove-answer.ts";
import { OTHER_ROUTE } from "../route-index.ts";
import type { GuardDeps } from "../guard.ts";

export interface HookDeps extends GuardDeps {
  engine: Engine;
  policies: PolicyHolder;
  approvals: ApprovalStore;
  clock: Clock;
  log: Logger;
}

type Judge = Extract<HookPlan, { type: "judge" }>;

const UNAUTHENTICATED_READ_BYTES = 64 * 1024;

/** An answer in the harness's JSON, always 200. */
const reply = (output: HookOutput, decision: string, extra: Record<string, string> = {}): Response =>
  json(output, 200, { "x-warden-decision": decision, ...extra });

/** `?mode=headless` (nobody at a terminal to ask); otherwise permission modes that never prompt. */
function modeOf(url: URL, input: HookInput): Mode {
  const asked = url.searchParams.get("mode");
  if (asked === "headless" || asked === "interactive") return asked;
  return input.permissionMode === "dontAsk" || input.permissionMode === "bypassPermissions" ? "headless" : "interactive";
}

const USER_HEADER = /^[\x21-\x7e][\x20-\x7e]{0,127}$/;

const agentUserOf = (request: Request): string | undefined => {
  const value = request.headers.get("warden-agent-user");
  return value && USER_HEADER.test(value) ? value : undefined;
};

function directivesFor(deps: HookDeps, workspaceId: string | undefined): Directives {
  if (workspaceId === undefined) return { on_unreachable: { "*": "block" }, hard_rules: [] };
  const { policy } = deps.policies.current().forWorkspace(workspaceId);
  return { on_unreachable: policy.onUnreachable, hard_rules: policy.hardRules };
}

/**
 * A tool that ran after warden itself asked the person at the harness's prompt about exactly this
 * action was approved by that person: the request is closed with their answer and used by this
 * call in the same step, so it can never be carried to any other action. Anything else a hook
 * reports (a tool warden never asked about, another action under the id, a headless run) approves
 * nothing: only a person approves.
 */
async function recordPromptAnswer(deps: HookDeps, caller: Caller, plan: Judge, harness: Harness, mode: Mode, agentUser: string | undefined) {
  if (!plan.action || mode !== "interactive") return;
  const pending = await deps.approvals.get(caller.workspaceId, plan.event.guard_id, deps.clock.now());
  if (pending?.status !== "pending") return;
  const reason = `answered yes at ${harness}'s permission prompt that warden asked for${agentUser ? ` (the hook names the user ${agentUser})` : ""}`;
  const answer = { actionDigest: actionDigest(plan.action.kind, plan.action.payload), guardId: plan.event.guard_id, by: `harness-prompt:${harness}`, reason };
  await deps.approvals.answerAtPrompt(caller.workspaceId, pending.approvalId, answer, deps.clock.now());
}

async function judge(deps: HookDeps, harness: Harness, caller: Caller, plan: Judge, mode: Mode, agentUser?: string): Promise<{ answer: HookAnswer; decision: string }> {
  const checked = validateGuardEvent(plan.event);
  if (!checked.ok) {
    const fields = checked.details.map((d) => d.field).join(", ");
    return { answer: { type: "deny", reason: `warden could not map this hook input to an event (${fields})` }, decision: "invalid" };
  }
  if (plan.stage === "post") await recordPromptAnswer(deps, caller, plan, harness, mode, agentUser);
  const verdict = await deps.engine.evaluate(checked.value, caller, { partial: false, retriesGetApproval: true, source: "hook" });
  if (!judgedInFull(verdict)) {
    // Let through with parts nobody read is no judgment: fail closed, as when warden is down.
    const gated = { stage: plan.stage, kind: plan.event.kind, payload: plan.event.payload };
    const answer = degradedAnswer(gated, directivesFor(deps, caller.workspaceId), { harness, mode, why: "part of it was too large or too slow to judge" });
    return { answer, decision: "unjudged" };
  }
  const { policy } = deps.policies.current().forWorkspace(caller.workspaceId);
  const ctx = { harness, stage: plan.stage, mode, workspaceId: caller.workspaceId, action: plan.action, payload: plan.event.payload, rewrite: policy.hookRewrite };
  const answer = answerVerdict(verdict, ctx);
  const approvalId = verdict["x.svc.approval_id"];
  if (answer.type === "ask" && verdict.decision === "require_approval" && typeof approvalId === "string") {
    // Only a prompt warden asked for can later answer this request (recordPromptAnswer).
    await deps.approvals.markPrompted(caller.workspaceId, approvalId, actionDigest(plan.event.kind, plan.event.payload));
  }
  return { answer, decision: verdict.decision };
}

type Verified = { key: AuthenticatedKey | undefined } | { key: undefined; error: unknown };

export async function handleHook(harness: Harness, request: Request, deps: HookDeps): Promise<Response> {
  // A key lookup the store cannot answer is refused below like any storage failure, in the
  // harness's JSON: a non-2xx here would let the tool run.
  const verified: Verified = await deps.keys.verify(request.headers.get("authorization")).then(
    (key) => ({ key }),
    (error: unknown) => ({ key: undefined, error }),
  );
  const { key } = verified;
  // Without a valid key the body is read only far enough to shape the refusal.
  const limit = key ? deps.maxBodyBytes : Math.min(deps.maxBodyBytes, UNAUTHENTICATED_READ_BYTES);
  const body = await readBody(request, limit, deps.bodyTimeoutMs);
  if (!body.ok) {
    // Not proven: warden cannot say which request it refuses, and the command hook degrades.
    const why = !key
      ? "unauthorized: missing or invalid warden key"
      : body.problem === "too_large" ? `hook input over ${limit} bytes` : body.problem === "timeout" ? "hook input did not arrive in time" : "hook input unreadable";
    return reply(unreadableOutput(why), "invalid");
  }
  return proveAnswer(request, body.bytes, await answerHook(harness, request, deps, verified, body));
}

/** The answer to a hook input read whole: unreadable, acknowledged, degraded or judged. */
async function answerHook(harness: Harness, request: Request, deps: HookDeps, verified: Verified, body: { bytes: Uint8Array; text: string }): Promise<Response> {
  const { key } = verified;
  const parsed = parseJson(body.text);
  const read = parsed.ok ? readHookInput(parsed.value) : { ok: false as const, message: parsed.message };
  if (!read.ok) return reply(unreadableOutput(read.message), "invalid");
  const { input } = read;
  const agentUser = agentUserOf(request);
  const plan = planHook(harness, input, { now: new Date(deps.clock.now()), mintId: () => randomId(20), agentUser });
  if (plan.type === "acknowledge") return reply({}, "none");
  const mode = modeOf(new URL(request.url), input);
  const gated = { stage: plan.stage, kind: plan.event.kind, payload: plan.event.payload };
  const degrade = (reason: string, why: string, workspaceId?: string) => {
    deps.metrics?.degraded.labels(reason).inc();
    const answer = degradedAnswer(gated, directivesFor(deps, workspaceId), { harness, mode, why });
    return reply(renderHookOutput(input.event, answer), "degraded", { "x-warden-error": why });
  };

  const refuse = (error: unknown, workspaceId?: string) => {
    // Storage down or overloaded, or a bug: nothing was recorded, so nothing is allowed on its say.
    const requestId = clientOf(request)?.requestId ?? randomId(12);
    deps.log.error("hook could not be judged", { request_id: requestId, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    return degrade("storage", `could not judge or record (request ${requestId})`, workspaceId);
  };

  if ("error" in verified) return refuse(verified.error);
  if (!key) {
    deps.metrics?.authFailures.labels(request.headers.get("authorization") ? "unknown" : "missing").inc();
    return degrade("unauthorized", "unauthorized: missing or invalid warden key");
  }
  const rate = deps.rateLimiter.take(key.keyId);
  if (!rate.ok) {
    deps.metrics?.rateLimited.labels(clientOf(request)?.route ?? OTHER_ROUTE).inc();
    return degrade("rate_limited", "rate limited", key.workspaceId);
  }
  let channel: Awaited<ReturnType<typeof channelOf>>;
  try {
    channel = await channelOf(request.headers.get("svc-batch-signature"), body.bytes, key.workspaceId, deps.pepKeys);
  } catch (error) {
    return refuse(error, key.workspaceId);
  }
  if ("revoked" in channel) return degrade("key_revoked", "key_revoked: this hook's signing key was revoked");
  if (clientOf(request)?.shed) return degrade("overloaded", "warden is overloaded", key.workspaceId);
  const caller: Caller = { keyId: key.keyId, workspaceId: key.workspaceId, ceiling: channel.ceiling };
  try {
    const { answer, decision } = await judge(deps, harness, caller, plan, mode, agentUser);
    return reply(renderHookOutput(input.event, answer), decision, { "x-warden-event-id": plan.event.event_id });
  } catch (error) {
    return refuse(error, key.workspaceId);
  }
}
