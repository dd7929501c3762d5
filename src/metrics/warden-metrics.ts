// warden's metrics: what operators graph and alert on. Labels are bounded (route templates,
// decisions, kinds, detector and category ids); never a key, agent, session or event id.
import { createRegistry, exponentialBuckets } from "./registry.ts";

/** Detectors run from microseconds to tens of milliseconds: 10 µs doubling to ~0.33 s. */
const DETECTOR_BUCKETS = exponentialBuckets(0.00001, 2, 16);
const REQUEST_BUCKETS = exponentialBuckets(0.0001, 2, 16);
const COMMIT_BUCKETS = exponentialBuckets(0.00005, 2, 16);
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

/** Read at scrape time from stores and the process, so the hot path never pays for them. */
export interface ScrapeSources {
  policy(): { version: string; sha256: string };
  queueDepth(): number;
  pendingApprovals(): Promise<number>;
  sensorStates(): Promise<Record<string, number>>;
  exportLag(): { sink: string; lagEvents: number; quarantined?: number }[];
  /** Ingested events detection has not judged yet, and the age of the oldest of them. */
  ingestLag(): Promise<{ events: number; ageSeconds: number }>;
  /** Size of the write-ahead log file; the checkpointer keeps it near 64 MiB. */
  walBytes(): number;
}

export function createWardenMetrics(version: string) {
  const registry = createRegistry();
  registry.gauge("warden_build_info", "The running build; always 1.", ["version", "runtime"]).labels(version, `bun ${Bun.version}`).set(1);
  const policyInfo = registry.gauge("warden_policy_info", "The policy in force; always 1.", ["policy_version", "sha256"]);
  const metrics = {
    registry,
    httpRequests: registry.counter("warden_http_requests_total", "HTTP requests answered.", ["method", "route", "code"]),
    httpDuration: registry.histogram("warden_http_request_duration_seconds", "Time to answer an HTTP request.", ["method", "route", "code"], REQUEST_BUCKETS),
    decisions: registry.counter("warden_decisions_total", "Effective verdicts returned.", ["source", "decision", "kind"]),
    findings: registry.counter("warden_findings_total", "Findings raised by detectors and runtime signals.", ["category", "severity", "detector"]),
    detectorDuration: registry.histogram("warden_detector_duration_seconds", "Time one detector spent on one event.", ["detector"], DETECTOR_BUCKETS),
    detectorFailures: registry.counter("warden_detector_failures_total", "Detector runs that threw or overran their deadline.", ["detector", "reason"]),
    commitDuration: registry.histogram("warden_store_commit_duration_seconds", "Time of one group commit, COMMIT included.", [], COMMIT_BUCKETS),
    commitBatch: registry.histogram("warden_store_commit_batch_events", "Writes sharing one group commit.", [], BATCH_BUCKETS),
    rateLimited: registry.counter("warden_rate_limited_total", "Requests refused by the per-key rate limit.", ["route"]),
    authFailures: registry.counter("warden_auth_failures_total", "Requests refused for their credentials.", ["reason"]),
    ingestJudged: registry.counter("warden_ingest_judged_total", "Ingested events detection has judged since start.", []),
    degraded: registry.counter("warden_degraded_total", "Answers warden gave without judging (degraded mode) or refused for storage.", ["reason"]),
  };
  const queueDepth = registry.gauge("warden_store_queue_depth", "Writes waiting for the next group commit.");
  const pending = registry.gauge("warden_approvals_pending", "Approval requests waiting for a person.");
  const sensors = registry.gauge("warden_sensors", "PEPs and agents known from heartbeats, by state.", ["state"]);
  const walBytes = registry.gauge("warden_store_wal_bytes", "Size of SQLite's write-ahead log file, in bytes.");
  const exportLag = registry.gauge("warden_export_lag_events", "Recorded events a sink has not delivered yet.", ["sink"]);
  const exportCut = registry.gauge("warden_export_records_cut", "Records a sink refused for their size and got without their content, since start.", ["sink"]);
  const ingestLagEvents = registry.gauge("warden_ingest_detection_lag_events", "Ingested events acknowledged but not yet judged by detection (counted up to 100000).");
  const ingestLagSeconds = registry.gauge("warden_ingest_detection_lag_seconds", "Age of the oldest ingested event not yet judged by detection; 0 when none waits.");
  const rss = registry.gauge("process_resident_memory_bytes", "Resident memory size in bytes.");
  const heapUsed = registry.gauge("warden_js_heap_used_bytes", "JavaScript heap in use, in bytes: RSS minus this is SQLite's page cache, native buffers and allocator slack.");
  const cpu = registry.counter("process_cpu_seconds_total", "User and system CPU time spent, in seconds.");
  const started = registry.gauge("process_start_time_seconds", "Start time of the process since the Unix epoch, in seconds.");
  started.labels().set(Math.round(Date.now() / 1000 - process.uptime()));

  const withSources = (sources: ScrapeSources) => {
    registry.onCollect(async () => {
      const policy = sources.policy();
      policyInfo.reset();
      policyInfo.labels(policy.version, policy.sha256).set(1);
      queueDepth.labels().set(sources.queueDepth());
      pending.labels().set(await sources.pendingApprovals());
      sensors.reset();
      for (const state of ["live", "idle", "dark"]) sensors.labels(state).set(0);
      for (const [state, count] of Object.entries(await sources.sensorStates())) sensors.labels(state).set(count);
      walBytes.labels().set(sources.walBytes());
      exportLag.reset();
      exportCut.reset();
      for (const { sink, lagEvents, quarantined } of sources.exportLag()) {
        exportLag.labels(sink).set(lagEvents);
        exportCut.labels(sink).set(quarantined ?? 0);
      }
      const ingest = await sources.ingestLag();
      ingestLagEvents.labels().set(ingest.events);
      ingestLagSeconds.labels().set(ingest.ageSeconds);
      const memory = process.memoryUsage();
      rss.labels().set(memory.rss);
      heapUsed.labels().set(memory.heapUsed);
      const usage = process.cpuUsage();
      cpu.labels().value = (usage.user + usage.system) / 1e6;
    });
  };
  return { ...metrics, withSources };
}

export type WardenMetrics = ReturnType<typeof createWardenMetrics>;
