import { describe, expect, test } from "bun:test";
import { compose, mergeSpans } from "./compose.ts";
import { DEFAULT_POLICY } from "./policy.ts";
import type { DetectorRun } from "./run-detector.ts";
import type { Decision } from "../wire/verdict.ts";

const ok = (detector: string, decision: Decision, extra: object = {}): DetectorRun => ({
  status: "ok",
  detector,
  latencyMs: 0.1,
  outcome: { decision, reasons: [`${detector} says ${decision}`], findings: [], ...extra },
});

const span = (start: number, end: number, path = "payload.text") => ({
  path, start, end, category: "security.secret_leak", label: "SECRET", fingerprint: `${start}`,
});

describe("compose", () => {
  const order: Decision[] = ["allow", "modify", "redact", "require_approval", "block"];
  for (const [i, lower] of order.entries()) {
    for (const higher of order.slice(i + 1)) {
      test(`${higher} wins over ${lower}`, () => {
        const extra = (d: Decision) =>
          d === "redact" ? { redactions: [span(0, 1)] }
          : d === "modify" ? { rewrite: { kind: "constrain" as const, payload: {}, reason: "safe" } }
          : {};
        expect(compose([ok("a", lower, extra(lower)), ok("b", higher, extra(higher))], DEFAULT_POLICY).decision).toBe(higher);
        expect(compose([ok("b", higher, extra(higher)), ok("a", lower, extra(lower))], DEFAULT_POLICY).decision).toBe(higher);
      });
    }
  }

  test("a detector cut off at its deadline keeps what it found: its redaction stands, the rest is unjudged", () => {
    const cutOff: DetectorRun = {
      status: "failed", detector: "pii", reason: "timeout", latencyMs: 51,
      partial: { decision: "redact", reasons: ["1 email"], findings: [{ category: "privacy.pii.email" }], redactions: [span(3, 9)] },
    };
    const composed = compose([ok("shell", "allow"), cutOff], DEFAULT_POLICY);
    expect(composed.decision).toBe("redact");
    expect(composed.redactions.map((r) => [r.start, r.end])).toEqual([[3, 9]]);
    expect(composed.findings).toEqual([{ category: "privacy.pii.email", detector: "pii" }]);
    expect(composed.unjudged).toContain("payload");
  });

  test("categories roll up findings with the maximum score", () => {
    const findings = [
      { category: "security.malicious_command", score: 0.4 },
      { category: "security.malicious_command", score: 0.9 },
      { category: "privacy.pii.email", score: 0.5 },
      { category: "x.acme.custom", score: 1 },
    ];
    expect(compose([ok("a", "block", { findings })], DEFAULT_POLICY).categories).toEqual([
      { id: "security.malicious_command", domain: "security", score: 0.9 },
      { id: "privacy.pii.email", domain: "privacy", score: 0.5 },
    ]);
  });

  test("a redact decision without spans, or a modify without a rewrite, becomes a block", () => {
    expect(compose([ok("a", "redact")], DEFAULT_POLICY).decision).toBe("block");
    expect(compose([ok("a", "modify")], DEFAULT_POLICY).decision).toBe("block");
  });

  test("a failure degrades to unjudged under the default policy, or blocks when the policy says so", () => {
    const failed: DetectorRun = { status: "failed", detector: "x", reason: "timeout", latencyMs: 50 };
    const degraded = compose([ok("a", "allow"), failed], DEFAULT_POLICY);
    expect(degraded).toMatchObject({ decision: "allow", unjudged: ["payload"] });
    expect(compose([failed], { ...DEFAULT_POLICY, onDetectorFailure: "block" }).decision).toBe("block");
  });
});

describe("mergeSpans", () => {
  test("overlaps merge to the covering range; touching and other-path spans stay apart", () => {
    const merged = mergeSpans([span(5, 10), span(0, 6), span(10, 12), span(8, 9), span(0, 3, "payload.other")]);
    expect(merged.map((s) => [s.path, s.start, s.end])).toEqual([
      ["payload.other", 0, 3],
      ["payload.text", 0, 10],
      ["payload.text", 10, 12],
    ]);
  });
});

describe("compose: bounded output (issue 16 item 1)", () => {
  test("past 256 findings the most severe are kept and a reason counts the rest", () => {
    const findings = Array.from({ length: 300 }, (_, i) => ({ category: "privacy.pii.email", severity: (i === 299 ? "critical" : "low") as "low" | "critical", path: `payload.a[${i}]` }));
    const composed = compose([ok("pii", "allow", { findings })], DEFAULT_POLICY);
    expect(composed.findings).toHaveLength(256);
    expect(composed.findings.some((f) => f.severity === "critical")).toBe(true);
    expect(composed.reasons.join(" ")).toContain("44 more findings");
  });

  test("past 1,024 spans to redact, the action is blocked rather than redacted in part", () => {
    const redactions = Array.from({ length: 1_100 }, (_, i) => span(0, 4, `payload.a[${i}]`));
    const composed = compose([ok("secrets", "redact", { redactions })], DEFAULT_POLICY);
    expect(composed.decision).toBe("block");
    expect(composed.redactions).toEqual([]);
  });

  test("past 64 unjudged paths the whole payload is named", () => {
    const unjudged = Array.from({ length: 100 }, (_, i) => `payload.a[${i}]`);
    expect(compose([ok("shell", "allow", { unjudged })], DEFAULT_POLICY).unjudged).toEqual(["payload"]);
    expect(compose([ok("shell", "allow", { unjudged: unjudged.slice(0, 3) })], DEFAULT_POLICY).unjudged).toEqual(unjudged.slice(0, 3));
  });
});
