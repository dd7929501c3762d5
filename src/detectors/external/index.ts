// External detectors: any service that takes a GuardEvent and answers a Verdict (this wire
// contract) can be a provider, named in the policy with its URL and timeout. Its answer is
// checked field by field; anything malformed, larger than 1 MiB, a redirect or a verdict about
// another event is a failure, which the policy decides about.
import { Type } from "@sinclair/typebox";
import type { DetectorDefinition, DetectorOutcome, RedactionRequest } from "../../engine/detector.ts";
import { CATEGORY_PATTERN, KINDS, type Kind } from "../../wire/guard-event.ts";
import { DECISIONS, SEVERITIES, type Decision, type Finding } from "../../wire/verdict.ts";

export interface ExternalSpec {
  id: string;
  url: string;
  timeoutMs: number;
  kinds?: Kind[];
  /** Category prefixes it judges (default `security`): its failures leave them unjudged. */
  judges?: string[];
  /** Sent as `Authorization: Bearer <token>`; read from the environment, never the file. */
  bearerToken?: string;
}

const MAX_ITEMS = 256;
/** A verdict is small; a bigger answer is a failure, read no further. */
export const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_TEXT = 512;
const category = new RegExp(CATEGORY_PATTERN);

const isInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const text = (v: unknown) => (typeof v === "string" ? v.slice(0, MAX_TEXT) : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, MAX_ITEMS) : []);

/** Keeps only the finding fields of the contract, so an external service cannot inject others. */
function readFinding(raw: unknown, provider: string): Finding | undefined {
  const f = raw as Record<string, unknown> | null;
  if (!f || typeof f.category !== "string" || !category.test(f.category)) return undefined;
  const out: Finding = { category: f.category, detector: provider };
  if (typeof f.path === "string" && isInt(f.start) && isInt(f.end) && f.end >= f.start) {
    Object.assign(out, { path: f.path.slice(0, MAX_TEXT), start: f.start, end: f.end });
  }
  if (typeof f.score === "number" && f.score >= 0 && f.score <= 1) out.score = f.score;
  if (SEVERITIES.includes(f.severity as never)) out.severity = f.severity as Finding["severity"];
  if (text(f.check_id)) out.check_id = text(f.check_id);
  if (text(f.title)) out.title = text(f.title);
  return out;
}

function readSpans(verdict: Record<string, unknown>, provider: string): RedactionRequest[] {
  const spans = list((verdict.modifications as { spans?: unknown } | undefined)?.spans);
  return spans.flatMap((raw) => {
    const s = raw as Record<string, unknown> | null;
    if (!s || typeof s.path !== "string" || !isInt(s.start) || !isInt(s.end) || s.end < s.start) return [];
    return [{
      path: s.path, start: s.start, end: s.end, category: "x.external.redaction", label: "REDACTED",
      fingerprint: `${provider}:${s.path}:${s.start}:${s.end}`,
    }];
  });
}

/** `eventId`: the event it was asked about; a verdict on any other is no answer. */
export function toOutcome(body: unknown, provider: string, eventId?: string): DetectorOutcome {
  const verdict = body as Record<string, unknown> | null;
  if (!verdict || typeof verdict !== "object" || !DECISIONS.includes(verdict.decision as Decision)) {
    throw new Error(`${provider} answered without a valid decision`);
  }
  if (eventId !== undefined && verdict.event_id !== eventId) throw new Error(`${provider} answered about another event`);
  const decision = verdict.decision as Decision;
  const findings = list(verdict.findings).flatMap((f) => readFinding(f, provider) ?? []);
  const reasons = list(verdict.reasons).flatMap((r) => text(r) ?? []);
  const outcome: DetectorOutcome = { decision, reasons: reasons.length ? reasons : [`${provider} decided ${decision}`], findings };
  if (decision === "redact") outcome.redactions = readSpans(verdict, provider);
  return outcome;
}

/** The body as text, or a failure once it passes `max` bytes (the rest is never read). */
async function readCapped(response: Response, max: number, provider: string): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > max) {
    await response.body?.cancel();
    throw new Error(`${provider} answered more than ${max} bytes`);
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`${provider} answered more than ${max} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function createExternalDetector(spec: ExternalSpec): DetectorDefinition<{}> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (spec.bearerToken) headers.authorization = `Bearer ${spec.bearerToken}`;
  return {
    id: spec.id,
    description: `external detector at ${new URL(spec.url).host}`,
    kinds: spec.kinds ?? [...KINDS],
    judges: spec.judges ?? ["security"],
    encodings: ["raw", "redacted", "hashed", "metadata_only"],
    configSchema: Type.Object({}, { additionalProperties: false }),
    defaultConfig: {},
    deadlineMs: spec.timeoutMs,
    create: () => ({
      async inspect(input) {
        // A redirect is not followed: the event (credentials included) goes to the URL the
        // policy names and nowhere else, and only that service's verdict counts.
        const response = await fetch(spec.url, {
          method: "POST",
          headers,
          body: JSON.stringify(input.event),
          redirect: "manual",
          signal: AbortSignal.timeout(spec.timeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new Error(`${spec.id} answered ${response.status}`);
        }
        const answer = await readCapped(response, MAX_ANSWER_BYTES, spec.id);
        let body: unknown;
        try {
          body = JSON.parse(answer);
        } catch {
          throw new Error(`${spec.id} answered something that is not JSON`);
        }
        return toOutcome(body, spec.id, input.event.event_id);
      },
    }),
  };
}
