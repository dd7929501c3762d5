// How a sealed record is written for each destination: a Splunk HEC event, a CEF line (ArcSight
// CEF rev 25 escaping), and an RFC 5424 syslog message framed by octet counting (RFC 6587 3.4.1).
import { hostname } from "node:os";
import { VERSION } from "../version.ts";
import { recordLine } from "./chain.ts";
import type { SealedRecord } from "./record.ts";

const HOST = hostname() || "warden";

/**
 * One HEC event. The record inside keeps its canonical bytes, so a SIEM can recompute its hash
 * from the raw event.
 */
export function hecEvent(record: SealedRecord, host = HOST): string {
  const envelope = JSON.stringify({ time: Date.parse(record.time) / 1000, host, source: "warden", sourcetype: "warden:decision" });
  return `${envelope.slice(0, -1)},"event":${recordLine(record)}}`;
}

const SEVERITY_SCORE: Record<string, number> = { info: 1, low: 3, medium: 5, high: 8, critical: 10 };
const DECISION_SCORE: Record<string, number> = { allow: 1, modify: 3, redact: 4, require_approval: 5, block: 6 };

/** CEF severity 0-10: the worst finding's, or what the decision says when nothing was found. */
export function cefSeverity(record: SealedRecord): number {
  const found = Math.max(0, ...record.findings.map((f) => SEVERITY_SCORE[f.severity ?? ""] ?? 0));
  return Math.max(found, DECISION_SCORE[record.decision ?? ""] ?? 0);
}

/** Header fields: backslash and pipe escaped; a header cannot hold a line break. */
export const escapeCefHeader = (value: string) => value.replace(/[\\|]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, " ");

/** Extension values: backslash and equals escaped, line breaks as \n and \r. */
export const escapeCefValue = (value: string) =>
  value.replace(/[\\=]/g, (c) => `\\${c}`).replace(/\r/g, "\\r").replace(/\n/g, "\\n");

export function cefLine(record: SealedRecord, version = VERSION): string {
  const worst = [...record.findings].sort((a, b) => (SEVERITY_SCORE[b.severity ?? ""] ?? 0) - (SEVERITY_SCORE[a.severity ?? ""] ?? 0))[0];
  const signature = worst?.check_id ?? worst?.category ?? `decision.${record.decision ?? "recorded"}`;
  const name = record.reasons[0] ?? record.decision ?? "recorded";
  const header = ["CEF:0", "warden", "warden", version, signature, name, String(cefSeverity(record))].map((v, i) => (i === 0 ? v : escapeCefHeader(v)));
  const ext: [string, string | number | null][] = [
    ["rt", Date.parse(record.time)],
    ["act", record.decision ?? "recorded"],
    ["externalId", record.event_id],
    ["suser", record.agent_user],
    ["cat", record.categories.join(",")],
    ["msg", record.reasons.join("; ")],
    ["cn1Label", "seq"], ["cn1", record.seq],
    ["cs1Label", "workspace"], ["cs1", record.workspace],
    ["cs2Label", "guard_id"], ["cs2", record.guard_id],
    ["cs3Label", "session_id"], ["cs3", record.session_id],
    ["cs4Label", "agent_id"], ["cs4", record.agent_id],
    ["cs5Label", "policy_version"], ["cs5", record.policy_version],
    ["cs6Label", "hash"], ["cs6", record.hash],
    ["flexString1Label", "prev_hash"], ["flexString1", record.prev_hash],
  ];
  const extension = ext
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) => `${k}=${escapeCefValue(String(v))}`)
    .join(" ");
  return `${header.join("|")}|${extension}`;
}

/** Facility 13, "log audit" (RFC 5424 6.2.1); severity warning for a block, notice when held. */
function priority(record: SealedRecord): number {
  const severity = record.decision === "block" ? 4 : record.decision === "allow" || record.decision === null ? 6 : 5;
  return 13 * 8 + severity;
}

/** PRINTUSASCII only, at most 255 (RFC 5424 6.2.4); "-" when nothing is left. */
const syslogHost = (name: string) => name.replace(/[^\x21-\x7e]/g, "").slice(0, 255) || "-";

/**
 * `<PRI>1 TIMESTAMP HOST warden PID decision - MSG`, MSG being the record's JSON or CEF line,
 * framed as `LEN SP MESSAGE` with LEN counted in octets.
 */
export function syslogFrame(record: SealedRecord, cef: boolean, host = HOST, pid = process.pid): Uint8Array {
  const msg = cef ? cefLine(record) : recordLine(record);
  const message = `<${priority(record)}>1 ${record.time} ${syslogHost(host)} warden ${pid} decision - ${msg}`;
  const bytes = new TextEncoder().encode(message);
  const prefix = new TextEncoder().encode(`${bytes.length} `);
  const framed = new Uint8Array(prefix.length + bytes.length);
  framed.set(prefix);
  framed.set(bytes, prefix.length);
  return framed;
}
