// The decision pipeline, free of HTTP and SQL: attribute -> dedupe -> session -> run detectors ->
// compose -> record. evaluate answers only after what it returns is durably recorded.
import type { Clock } from "../lib/clock.ts";
import { timeOrderedId } from "../lib/ids.ts";
import type { ApprovalRecord, ApprovalStore, Attribution, EventStore, GrantStore, IngestedEvent, ToolDefinition } from "../store/types.ts";
import { clampAttestation } from "../trust/attestation.ts";
import type { Attestation, GuardEvent, Provenance } from "../wire/guard-event.ts";
import type { Finding, Verdict } from "../wire/verdict.ts";
import { compose } from "./compose.ts";
import { createInspectedEvent } from "./inspected-event.ts";
import { applyPolicy } from "./apply-policy.ts";
import { applyApproval } from "./approvals.ts";
import { applyGrants } from "./grants.ts";
import { actionDigest } from "./payload-digest.ts";
import { createApprovalRequests, queueFull } from "./approval-requests.ts";
import { recordOnce } from "./id-reuse.ts";
import { sensitiveSpans, storedFormOf } from "./stored-event.ts";
import { judgeAttestation } from "./attestation-policy.ts";
import type { Policy } from "./policy.ts";
import type { PolicyHolder } from "./policy-set.ts";
import { runDetector, type DetectorRun, type LoadedDetector } from "./run-detector.ts";
import type { FileLeft, InspectedEvent } from "./detector.ts";
import type { SessionTracker } from "./sessions.ts";
import { AGENTS_PROVIDER, type AgentAssessment, type AgentTracker } from "./agents.ts";
import { UNITS_PROVIDER, type DecisionUnits, type UnitAssessment, type UnitScope } from "./decision-units.ts";
import type { SensorCounts } from "./sensor-counts.ts";
import { DEFINITIONS_PROVIDER, type DefinitionTracker } from "./definitions.ts";
import { FLOW_PROVIDER, type FlowTracker } from "./session-flow.ts";
import type { SessionFiles } from "./session-files.ts";
import { judgeUnjudged, POLICY_PROVIDER } from "./unjudged.ts";
import { buildVerdict } from "./verdict-builder.ts";

/** The authenticated channel an event arrived on. */
export interface Caller {
  keyId: string;
  workspaceId: string;
  /** Highest attestation this channel can vouch for (`self_declared` for a plain API key). */
  ceiling: Attestation;
  /** The enrolled PEP key whose signature over the body verified, if any. */
  pepKeyId?: string;
}

/** The one user every session is attributed to when the event names none (interface.md, Subject). */
export const SINGLE_USER = "default";

export interface EngineDeps {
  policies: PolicyHolder;
  events: EventStore;
  sessions: SessionTracker;
  clock: Clock;
  flow: FlowTracker;
  /** What each session's agent wrote, for judging a later command that runs it. */
  files: SessionFiles;
  definitions: DefinitionTracker;
  agents: AgentTracker;
  units: DecisionUnits;
  sensorCounts: SensorCounts;
  approvals: ApprovalStore;
  grants: GrantStore;
  onDetectorFailure?: (run: Extract<DetectorRun, { status: "failed" }>, event: GuardEvent) => void;
  observer?: EngineObserver;
  /** Events were recorded through ingest: detection of them can start (ingest-judge.ts). */
  onIngested?: () => void;
}

/** What metrics see of each decision: counts and timings, never content. */
export interface EngineObserver {
  detectorsRan(runs: readonly DetectorRun[]): void;
  decided(source: "evaluate" | "hook" | "partial", kind: string, verdict: Verdict): void;
}

export interface EvaluateOptions {
  /** svc-partial: judge, record nothing. */
  partial: boolean;
  /** Which door the event came through, for metrics (default `evaluate`). */
  source?: "evaluate" | "hook";
  /**
   * The PEP mints a new guard_id for every attempt (a harness hook: one tool-use id per call), so
   * an approval given to an earlier attempt of the same action in the session may answer a retry.
   */
  retriesGetApproval?: boolean;
}

export type SlotResult = { id: string | null; status: 201 | 200 | 400; error?: string };

export interface Engine {
  evaluate(event: GuardEvent, caller: Caller, options: EvaluateOptions): Promise<Verdict>;
  /** Records already-validated events; invalid slots are passed through as results. */
  ingest(slots: readonly (GuardEvent | SlotResult)[], caller: Caller): Promise<SlotResult[]>;
  /**
   * Detection for an event recorded through ingest, after its acknowledgement (ingest-judge.ts):
   * what to record, and `learn` to feed the session once that is durable.
   */
  judgeIngested(recorded: IngestedEvent): Promise<IngestedJudgment>;
}

export interface IngestedJudgment {
  findings: Finding[];
  /** The event with what detection located masked, when it located anything. */
  stored?: GuardEvent;
  /** Feeds session state (taint, secrets seen, files written) with what was found. */
  learn(): void;
}

const waits = (loaded: LoadedDetector) => loaded.definition.deadlineMs !== undefined;

/**
 * Local detectors run as they are called; ones that wait (external services) overlap. With the
 * policy's short_circuit, a local block means nobody waits on the slow ones. When every run
 * answered synchronously (the built-in detectors do), the runs come back without a promise.
 */
function runDetectors(detectors: readonly LoadedDetector[], input: InspectedEvent, policy: Policy): DetectorRun[] | Promise<DetectorRun[]> {
  const run = (loaded: LoadedDetector) => runDetector(loaded, input, loaded.definition.deadlineMs ?? policy.detectorDeadlineMs);
  const local = detectors.filter((d) => !policy.shortCircuit || !waits(d)).map(run);
  const remote = policy.shortCircuit ? detectors.filter(waits) : [];
  if (remote.length === 0 && !local.some((r) => r instanceof Promise)) return local as DetectorRun[];
  return Promise.all(local).then(async (done) => {
    if (remote.length === 0) return done;
    const blocked = done.some((r) => r.status === "ok" && r.outcome.decision === "block");
    const rest = blocked
      ? remote.map((d): DetectorRun => ({ status: "abstained", detector: d.definition.id, reason: "skipped: another detector already blocked", latencyMs: 0 }))
      : await Promise.all(remote.map(run));
    return [...done, ...rest];
  });
}

/**
 * A hashed or metadata-only event of a kind whose judgment needs content cannot be cleared by
 * detectors that abstained: it needs a person (interface.md, content_encoding).
 */
function judgeReducedContent(event: GuardEvent, policy: Policy): DetectorRun | undefined {
  const encoding = event.content_encoding ?? "raw";
  if ((encoding !== "hashed" && encoding !== "metadata_only") || !policy.contentRequiredKinds.includes(event.kind)) return undefined;
  const reason = `${event.kind} content is ${encoding}; policy needs content to judge it`;
  return {
    status: "ok",
    detector: POLICY_PROVIDER,
    latencyMs: 0,
    outcome: { decision: "require_approval", reasons: [reason], findings: [], unjudged: ["payload"] },
  };
}

/** The working directory relative paths of the event mean (an exec's cwd, a hook's cwd). */
const cwdOf = (event: GuardEvent): string | undefined => (typeof event.payload.cwd === "string" ? event.payload.cwd : undefined);

/**
 * What detectors say the action leaves, whatever they decided: a write held for a person who
 * then lets it through still lands. One cut off at its deadline reports what it saw by then.
 */
function filesLeftBy(runs: readonly DetectorRun[]): FileLeft[] {
  const left: FileLeft[] = [];
  for (const run of runs) {
    const outcome = run.status === "ok" ? run.outcome : run.status === "failed" ? run.partial : undefined;
    if (outcome?.filesLeft) left.push(...outcome.filesLeft);
  }
  return left;
}

export function createEngine(deps: EngineDeps): Engine {
  const engine = createUnobservedEngine(deps);
  const observer = deps.observer;
  if (!observer) return engine;
  return {
    ...engine,
    async evaluate(event, caller, options) {
      const verdict = await engine.evaluate(event, caller, options);
      observer.decided(options.partial ? "partial" : (options.source ?? "evaluate"), event.kind, verdict);
      return verdict;
    },
  };
}

function createUnobservedEngine(deps: EngineDeps): Engine {
  const { clock } = deps;

  const attribute = async (event: GuardEvent, caller: Caller, dryRun = false): Promise<Attribution> => {
    const agentId = event.subject?.agent_id ?? `key:${caller.keyId}`;
    const agentUser = event.subject?.agent_user || SINGLE_USER;
    const session = await deps.sessions.resolve(caller.workspaceId, agentId, agentUser, event.session_id, dryRun);
    return {
      agentId,
      agentUser,
      attestation: clampAttestation(event.subject?.attestation, caller.ceiling),
      sessionId: session.sessionId,
      derivedSession: session.derived,
    };
  };

  const sessionKey = (caller: Caller, attribution: Attribution) => `${caller.workspaceId}\u0000${attribution.sessionId}`;
  const unitScope = (caller: Caller, attribution: Attribution): UnitScope =>
    ({ workspaceId: caller.workspaceId, agentId: attribution.agentId, sessionId: attribution.sessionId });
  const signalsOf = (caller: Caller) => deps.policies.current().forWorkspace(caller.workspaceId).policy.signals;

  const assessFlow = (event: GuardEvent, caller: Caller, attribution: Attribution, runs: DetectorRun[], carried: Provenance[], policy: Policy): DetectorRun => {
    const started = performance.now();
    const findings = runs.flatMap((r) => (r.status === "ok" ? r.outcome.findings : []));
    const outcome = deps.flow.assess(sessionKey(caller, attribution), event, findings, policy.signals, carried);
    const latencyMs = performance.now() - started;
    // Flow is not a detector: when it has nothing to say it abstains, so it never counts
    // toward (or against) "every detector failed".
    if (outcome.findings.length === 0) return { status: "abstained", detector: FLOW_PROVIDER, reason: outcome.reasons[0]!, latencyMs };
    return { status: "ok", detector: FLOW_PROVIDER, outcome, latencyMs };
  };

  const approvalRequests = createApprovalRequests(deps);

  /**
   * The human decision on this guard_id's request, applied when it is about exactly this action.
   * An approval is used once: the first full evaluate it lets through uses it, in one step; a
   * partial evaluate shows what the full one would answer and uses nothing.
   */
  const answerFromApproval = async (verdict: Verdict, approval: ApprovalRecord, event: GuardEvent, caller: Caller, partial: boolean) => {
    const answered = applyApproval(verdict, approval, actionDigest(event.kind, event.payload));
    if (approval.status !== "approved" || answered.decision !== "allow" || answered === verdict) return answered;
    const unused = partial ? approval.claimedBy === null : await deps.approvals.consume(caller.workspaceId, approval.approvalId, event.guard_id);
    if (unused) return answered;
    return { ...answered, decision: "block" as const, reasons: [`approval ${approval.approvalId} was already used; a new action needs a new approval`] };
  };

  /** `recorded`: an ingested event, already counted in units, definitions and the inventory at ingest. */
  const judge = async (event: GuardEvent, caller: Caller, attribution: Attribution, dryRun: boolean, recorded = false) => {
    const started = performance.now();
    const { policy, detectors } = deps.policies.current().forWorkspace(caller.workspaceId);
    const key = sessionKey(caller, attribution);
    const input = createInspectedEvent(event, deps.files.view(key, cwdOf(event)));
    const ran = runDetectors(detectors, input, policy);
    const runs = ran instanceof Promise ? await ran : ran;
    for (const run of runs) if (run.status === "failed") deps.onDetectorFailure?.(run, event);
    deps.observer?.detectorsRan(runs);
    const unit: UnitAssessment = recorded ? { provenance: [] } : deps.units.assess(unitScope(caller, attribution), event, policy.signals.invocationCoverageMs);
    if (unit.outcome) runs.push({ status: "ok", detector: UNITS_PROVIDER, outcome: unit.outcome, latencyMs: 0 });
    runs.push(assessFlow(event, caller, attribution, runs, unit.provenance, policy));
    const definitions: Awaited<ReturnType<DefinitionTracker["assess"]>> = recorded ? { fresh: [] } : await deps.definitions.assess(caller.workspaceId, event, attribution.agentId);
    if (definitions.outcome) runs.push({ status: "ok", detector: DEFINITIONS_PROVIDER, outcome: definitions.outcome, latencyMs: 0 });
    const agents: AgentAssessment = recorded ? { updates: [] } : await deps.agents.assess(caller.workspaceId, event, attribution, clock.now());
    if (agents.outcome) runs.push({ status: "ok", detector: AGENTS_PROVIDER, outcome: agents.outcome, latencyMs: 0 });
    const blind = judgeReducedContent(event, policy);
    if (blind) runs.push(blind);
    const unjudged = judgeUnjudged(runs, policy, (id) => detectors.find((d) => d.definition.id === id)?.definition.judges);
    if (unjudged.run) runs.push(unjudged.run);
    // Everything detectors located, before a whitelist or a strategy set any of it aside: what
    // is kept out of storage does not depend on what was acted on.
    const located = runs.flatMap((r) => (r.status === "ok" ? r.outcome.findings : []));
    const adjusted = applyPolicy(runs, policy, event, attribution.agentId);
    const underAttested = judgeAttestation(event, attribution.attestation, policy, adjusted.runs);
    if (underAttested) adjusted.runs.push(underAttested);
    const composition = compose(adjusted.runs, policy);
    const book = composition.decision === "redact" && composition.redactions.length
      ? await deps.sessions.placeholders(caller.workspaceId, attribution.sessionId, dryRun)
      : undefined;
    const verdict = buildVerdict({
      event,
      composition,
      attribution,
      policyVersion: policy.version,
      decisionId: timeOrderedId("dec_", clock.now()),
      placeholderFor: book?.placeholderFor,
      latencyMs: performance.now() - started,
      whitelisted: adjusted.whitelisted,
      unjudgedAccepted: unjudged.accepted,
    });
    return { verdict, findings: composition.findings, located, counters: book?.changedCounters(), definitions: definitions.fresh, agents: agents.updates, filesLeft: filesLeftBy(runs) };
  };

  return {
    async evaluate(event, caller, { partial, retriesGetApproval }) {
      // A partial evaluate decides as the full call would and changes nothing, durable or in
      // memory: no session remembered, no placeholder kept, no approval settled or used, no grant
      // counted, no flow or unit observed (interface.md, evaluate rule 4).
      const attribution = await attribute(event, caller, partial);
      const judged = await judge(event, caller, attribution, partial);
      const approval = partial
        ? await deps.approvals.peek(caller.workspaceId, event.guard_id, clock.now())
        : await deps.approvals.get(caller.workspaceId, event.guard_id, clock.now());
      let verdict = approval ? await answerFromApproval(judged.verdict, approval, event, caller, partial) : judged.verdict;
      if (!approval) verdict = await applyGrants(verdict, event, attribution, caller.workspaceId, deps.grants, clock.now(), !partial);
      if (partial) return verdict;
      if (retriesGetApproval && !approval && verdict.decision === "require_approval") verdict = await approvalRequests.applyRetried(event, caller, attribution, verdict);
      // What the log keeps: the secrets this judgment located are masked before anything is written.
      const stored = storedFormOf(event, sensitiveSpans(judged.verdict, judged.located));
      let findings = judged.findings;
      if (verdict.decision === "require_approval" && !approval) {
        const request = await approvalRequests.request(event, caller, attribution, verdict, judged.findings, stored?.hidden ?? []);
        if ("full" in request) {
          verdict = queueFull(verdict, request.full, deps.policies.current().forWorkspace(caller.workspaceId).policy.pendingCaps);
          findings = [...findings, verdict.findings!.at(-1)!];
        } else {
          verdict = { ...verdict, "x.svc.approval_id": request.approvalId, "x.svc.approval_status": request.status };
        }
      }
      // A repeat of the same event gets the stored verdict; another event under its id is judged
      // afresh and recorded apart (id-reuse.ts).
      const outcome = await recordOnce(deps.events, {
        workspaceId: caller.workspaceId,
        event,
        stored: stored?.event,
        attribution,
        source: "evaluate",
        receivedAt: clock.now(),
        verdict,
        findings,
        redactionCounters: judged.counters,
        definitions: judged.definitions,
        agents: judged.agents,
      }, clock.now());
      if (outcome.created) {
        deps.flow.observe(sessionKey(caller, attribution), event, judged.findings, signalsOf(caller));
        deps.files.observe(sessionKey(caller, attribution), judged.filesLeft, cwdOf(event));
        deps.definitions.remember(caller.workspaceId, judged.definitions);
        deps.agents.commit(caller.workspaceId, judged.agents);
        deps.units.observe(unitScope(caller, attribution), event, judged.verdict.decision);
        if (event.sensor) deps.sensorCounts.received(caller.workspaceId, event.sensor.id);
      }
      return outcome.verdict ?? verdict;
    },

    async ingest(slots, caller) {
      // Attribute first, then queue every record in batch order, so the first of two copies
      // of one event_id in a batch is the one recorded and the second is the duplicate.
      const attributions: (Attribution | undefined)[] = [];
      const fresh: ToolDefinition[][] = [];
      const inventory: AgentAssessment[] = [];
      for (const slot of slots) {
        const valid = "svc_version" in slot;
        const attribution = valid ? await attribute(slot, caller) : undefined;
        attributions.push(attribution);
        // Definitions and agents first seen through ingest count as seen, like evaluated ones.
        fresh.push(valid ? (await deps.definitions.assess(caller.workspaceId, slot, attribution!.agentId)).fresh : []);
        inventory.push(valid ? await deps.agents.assess(caller.workspaceId, slot, attribution!, clock.now()) : { updates: [] });
      }
      const receivedAt = clock.now();
      const results = await Promise.all(
        slots.map(async (slot, i): Promise<SlotResult> => {
          if (!("svc_version" in slot)) return slot;
          const outcome = await recordOnce(deps.events, {
            workspaceId: caller.workspaceId,
            event: slot,
            attribution: attributions[i]!,
            source: "ingest",
            receivedAt,
            findings: inventory[i]!.outcome?.findings ?? [],
            definitions: fresh[i]!,
            agents: inventory[i]!.updates,
          }, receivedAt);
          if (outcome.created) {
            deps.flow.observe(sessionKey(caller, attributions[i]!), slot, [], signalsOf(caller));
            deps.definitions.remember(caller.workspaceId, fresh[i]!);
            deps.agents.commit(caller.workspaceId, inventory[i]!.updates);
            deps.units.observe(unitScope(caller, attributions[i]!), slot, "allow");
            if (slot.sensor) deps.sensorCounts.received(caller.workspaceId, slot.sensor.id);
          }
          return { id: slot.event_id, status: outcome.created ? 201 : 200 };
        }),
      );
      if (results.some((r) => r.status === 201)) deps.onIngested?.();
      return results;
    },

    async judgeIngested({ event, workspaceId, attribution }) {
      const caller: Caller = { keyId: "ingest", workspaceId, ceiling: attribution.attestation };
      const judged = await judge(event, caller, attribution, true, true);
      const stored = storedFormOf(event, sensitiveSpans(judged.verdict, judged.located));
      const key = sessionKey(caller, attribution);
      return {
        findings: judged.findings,
        ...(stored ? { stored: stored.event } : {}),
        learn() {
          deps.flow.learn(key, event, judged.findings);
          deps.files.observe(key, judged.filesLeft, cwdOf(event));
        },
      };
    },
  };
}
