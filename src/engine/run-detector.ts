// The one place a detector is called: abstention for kinds and encodings it does not handle,
// a deadline, and a throw or timeout turned into a typed outcome the composition decides about.
import type { Detector, DetectorDefinition, DetectorOutcome, InspectedEvent } from "./detector.ts";

export type DetectorRun =
  | { status: "ok"; detector: string; outcome: DetectorOutcome; latencyMs: number }
  | { status: "abstained"; detector: string; reason: string; latencyMs: number }
  | { status: "failed"; detector: string; reason: "error" | "timeout"; latencyMs: number; error?: unknown };

export interface LoadedDetector {
  definition: DetectorDefinition<unknown>;
  detector: Detector;
  kinds: ReadonlySet<string>;
  encodings: ReadonlySet<string>;
}

const timeout = (ms: number) =>
  new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms).unref());

export async function runDetector(loaded: LoadedDetector, input: InspectedEvent, deadlineMs: number): Promise<DetectorRun> {
  const id = loaded.definition.id;
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  if (!loaded.kinds.has(input.event.kind)) {
    return { status: "abstained", detector: id, reason: `does not handle kind ${input.event.kind}`, latencyMs: 0 };
  }
  if (!loaded.encodings.has(input.encoding)) {
    return { status: "abstained", detector: id, reason: `does not judge ${input.encoding} content`, latencyMs: 0 };
  }
  try {
    const result = loaded.detector.inspect(input);
    // Synchronous detectors cannot be interrupted, so their inputs are bounded instead
    // (text-fields.ts); a late synchronous answer is still an answer.
    const outcome = result instanceof Promise ? await Promise.race([result, timeout(deadlineMs)]) : result;
    if (outcome === "timeout") return { status: "failed", detector: id, reason: "timeout", latencyMs: elapsed() };
    return { status: "ok", detector: id, outcome, latencyMs: elapsed() };
  } catch (error) {
    return { status: "failed", detector: id, reason: "error", latencyMs: elapsed(), error };
  }
}
