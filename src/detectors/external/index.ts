// External detectors: any service that takes a GuardEvent and answers a Verdict (this wire
// contract) can be a provider, named in the policy with its URL and timeout. Its answer is
// checked field by field; anything malformed is a failure, which the policy decides about.
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

export function toOutcome(body: unknown, provider: string): DetectorOutcome {
  const verdict = body as Record<string, unknown> | null;
  if (!verdict || typeof verdict !== "object" || !DECISIONS.includes(verdict.decision as Decision)) {
    throw new Error(`${provider} answered without a valid decision`);
  }
  const decision = verdict.decision as Decision;
  const findings = list(verdict.findings).flatMap((f) => readFinding(f, provider) ?? []);
  const reasons = list(verdict.reasons).flatMap((r) => text(r) ?? []);
  const outcome: DetectorOutcome = { decision, reasons: reasons.length ? reasons : [`${provider} decided ${decision}`], findings };
  if (decision === "redact") outcome.redactions = readSpans(verdict, provider);
  return outcome;
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
        const response = await fetch(spec.url, {
          method: "POST",
          headers,
          body: JSON.stringify(input.event),
          signal: AbortSignal.timeout(spec.timeoutMs),
        });
        if (!response.ok) throw new Error(`${spec.id} answered ${response.status}`);
        return toOutcome(await response.json(), spec.id);
      },
    }),
  };
}
