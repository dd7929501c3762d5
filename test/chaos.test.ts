// Crash safety under fire, short: the compiled warden under concurrent evaluate, ingest, enroll and
// approval traffic, SIGKILLed four times at seeded random moments (its export file rotating) and
// restarted on the same data directory. Nothing acknowledged is lost or stored twice, SQLite stays
// intact, approvals never go back and the export chain verifies. Then the same checks are shown
// to fail on the same data when an acknowledgement is missing, an event doubled or an approval
// changed. The full run (25 kills) is scripts/chaos.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { buildBinary } from "../scripts/build.ts";
import { checkAll } from "../scripts/chaos-checks.ts";
import { createLedger } from "../scripts/chaos-ledger.ts";
import { runChaos } from "../scripts/chaos.ts";
import { tempDir } from "./helpers.ts";

const work = tempDir("warden-chaos-");
const binary = join(work.path, "warden");
afterAll(() => work[Symbol.dispose]());
// Building the binary takes ~1 s on a quiet machine, many times that on a loaded one.
beforeAll(() => {
  const build = buildBinary(binary);
  if (!build.ok) throw new Error(build.output);
}, 60_000);

describe("chaos", () => {
  test("SIGKILL four times under load: every acknowledgement survives exactly once, checks pass", async () => {
    const runDir = join(work.path, "run");
    const lines: string[] = [];
    const report = await runChaos({ kills: 4, seed: 20261123, clients: 4, maxGapMs: 800, rotateBytes: 512 * 1024, binary, workDir: runDir, log: (l) => lines.push(l) });
    const { final } = report;
    expect({
      passed: report.passed,
      kills: report.kills,
      stopped: report.stopped,
      lost: final.lost,
      duplicates: final.duplicates,
      found: final.found,
      integrity: final.integrity,
      approvalsMonotonic: final.approvalsMonotonic,
      chainVerified: final.chain.verified,
      problems: final.problems,
    }).toEqual({
      passed: true,
      kills: 4,
      stopped: undefined,
      lost: [],
      duplicates: 0,
      found: final.acknowledged,
      integrity: "ok",
      approvalsMonotonic: true,
      chainVerified: true,
      problems: [],
    });
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toContain("lost 0, duplicates 0");
    // The run really did each kind of work the checks are about.
    expect(report.ledger.events.size).toBeGreaterThan(500);
    expect(report.ledger.enrollments.size).toBeGreaterThan(0);
    expect(report.ledger.decided).toBeGreaterThan(0);

    // The same checks on the same data fail when the store and the acknowledgements disagree.
    const dataDir = join(runDir, "data");
    const db = new Database(join(dataDir, "warden.db"));
    const columns = "workspace_id, event_id, id_hash, guard_id, session_id, agent_id, agent_user, attestation, kind, source, decision, received_at, event, verdict";
    db.run(`INSERT INTO events (${columns}) SELECT ${columns} FROM events ORDER BY seq LIMIT 1`);
    db.close();
    const [approvalId, terminal] = [...report.ledger.approvals].find(([, t]) => t?.status === "approved")!;
    const ledger = { ...report.ledger, events: new Map(report.ledger.events), enrollments: new Map(report.ledger.enrollments), approvals: new Map(report.ledger.approvals), failures: [] };
    ledger.events.set("never-recorded", null);
    ledger.enrollments.set("kid_never_enrolled", "AAAA");
    ledger.approvals.set(approvalId, { ...terminal!, by: "someone-else" });
    const tampered = checkAll(binary, dataDir, join(runDir, "export.jsonl"), ledger);
    expect({ lost: tampered.lost, duplicates: tampered.duplicates, approvalsMonotonic: tampered.approvalsMonotonic, chainVerified: tampered.chain.verified }).toEqual({
      lost: ["event never-recorded", "enrollment kid_never_enrolled", `approval ${approvalId}: seen approved by someone-else, stored approved by ${terminal!.by}`],
      duplicates: 1,
      approvalsMonotonic: false,
      chainVerified: false,
    });
  }, 120_000);

  test("an approval seen decided and later seen pending, or decided otherwise, is a failure", () => {
    const ledger = createLedger();
    ledger.observeApproval("apr_1", "pending", null, 0);
    ledger.observeApproval("apr_1", "approved", "chaos-a", Date.now());
    // A list that started before the decision was answered may still show it pending.
    ledger.observeApproval("apr_1", "pending", null, 0);
    expect(ledger.failures).toEqual([]);
    ledger.observeApproval("apr_1", "pending", null, Date.now() + 1);
    ledger.observeApproval("apr_1", "denied", "chaos-b", Date.now());
    expect(ledger.failures).toEqual([
      "approval apr_1 was approved and is pending again",
      "approval apr_1 was approved by chaos-a and is now denied by chaos-b",
    ]);
  });
});
