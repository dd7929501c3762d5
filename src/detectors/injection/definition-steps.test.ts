// The steps, consent claims and safety bypasses of definitions (definition-steps.json) and how MCP
// servers are started (server-launch.json), each held to its exact decision and checks: a
// malicious skill's harm is in what its code would do, a malicious server's in what it is given.
import { describe, expect, test } from "bun:test";
import type { DetectorOutcome } from "../../engine/detector.ts";
import { inspectWith, makeEvent } from "../test-support.ts";
import steps from "./fixtures/definition-steps.json";
import launches from "./fixtures/server-launch.json";
import { injectionDetector } from "./index.ts";

interface Fixture {
  name: string;
  kind: string;
  payload: Record<string, unknown>;
  expect: { decision: DetectorOutcome["decision"]; check_ids?: string[] };
}

describe("definition steps", () => {
  for (const fixture of [...steps, ...launches] as Fixture[]) {
    test(fixture.name, () => {
      const outcome = inspectWith(injectionDetector, makeEvent(fixture.kind, fixture.payload), injectionDetector.defaultConfig);
      const checks = outcome.findings.map((f) => f.check_id);
      expect({ decision: outcome.decision, checks: (fixture.expect.check_ids ?? []).filter((id) => !checks.includes(id)) }).toEqual({ decision: fixture.expect.decision, checks: [] });
    });
  }
});
