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
  /** What this session's agent wrote earlier (session-files.ts), for judging a command that runs it. */
  readonly sessionFiles: SessionFilesView;
  /**
   * Work several detectors need from the same event (the parsed model of a command), done once
   * by whichever asks first and kept for the others while this event is judged.
   */
  shared<T>(key: SharedKey<T>, compute: () => T): T;
}

/** Names one kind of per-event shared work; the type parameter is what it computes. */
export type SharedKey<T> = symbol & { readonly __shared?: T };
export const sharedKey = <T>(name: string): SharedKey<T> => Symbol(name) as SharedKey<T>;

/** A file an agent of the session left, as remembered. */
export interface RememberedFile {
  readonly content: string;
  /** Only the first part of the file was kept: the rest is not known. */
  readonly cut: boolean;
  /** Only text edits added is known, not the file around it. */
  readonly partial: boolean;
}

/** Read-only view of one session's remembered files; paths resolve against the event's cwd. */
export interface SessionFilesView {
  /** Files remembered: 0 means there is nothing to look up. */
  readonly size: number;
  /** The file at `path` as a command names it (`README`, `./run.sh`, `~/x`, `/tmp/a/../b`). */
  read(path: string): RememberedFile | undefined;
}

/**
 * A file an action leaves with content known from its text (a Write's content, an edit, a patch,
 * a heredoc redirected to a file), for the session to remember. Never shown, logged or stored.
 */
export interface FileLeft {
  /** As the event names it; resolved against the event's cwd when remembered. */
  path: string;
  /** What the action puts there; undefined when that cannot be known (the file is forgotten). */
  content: string | undefined;
  /** `content` is added to the file: in place of `replaces` when that is found, else at its end. */
  fragment?: boolean;
  replaces?: string;
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
  /** Files the action leaves with known content, which the engine remembers for the session. */
  filesLeft?: FileLeft[];
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
