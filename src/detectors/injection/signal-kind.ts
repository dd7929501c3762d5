// Shared types of the injection detector: the three reading contexts, the signal classes the
// vocabulary produces, and a signal (one class, one span, one context-dependent weight).

/**
 * How a text is read. `data` is content the agent consumes (tool results, untrusted provenance),
 * `user` is the principal's own prompt (jailbreaks), `definition` is a tool/skill definition.
 */
export type Context = "data" | "user" | "definition";

export type SignalClass =
  | "override"
  | "role"
  | "address"
  | "reply"
  | "steer"
  | "persona"
  | "restriction"
  | "secrecy"
  | "command"
  | "exfil"
  | "destination"
  | "param_stuffing"
  | "sensitive"
  | "sysprompt"
  | "repetition"
  | "cross_tool"
  | "priority"
  | "tag"
  | "authority"
  | "render"
  | "harm"
  | "framing"
  /** Operational detail demanded of an answer: exact quantities, every step, working code. */
  | "detail"
  /** Pressure on the assistant to comply: a refusal punished, tokens lost, a life at stake. */
  | "pressure"
  /** Secrets or personal data the assistant holds, asked to be printed (env, keys, customer records). */
  | "held";

/** Weight of one signal in each context: [data, user, definition]. 0 means "not a signal here". */
export type Weights = readonly [number, number, number];

export const CONTEXT_INDEX: Record<Context, 0 | 1 | 2> = { data: 0, user: 1, definition: 2 };

export interface Signal {
  cls: SignalClass;
  start: number;
  end: number;
  /** Weight in the context being scored, after validation and documentation discounts. */
  weight: number;
}

/** Scoring thresholds shared by every scored check (see score-clusters.ts for the rationale). */
export const BLOCK_AT = 0.85;
export const APPROVAL_AT = 0.55;
export const FINDING_AT = 0.3;
