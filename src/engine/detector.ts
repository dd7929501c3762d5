// The contract between the engine and a detector (STYLE.md, "Detectors"): a definition is
// validated, then created; the engine only ever calls a created detector through runDetector.
import type { TSchema } from "@sinclair/typebox";
import type { ContentEncoding, GuardEvent, Kind } from "../wire/guard-event.ts";
import type { Decision, Finding } from "../wire/verdict.ts";
import type { TextField } from "./text-fields.ts";

/** What a detector sees: the normalised event plus lazily extracted, bounded text fields. */
export interface InspectedEvent {
  readonly event: GuardEvent;
  readonly encoding: ContentEncoding;
  /** Every string leaf of `payload` with its payload path (`payload.arguments.command`). */
  texts(): readonly TextField[];
  /** Payload paths that were too large or too deep to extract, so nobody judged them. */
  unextracted(): readonly string[];
}

/**
 * A span the PEP must replace. The engine turns `label` into a session-counted placeholder
 * `${SVC_<LABEL>_<n>}`; detectors never choose placeholder numbers.
 */
export interface RedactionRequest {
  path: string;
  start: number;
  end: number;
  category: string;
  /** Upper-case placeholder type, e.g. `AWS_ACCESS_KEY`, `EMAIL`. */
  label: string;
  /** Fingerprint of the value (never the value) so one value keeps one placeholder per session. */
  fingerprint: string;
}

export interface DetectorOutcome {
  decision: Decision;
  /** Short, human-readable, never echoing matched text. */
  reasons: string[];
  findings: Finding[];
  confidence?: number;
  redactions?: RedactionRequest[];
  /** Paths this detector should have judged but could not. */
  unjudged?: string[];
  /**
   * A safe replacement payload, used when the policy turns this detector's decision into
   * `modify`. Never a way to smuggle the original back: it must be safe as it stands.
   */
  rewrite?: { kind: "constrain" | "rewrite"; payload: Record<string, unknown>; reason: string };
}

export interface Detector {
  inspect(input: InspectedEvent): DetectorOutcome | Promise<DetectorOutcome>;
}

export interface DetectorDefinition<Config = unknown> {
  id: string;
  description: string;
  /** Kinds handled; any other kind gets an explicit abstention from the engine. */
  kinds: readonly Kind[];
  /** Content encodings handled; any other encoding gets an explicit abstention. */
  encodings: readonly ContentEncoding[];
  /**
   * Category prefixes this detector judges (`security`, `privacy.pii`): what it could not read
   * leaves those categories unjudged, and the policy's `on_unjudged` decides what that means.
   */
  judges: readonly string[];
  configSchema: TSchema;
  defaultConfig: Config;
  /** Its own deadline, for detectors that wait on something (external services). */
  deadlineMs?: number;
  create(config: Config): Detector;
}

export const abstain = (reason: string): DetectorOutcome => ({
  decision: "allow",
  reasons: [reason],
  findings: [],
});
