// The one place a detector is called: abstention for kinds and encodings it does not handle,
// a deadline, and a throw or timeout turned into a typed outcome the composition decides about.
import { createBudget, withBudget } from "./budget.ts";
import type { Detector, DetectorDefinition, DetectorOutcome, InspectedEvent } from "./detector.ts";

export type DetectorRun =
  | { status: "ok"; detector: string; outcome: DetectorOutcome; latencyMs: number }
  | { status: "abstained"; detector: string; reason: string; latencyMs: number }
  | {
      status: "failed";
      detector: string;
      reason: "error" | "timeout";
      latencyMs: number;
      error?: unknown;
      /** What a detector cut off at its deadline had found by then (its redactions, its findings). */
      partial?: DetectorOutcome;
    };

export interface LoadedDetector {
  definition: DetectorDefinition<unknown>;
  detector: Detector;
  kinds: ReadonlySet<string>;
  encodings: ReadonlySet<string>;
}

const timeout = (ms: number) =>
  new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms).unref());

/**
 * Runs one detector. A synchronous detector (every built-in one) is answered synchronously: no
 * promise, no microtask between it and the next. Only one that returns a promise is awaited,
 * raced against its deadline.
 */
export function runDetector(loaded: LoadedDetector, input: InspectedEvent, deadlineMs: number): DetectorRun | Promise<DetectorRun> {
  const id = loaded.definition.id;
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  if (!loaded.kinds.has(input.event.kind)) {
    return { status: "abstained", detector: id, reason: `does not handle kind ${input.event.kind}`, latencyMs: 0 };
  }
  if (!loaded.encodings.has(input.encoding)) {
    return { status: "abstained", detector: id, reason: `does not judge ${input.encoding} content`, latencyMs: 0 };
  }
  // Synchronous detectors cannot be interrupted: they check this budget in their long loops
  // and stop once it is spent (budget.ts). One that finished late without being cut off
  // judged everything, and its answer stands.
  const budget = createBudget(deadlineMs);
  let result: DetectorOutcome | Promise<DetectorOutcome>;
  try {
    result = loaded.detector.inspect(withBudget(input, budget));
  } catch (error) {
    return { status: "failed", detector: id, reason: "error", latencyMs: elapsed(), error };
  }
  if (!(result instanceof Promise)) return settled(id, result, budget.cutOff, elapsed());
  return Promise.race([result, timeout(deadlineMs)]).then(
    (outcome) => (outcome === "timeout" ? { status: "failed", detector: id, reason: "timeout", latencyMs: elapsed() } : settled(id, outcome, budget.cutOff, elapsed())),
    (error: unknown) => ({ status: "failed", detector: id, reason: "error", latencyMs: elapsed(), error }),
  );
}

function settled(id: string, outcome: DetectorOutcome, cutOff: boolean, latencyMs: number): DetectorRun {
  // A detector cut off after it found grounds to block keeps its block: no policy for a
  // timeout decides more strictly, and filler that runs out the clock must not undo a block.
  if (cutOff && outcome.decision !== "block") return { status: "failed", detector: id, reason: "timeout", latencyMs, partial: outcome };
  return { status: "ok", detector: id, outcome, latencyMs };
}
