// How a chaos run reads: a line per kill, then what the clients did and the verdict on the store.
import { checkPassed, type Check } from "./chaos-checks.ts";
import type { Ledger } from "./chaos-ledger.ts";

export interface ChaosReport {
  passed: boolean;
  kills: number;
  /** Restarts that were themselves killed before they were listening. */
  startKills: number;
  /** The checks after the clients stopped, before the last clean shutdown. */
  final: Check;
  /** Why the run stopped early (a restart that failed, a check that failed), if it did. */
  stopped?: string;
  ledger: Ledger;
}

export const summaryLine = (c: Check, kills: number): string =>
  `acknowledged ${c.acknowledged}, found ${c.found}, lost ${c.lost.length}, duplicates ${c.duplicates}, kills ${kills}, ` +
  `integrity ${c.integrity === "ok" ? "ok" : `FAILED (${c.integrity})`}, approvals ${c.approvalsMonotonic ? "monotonic" : "WENT BACK"}, ` +
  `chain ${c.chain.verified ? "verified" : `FAILED (${c.chain.detail})`}`;

export function describeFailure(c: Check): string {
  const parts = [
    c.integrity === "ok" ? "" : `integrity: ${c.integrity}`,
    c.lost.length ? `lost: ${c.lost.slice(0, 5).join(", ")}${c.lost.length > 5 ? ", ..." : ""}` : "",
    c.duplicates ? `${c.duplicates} duplicates` : "",
    c.chain.verified ? "" : `chain: ${c.chain.detail}`,
    ...c.problems.slice(0, 5),
  ];
  return parts.filter(Boolean).join("; ");
}

function activityLine(ledger: Ledger, startKills: number): string {
  const c = (what: string) => ledger.counts.get(what) ?? 0;
  const states = new Map<string, number>();
  for (const terminal of ledger.approvals.values()) states.set(terminal?.status ?? "pending", (states.get(terminal?.status ?? "pending") ?? 0) + 1);
  const s = (status: string) => states.get(status) ?? 0;
  return [
    `events ${ledger.events.size} (verdicts: allow ${c("verdict allow")}, block ${c("verdict block")}, require_approval ${c("verdict require_approval")};`,
    `ingest slots: 201 ${c("ingest slot 201")}, 200 ${c("ingest slot 200")}), enrollments ${ledger.enrollments.size},`,
    `approvals ${ledger.approvals.size} (approved ${s("approved")}, denied ${s("denied")}, expired ${s("expired")}, last seen pending ${s("pending")};`,
    `${ledger.decided} decided here, ${c("decide 409")} lost the race), requests cut off by a kill ${c("cut off")} (sent again ${c("sent again")}),`,
    `restarts killed while starting ${startKills}`,
  ].join(" ");
}

export function formatReport(report: ChaosReport): string {
  const lines = [activityLine(report.ledger, report.startKills)];
  const expected = /^(decide (200|409)|enroll 20[01])$/;
  const other = [...report.ledger.counts].filter(([k]) => /^(evaluate|ingest|enroll|approvals list|decide) \d+$/.test(k) && !expected.test(k));
  if (other.length) lines.push(`other answers: ${other.map(([k, n]) => `${k} x${n}`).join(", ")}`);
  if (report.stopped) lines.push(`STOPPED: ${report.stopped}`);
  if (!checkPassed(report.final)) lines.push(`FAILED: ${describeFailure(report.final)}`);
  lines.push(summaryLine(report.final, report.kills));
  return lines.join("\n");
}
