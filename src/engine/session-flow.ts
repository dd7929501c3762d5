// Flow across a session, what no stateless guard can see: a session remembers whether it took
// in untrusted content and whether it touched secrets; an action that can then send data out
// completes the exfiltration chain. Provenance propagates from the events an event names.
// Repeated or runaway actions are resource exhaustion: a finding at a count a busy agent does not
// reach, a decision only at a rate no person or model loop produces (policy `signals`).
// State is in memory, per session, bounded.
import type { Clock } from "../lib/clock.ts";
import type { GuardEvent, Provenance } from "../wire/guard-event.ts";
import { mostSevere, type Decision, type Finding } from "../wire/verdict.ts";
import { classifyAction, isUntrusted, type ActionTraits } from "./action-traits.ts";
import type { DetectorOutcome } from "./detector.ts";
import type { RateSignal, Signals } from "./policy.ts";

export const FLOW_PROVIDER = "flow";

const MAX_REMEMBERED_EVENTS = 512;

interface FlowState {
  untrustedSince?: string;
  secretsSince?: string;
  /** Effective provenance of recent events, so later events can inherit it by reference. */
  provenance: Map<string, Provenance[]>;
  repeats: Map<string, Window>;
  all: Window;
}

/** Actions counted since `first`, until `first` is a signal's window ago. */
interface Window {
  first: number;
  count: number;
}

export interface FlowTracker {
  /** Judges the event against its session's history; changes nothing. */
  /** `carried`: provenance of the event's earlier altitudes (its decision unit). */
  assess(sessionKey: string, event: GuardEvent, findings: readonly Finding[], signals: Signals, carried?: readonly Provenance[]): DetectorOutcome;
  /** Adds a recorded event to its session's history. */
  observe(sessionKey: string, event: GuardEvent, findings: readonly Finding[], signals: Signals): void;
  /**
   * What detection found in an event already observed (an ingested one, judged after its
   * acknowledgement): secrets it carried, and instructions planted in it, which taint the
   * session like untrusted content does.
   */
  learn(sessionKey: string, event: GuardEvent, findings: readonly Finding[]): void;
}

/** What one part of the flow found, and the decision it asks for. */
interface Judged {
  finding: Finding;
  decision: Decision;
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

const PLANTED = /^security\.(prompt_injection|jailbreak|tool_poisoning)/;
const carriesInstructions = (findings: readonly Finding[]) => findings.some((f) => PLANTED.test(f.category));

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

function assessChain(state: FlowState | undefined, traits: ActionTraits, provenance: Provenance[], findings: readonly Finding[]): Judged | undefined {
  const untrusted = state?.untrustedSince !== undefined || provenance.some(isUntrusted) || traits.intakeUntrusted;
  const secrets = state?.secretsSince !== undefined || touchesSecrets(findings);
  if (!(traits.sendsOut && untrusted && secrets)) return undefined;
  return {
    decision: "require_approval",
    finding: finding("security.data_exfiltration", "flow.untrusted_secret_egress", "high",
      "action can send data out after the session took in untrusted content and touched secrets"),
  };
}

function assessIntent(traits: ActionTraits, provenance: Provenance[]): Judged | undefined {
  const intent = provenance.some((p) => isUntrusted(p) && p.taint_tags?.includes("executable_intent"));
  if (!intent || !traits.changesState) return undefined;
  return {
    decision: "require_approval",
    finding: finding("security.prompt_injection", "flow.untrusted_executable_intent", "high",
      "state-changing action derived from untrusted content that carries executable intent"),
  };
}

/** This event's place in a window: 1 for the first action of a fresh window. */
const countWith = (window: Window | undefined, signal: RateSignal, now: number) =>
  window && now - window.first < signal.windowMs ? window.count + 1 : 1;

/**
 * Reaching `findingAt` is one low finding per window that changes nothing (not one per action,
 * which would bury the findings list); from `decisionAt` on, or from `findingAt` on for an action
 * that is risky on its own, every action gets the signal's decision and a finding saying why.
 */
function judgeCount(signal: RateSignal, count: number, risky: boolean, check_id: string, title: (n: number, s: number) => string): Judged | undefined {
  if (count < signal.findingAt) return undefined;
  const decides = count >= signal.decisionAt || risky;
  if (!decides && count !== signal.findingAt) return undefined;
  const seconds = Math.round(signal.windowMs / 1000);
  const threshold = count >= signal.decisionAt ? signal.decisionAt : signal.findingAt;
  return {
    decision: decides ? signal.decision : "allow",
    finding: finding("security.resource_exhaustion", check_id, decides ? "medium" : "low", title(threshold, seconds)),
  };
}

const SERIOUS = new Set(["medium", "high", "critical"]);

/**
 * A repeat is risky on its own when a detector found something of weight in it, or when it can
 * send data out of the machine: a loop of those is worth a person's look long before a flood.
 */
const riskyRepeat = (findings: readonly Finding[], traits: ActionTraits) =>
  traits.sendsOut || findings.some((f) => SERIOUS.has(f.severity ?? "medium"));

function assessVolume(state: FlowState | undefined, event: GuardEvent, now: number, signals: Signals, risky: boolean): Judged[] {
  if (!state) return [];
  const repeats = countWith(state.repeats.get(actionKey(event)), signals.repeatedAction, now);
  const all = countWith(state.all, signals.runawayRate, now);
  return [
    judgeCount(signals.repeatedAction, repeats, risky, "flow.repeated_action",
      (n, s) => `the same action repeated ${n} or more times within ${s} s in this session`),
    judgeCount(signals.runawayRate, all, false, "flow.runaway_rate", (n, s) => `${n} or more actions within ${s} s in this session`),
  ].filter((j): j is Judged => j !== undefined);
}

/** Counts one more action into a window, starting a fresh one once the old one has passed. */
function countInto(window: Window | undefined, windowMs: number, now: number): Window {
  if (window && now - window.first < windowMs) {
    window.count++;
    return window;
  }
  return { first: now, count: 1 };
}

export function createFlowTracker(clock: Clock, maxSessions = 20_000): FlowTracker {
  const sessions = new Map<string, FlowState>();

  const stateOf = (key: string): FlowState => {
    let state = sessions.get(key);
    if (state) {
      sessions.delete(key);
    } else {
      state = { provenance: new Map(), repeats: new Map(), all: { first: clock.now(), count: 0 } };
      if (sessions.size >= maxSessions) sessions.delete(sessions.keys().next().value!);
    }
    sessions.set(key, state);
    return state;
  };

  return {
    assess(sessionKey, event, findings, signals, carried) {
      const state = sessions.get(sessionKey);
      const traits = classifyAction(event);
      const provenance = inherited(state, event, carried);
      const found = [
        assessChain(state, traits, provenance, findings),
        assessIntent(traits, provenance),
        ...assessVolume(state, event, clock.now(), signals, riskyRepeat(findings, traits)),
      ].filter((j): j is Judged => j !== undefined);
      if (found.length === 0) return { decision: "allow", reasons: ["no risky flow in this session"], findings: [] };
      const holding = found.filter((j) => j.decision !== "allow");
      // Untrusted executable intent on top of another held judgment is no longer a question.
      const intent = holding.some((j) => j.finding.check_id === "flow.untrusted_executable_intent");
      const decision = intent && holding.length > 1 ? "block" : holding.reduce<Decision>((d, j) => mostSevere(d, j.decision), "allow");
      return { decision, reasons: found.map((j) => j.finding.title!), findings: found.map((j) => j.finding) };
    },

    observe(sessionKey, event, findings, signals) {
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
      const repeat = countInto(state.repeats.get(key), signals.repeatedAction.windowMs, now);
      // Refreshed on every repeat, so the bound evicts the action repeated least recently.
      state.repeats.delete(key);
      state.repeats.set(key, repeat);
      if (state.repeats.size > MAX_REMEMBERED_EVENTS) state.repeats.delete(state.repeats.keys().next().value!);
      state.all = countInto(state.all, signals.runawayRate.windowMs, now);
    },

    learn(sessionKey, event, findings) {
      const secrets = touchesSecrets(findings);
      const planted = carriesInstructions(findings);
      if (!secrets && !planted) return;
      const state = stateOf(sessionKey);
      if (secrets) state.secretsSince ??= event.event_id;
      if (planted) state.untrustedSince ??= event.event_id;
    },
  };
}
