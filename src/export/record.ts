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
  return record;
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
