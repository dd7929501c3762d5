// The storage seam: what the engine and routes need from storage, with no SQL in sight.
// Every method is asynchronous so a networked implementation can stand behind the same shape.
import type { Attestation, GuardEvent } from "../wire/guard-event.ts";
import type { Finding, Verdict } from "../wire/verdict.ts";

export interface ApiKeyRecord {
  id: string;
  workspaceId: string;
  prefix: string;
  name: string | null;
  createdAt: number;
  revokedAt: number | null;
}

export interface KeyStore {
  /** Stores a key by its hash; the key itself is never stored. */
  create(input: { id: string; workspaceId: string; hash: Uint8Array; prefix: string; name: string | null; now: number }): Promise<ApiKeyRecord>;
  /** The key whose hash this is, with the stored hash for a constant-time comparison. */
  findByHash(hash: Uint8Array): Promise<(ApiKeyRecord & { hash: Uint8Array }) | undefined>;
  list(workspaceId?: string): Promise<ApiKeyRecord[]>;
  /** True when a live key of that workspace was revoked now. */
  revoke(workspaceId: string, id: string, now: number): Promise<boolean>;
  count(): Promise<number>;
}

/** Who the event is attributed to after the identity floor and attestation clamp. */
export interface Attribution {
  agentId: string;
  agentUser: string;
  attestation: Attestation;
  sessionId: string;
  /** True when warden derived the session (no `session_id` on the event). */
  derivedSession: boolean;
}

export interface EventRecord {
  workspaceId: string;
  /** The event as received: its keyed digest tells a true retry from another event under its id. */
  event: GuardEvent;
  /** What the log keeps, when it differs from `event` (redacted spans and credentials masked). */
  stored?: GuardEvent;
  /**
   * The id the row is stored under when it is not the event's own: the event_id was already
   * recorded for a different event, and this one is recorded apart (engine/id-reuse.ts).
   */
  recordedId?: string;
  attribution: Attribution;
  source: "evaluate" | "ingest";
  receivedAt: number;
  verdict?: Verdict;
  findings: Finding[];
  /** Session placeholder counters after this event, when it allocated any. */
  redactionCounters?: Record<string, number>;
  /** Definitions (tools, MCP tools, skills) first seen with this event: remembered if new. */
  definitions?: ToolDefinition[];
  /** Agent inventory rows as they stand after this event. */
  agents?: AgentRecord[];
}

export interface ToolDefinition {
  name: string;
  digest: string;
}

export interface PepKey {
  keyId: string;
  workspaceId: string;
  guardId: string;
  publicKey: Uint8Array;
  maxAttestation: Attestation;
  name: string | null;
  createdAt: number;
  revokedAt: number | null;
}

export interface PepKeyStore {
  byPublicKey(workspaceId: string, publicKey: Uint8Array): Promise<PepKey | undefined>;
  byKeyId(keyId: string): Promise<PepKey | undefined>;
  /**
   * Durable when resolved; a second enrollment of the same key returns the first, not created.
   * A new key under a guard_id that already holds keys gets the lowest ceiling set for any of
   * them (revoked ones included), never more than `maxAttestation`.
   */
  enroll(key: Omit<PepKey, "revokedAt">): Promise<{ key: PepKey; created: boolean }>;
  list(workspaceId: string): Promise<PepKey[]>;
  revoke(workspaceId: string, keyId: string, now: number): Promise<boolean>;
  setCeiling(workspaceId: string, keyId: string, level: Attestation): Promise<boolean>;
}

export interface AgentRecord {
  agentId: string;
  agentTypes: string[];
  /** The named group the agent claims (`subject.agent_workspace`): a label inside the tenant. */
  agentWorkspace: string | null;
  owner: string | null;
  users: string[];
  parentAgentId: string | null;
  delegationChain: string[];
  /** Scopes granted when it was spawned; null for a top-level agent (not restricted by a parent). */
  grantedScopes: string[] | null;
  attestation: Attestation;
  firstSeenAt: number;
  /** Updated at most once a minute for an unchanged agent. */
  lastSeenAt: number;
}

export interface AgentStore {
  get(workspaceId: string, agentId: string): Promise<AgentRecord | undefined>;
  list(workspaceId: string): Promise<AgentRecord[]>;
}

export interface RuntimeFinding {
  category: string;
  severity: string;
  checkId: string;
  title: string;
  /** What it is about: a sensor/instance, an agent. */
  subject: string;
  createdAt: number;
  clearedAt: number | null;
}

export interface Heartbeat {
  workspaceId: string;
  sensorKey: string;
  instanceId: string;
  intervalS: number;
  eventsSent?: number;
  now: number;
  /** The key reporting: `pep:<key id>` for a signed beat, else `key:<API key id>`. */
  owner: string;
  /**
   * `key:<API key id>` of the request: a sensor an API key registered passes to the PEP key that
   * first signs a beat for it with that same API key (a PEP that beat before it enrolled).
   */
  apiKeyOwner: string;
  /** Sensors (key and instance) a workspace may have; a beat for a new one past it is refused. */
  maxSensors: number;
}

export type HeartbeatResult = { ok: true; eventsSentBefore: number | undefined } | { ok: false; refused: "owned" | "full" };

export interface SensorState {
  sensorKey: string;
  instanceId: string;
  intervalS: number;
  lastSeenAt: number;
  dark: boolean;
}

export interface LivenessStore {
  /**
   * Records a beat; a PEP that was dark is live again and its finding is cleared. Returns the
   * events_sent the previous beat of this PEP reported, if any. Refused for a sensor another key
   * registered (`owned`), and for a new sensor past `maxSensors` (`full`), in the same step.
   */
  heartbeat(beat: Heartbeat): Promise<HeartbeatResult>;
  /** Marks PEPs silent past 3 x their interval dark, raising a finding once; returns how many. */
  sweep(now: number): Promise<number>;
  raise(workspaceId: string, finding: Omit<RuntimeFinding, "createdAt" | "clearedAt">, now: number): Promise<void>;
  recent(workspaceId: string, limit: number): Promise<RuntimeFinding[]>;
  /** One page of sensors, dark ones first, then the most recently seen; and how many there are. */
  states(workspaceId: string, page: { limit: number; offset: number }): Promise<{ total: number; sensors: SensorState[] }>;
}

export type ApprovalStatus = "pending" | "approved" | "denied" | "expired";

export interface ApprovalRecord {
  approvalId: string;
  guardId: string;
  status: ApprovalStatus;
  kind: string;
  /** decisions.md's digest subset: what a receipt binds, for PEPs that verify offline. */
  payloadDigest: string | null;
  /** Over the whole payload: what the approval answers for, and nothing else. */
  actionDigest: string | null;
  /** The whole action as canonical JSON, secrets masked: what the approver is shown. */
  digestInput: string | null;
  eventId: string;
  sessionId: string;
  agentId: string;
  policyVersion: string;
  categories: string[];
  reasons: string[];
  createdAt: number;
  expiresAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  decisionReason: string | null;
  /** `operator`: the CLI, admin API or console; `harness_prompt`: a person at the prompt warden asked for. */
  decidedVia: "operator" | "harness_prompt" | null;
  /** The guard_id whose action used the approval; an approval is used once. */
  claimedBy: string | null;
}

/** How many pending requests one session, and one agent, may have open at once. */
export interface PendingCaps {
  perSession: number;
  perAgent: number;
}

export interface ApprovalQuery {
  status?: ApprovalStatus;
  sessionId?: string;
  agentId?: string;
  /** At most this many (default and ceiling: MAX_APPROVALS_LISTED). */
  limit?: number;
}

export const MAX_APPROVALS_LISTED = 500;

export type DecideResult = { ok: true; record: ApprovalRecord } | { ok: false; reason: "not_found" | "not_pending" };

export interface ApprovalStore {
  /** The request for a guard_id as of `now` (a pending one past its TTL becomes expired, durably). */
  get(workspaceId: string, guardId: string, now: number): Promise<ApprovalRecord | undefined>;
  /** As `get`, writing nothing: a pending request past its TTL reads as expired (partial evaluate). */
  peek(workspaceId: string, guardId: string, now: number): Promise<ApprovalRecord | undefined>;
  byId(workspaceId: string, approvalId: string, now: number): Promise<ApprovalRecord | undefined>;
  /**
   * Creates the request unless the guard_id has one; returns the one that stands. A new request
   * whose session or agent already has `caps` pending requests is not created: `{ full }` says
   * which, in the same step as the count.
   */
  create(workspaceId: string, record: ApprovalRecord, caps: PendingCaps): Promise<ApprovalRecord | { full: "session" | "agent" }>;
  /** Pending to approved or denied, if still pending and not expired: one winner against expiry. */
  decide(workspaceId: string, approvalId: string, status: "approved" | "denied", by: string, reason: string | null, now: number): Promise<DecideResult>;
  /**
   * Requests, filtered and ordered in the store: pending ones first, fairly across sessions (every
   * session's oldest request before any session's second), then decided ones, newest first.
   */
  list(workspaceId: string, now: number, query?: ApprovalQuery): Promise<ApprovalRecord[]>;
  /**
   * The newest operator approval of the same action (kind and action digest) in the same session,
   * decided after `decidedAfter` and unused: used by `guardId`, in one step.
   */
  claimForRetry(workspaceId: string, action: { sessionId: string; kind: string; digest: string; guardId: string }, decidedAfter: number): Promise<ApprovalRecord | undefined>;
  /** Uses an approved, unused approval for `guardId`, in one step; false when it was used already. */
  consume(workspaceId: string, approvalId: string, guardId: string): Promise<boolean>;
  /** Warden asked a person at the harness's prompt about this pending action (its action digest). */
  markPrompted(workspaceId: string, approvalId: string, actionDigest: string): Promise<void>;
  /**
   * The person at that prompt said yes and the tool ran: approved and used by `guardId` in one
   * step, only if still pending and warden had asked about exactly this action.
   */
  answerAtPrompt(workspaceId: string, approvalId: string, answer: { actionDigest: string; guardId: string; by: string; reason: string }, now: number): Promise<boolean>;
}

export interface Grant {
  grantId: string;
  agentId: string | null;
  sessionId: string | null;
  kinds: string[];
  tool: string | null;
  argvPrefix: string[] | null;
  commandPrefix: string | null;
  maxUses: number;
  uses: number;
  createdAt: number;
  expiresAt: number;
  createdBy: string;
  reason: string | null;
  revokedAt: number | null;
}

export interface GrantStore {
  create(workspaceId: string, grant: Omit<Grant, "uses" | "revokedAt">): Promise<Grant>;
  /** Grants still usable at `now`: not revoked, not expired, uses left. */
  live(workspaceId: string, now: number): Promise<Grant[]>;
  list(workspaceId: string): Promise<Grant[]>;
  /** Counts one use if one is left; false when the grant ran out, expired or was revoked. */
  use(workspaceId: string, grantId: string, now: number): Promise<boolean>;
  revoke(workspaceId: string, grantId: string, now: number): Promise<boolean>;
}

export type OperatorScope = "admin" | "metrics";

export interface Operator {
  id: string;
  name: string;
  scope: OperatorScope;
  createdAt: number;
  revokedAt: number | null;
}

export interface OperatorStore {
  create(input: { id: string; name: string; scope: OperatorScope; hash: Uint8Array; now: number }): Promise<Operator>;
  findByHash(hash: Uint8Array): Promise<(Operator & { hash: Uint8Array }) | undefined>;
  list(): Promise<Operator[]>;
  revoke(id: string, now: number): Promise<boolean>;
}

export interface DefinitionStore {
  /** The digest of the first definition seen under this name in the workspace. */
  firstDigest(workspaceId: string, name: string): Promise<string | undefined>;
}

export type RecordOutcome =
  | { created: true; seq: number }
  /** Already stored under (workspace, event_id); `verdict` is the stored one, if it was judged. */
  | { created: false; verdict?: Verdict }
  /** (workspace, event_id) names a different event: nothing was written, the first record stands. */
  | { created: false; reused: true };

export interface StoredEvent {
  seq: number;
  workspaceId: string;
  eventId: string;
  source: "evaluate" | "ingest";
  sessionId: string;
  agentId: string;
  attestation: Attestation;
  event: GuardEvent;
  verdict?: Verdict;
}

export interface EventStore {
  /** The stored verdict for (workspace, event_id); `found` without verdict for ingested events. */
  lookup(workspaceId: string, eventId: string): Promise<{ found: boolean; verdict?: Verdict }>;
  /**
   * Durable when the promise resolves; idempotent on (workspace, event_id) for the same event.
   * A different event under a recorded id writes nothing and answers `reused`.
   */
  record(record: EventRecord): Promise<RecordOutcome>;
  get(workspaceId: string, eventId: string): Promise<StoredEvent | undefined>;
  findings(workspaceId: string, eventId: string): Promise<Finding[]>;
  /** The newest findings of a workspace, optionally under a category prefix. */
  recentFindings(workspaceId: string, limit: number, categoryPrefix?: string): Promise<(Finding & { event_id: string; session_id: string; agent_id: string; at: number })[]>;
  count(workspaceId: string): Promise<number>;
  /** The newest events of a workspace, newest first: the audit trail, without payloads. */
  recent(workspaceId: string, limit: number): Promise<AuditEntry[]>;
  /** Events of a workspace after `afterSeq`, oldest first (a live feed resuming where it was). */
  after(workspaceId: string, afterSeq: number, limit: number): Promise<AuditEntry[]>;
}

/** An event recorded through ingest, as the detection that follows the acknowledgement reads it. */
export interface IngestedEvent {
  seq: number;
  workspaceId: string;
  attribution: Attribution;
  receivedAt: number;
  /** The event as stored (ingest stores it as received). */
  event: GuardEvent;
}

/** What detection found in one ingested event; `stored` is its masked form when it located secrets. */
export interface IngestJudgment {
  seq: number;
  findings: Finding[];
  stored?: GuardEvent;
}

/**
 * Ingested events waiting for detection, behind a durable cursor: settling a batch records its
 * findings, masks what they located and moves the cursor in one transaction, so after a crash
 * detection resumes where it was and judges nothing twice. Export never passes the first
 * ingested event not yet judged.
 */
export interface IngestedQueue {
  /** Ingested events after the cursor, oldest first. */
  pending(limit: number): Promise<IngestedEvent[]>;
  /** Durable when resolved; `through` is the seq every ingested event up to has been judged. */
  settle(judged: readonly IngestJudgment[], through: number, now: number): Promise<void>;
  /** Ingested events not judged yet (counted up to `cap`) and when the oldest was received. */
  lag(cap: number): Promise<{ events: number; oldestReceivedAt?: number }>;
}

export interface AuditEntry {
  seq: number;
  receivedAt: number;
  eventId: string;
  guardId: string;
  sessionId: string;
  agentId: string;
  kind: string;
  source: "evaluate" | "ingest";
  decision: string | null;
  reasons: string[];
  /** What the event did, in one line (store/action-summary.ts). */
  action: string;
}

export interface SessionState {
  sessionId: string;
  lastSeenAt: number;
  redactionCounters: Record<string, number>;
}

export interface SessionStore {
  /** The newest session warden derived for (workspace, agent, user), if any. */
  latestDerived(workspaceId: string, agentId: string, agentUser: string): Promise<SessionState | undefined>;
  get(workspaceId: string, sessionId: string): Promise<SessionState | undefined>;
}

/** Deployment-wide counts (metrics). */
export interface StatsStore {
  pendingApprovals(now: number): Promise<number>;
  /** PEPs and agents by liveness state: live, idle, dark. */
  sensorStates(now: number): Promise<Record<string, number>>;
}

export interface ConsoleSession {
  /** Public id, for the audit trail; the cookie value itself is only stored hashed. */
  sessionId: string;
  operator: string;
  createdAt: number;
  expiresAt: number;
}

export interface ConsoleStore {
  createLoginToken(input: { hash: Uint8Array; operator: string; now: number; expiresAt: number }): Promise<void>;
  /** Uses a live, unused token and opens the session in one transaction: one winner per token. */
  redeemLoginToken(tokenHash: Uint8Array, session: { sessionId: string; hash: Uint8Array; expiresAt: number }, now: number): Promise<ConsoleSession | undefined>;
  findSession(hash: Uint8Array, now: number): Promise<ConsoleSession | undefined>;
  endSession(hash: Uint8Array, now: number): Promise<void>;
  /** Ends every live session; returns how many. */
  endAllSessions(now: number): Promise<number>;
}

export interface StorageHealth {
  /** undefined when writable; otherwise why not. */
  problem(): Promise<string | undefined>;
}

export interface Storage {
  keys: KeyStore;
  events: EventStore;
  sessions: SessionStore;
  definitions: DefinitionStore;
  pepKeys: PepKeyStore;
  agents: AgentStore;
  liveness: LivenessStore;
  approvals: ApprovalStore;
  grants: GrantStore;
  operators: OperatorStore;
  stats: StatsStore;
  console: ConsoleStore;
  ingested: IngestedQueue;
  health: StorageHealth;
  /** Commits what is queued and releases the database. */
  close(): Promise<void>;
}

/** Thrown (as a value the transport maps to 503) when storage cannot take writes. */
export class StorageUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`storage unavailable: ${reason}`);
  }
}

/** Thrown when storage cannot be opened at all (a damaged or unwritable file): never serve from it. */
export class StorageOpenError extends Error {
  constructor(readonly location: string, readonly reason: string) {
    super(`cannot open the database ${location}: ${reason}`);
  }
}

/** Thrown when the commit queue is full: shed load instead of queueing without bound. */
export class StorageOverloadedError extends Error {
  constructor() {
    super("commit queue full");
  }
}
