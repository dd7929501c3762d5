// Wires decision export and retention for `warden serve` from its settings: the sinks, the
// exporter reading on the server's connection, and retention writing through its writer.
import type { Database } from "bun:sqlite";
import type { ExportSettings } from "../config/export-config.ts";
import { isLoopback } from "../config/serve-config.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/log.ts";
import { createDecisionReader, createExportStateRepo } from "../store/sqlite/export-repo.ts";
import { createLivenessRepo } from "../store/sqlite/liveness-repo.ts";
import { createRetentionRepo } from "../store/sqlite/retention-repo.ts";
import type { Writer } from "../store/sqlite/writer.ts";
import { createExporter, type ExportLag } from "./exporter.ts";
import { loadOrCreateHmacKey } from "./hmac-key.ts";
import type { ContentOptions } from "./record.ts";
import { createRetention, type Retention } from "./retention.ts";
import type { Sink } from "./sink.ts";
import { createFileSink } from "./sinks/file-sink.ts";
import { createHecSink } from "./sinks/hec-sink.ts";
import { createSyslogSink } from "./sinks/syslog-sink.ts";

export interface ExportService {
  start(): void;
  /** Stops retention, then lets an in-flight batch finish if it does quickly. */
  stop(): Promise<void>;
  exportLag(): ExportLag[];
}

export interface ExportServiceDeps {
  db: Database;
  writer: Writer;
  dataDir: string;
  settings: ExportSettings;
  clock: Clock;
  log: Logger;
  /** Test knobs: batch size, idle poll, backoff ceiling. */
  tuning?: { batchSize?: number; idleMs?: number; maxBackoffMs?: number; random?: () => number };
}

export function buildSinks(settings: ExportSettings): Sink[] {
  const sinks: Sink[] = [];
  if (settings.file) sinks.push(createFileSink(settings.file));
  if (settings.hec) sinks.push(createHecSink(settings.hec));
  if (settings.syslog) sinks.push(createSyslogSink(settings.syslog));
  return sinks;
}

export function contentOptions(settings: { content: ExportSettings["content"] }, dataDir: string): { ok: true; options: ContentOptions } | { ok: false; reason: string } {
  if (settings.content !== "hmac") return { ok: true, options: { mode: settings.content } };
  if (dataDir === ":memory:") return { ok: true, options: { mode: "hmac", hmacKey: crypto.getRandomValues(new Uint8Array(32)) } };
  const key = loadOrCreateHmacKey(dataDir);
  return key.ok ? { ok: true, options: { mode: "hmac", hmacKey: key.key } } : key;
}

export function createExportService(deps: ExportServiceDeps): { ok: true; service: ExportService } | { ok: false; reason: string } {
  const content = contentOptions(deps.settings, deps.dataDir);
  if (!content.ok) return content;
  const reader = createDecisionReader(deps.db);
  const state = createExportStateRepo(deps.db, deps.writer);
  const store = createRetentionRepo(deps.db, deps.writer);
  const sinks = buildSinks(deps.settings);
  const findings = createLivenessRepo(deps.db, deps.writer);
  // A record delivered cut is a gap in what the sink holds: operators see it with the fleet's findings.
  const onQuarantine = (sinkId: string, row: { seq: number; workspaceId: string }) =>
    void findings.raise(row.workspaceId, {
      category: "security.audit_gap",
      severity: "medium",
      checkId: "export.record_cut",
      title: "an export sink refused a record for its size; it was delivered without its content",
      subject: `${sinkId}#${row.seq}`,
    }, deps.clock.now()).catch(() => {});
  const exporter = createExporter({
    reader, state, sinks, content: content.options, clock: deps.clock, log: deps.log, pruned: () => store.pruned(), onQuarantine, ...deps.tuning,
  });
  const { days, maxDbBytes, force } = deps.settings.retention;
  const retention: Retention | undefined = days !== undefined || maxDbBytes !== undefined
    ? createRetention({ store, state, newestSeq: () => reader.maxSeq(), sinkIds: sinks.map((s) => s.id), days, maxDbBytes, force, clock: deps.clock, log: deps.log })
    : undefined;
  const hec = deps.settings.hec && new URL(deps.settings.hec.url);
  return {
    ok: true,
    service: {
      start() {
        if (hec && hec.protocol === "http:" && !isLoopback(hec.hostname)) {
          deps.log.error("the Splunk HEC URL is plain http beyond loopback: the token crosses the network in clear", { sink: `hec:${hec.origin}` });
        }
        if (sinks.length) deps.log.info("decision export started", { sinks: sinks.map((s) => s.id).join(" "), content: deps.settings.content });
        exporter.start();
        retention?.start();
      },
      async stop() {
        await retention?.stop();
        await exporter.stop();
      },
      exportLag: () => exporter.exportLag(),
    },
  };
}
