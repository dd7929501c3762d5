// The secrets detector: finds credentials in every text field of an event and asks the engine to
// redact them. Findings carry offsets only; no matched text ever leaves this module.
import { Type, type Static } from "@sinclair/typebox";
import { budgetOf, spentAtStep, noteUnjudged, type Budget } from "../../engine/budget.ts";
import type { DetectorDefinition, DetectorOutcome, InspectedEvent, RedactionRequest } from "../../engine/detector.ts";
import { KINDS } from "../../wire/guard-event.ts";
import { maskSpans, spanFinding, spanRedaction } from "../span-hits.ts";
import type { Finding } from "../../wire/verdict.ts";
import { ENV_KEY_PATH, createEnvSecretFinding, isSecretEnvName } from "./env-keys.ts";
import { findArgvPrograms, findFieldKeys } from "./field-keys.ts";
import { scanText, type Span as RedactedSpan } from "./scan-text.ts";
import { MAX_HITS_PER_FIELD, PRIORITIES } from "./secret-kind.ts";
import { isAllowlisted } from "./allowlist-comments.ts";
import type { AssignmentOptions } from "./assignments.ts";
import { fieldViews } from "../decoding/decoded-views.ts";
import type { TextField } from "../../engine/text-fields.ts";
import { encodedNote, markEncoded, noteOverHits, noteUndecoded, scanViews } from "../decoding/scan-views.ts";
import { isTypedValue, writesTestFile } from "./test-files.ts";
import { scanArgvLines } from "./argv-lines.ts";

const DETECTOR_ID = "secrets";

export const SecretsConfig = Type.Object(
  {
    /** Minimum Shannon entropy (bits per character) of a generic `password = ...` value. */
    min_entropy: Type.Optional(Type.Number({ minimum: 0, maximum: 8 })),
    /** Minimum length of a generic assignment value; shorter ones are too weak a signal. */
    min_length: Type.Optional(Type.Integer({ minimum: 1, maximum: 256 })),
    /** Decision when a credential is found. */
    decision: Type.Optional(Type.Union([Type.Literal("redact"), Type.Literal("block")])),
  },
  { additionalProperties: false },
);
export type SecretsConfig = Static<typeof SecretsConfig>;

const DEFAULTS = { min_entropy: 2.5, min_length: 6, decision: "redact" } as const satisfies Required<SecretsConfig>;


/** Spans of a `redacted` event that are placeholders already, grouped by payload path. */
function groupRedactedSpans(input: InspectedEvent): Map<string, RedactedSpan[]> | undefined {
  if (input.encoding !== "redacted" || !input.event.redactions?.length) return undefined;
  const byPath = new Map<string, RedactedSpan[]>();
  for (const { path, start, end } of input.event.redactions) {
    const spans = byPath.get(path) ?? [];
    spans.push({ start, end });
    byPath.set(path, spans);
  }
  return byPath;
}

/** "api_key, private_key": the category refinements found, for a reason line without values. */
const describeCategories = (findings: readonly Finding[]): string =>
  [...new Set(findings.map((f) => f.category.slice(f.category.lastIndexOf(".") + 1)))].sort().join(", ");

function summarise(
  findings: Finding[],
  redactions: RedactionRequest[],
  envSignals: Finding[],
  decision: "redact" | "block",
): DetectorOutcome {
  const reasons: string[] = [];
  if (redactions.length > 0) {
    reasons.push(`${redactions.length} credential(s) found: ${describeCategories(findings)}${encodedNote(findings)}`);
  } else {
    reasons.push("no credentials found in text fields");
  }
  if (envSignals.length > 0) {
    reasons.push(`${envSignals.length} secret-named environment variable(s) passed to the process`);
  }
  const outcome: DetectorOutcome = {
    decision: redactions.length > 0 ? decision : "allow",
    reasons,
    findings: [...findings, ...envSignals],
  };
  if (redactions.length > 0) {
    outcome.redactions = redactions;
    outcome.confidence = Math.max(...findings.map((f) => f.score ?? 0));
  }
  return outcome;
}

interface FieldScan {
  /** The event's fields and this one's index in them (views are decoded once per field). */
  fields: readonly TextField[];
  index: number;
  path: string;
  /** The text as sent, and as scanned (placeholders of a `redacted` event blanked). */
  text: string;
  scanned: string;
  key: string | undefined;
  program: string | undefined;
  /** The event writes a test file: a typed password there is a fake user's (test-files.ts). */
  inTests: boolean;
}

const GENERIC_PASSWORD = "secrets.password_assignment";

/**
 * The credentials of one field, read in every view of it (decoded-views.ts). Field keys and
 * argv programs frame the text as sent; a decoded view is read on its own.
 */
function scanField(field: FieldScan, options: AssignmentOptions, budget: Budget) {
  const { views, undecoded } = fieldViews(field.fields, field.index, field.scanned, budget);
  const scan = (text: string, first: boolean) =>
    first ? scanText(text, options, budget, field.key, field.program) : scanText(text, options, budget);
  const findings: Finding[] = [];
  const redactions: RedactionRequest[] = [];
  const hits = scanViews(views, scan, MAX_HITS_PER_FIELD, budget);
  for (const hit of hits) {
    if (field.inTests && hit.kind.checkId === GENERIC_PASSWORD && !hit.encoded && isTypedValue(field.scanned.slice(hit.start, hit.end))) continue;
    // A generic value a scanner's allowlist comment vouches for (allowlist-comments.ts).
    if (hit.kind.priority <= PRIORITIES.generic && !hit.encoded && isAllowlisted(field.scanned, hit.start)) continue;
    findings.push(markEncoded(spanFinding(hit, field.path, DETECTOR_ID), hit.encoded));
    redactions.push(spanRedaction(hit, field.path, field.text));
  }
  return { findings, redactions, undecoded, capped: hits.length >= MAX_HITS_PER_FIELD };
}

function inspectEvent(input: InspectedEvent, config: Required<SecretsConfig>): DetectorOutcome {
  const options = { minEntropy: config.min_entropy, minLength: config.min_length };
  const redactedSpans = groupRedactedSpans(input);
  const isExec = input.event.kind === "exec";
  const findings: Finding[] = [];
  const redactions: RedactionRequest[] = [];
  const envSignals: Finding[] = [];
  const fields = input.texts();
  const keys = findFieldKeys(fields);
  const programs = findArgvPrograms(fields);
  const budget = budgetOf(input);
  const inTests = writesTestFile(input.event);
  const unscanned: string[] = [];
  const undecoded: string[] = [];
  const capped: string[] = [];
  for (const [i, { path, text }] of fields.entries()) {
    if (isExec && ENV_KEY_PATH.test(path) && isSecretEnvName(text)) {
      envSignals.push(createEnvSecretFinding(path, text, DETECTOR_ID));
    }
    // The field the deadline fell in, and every one after it, was not fully scanned.
    if (unscanned.length > 0 || spentAtStep(budget, text.length)) {
      unscanned.push(path);
      continue;
    }
    const scanned = maskSpans(text, redactedSpans?.get(path));
    const field = scanField({ fields, index: i, path, text, scanned, key: keys[i], program: programs[i], inTests }, options, budget);
    findings.push(...field.findings);
    redactions.push(...field.redactions);
    if (field.undecoded) undecoded.push(path);
    if (field.capped) capped.push(path);
    if (budget.cutOff) unscanned.push(path);
  }
  // Options whose password is a later argv element (argv-lines.ts), where no field alone showed it.
  for (const { index, hit } of unscanned.length > 0 ? [] : scanArgvLines(fields, budget)) {
    const { path, text } = fields[index]!;
    if (findings.some((f) => f.path === path && f.start! < hit.end && hit.start < f.end!)) continue;
    findings.push(spanFinding(hit, path, DETECTOR_ID));
    redactions.push(spanRedaction(hit, path, text));
  }
  const outcome = summarise(findings, redactions, envSignals, config.decision);
  return noteOverHits(noteUndecoded(noteUnjudged(outcome, input.unextracted(), unscanned), undecoded), capped, MAX_HITS_PER_FIELD);
}

export const secretsDetector: DetectorDefinition<SecretsConfig> = {
  id: DETECTOR_ID,
  description:
    "Finds credentials (cloud keys, API tokens, private keys, database and generic passwords) and asks for their redaction.",
  judges: ["security.secret_leak"],
  kinds: KINDS,
  encodings: ["raw", "redacted"],
  configSchema: SecretsConfig,
  defaultConfig: { ...DEFAULTS },
  create(config) {
    const resolved: Required<SecretsConfig> = { ...DEFAULTS, ...config };
    return { inspect: (input) => inspectEvent(input, resolved) };
  },
};
