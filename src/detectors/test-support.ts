// Shared by the detectors' unit tests: a valid GuardEvent around a payload, and a synchronous
// inspect through the detector's own definition (create with a config, then inspect).
import { describe, expect, test } from "bun:test";
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

interface EncodedFixture {
  name: string;
  kind: string;
  payload: Record<string, unknown>;
  /** The encoded runs that hide the values: each must be redacted exactly. */
  planted?: string[];
}

/**
 * The decoding suites every text detector that reads decoded views shares: values hidden in an
 * encoding are found and redacted over the whole run that hides them, never echoed; the
 * look-alikes of an encoding (digests, integrity strings, images, UUIDs) stay clean; and a field
 * with more encoded runs than may be decoded is listed unjudged, not skipped.
 */
export function describeDecoding<F extends EncodedFixture>(
  label: string,
  inspect: (event: GuardEvent) => DetectorOutcome,
  fixtures: { positive: F[]; negative: F[] },
  expectFixture: (fixture: F) => void,
): void {
  describe(`${label}: encoded fixtures`, () => {
    for (const fixture of fixtures.positive) {
      test(fixture.name, () => {
        expectFixture(fixture);
        const event = makeEvent(fixture.kind, fixture.payload);
        expect(encodedSpans(inspect(event), event)).toEqual({ redacted: fixture.planted!.toSorted(), titles: true });
      });
    }
    for (const fixture of fixtures.negative) test(fixture.name, () => expectFixture(fixture));
  });
  describe(`${label}: decoding bounds`, () => {
    test("a field with more encoded runs than a field may decode is listed unjudged, not skipped", () => {
      const runs = Array.from({ length: 40 }, (_, i) => Buffer.from(`line ${i} of an ordinary note`).toString("base64"));
      const outcome = inspect(makeEvent("model_output", { text: runs.join(" ") }));
      expect(outcome.unjudged).toEqual(["payload.text"]);
      expect(outcome.reasons.some((r) => r.includes("not fully decoded"))).toBe(true);
    });
  });
}
