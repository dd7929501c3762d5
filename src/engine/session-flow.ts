// Flow across a session, what no stateless guard can see: a session remembers whether it took
// in untrusted content and whether it touched secrets; an action that can then send data out
// completes the exfiltration chain. Provenance propagates from the events an event names, and
// repeated or runaway actions are resource exhaustion. State is in memory, per session, bounded.
import type { Clock } from "../lib/clock.ts";
import type { GuardEvent, Provenance } from "../wire/guard-event.ts";
import type { Finding } from "../wire/verdict.ts";
import { classifyAction, isUntrusted, type ActionTraits } from "./action-traits.ts";
import type { DetectorOutcome } from "./detector.ts";

export const FLOW_PROVIDER = "flow";

const REPEAT_WINDOW_MS = 60_000;
const REPEAT_LIMIT = 20;
const RATE_LIMIT_PER_MINUTE = 600;
const MAX_REMEMBERED_EVENTS = 512;

interface FlowState {
  untrustedSince?: string;
  secretsSince?: string;
  /** Effective provenance of recent events, so later events can inherit it by reference. */
  provenance: Map<string, Provenance[]>;
  repeats: Map<string, { first: number; count: number }>;
  minute: { start: number; count: number };
}

export interface FlowTracker {
  /** Judges the event against its session's history; changes nothing. */
  /** `carried`: provenance of the event's earlier altitudes (its decision unit). */
  assess(sessionKey: string, event: GuardEvent, findings: readonly Finding[], carried?: readonly Provenance[]): DetectorOutcome;
  /** Adds a recorded event to its session's history. */
  observe(sessionKey: string, event: GuardEvent, findings: readonly Finding[]): void;
}

const finding = (category: string, check_id: string, severity: Finding["severity"], title: string): Finding => ({
  category, check_id, severity, title, score: 0.9, detector: FLOW_PROVIDER,
});

function inherited(state: FlowState | undefined, event: GuardEvent, carried: readonly Provenance[] = []): Provenance[] {
  const own = [...(event.provenance ?? []), ...carried];
  if (!state) return own;
  const refs = [...(event.context_refs ?? []), ...own.flatMap((p) => (p.ref ? [p.ref] : []))];
  return own.concat(refs.flatMap((ref) => state.provenance.get(ref) ?? []));
}

const touchesSecrets = (findings: readonly Finding[]) =>
  findings.some((f) => f.category.startsWith("security.secret_leak") && f.check_id !== "secrets.env_secret_passed");

// Computed once per event (assess and observe both need it).
const actionKeys = new WeakMap<GuardEvent, string>();
function actionKey(event: GuardEvent): string {
  let key = actionKeys.get(event);
  if (key === undefined) {
    key = `${event.kind}\u0000${Bun.hash.wyhash(JSON.stringify(event.payload)).toString(36)}`;
    actionKeys.set(event, key);
  }
  return key;
}

function assessChain(state: FlowState | undefined, traits: ActionTraits, provenance: Provenance[], findings: readonly Finding[]) {
  const untrusted = state?.untrustedSince !== undefined || provenance.some(isUntrusted) || traits.intakeUntrusted;
  const secrets = state?.secretsSince !== undefined || touchesSecrets(findings);
  if (!(traits.sendsOut && untrusted && secrets)) return undefined;
  return finding("security.data_exfiltration", "flow.untrusted_secret_egress", "high",
    "action can send data out after the session took in untrusted content and touched secrets");
}

function assessIntent(traits: ActionTraits, provenance: Provenance[]): Finding | undefined {
  const intent = provenance.some((p) => isUntrusted(p) && p.taint_tags?.includes("executable_intent"));
  if (!intent || !traits.changesState) return undefined;
  return finding("security.prompt_injection", "flow.untrusted_executable_intent", "high",
    "state-changing action derived from untrusted content that carries executable intent");
}

function assessVolume(state: FlowState | undefined, event: GuardEvent, now: number): Finding | undefined {
  if (!state) return undefined;
  const repeat = state.repeats.get(actionKey(event));
  if (repeat && now - repeat.first < REPEAT_WINDOW_MS && repeat.count + 1 >= REPEAT_LIMIT) {
    return finding("security.resource_exhaustion", "flow.repeated_action", "medium", "the same action repeated many times in a minute");
  }
  if (now - state.minute.start < 60_000 && state.minute.count + 1 > RATE_LIMIT_PER_MINUTE) {
    return finding("security.resource_exhaustion", "flow.runaway_rate", "medium", "runaway action rate in this session");
  }
  return undefined;
}

export function createFlowTracker(clock: Clock, maxSessions = 20_000): FlowTracker {
  const sessions = new Map<string, FlowState>();

  const stateOf = (key: string): FlowState => {
    let state = sessions.get(key);
    if (state) {
      sessions.delete(key);
    } else {
      state = { provenance: new Map(), repeats: new Map(), minute: { start: clock.now(), count: 0 } };
      if (sessions.size >= maxSessions) sessions.delete(sessions.keys().next().value!);
    }
    sessions.set(key, state);
    return state;
  };

  return {
    assess(sessionKey, event, findings, carried) {
      const state = sessions.get(sessionKey);
      const traits = classifyAction(event);
      const provenance = inherited(state, event, carried);
      const found = [assessChain(state, traits, provenance, findings), assessIntent(traits, provenance), assessVolume(state, event, clock.now())]
        .filter((f): f is Finding => f !== undefined);
      if (found.length === 0) return { decision: "allow", reasons: ["no risky flow in this session"], findings: [] };
      const block = found.some((f) => f.check_id === "flow.untrusted_executable_intent") && found.length > 1;
      return { decision: block ? "block" : "require_approval", reasons: found.map((f) => f.title!), findings: found };
    },

    observe(sessionKey, event, findings) {
      const state = stateOf(sessionKey);
      const traits = classifyAction(event);
      const provenance = inherited(state, event);
      if (provenance.some(isUntrusted) || traits.intakeUntrusted) state.untrustedSince ??= event.event_id;
      if (touchesSecrets(findings)) state.secretsSince ??= event.event_id;
      if (provenance.length) {
        state.provenance.set(event.event_id, provenance.slice(0, 16));
        if (state.provenance.size > MAX_REMEMBERED_EVENTS) state.provenance.delete(state.provenance.keys().next().value!);
      }
      const now = clock.now();
      const key = actionKey(event);
      const repeat = state.repeats.get(key);
      if (repeat && now - repeat.first < REPEAT_WINDOW_MS) repeat.count++;
      else state.repeats.set(key, { first: now, count: 1 });
      if (state.repeats.size > MAX_REMEMBERED_EVENTS) state.repeats.delete(state.repeats.keys().next().value!);
      if (now - state.minute.start >= 60_000) state.minute = { start: now, count: 0 };
      state.minute.count++;
    },
  };
}
