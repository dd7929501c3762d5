// Bounded detectors: ~1 MiB of repeated near-matches for each detector's pattern families
// (test/adversarial/inputs.ts) through the whole evaluate path. Every detector run either ends
// within its deadline or is cut off promptly and reported as a timeout, which the composition
// policy decides about: never a 5xx, never a thrown detector, never a silent allow.
import { afterAll, describe, expect, test } from "bun:test";
import { DEFAULT_POLICY, type Policy } from "../src/engine/policy.ts";
import type { Verdict } from "../src/wire/verdict.ts";
import { ADVERSARIAL_CASES, PADDED_ATTACKS, type AdversarialCase } from "./adversarial/inputs.ts";
import { startWarden, type TestWarden } from "./helpers.ts";

const DEADLINE_MS = DEFAULT_POLICY.detectorDeadlineMs;
/**
 * How late a run may end: its deadline, plus one more for the step in flight when the budget ran
 * out and for the noise of a shared machine (a GC pause, another process on the core).
 */
const LATEST_MS = 2 * DEADLINE_MS;
/** A case over the bound is judged again, and the best attempt counts: noise does not repeat. */
const ATTEMPTS = 3;
/** The whole evaluate (JSON, validation, every detector in turn, composition) stays under this. */
const EVALUATE_MS = 1000;
/** Inputs are up to 3 MiB once UTF-8 and JSON-escaped. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

interface ProviderReport {
  provider: string;
  status: "ok" | "abstained" | "failed";
  decision: string;
  latency_ms: number;
  reasons: string[];
}

interface Attempt {
  status: number;
  verdict: Verdict;
  providers: ProviderReport[];
  evaluateMs: number;
  slowest: number;
}

async function judge(w: TestWarden, c: AdversarialCase): Promise<Attempt> {
  const started = performance.now();
  const res = await w.evaluate(c.event(), { "svc-partial": "1" });
  const evaluateMs = performance.now() - started;
  const verdict = (await res.json()) as Verdict;
  const providers = (verdict["x.svc.providers"] ?? []) as ProviderReport[];
  return { status: res.status, verdict, providers, evaluateMs, slowest: Math.max(0, ...providers.map((p) => p.latency_ms)) };
}

async function judgeBest(w: TestWarden, c: AdversarialCase): Promise<Attempt> {
  let best = await judge(w, c);
  for (let i = 1; i < ATTEMPTS && (best.slowest > LATEST_MS || best.evaluateMs > EVALUATE_MS); i++) {
    const again = await judge(w, c);
    if (again.slowest < best.slowest) best = again;
  }
  return best;
}

/** A detector cut off at its deadline: a timeout, or a block it had found before the cut. */
const wasCutOff = (p: ProviderReport): boolean =>
  (p.status === "failed" && p.reasons[0] === "detector timed out") || p.reasons.some((r) => r.startsWith("stopped at its deadline"));

/** Runs every case as a test under one policy, and prints what it saw once they have all run. */
function describeBounded(title: string, cases: readonly AdversarialCase[], policy: Policy): void {
  const worst = new Map<string, { ms: number; family: string }>();
  const cutOff: string[] = [];
  let slowestEvaluate = { ms: 0, family: "" };
  describe(title, () => {
    let w: TestWarden | undefined;
    const warden = async () => (w ??= await startWarden({ maxBodyBytes: MAX_BODY_BYTES, policy }));
    afterAll(async () => {
      await w?.[Symbol.asyncDispose]();
      const lines = [...worst].sort((a, b) => b[1].ms - a[1].ms).map(([id, v]) => `  ${id.padEnd(10)} worst ${v.ms.toFixed(1)} ms on ${v.family}`);
      console.log(
        [
          `${title}: ${cases.length} inputs`,
          ...lines,
          `  cut off at the deadline (${cutOff.length}): ${cutOff.join("; ") || "none"}`,
          `  worst evaluate ${slowestEvaluate.ms.toFixed(1)} ms on ${slowestEvaluate.family}`,
        ].join("\n"),
      );
    });

    for (const c of cases) {
      test(`${c.detector}: ${c.family}`, async () => {
        const attempt = await judgeBest(await warden(), c);
        const family = `${c.detector}/${c.family}`;
        for (const p of attempt.providers) {
          if ((worst.get(p.provider)?.ms ?? -1) < p.latency_ms) worst.set(p.provider, { ms: p.latency_ms, family });
          if (wasCutOff(p)) cutOff.push(`${p.provider} on ${family} after ${p.latency_ms.toFixed(1)} ms`);
        }
        if (attempt.evaluateMs > slowestEvaluate.ms) slowestEvaluate = { ms: attempt.evaluateMs, family };

        // The detector this family targets judged it (or was cut off judging it).
        const own = attempt.providers.find((p) => p.provider === c.detector);
        expect({ status: attempt.status, own: own?.status === "abstained" ? own.reasons : "judged" }).toEqual({ status: 200, own: "judged" });
        // No detector threw; every one ended by its deadline, give or take noise.
        const late = attempt.providers.filter((p) => p.latency_ms > LATEST_MS || (p.status === "failed" && !wasCutOff(p)));
        expect(late).toEqual([]);
        // A timed-out run leaves the payload unjudged, so a fail-closed PEP never reads it as
        // judged; one that kept its block names what it did not get to.
        const unjudged = (attempt.verdict["x.svc.unjudged"] ?? []) as string[];
        if (attempt.providers.some((p) => p.status === "failed")) expect(unjudged).toContain("payload");
        const keptBlocks = attempt.providers.filter((p) => p.status === "ok" && wasCutOff(p));
        if (keptBlocks.length > 0) expect({ decisions: keptBlocks.map((p) => p.decision), unjudged: unjudged.length > 0 }).toEqual({ decisions: keptBlocks.map(() => "block"), unjudged: true });
        expect(attempt.evaluateMs).toBeLessThan(EVALUATE_MS);
      }, 30_000);
    }
  });
}

describeBounded(`bounded detectors: 1 MiB of near-matches, deadline ${DEADLINE_MS} ms`, ADVERSARIAL_CASES, DEFAULT_POLICY);

// The shell parses 64 KiB of a command by default; a policy may let it parse the whole 1 MiB.
describeBounded(
  "bounded detectors: the shell parsing whole 1 MiB commands",
  ADVERSARIAL_CASES.filter((c) => c.detector === "shell"),
  { ...DEFAULT_POLICY, detectors: { shell: { max_script_chars: 1 << 20 } } },
);

describe("a detector cut off at its deadline is a timeout the composition policy decides about", () => {
  // A 1 ms deadline cuts off every detector with work to do on these inputs, on any machine.
  const heavy = ["pii: real-looking addresses flood (user_input)", "secrets: AWS secret assignments one short (tool_result)", "shell: pipes"];
  const cases = ADVERSARIAL_CASES.filter((c) => heavy.includes(`${c.detector}: ${c.family}`));
  const policyWith = (onDetectorFailure: Policy["onDetectorFailure"]): Policy => ({ ...DEFAULT_POLICY, detectorDeadlineMs: 1, onDetectorFailure });

  test("on_timeout: degrade leaves the decision to the others and lists the payload as unjudged", async () => {
    await using w = await startWarden({ maxBodyBytes: MAX_BODY_BYTES, policy: policyWith("degrade") });
    expect(cases.length).toBe(heavy.length);
    for (const c of cases) {
      const { status, verdict, providers } = await judge(w, c);
      const own = providers.find((p) => p.provider === c.detector)!;
      expect({ status, own: [own.status, own.reasons[0]], unjudged: verdict["x.svc.unjudged"] }).toEqual({
        status: 200,
        own: ["failed", "detector timed out"],
        unjudged: expect.arrayContaining(["payload"]),
      });
      expect(verdict.reasons).toContain(`${c.detector}: detector timed out`);
      // Cut off promptly: one step past the deadline, not the whole 1 MiB.
      expect(own.latency_ms).toBeLessThan(LATEST_MS);
    }
  });

  test("on_timeout: block denies", async () => {
    await using w = await startWarden({ maxBodyBytes: MAX_BODY_BYTES, policy: policyWith("block") });
    for (const c of cases) {
      const { status, verdict, providers } = await judge(w, c);
      const own = providers.find((p) => p.provider === c.detector)!;
      expect({ status, decision: verdict.decision, own: [own.status, own.decision] }).toEqual({
        status: 200,
        decision: "block",
        own: ["failed", "block"],
      });
    }
  });
});

describe("filler that runs out the clock does not undo a block", () => {
  for (const [name, policy] of [
    ["default policy", DEFAULT_POLICY],
    ["shell parsing whole 1 MiB commands", { ...DEFAULT_POLICY, detectors: { shell: { max_script_chars: 1 << 20 } } }],
  ] as const) {
    test(name, async () => {
      await using w = await startWarden({ maxBodyBytes: MAX_BODY_BYTES, policy });
      for (const c of PADDED_ATTACKS) {
        const { status, verdict, providers } = await judge(w, c);
        const own = providers.find((p) => p.provider === c.detector)!;
        expect({ family: c.family, status, decision: verdict.decision, own: own.decision }).toEqual({ family: c.family, status: 200, decision: "block", own: "block" });
        expect(own.latency_ms).toBeLessThan(LATEST_MS);
      }
    });
  }
});
