// The GuardEvents the bench loads post. Sessions of at most 200 events: one session taking
// thousands of actions a minute would (rightly) pass the runaway-rate signal and measure the
// approval path instead of the common one.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { GuardEvent } from "../src/wire/guard-event.ts";
import { loadCorpus, loadSharedCorpus } from "./corpus.ts";

/** The command of issue 19: what a coding agent runs many times a day. */
export const REALISTIC_COMMAND =
  "cd /home/dev/src/billing-service && git fetch origin main && git rebase origin/main && npm ci --no-audit && npm test -- --reporter=dot 2>&1 | tail -n 40";

/** An ordinary Claude Code Bash call from its PreToolUse hook, about 1 KB on the wire. */
export const benchEvent = (id: string, sessionId: string) => ({
  svc_version: "0.5", event_id: id, guard_id: `g-${id}`, session_id: sessionId,
  timestamp: "2026-11-23T10:00:00Z", observation_point: "invocation",
  sensor: { id: "claude-code-hook", class: "in_process", version: "1.0.0" }, kind: "tool_call",
  subject: { agent_id: "bench-agent", agent_type: "claude-code", agent_user: "dev@example.com" },
  payload: {
    name: "Bash",
    arguments: {
      command: REALISTIC_COMMAND,
      // Differs per request: the common case is a new action, not one repeated (which past the
      // policy's signals.repeated_action thresholds raises a finding, then needs approval).
      description: `Rebase the billing service on the latest main, reinstall its dependencies from the lockfile without the audit step, then run the whole unit test suite with the dot reporter and keep the last forty lines of output, so the failures (if any) are visible without flooding the context window (step ${id})`,
      timeout: 600000,
    },
  },
  provenance: [{ source: "model", trust: "unverified" }, { source: "user", trust: "trusted", ref: "turn-3" }],
  run_id: "run-bench", turn: 3,
});

/** How many corpus events the mix cycles through. */
const MIX_SIZE = 240;

/**
 * A mix of real events (every kind, attacks and benign) drawn evenly from the development corpus
 * at ../shared/corpus when it is there, else from warden's own labelled corpus.
 */
export interface MixEvent {
  event: GuardEvent;
  /** The corpus labels it an attack (anything but allow). */
  attack: boolean;
}

let drawn: { source: string; events: MixEvent[] } | undefined;

export function corpusMix(): { source: string; events: MixEvent[] } {
  drawn ??= drawMix();
  return drawn;
}

function drawMix(): { source: string; events: MixEvent[] } {
  const shared = join(import.meta.dir, "..", "..", "shared", "corpus");
  const fromShared = existsSync(shared);
  const cases = fromShared ? loadSharedCorpus(shared) : loadCorpus();
  const step = Math.max(1, Math.floor(cases.length / MIX_SIZE));
  const events = cases.filter((_, i) => i % step === 0).slice(0, MIX_SIZE).map((c) => ({ event: c.event, attack: c.expected !== "allow" }));
  return { source: fromShared ? "../shared/corpus" : "test/corpus and the detectors' fixtures", events };
}
