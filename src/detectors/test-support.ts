// Shared by the detectors' unit tests: a valid GuardEvent around a payload, and a synchronous
// inspect through the detector's own definition (create with a config, then inspect).
import type { DetectorDefinition, DetectorOutcome } from "../engine/detector.ts";
import { createInspectedEvent } from "../engine/inspected-event.ts";
import type { GuardEvent, Kind } from "../wire/guard-event.ts";

let eventCounter = 0;

export function makeEvent(kind: string, payload: Record<string, unknown>, extra: Partial<GuardEvent> = {}): GuardEvent {
  eventCounter++;
  return {
    svc_version: "0.5",
    event_id: `evt-${eventCounter}`,
    guard_id: "guard-test",
    timestamp: new Date(Date.UTC(2026, 10, 22, 12, 0, eventCounter % 60)).toISOString(),
    observation_point: "invocation",
    kind: kind as Kind,
    payload,
    ...extra,
  };
}

/** Inspects synchronously: every built-in detector is, and a test should fail loudly if not. */
export function inspectWith<C>(definition: DetectorDefinition<C>, event: GuardEvent, config: C = definition.defaultConfig): DetectorOutcome {
  const outcome = definition.create(config).inspect(createInspectedEvent(event));
  if (outcome instanceof Promise) throw new Error(`the ${definition.id} detector must be synchronous`);
  return outcome;
}

/**
 * For a fixture whose values are hidden in an encoding: each redaction replaces exactly one
 * planted run of the text as sent, and each finding says it was read encoded.
 */
export function encodedSpans(outcome: DetectorOutcome, event: GuardEvent): { redacted: string[]; titles: boolean } {
  const texts = new Map(createInspectedEvent(event).texts().map((f) => [f.path, f.text]));
  const redacted = (outcome.redactions ?? []).map((r) => texts.get(r.path)!.slice(r.start, r.end)).sort();
  return { redacted, titles: outcome.findings.every((f) => f.title?.endsWith("(encoded)")) };
}
