// GuardEvent: the inbound unit of the wire (shared/spec/interface.md, "GuardEvent").
// The schema is closed; top-level `x.`-prefixed extension keys are removed before validation.
import { Type, type Static, type TLiteral, type TUnion } from "@sinclair/typebox";

export const CATEGORY_PATTERN = "^(safety|security|privacy|x)\\.[a-z0-9_.]+$";

export const KINDS = [
  "user_input",
  "model_output",
  "tool_register",
  "mcp_connect",
  "skill_load",
  "tool_call",
  "tool_result",
  "exec",
  "network",
  "file",
  "agent_spawn",
  "config_change",
] as const;
export type Kind = (typeof KINDS)[number];

export const CONTENT_ENCODINGS = ["raw", "redacted", "hashed", "metadata_only"] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/** Weakest first (shared/spec/decisions.md, "Attestation order"). */
export const ATTESTATIONS = [
  "self_declared",
  "inferred",
  "network",
  "mtls",
  "gateway_api_key",
  "client_key",
] as const;
export type Attestation = (typeof ATTESTATIONS)[number];

/** Accepted on input; every event is normalised to the current version on read. */
export const ACCEPTED_VERSIONS = ["0.1", "0.2", "0.3", "0.4", "0.5"] as const;
export const CURRENT_VERSION = "0.5";

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/** A union of string literals that keeps its literal types for Static<>. */
export const literalUnion = <const T extends readonly string[]>(values: T): TUnion<Literals<T>> =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<Literals<T>>;

const NonEmpty = Type.String({ minLength: 1 });

export const Sensor = Type.Object(
  {
    id: NonEmpty,
    class: Type.Optional(literalUnion(["in_process", "wrapper", "proxy", "kernel"] as const)),
    version: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const Subject = Type.Object(
  {
    agent_id: Type.Optional(NonEmpty),
    agent_type: Type.Optional(Type.String()),
    agent_workspace: Type.Optional(Type.String()),
    agent_owner: Type.Optional(Type.String()),
    agent_user: Type.Optional(Type.String()),
    sandbox_id: Type.Optional(Type.String()),
    parent_agent_id: Type.Optional(Type.String()),
    delegation_chain: Type.Optional(Type.Array(Type.String())),
    attestation: Type.Optional(literalUnion(ATTESTATIONS)),
  },
  { additionalProperties: false },
);
export type Subject = Static<typeof Subject>;

export const Redaction = Type.Object(
  {
    path: Type.String(),
    start: Type.Integer({ minimum: 0 }),
    end: Type.Integer({ minimum: 0 }),
    category: Type.Optional(Type.String({ pattern: CATEGORY_PATTERN })),
    operator: Type.Optional(literalUnion(["replace", "mask", "hash", "encrypt"] as const)),
    ref: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type Redaction = Static<typeof Redaction>;

export const Provenance = Type.Object(
  {
    source: literalUnion([
      "system",
      "user",
      "model",
      "tool_result",
      "web",
      "mcp",
      "file",
      "retrieved",
    ] as const),
    trust: literalUnion(["trusted", "untrusted", "unverified"] as const),
    ref: Type.Optional(Type.String()),
    taint_tags: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);
export type Provenance = Static<typeof Provenance>;

export const GuardEvent = Type.Object(
  {
    svc_version: literalUnion(ACCEPTED_VERSIONS),
    event_id: NonEmpty,
    guard_id: NonEmpty,
    session_id: Type.Optional(Type.String()),
    timestamp: Type.String({ format: "rfc3339-utc" }),
    observation_point: literalUnion(["conversation", "invocation", "execution"] as const),
    sensor: Type.Optional(Sensor),
    kind: literalUnion(KINDS),
    llm_protocol: Type.Optional(
      Type.Union([
        Type.Literal("openai.chat"),
        Type.Literal("openai.responses"),
        Type.Literal("anthropic.messages"),
        Type.Null(),
      ]),
    ),
    subject: Type.Optional(Subject),
    payload: Type.Record(Type.String(), Type.Unknown()),
    content_encoding: Type.Optional(literalUnion(CONTENT_ENCODINGS)),
    redactions: Type.Optional(Type.Array(Redaction)),
    context_refs: Type.Optional(Type.Array(Type.String())),
    provenance: Type.Optional(Type.Array(Provenance)),
    // Runtime extension fields (interface.md, "Runtime extension fields").
    run_id: Type.Optional(Type.String()),
    turn: Type.Optional(Type.Integer({ minimum: 0 })),
    authz: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type GuardEvent = Static<typeof GuardEvent>;
