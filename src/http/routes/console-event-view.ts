// What the console may show of a recorded event: its payload's text fields with every finding's
// span, where secret and personal-data spans are masked here, on the server, so they never reach
// a browser. Masking keeps each string's length, so offsets still point at the right characters.
// Stored events already have their redacted spans and credentials masked the same way
// (engine/stored-event.ts); masking them again changes nothing.
import { childPath, extractTexts } from "../../engine/text-fields.ts";
import { isMaskedCategory, MASK_CHAR, scrubDeep, scrubText } from "../../lib/mask-text.ts";
import type { StoredEvent } from "../../store/types.ts";
import type { Finding } from "../../wire/verdict.ts";

export { isMaskedCategory, MASK_CHAR, scrubDeep, scrubText };

export interface SpanView {
  start: number;
  end: number;
  category: string;
  severity: string | null;
  title: string | null;
  masked: boolean;
}

export interface FieldView {
  path: string;
  text: string;
  spans: SpanView[];
}

const validSpan = (f: Finding, length: number): f is Finding & { start: number; end: number } =>
  Number.isInteger(f.start) && Number.isInteger(f.end) && f.start! >= 0 && f.start! < f.end! && f.end! <= length;

/** Masks `[start, end)` spans of one string; returns the masked text and what was hidden. */
function maskField(text: string, findings: Finding[]): { text: string; hidden: string[] } {
  const masked = findings.filter((f) => isMaskedCategory(f.category));
  if (masked.length === 0) return { text, hidden: [] };
  // A masked-category finding without offsets covers the whole field: hide all of it.
  if (masked.some((f) => f.start === undefined || f.end === undefined)) return { text: MASK_CHAR.repeat(text.length), hidden: [text] };
  const chars = text.split("");
  const hidden: string[] = [];
  for (const f of masked) {
    if (!validSpan(f, text.length)) continue;
    hidden.push(text.slice(f.start, f.end));
    for (let i = f.start; i < f.end; i++) chars[i] = MASK_CHAR;
  }
  return { text: chars.join(""), hidden };
}

/** The payload with each string at a masked path replaced by its masked text. */
function replaceAt(node: unknown, path: string, masked: Map<string, string>): unknown {
  if (typeof node === "string") return masked.get(path) ?? node;
  if (Array.isArray(node)) return node.map((v, i) => replaceAt(v, childPath(path, i), masked));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replaceAt(v, childPath(path, k), masked)]));
}

export interface MaskedPayload {
  fields: FieldView[];
  payload: unknown;
  /** The original text of every masked span, for scrubbing other places it may appear. */
  hidden: string[];
}

export function maskPayload(payload: unknown, findings: readonly Finding[]): MaskedPayload {
  const byPath = new Map<string, Finding[]>();
  for (const f of findings) if (f.path) byPath.set(f.path, [...(byPath.get(f.path) ?? []), f]);
  const masked = new Map<string, string>();
  const hidden: string[] = [];
  const fields = extractTexts(payload).fields.map(({ path, text }) => {
    const own = byPath.get(path) ?? [];
    const result = maskField(text, own);
    if (result.hidden.length) {
      masked.set(path, result.text);
      hidden.push(...result.hidden);
    }
    const spans = own.filter((f) => validSpan(f, text.length)).map((f) => ({
      start: f.start!, end: f.end!, category: f.category, severity: f.severity ?? null, title: f.title ?? null, masked: isMaskedCategory(f.category),
    }));
    return { path, text: result.text, spans };
  });
  // Hidden values are scrubbed longest first, so a secret containing another is hidden whole.
  hidden.sort((a, b) => b.length - a.length);
  return {
    fields: fields.map((f) => ({ ...f, text: scrubText(f.text, hidden) })),
    payload: scrubDeep(replaceAt(payload, "payload", masked), hidden),
    hidden,
  };
}

/** The event detail the console shows: stored event and verdict, masked and scrubbed. */
export function viewEvent(stored: StoredEvent, findings: readonly Finding[]) {
  const { fields, payload, hidden } = maskPayload(stored.event.payload, findings);
  const event = scrubDeep({ ...stored.event, payload }, hidden) as Record<string, unknown>;
  return {
    seq: stored.seq,
    event_id: stored.eventId,
    source: stored.source,
    session_id: stored.sessionId,
    agent_id: stored.agentId,
    attestation: stored.attestation,
    event,
    verdict: stored.verdict ? scrubDeep(stored.verdict, hidden) : null,
    findings: findings.map((f) => scrubDeep(f, hidden)),
    fields,
  };
}
