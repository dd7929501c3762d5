// One decision-log row as an export record: who, what, the decision and its findings (with
// offsets, never matched text), the policy version, and the content in the configured mode.
import type { ContentMode } from "../config/export-config.ts";
import type { DecisionRow } from "../store/export-store.ts";
import type { GuardEvent } from "../wire/guard-event.ts";
import type { Verdict } from "../wire/verdict.ts";
import { hmacStrings, maskStrings, redactPayload, type MaskSpan } from "./content.ts";

export interface ExportFinding {
  detector: string | null;
  category: string;
  severity: string | null;
  check_id: string | null;
  path: string | null;
  start: number | null;
  end: number | null;
}

/** A record before it joins a chain: `prev_hash` and `hash` come from chain.ts. */
export interface ExportRecord {
  seq: number;
  workspace: string;
  event_id: string;
  guard_id: string;
  session_id: string;
  agent_id: string;
  agent_user: string;
  time: string;
  kind: string;
  source: string;
  decision: string | null;
  decision_id: string | null;
  reasons: string[];
  categories: string[];
  findings: ExportFinding[];
  policy_version: string | null;
  sensor: unknown;
  attestation: string;
  latency_ms: number | null;
  content_mode: ContentMode;
  content?: unknown;
  /**
   * Why the record is shorter than the row: `oversize` (over MAX_RECORD_CHARS, content and long
   * lists left out) or `quarantined` (a sink refused it for its size: only who, what and when).
   */
  cut?: "oversize" | "quarantined";
  /** SHA-256 of what was left out, so the stored row can still be matched to the record. */
  cut_sha256?: string;
}

export interface SealedRecord extends ExportRecord {
  prev_hash: string;
  hash: string;
}

export interface ContentOptions {
  mode: ContentMode;
  /** The data directory's export HMAC key; needed for `hmac` only. */
  hmacKey?: Uint8Array;
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

export function buildRecord(row: DecisionRow, options: ContentOptions): ExportRecord {
  const event = JSON.parse(row.event) as GuardEvent;
  const verdict = row.verdict ? (JSON.parse(row.verdict) as Verdict) : undefined;
  const record: ExportRecord = {
    seq: row.seq,
    workspace: row.workspaceId,
    event_id: row.eventId,
    guard_id: row.guardId,
    session_id: row.sessionId,
    agent_id: row.agentId,
    agent_user: row.agentUser,
    time: new Date(row.receivedAt).toISOString(),
    kind: row.kind,
    source: row.source,
    decision: row.decision,
    decision_id: text(verdict?.["x.svc.decision_id"]),
    reasons: verdict?.reasons ?? [],
    categories: verdict?.categories?.map((c) => c.id) ?? [...new Set(row.findings.map((f) => f.category))],
    findings: row.findings.map((f) => ({
      detector: f.detector, category: f.category, severity: f.severity, check_id: f.checkId, path: f.path, start: f.start, end: f.end,
    })),
    policy_version: text(verdict?.["x.svc.policy_version"]),
    sensor: event.sensor ?? null,
    attestation: row.attestation,
    latency_ms: verdict?.latency_ms ?? null,
    content_mode: options.mode,
  };
  const content = contentOf(event, verdict, row, options);
  if (content !== undefined) record.content = content;
  return boundRecord(record);
}

/** A record's JSON is at most this long: one event can never make a batch no sink accepts. */
export const MAX_RECORD_CHARS = 256 * 1024;
const KEPT_FINDINGS = 64;
const KEPT_REASONS = 16;
const KEPT_TEXT = 512;

const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");
const clip = (text: string | null) => (text !== null && text.length > KEPT_TEXT ? `${text.slice(0, KEPT_TEXT)}...` : text);

/** The record within MAX_RECORD_CHARS: past it, content and the long lists are left out, with their digest. */
function boundRecord(record: ExportRecord): ExportRecord {
  const json = JSON.stringify(record);
  if (json.length <= MAX_RECORD_CHARS) return record;
  return cutRecord(record, "oversize", json);
}

/** What is always kept of a record: who, what, when, the decision, and a few findings, clipped. */
export function cutRecord(record: ExportRecord, why: "oversize" | "quarantined", json = JSON.stringify(record)): ExportRecord {
  const { content: _content, ...rest } = record;
  const keep = why === "oversize";
  return {
    ...rest,
    event_id: clip(rest.event_id)!,
    guard_id: clip(rest.guard_id)!,
    session_id: clip(rest.session_id)!,
    agent_id: clip(rest.agent_id)!,
    agent_user: clip(rest.agent_user)!,
    reasons: keep ? rest.reasons.slice(0, KEPT_REASONS).map((r) => clip(r)!) : [],
    categories: rest.categories.slice(0, KEPT_FINDINGS).map((c) => clip(c)!),
    findings: keep ? rest.findings.slice(0, KEPT_FINDINGS).map((f) => ({ ...f, path: clip(f.path) })) : [],
    sensor: keep ? rest.sensor : null,
    cut: why,
    cut_sha256: sha256(json),
  };
}

function contentOf(event: GuardEvent, verdict: Verdict | undefined, row: DecisionRow, options: ContentOptions): unknown {
  switch (options.mode) {
    case "none":
      return undefined;
    case "full":
      return event;
    case "hmac":
      if (!options.hmacKey) throw new Error("hmac content needs the export HMAC key");
      return hmacStrings(event.payload, options.hmacKey);
    case "redacted":
      // Nothing judged this payload (an ingested event): nobody looked for secrets in it.
      if (!verdict) return maskStrings(event.payload, "unjudged");
      // A whitelist entry dropped findings that are not kept anywhere: their spans are unknown.
      if (verdict["x.svc.whitelisted"]) return maskStrings(event.payload, "whitelisted");
      return redactPayload(event.payload, spansOf(row, verdict), unjudgedOf(verdict));
  }
}

/** Every place a secret or personal datum was located: findings, redaction spans and map. */
function spansOf(row: DecisionRow, verdict: Verdict): MaskSpan[] {
  const spans: MaskSpan[] = [];
  for (const f of [...row.findings, ...(verdict.findings ?? [])]) {
    if (f.path) spans.push({ path: f.path, start: f.start, end: f.end, category: f.category });
  }
  for (const s of verdict.modifications?.spans ?? []) spans.push({ path: s.path, start: s.start, end: s.end, category: "redaction" });
  const map = verdict["x.svc.redaction_map"];
  if (map && typeof map === "object") {
    for (const entry of Object.values(map as Record<string, { path?: unknown; start?: unknown; end?: unknown; category?: unknown }>)) {
      if (typeof entry?.path !== "string") continue;
      spans.push({
        path: entry.path,
        start: typeof entry.start === "number" ? entry.start : null,
        end: typeof entry.end === "number" ? entry.end : null,
        category: typeof entry.category === "string" ? entry.category : "redaction",
      });
    }
  }
  return spans;
}

const unjudgedOf = (verdict: Verdict): string[] =>
  Array.isArray(verdict["x.svc.unjudged"]) ? (verdict["x.svc.unjudged"] as unknown[]).filter((p): p is string => typeof p === "string") : [];
