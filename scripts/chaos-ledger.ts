// The chaos run's client-side record of what warden acknowledged: events (a verdict or a 201/200
// ingest slot), enrollments (201/200) and approval states seen. The checks hold the store to it.

export type ApprovalStatus = "pending" | "approved" | "denied" | "expired";

/** The one terminal state an approval was seen in, who decided it, and when that answer arrived. */
export interface TerminalState {
  status: Exclude<ApprovalStatus, "pending">;
  by: string | null;
  at: number;
}

export interface Ledger {
  /** event_id -> the answered verdict's `x.svc.decision_id` (null for an ingested event). */
  events: Map<string, string | null>;
  /** key_id -> base64url public key, for every enrollment answered 201 or 200. */
  enrollments: Map<string, string>;
  /** approval_id -> its terminal state once one was seen (undefined while only pending). */
  approvals: Map<string, TerminalState | undefined>;
  /** Approvals this run decided itself (answered 200). */
  decided: number;
  /** Answers a correct warden never gives: a 500, a listed approval gone, a terminal state changed. */
  failures: string[];
  counts: Map<string, number>;
  count(what: string, by?: number): void;
  ackEvent(eventId: string, decisionId: string | null): void;
  ackEnrollment(keyId: string, publicKey: string): void;
  /**
   * An approval seen in `status`, by a request that started at `startedAt`. A state read before a
   * decision was answered may be older than it; one read after must agree with it.
   */
  observeApproval(id: string, status: ApprovalStatus, by: string | null, startedAt: number): void;
}

export function createLedger(): Ledger {
  const ledger: Ledger = {
    events: new Map(),
    enrollments: new Map(),
    approvals: new Map(),
    decided: 0,
    failures: [],
    counts: new Map(),
    count(what, by = 1) {
      ledger.counts.set(what, (ledger.counts.get(what) ?? 0) + by);
    },
    ackEvent(eventId, decisionId) {
      // An ingested copy of an evaluated event keeps the evaluated verdict's id to compare.
      if (decisionId !== null || !ledger.events.has(eventId)) ledger.events.set(eventId, decisionId);
    },
    ackEnrollment(keyId, publicKey) {
      const earlier = ledger.enrollments.get(keyId);
      if (earlier !== undefined && earlier !== publicKey) ledger.failures.push(`key_id ${keyId} answered for two public keys`);
      ledger.enrollments.set(keyId, publicKey);
    },
    observeApproval(id, status, by, startedAt) {
      const known = ledger.approvals.get(id);
      if (status === "pending") {
        if (!ledger.approvals.has(id)) ledger.approvals.set(id, undefined);
        else if (known && startedAt > known.at) ledger.failures.push(`approval ${id} was ${known.status} and is pending again`);
        return;
      }
      if (!known) {
        ledger.approvals.set(id, { status, by, at: Date.now() });
        return;
      }
      if (known.status !== status || known.by !== by) {
        ledger.failures.push(`approval ${id} was ${known.status} by ${known.by} and is now ${status} by ${by}`);
      }
    },
  };
  return ledger;
}
