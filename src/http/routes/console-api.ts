// The console's read and decide endpoints (JSON): workspaces, the audit trail, one event with its
// findings (masked by console-event-view.ts), approvals, agents and sensors, the policy in force.
// The caller already holds a console session (console.ts checks it before any of these run).
import type { PolicyHolder } from "../../engine/policy-set.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/log.ts";
import type { ApprovalRecord, ApprovalStore, AuditEntry, ConsoleSession, LivenessStore, Storage } from "../../store/types.ts";
import { errors, json } from "../errors.ts";
import { readDecisionReason } from "./decision-reason.ts";
import { approvalView } from "./admin-approvals.ts";
import { maskPayload, scrubText, viewEvent } from "./console-event-view.ts";

export interface ConsoleDeps {
  consoleStorage: Pick<Storage, "console" | "events" | "agents" | "keys">;
  liveness: LivenessStore;
  approvals: ApprovalStore;
  policies: PolicyHolder;
  clock: Clock;
  maxBodyBytes: number;
  log: Logger;
}

const iso = (ms: number) => new Date(ms).toISOString();
const MAX_TEXT = 256;
const DECIDED_SHOWN = 50;

export const entryView = (e: AuditEntry) => ({
  seq: e.seq,
  at: iso(e.receivedAt),
  event_id: e.eventId,
  guard_id: e.guardId,
  kind: e.kind,
  decision: e.decision,
  source: e.source,
  agent_id: e.agentId,
  session_id: e.sessionId,
  reasons: e.reasons,
  action: e.action,
});

/** The `workspace` query parameter, or the 400 that says it is missing. */
export function workspaceOf(request: Request): string | Response {
  const workspace = new URL(request.url).searchParams.get("workspace");
  return workspace && workspace.length <= MAX_TEXT ? workspace : errors.invalidBody("workspace is required");
}

export async function listWorkspaces(deps: ConsoleDeps): Promise<Response> {
  const keys = await deps.consoleStorage.keys.list();
  return json({ workspaces: [...new Set(keys.map((k) => k.workspaceId))].sort() });
}

export async function listEvents(request: Request, deps: ConsoleDeps): Promise<Response> {
  const workspace = workspaceOf(request);
  if (workspace instanceof Response) return workspace;
  const limit = Math.min(Math.max(Number(new URL(request.url).searchParams.get("limit")) || 100, 1), 500);
  return json({ events: (await deps.consoleStorage.events.recent(workspace, limit)).map(entryView) });
}

export async function showEvent(request: Request, deps: ConsoleDeps): Promise<Response> {
  const workspace = workspaceOf(request);
  if (workspace instanceof Response) return workspace;
  const eventId = new URL(request.url).searchParams.get("event_id");
  if (!eventId) return errors.invalidBody("event_id is required");
  const { events } = deps.consoleStorage;
  const stored = await events.get(workspace, eventId);
  if (!stored) return errors.notFound();
  return json(viewEvent(stored, await events.findings(workspace, eventId)));
}

/** An approval as the console shows it: the action text with its event's secrets masked. */
async function maskedApproval(workspace: string, record: ApprovalRecord, deps: ConsoleDeps) {
  const view = approvalView(record);
  const { events } = deps.consoleStorage;
  const stored = await events.get(workspace, record.eventId);
  if (!stored || view.action === null) return view;
  const { hidden } = maskPayload(stored.event.payload, await events.findings(workspace, record.eventId));
  return { ...view, action: scrubText(view.action, hidden) };
}

export async function listApprovals(request: Request, deps: ConsoleDeps): Promise<Response> {
  const workspace = workspaceOf(request);
  if (workspace instanceof Response) return workspace;
  const all = await deps.approvals.list(workspace, deps.clock.now());
  const shown = [...all.filter((r) => r.status === "pending"), ...all.filter((r) => r.status !== "pending").slice(0, DECIDED_SHOWN)];
  return json({ approvals: await Promise.all(shown.map((r) => maskedApproval(workspace, r, deps))) });
}

export async function decideApproval(request: Request, deps: ConsoleDeps, session: ConsoleSession, params: { id: string; action: string }): Promise<Response> {
  const workspace = workspaceOf(request);
  if (workspace instanceof Response) return workspace;
  if (params.action !== "approve" && params.action !== "deny") return errors.notFound();
  const reason = await readDecisionReason(request, deps.maxBodyBytes);
  if (reason instanceof Response) return reason;
  const status = params.action === "approve" ? "approved" : "denied";
  const by = `console:${session.operator}`;
  const now = deps.clock.now();
  const result = await deps.approvals.decide(workspace, params.id, status, by, reason, now);
  if (!result.ok) return result.reason === "not_found" ? errors.notFound() : json({ error: "not_pending" }, 409);
  deps.log.info("approval decided in the console", { workspace, approval_id: params.id, status, by, console_session: session.sessionId });
  return json(await maskedApproval(workspace, result.record, deps));
}

/** live: heard from within its interval; idle: silent past it but not yet dark; dark: marked by the sweep. */
export const livenessState = (s: { intervalS: number; lastSeenAt: number; dark: boolean }, now: number) =>
  s.dark ? "dark" : now - s.lastSeenAt > s.intervalS * 1000 ? "idle" : "live";

const FLEET_PAGE = 200;

/** `?offset=` of the sensor list (dark first, then most recently seen), FLEET_PAGE at a time. */
function pageOf(url: URL): { limit: number; offset: number } | Response {
  const offset = url.searchParams.get("offset") ?? "0";
  if (!/^[0-9]{1,7}$/.test(offset)) return errors.invalidBody("offset must be a whole number");
  return { limit: FLEET_PAGE, offset: Number(offset) };
}

export async function showFleet(request: Request, deps: ConsoleDeps): Promise<Response> {
  const workspace = workspaceOf(request);
  if (workspace instanceof Response) return workspace;
  const now = deps.clock.now();
  const page = pageOf(new URL(request.url));
  if (page instanceof Response) return page;
  const [agents, sensors, findings] = await Promise.all([
    deps.consoleStorage.agents.list(workspace),
    deps.liveness.states(workspace, page),
    deps.liveness.recent(workspace, 50),
  ]);
  return json({
    now: iso(now),
    agents: agents.map((a) => ({
      agent_id: a.agentId, agent_types: a.agentTypes, agent_workspace: a.agentWorkspace, owner: a.owner, users: a.users,
      delegation_chain: a.delegationChain, attestation: a.attestation, first_seen_at: iso(a.firstSeenAt), last_seen_at: iso(a.lastSeenAt),
    })),
    sensors: sensors.sensors.map((s) => ({
      sensor: s.sensorKey, instance_id: s.instanceId, interval_s: s.intervalS, last_seen_at: iso(s.lastSeenAt), state: livenessState(s, now),
    })),
    sensors_total: sensors.total,
    sensors_offset: page.offset,
    findings: findings.map((f) => ({
      category: f.category, severity: f.severity, check_id: f.checkId, title: f.title, subject: f.subject,
      created_at: iso(f.createdAt), cleared_at: f.clearedAt === null ? null : iso(f.clearedAt),
    })),
  });
}

const SECRET_KEY = /token|secret|password|passwd|credential/i;

/** Detector configs as the policy set them, with anything named like a secret left out. */
function redactConfig(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactConfig);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? "(hidden)" : redactConfig(v)]));
}

export function showPolicy(request: Request, deps: ConsoleDeps): Response {
  const workspace = workspaceOf(request);
  if (workspace instanceof Response) return workspace;
  const { policy, detectors } = deps.policies.current().forWorkspace(workspace);
  return json({
    version: policy.version,
    detectors: detectors.map(({ definition: d }) => ({
      id: d.id, description: d.description, kinds: d.kinds, encodings: d.encodings, config: redactConfig(policy.detectors[d.id] ?? d.defaultConfig),
    })),
    disabled: policy.disabled,
    decision_rules: policy.decisionRules.map((r) => ({ prefix: r.prefix, by_severity: r.bySeverity })),
    composition: { detector_timeout_ms: policy.detectorDeadlineMs, on_timeout: policy.onDetectorFailure, on_all_failed: policy.onAllFailed, strategies: policy.strategies },
    whitelist: policy.whitelist,
    content_required_kinds: policy.contentRequiredKinds,
    approval_ttl_s: policy.approvalTtlMs / 1000,
    on_unreachable: policy.onUnreachable,
    queue_timeout_action: policy.queueTimeoutAction,
    hard_rules: policy.hardRules,
  });
}
