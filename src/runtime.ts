// Wires the parts of a running warden together from a config: storage, detectors, engine,
// trust and transport. `warden serve` and the tests build warden the same way.
import { statSync } from "node:fs";
import { join } from "node:path";
import { createApp, type App } from "./app.ts";
import { BUILTIN_DETECTORS } from "./detectors/index.ts";
import type { DetectorDefinition } from "./engine/detector.ts";
import { createEngine, type Engine } from "./engine/engine.ts";
import { createIngestJudge, type IngestJudge } from "./engine/ingest-judge.ts";
import { DEFAULT_POLICY, type Policy } from "./engine/policy.ts";
import { compilePolicies, createPolicyHolder, type PolicyHolder, type PolicySet } from "./engine/policy-set.ts";
import { createAgentTracker } from "./engine/agents.ts";
import { createDecisionUnits } from "./engine/decision-units.ts";
import { createDefinitionTracker } from "./engine/definitions.ts";
import { createFlowTracker } from "./engine/session-flow.ts";
import { createSessionFiles } from "./engine/session-files.ts";
import { createSensorCounts } from "./engine/sensor-counts.ts";
import { createSessionTracker } from "./engine/sessions.ts";
import { createRateLimiter } from "./http/rate-limit.ts";
import { systemClock, type Clock } from "./lib/clock.ts";
import { silentLogger, type Logger } from "./lib/log.ts";
import { createSqliteStorage, type SqliteStorage } from "./store/sqlite/storage.ts";
import { createKeyVerifier } from "./trust/api-keys.ts";
import { openKeyring } from "./trust/signing-keys.ts";
import { VERSION } from "./version.ts";
import type { Lifecycle } from "./http/routes/health.ts";
import { instrument } from "./http/instrument.ts";
import { ROUTE_INDEX } from "./http/routes.ts";
import { canonicalJson, sha256Hex } from "./lib/jcs.ts";
import { commitObserver, engineObserver } from "./metrics/observe.ts";
import { createWardenMetrics, type WardenMetrics } from "./metrics/warden-metrics.ts";

export interface RuntimeOptions {
  /** Data directory, or `:memory:` for a database that lives only as long as the process. */
  dataDir: string;
  rateLimit?: number;
  maxBodyBytes?: number;
  sync?: "normal" | "full";
  /** Window, in seconds, over which events sharing a guard_id are one decision unit. */
  correlationWindowS?: number;
  clock?: Clock;
  log?: Logger;
  /** The base policy and per-workspace policies; default: warden's built-in policy. */
  policy?: Policy;
  workspacePolicies?: Record<string, Policy>;
  /** An already compiled set (from a policy file); wins over `policy`. */
  policySet?: PolicySet;
  detectors?: readonly DetectorDefinition<any>[];
  /** Prometheus metrics at /metrics (default on). */
  metrics?: boolean;
  /** Requests in progress at once before warden sheds load with 503 (default 512). */
  maxInFlight?: number;
  /** How long a client may take to send a body before 408 (default 10 s). */
  bodyTimeoutMs?: number;
  /** Judge ingested events after their acknowledgement (default on; tests turn it off to hold it back). */
  ingestDetection?: boolean;
}

export interface Runtime {
  app: App;
  /** The app behind request ids, request metrics and logs: what the server listens with. */
  fetch: (request: Request, peer?: (request: Request) => string | undefined) => Promise<Response>;
  lifecycle: Lifecycle;
  metrics?: WardenMetrics;
  /** Where /metrics reads export lag from, once an exporter runs. */
  exportLag: { current: () => { sink: string; lagEvents: number; quarantined?: number }[] };
  engine: Engine;
  /** Detection of ingested events, behind its durable cursor. */
  ingestJudge: IngestJudge;
  storage: SqliteStorage;
  policies: PolicyHolder;
  clock: Clock;
  close(): Promise<void>;
}

export const databasePath = (dataDir: string) => (dataDir === ":memory:" ? ":memory:" : join(dataDir, "warden.db"));
/** Receipt signing keys live beside the database; in-memory runtimes keep them in memory. */
export const signingKeysPath = (dataDir: string) => (dataDir === ":memory:" ? undefined : join(dataDir, "signing-keys.json"));

export function createRuntime(options: RuntimeOptions): Runtime {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? silentLogger;
  const policies = createPolicyHolder(options.policySet ?? compileOrThrow(options));
  const metrics = options.metrics === false ? undefined : createWardenMetrics(VERSION);
  const storage = createSqliteStorage({ path: databasePath(options.dataDir), clock, sync: options.sync, onCommit: metrics && commitObserver(metrics) });
  const sensorCounts = createSensorCounts();
  const lifecycle: Lifecycle = { draining: false };
  /** Requests in progress (instrument.ts): background detection yields to them. */
  const load = { inFlight: 0 };
  const engine = createEngine({
    policies,
    flow: createFlowTracker(clock),
    files: createSessionFiles(),
    definitions: createDefinitionTracker(storage.definitions),
    agents: createAgentTracker(storage.agents),
    units: createDecisionUnits(clock, (options.correlationWindowS ?? 600) * 1000),
    sensorCounts,
    approvals: storage.approvals,
    grants: storage.grants,
    events: storage.events,
    sessions: createSessionTracker(storage.sessions, clock),
    clock,
    observer: metrics && engineObserver(metrics),
    onDetectorFailure: detectorFailureLog(log, clock),
    onIngested: () => ingestJudge.wake(),
  });
  const ingestJudge = createIngestJudge({
    queue: storage.ingested,
    engine,
    clock,
    log,
    onJudged: metrics && ((findings, count) => {
      metrics.ingestJudged.labels().inc(count);
      for (const f of findings) metrics.findings.labels(f.category, f.severity ?? "none", f.detector ?? "unknown").inc();
    }),
    busy: () => load.inFlight > 0,
  });
  if (options.ingestDetection !== false) ingestJudge.start();
  const app = createApp({
    engine,
    policies,
    health: storage.health,
    keys: createKeyVerifier(storage.keys, clock),
    pepKeys: storage.pepKeys,
    liveness: storage.liveness,
    approvals: storage.approvals,
    operators: storage.operators,
    consoleStorage: storage,
    keyring: openKeyring(signingKeysPath(options.dataDir), clock.now),
    sensorCounts,
    clock,
    rateLimiter: createRateLimiter(options.rateLimit ?? 600, clock),
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    bodyTimeoutMs: options.bodyTimeoutMs,
    version: VERSION,
    log,
    lifecycle,
    metrics,
  });
  const exportLag = { current: () => [] as { sink: string; lagEvents: number; quarantined?: number }[] };
  metrics?.withSources({
    policy: () => policyIdentity(policies.current()),
    queueDepth: () => storage.writer.depth(),
    pendingApprovals: () => storage.stats.pendingApprovals(clock.now()),
    sensorStates: () => storage.stats.sensorStates(clock.now()),
    exportLag: () => exportLag.current(),
    ingestLag: async () => {
      const lag = await storage.ingested.lag(INGEST_LAG_COUNT_CAP);
      return { events: lag.events, ageSeconds: lag.oldestReceivedAt === undefined ? 0 : Math.max(0, (clock.now() - lag.oldestReceivedAt) / 1000) };
    },
    walBytes: () => statSync(`${databasePath(options.dataDir)}-wal`, { throwIfNoEntry: false })?.size ?? 0,
  });
  const fetch = instrument((request) => app.handle(request), { metrics, log, routes: ROUTE_INDEX, maxInFlight: options.maxInFlight, load });
  const close = async () => {
    await ingestJudge.stop();
    await storage.close();
  };
  return { app, fetch, lifecycle, metrics, exportLag, engine, ingestJudge, storage, policies, clock, close };
}

/** /metrics counts the ingested events waiting for detection up to this many (the count walks an index). */
const INGEST_LAG_COUNT_CAP = 100_000;

const FAILURE_LOG_EVERY_MS = 10_000;

/**
 * One line per detector and reason per 10 s, counting the rest: a flood of inputs built to run
 * detectors out of time must not also flood the log (the metrics count every failure).
 */
function detectorFailureLog(log: Logger, clock: Clock): NonNullable<Parameters<typeof createEngine>[0]["onDetectorFailure"]> {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (run, event) => {
    const key = `${run.detector}\u0000${run.reason}`;
    const seen = last.get(key);
    const now = clock.now();
    if (seen && now - seen.at < FAILURE_LOG_EVERY_MS) {
      seen.suppressed++;
      return;
    }
    last.set(key, { at: now, suppressed: 0 });
    log.error("detector failed", {
      detector: run.detector,
      reason: run.reason,
      event_id: event.event_id,
      error: run.error instanceof Error ? run.error.name : undefined,
      same_since_last_line: seen?.suppressed,
    });
  };
}

const identities = new WeakMap<PolicySet, { version: string; sha256: string }>();

/** Version and content hash of the policy in force (warden_policy_info), computed once per set. */
function policyIdentity(set: PolicySet): { version: string; sha256: string } {
  let found = identities.get(set);
  if (!found) {
    const sha256 = sha256Hex(canonicalJson(set.base.policy));
    found = { version: set.base.policy.version, sha256 };
    identities.set(set, found);
  }
  return found;
}

function compileOrThrow(options: RuntimeOptions): PolicySet {
  const compiled = compilePolicies(options.detectors ?? BUILTIN_DETECTORS, options.policy ?? DEFAULT_POLICY, options.workspacePolicies);
  if (!compiled.ok) throw new Error(`invalid policy:\n  ${compiled.errors.join("\n  ")}`);
  return compiled.set;
}
