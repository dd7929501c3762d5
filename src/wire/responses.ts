// TypeBox schemas of every body warden answers with and of the request bodies beyond GuardEvent:
// the source of the OpenAPI document (through the route table, src/http/routes.ts) and of the
// tests that hold each response the suite receives against it.
import { type TSchema, Type } from "@sinclair/typebox";
import { ATTESTATIONS, GuardEvent, literalUnion } from "./guard-event.ts";
import { DECISIONS } from "./verdict.ts";

const Str = Type.String();
const Open = { additionalProperties: true };
const Timestamp = Type.String({ format: "date-time" });

const error = (code: string, extra: Record<string, TSchema> = {}) =>
  Type.Object({ error: Type.Literal(code), message: Type.Optional(Str), ...extra }, { additionalProperties: false });

export const Errors = {
  invalidEvent: error("invalid_event", { details: Type.Array(Type.Object({ field: Str, message: Str }, Open)) }),
  invalidBody: error("invalid_body"),
  invalidPublicKey: error("invalid_public_key"),
  unauthorized: error("unauthorized"),
  keyRevoked: error("key_revoked"),
  forbidden: error("forbidden"),
  notFound: error("not_found"),
  notPending: error("not_pending"),
  methodNotAllowed: error("method_not_allowed", { allow: Str }),
  payloadTooLarge: error("payload_too_large", { limit_bytes: Type.Integer() }),
  unsupportedMediaType: error("unsupported_media_type"),
  rateLimited: error("rate_limited", { limit: Type.Integer() }),
  storageUnavailable: error("storage_unavailable"),
  overloaded: error("overloaded"),
  requestTimeout: error("request_timeout"),
  internal: error("internal", { request_id: Str }),
};

const Category = Type.Object({ id: Str, domain: literalUnion(["safety", "privacy", "security"] as const), score: Type.Optional(Type.Number()) }, Open);
const Finding = Type.Object({ category: Str, path: Type.Optional(Str), start: Type.Optional(Type.Integer()), end: Type.Optional(Type.Integer()), score: Type.Optional(Type.Number()), detector: Type.Optional(Str) }, Open);

export const Verdict = Type.Object(
  {
    svc_version: Type.Literal("0.5"),
    event_id: Str,
    guard_id: Str,
    provider: Str,
    decision: literalUnion(DECISIONS),
    confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    latency_ms: Type.Optional(Type.Number({ minimum: 0 })),
    reasons: Type.Optional(Type.Array(Str)),
    categories: Type.Optional(Type.Array(Category)),
    modifications: Type.Optional(Type.Object({ kind: literalUnion(["redact", "rewrite", "constrain"] as const) }, Open)),
    evidence: Type.Optional(Type.Array(Type.Object({}, Open))),
    findings: Type.Optional(Type.Array(Finding)),
  },
  { ...Open, description: "The effective verdict; x.svc.* extension keys ride along (interface.md)." },
);

export const IngestRequest = Type.Object({ batch: Type.Array(GuardEvent, { minItems: 1, maxItems: 100 }) });
export const IngestResponse = Type.Object({
  results: Type.Array(Type.Object({ id: Type.Union([Str, Type.Null()]), status: Type.Union([Type.Literal(201), Type.Literal(200), Type.Literal(400)]), error: Type.Optional(Str) })),
});

export const EnrollRequest = Type.Object({ public_key: Str, guard_id: Type.Optional(Str), name: Type.Optional(Str) });
export const EnrollCreated = Type.Object({ guard_id: Str, key_id: Str, max_attestation: literalUnion(ATTESTATIONS) });
export const EnrollExisting = Type.Object({ guard_id: Str, key_id: Str });

export const HeartbeatRequest = Type.Object(
  {
    sensor: Type.Optional(Type.Object({ id: Str }, Open)),
    subject: Type.Optional(Type.Object({ agent_id: Str }, Open)),
    interval_s: Type.Optional(Type.Number({ minimum: 1, maximum: 86400 })),
    counters: Type.Optional(Type.Record(Str, Type.Number())),
    instance_id: Type.Optional(Str),
  },
  Open,
);
export const HeartbeatResponse = Type.Object({ ok: Type.Literal(true) });

const Directive = literalUnion(["block", "allow", "require_local_approval"] as const);
export const ConfigResponse = Type.Object(
  {
    on_unreachable: Type.Record(Str, Directive),
    queue_timeout_action: literalUnion(["block", "allow"] as const),
    hard_rules: Type.Array(Type.Object({ id: Str, kinds: Type.Array(Str), pattern: Str, reason: Str })),
    policy_version: Str,
  },
  Open,
);

const ApprovalStatus = literalUnion(["pending", "approved", "denied", "expired"] as const);
export const ApprovalPoll = Type.Object({ status: ApprovalStatus, decided_at: Type.Optional(Timestamp), receipt: Type.Optional(Str), payload_digest: Type.Optional(Str), action_digest: Type.Optional(Str) });
export const ApprovalNotFound = Type.Object({ status: Type.Literal("not_found") });

export const Health = Type.Union([Type.Object({ status: Type.Literal("ok"), version: Str }), Type.Object({ status: Type.Literal("error"), reason: Str })]);
export const Livez = Type.Object({ status: Type.Literal("ok") });
export const Index = Type.Object({ name: Type.Literal("warden"), version: Str, console: Str, openapi: Str, health: Str, docs: Str });
export const Readyz = Type.Object({ status: literalUnion(["ready", "not_ready"] as const), checks: Type.Optional(Type.Record(Str, Str)) });
export const Jwks = Type.Object({ keys: Type.Array(Type.Object({ kty: Type.Literal("OKP"), crv: Type.Literal("Ed25519"), x: Str, kid: Str }, Open)) });

export const HookInput = Type.Object({ hook_event_name: Str, session_id: Type.Optional(Str), tool_name: Type.Optional(Str), tool_input: Type.Optional(Type.Unknown()), tool_use_id: Type.Optional(Str) }, Open);
export const HookOutput = Type.Object({}, { ...Open, description: "The harness's own hook output (Claude Code or Codex); {} lets the harness carry on." });

const Nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);
export const ApprovalView = Type.Object(
  {
    approval_id: Str, guard_id: Str, status: ApprovalStatus, kind: Str, action: Nullable(Str), action_digest: Nullable(Str), payload_digest: Nullable(Str),
    agent_id: Str, session_id: Str, categories: Type.Array(Str), reasons: Type.Array(Str), policy_version: Str,
    created_at: Timestamp, expires_at: Timestamp, decided_at: Nullable(Timestamp), decided_by: Nullable(Str), decision_reason: Nullable(Str),
    decided_via: Nullable(Type.Union([Type.Literal("operator"), Type.Literal("harness_prompt")])), used_by: Nullable(Str),
  },
  Open,
);
export const ApprovalList = Type.Object({ approvals: Type.Array(ApprovalView) });
export const DecideRequest = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 1024 })) });

