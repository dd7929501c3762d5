// The policy file (YAML or JSON): schema, parsing with every error listed, and resolution of
// the policy each workspace runs under (top level, then `workspaces.<id>` merged over it).
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { DetectorDefinition } from "../engine/detector.ts";
import { DEFAULT_POLICY, type DecisionRule, type Policy, type UnjudgedRule, type UnreachableAction } from "../engine/policy.ts";
import { compilePolicies, type CompiledPolicies } from "../engine/policy-set.ts";
import { createExternalDetector, type ExternalSpec } from "../detectors/external/index.ts";
import { misorderedSignals, resolveSignals, Signals } from "./policy-signals.ts";
import { ATTESTATIONS, CATEGORY_PATTERN, KINDS, literalUnion } from "../wire/guard-event.ts";
import { backtrackingRisk } from "./regex-cost.ts";
import { DECISIONS, SEVERITIES } from "../wire/verdict.ts";

const oneOf = literalUnion;
const Decision = oneOf(DECISIONS);
const PREFIX = "^(safety|security|privacy|x)(\\.[a-z0-9_]+)*$";

const SeverityDecisions = Type.Object(
  Object.fromEntries([...SEVERITIES, "*"].map((s) => [s, Type.Optional(Decision)])),
  { additionalProperties: false },
);

const WhitelistEntry = Type.Object(
  {
    reason: Type.String({ minLength: 1 }),
    check_id: Type.Optional(Type.String({ minLength: 1 })),
    category: Type.Optional(Type.String({ pattern: CATEGORY_PATTERN })),
    agent_id: Type.Optional(Type.String({ minLength: 1 })),
    tool: Type.Optional(Type.String({ minLength: 1 })),
    host: Type.Optional(Type.String({ minLength: 1 })),
    path_prefix: Type.Optional(Type.String({ minLength: 1 })),
    argv_prefix: Type.Optional(Type.Array(Type.String(), { minItems: 1 })),
    command_prefix: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

const Strategy = Type.Object(
  {
    strategy: oneOf(["deny-wins", "quorum", "weighted", "first-available"]),
    providers: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
    count: Type.Optional(Type.Integer({ minimum: 1 })),
    min_score: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    weights: Type.Optional(Type.Record(Type.String(), Type.Number({ minimum: 0 }))),
    threshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);

const PolicyBody = {
  detectors: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({ enabled: Type.Optional(Type.Boolean()), config: Type.Optional(Type.Unknown()) }, { additionalProperties: false }),
    ),
  ),
  decisions: Type.Optional(Type.Record(Type.String({ pattern: PREFIX }), SeverityDecisions, { additionalProperties: false })),
  composition: Type.Optional(
    Type.Object(
      {
        detector_timeout_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
        on_timeout: Type.Optional(oneOf(["degrade", "block"])),
        on_all_failed: Type.Optional(oneOf(["allow", "block"])),
        on_unjudged: Type.Optional(Type.Record(Type.String({ pattern: PREFIX }), oneOf(["allow", "require_approval", "block"]), { additionalProperties: false })),
        short_circuit: Type.Optional(Type.Boolean()),
        strategies: Type.Optional(Type.Record(Type.String({ pattern: PREFIX }), Strategy, { additionalProperties: false })),
      },
      { additionalProperties: false },
    ),
  ),
  whitelist: Type.Optional(Type.Array(WhitelistEntry)),
  content_required_kinds: Type.Optional(Type.Array(literalUnion(KINDS))),
  approval_ttl_s: Type.Optional(Type.Integer({ minimum: 10, maximum: 7 * 86_400 })),
  queue_timeout_action: Type.Optional(oneOf(["block", "allow"])),
  hard_rules: Type.Optional(
    Type.Array(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 64 }),
          kinds: Type.Array(literalUnion(KINDS), { minItems: 1 }),
          pattern: Type.String({ minLength: 1, maxLength: 512 }),
          reason: Type.String({ minLength: 1, maxLength: 256 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 256 },
    ),
  ),
  min_attestation: Type.Optional(
    Type.Object(
      {
        tools: Type.Optional(Type.Record(Type.String({ minLength: 1 }), literalUnion(ATTESTATIONS))),
        categories: Type.Optional(Type.Record(Type.String({ pattern: PREFIX }), literalUnion(ATTESTATIONS), { additionalProperties: false })),
      },
      { additionalProperties: false },
    ),
  ),
  on_unreachable: Type.Optional(
    Type.Record(Type.String({ pattern: "^(safety|security|privacy|x)(\\.[a-z0-9_]+)*\\.\\*$" }), oneOf(["block", "allow", "require_local_approval"]), { additionalProperties: false }),
  ),
  signals: Type.Optional(Signals),
  hook_rewrite: Type.Optional(oneOf(["ask", "allow"])),
  enroll_ceiling: Type.Optional(literalUnion(ATTESTATIONS)),
  max_pending_per_session: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  max_pending_per_agent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
};

const ExternalDetector = Type.Object(
  {
    id: Type.String({ pattern: "^[a-z][a-z0-9_-]{0,62}$" }),
    url: Type.String({ pattern: "^https?://" }),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    kinds: Type.Optional(Type.Array(literalUnion(KINDS), { minItems: 1 })),
    categories: Type.Optional(Type.Array(Type.String({ pattern: PREFIX }), { minItems: 1, maxItems: 64 })),
    bearer_token_env: Type.Optional(Type.String({ pattern: "^[A-Z_][A-Z0-9_]*$" })),
  },
  { additionalProperties: false },
);

export const PolicyFile = Type.Object(
  {
    version: Type.Optional(Type.String({ minLength: 1 })),
    external: Type.Optional(Type.Array(ExternalDetector)),
    ...PolicyBody,
    workspaces: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.Object(PolicyBody, { additionalProperties: false }))),
  },
  { additionalProperties: false },
);
export type PolicyFile = Static<typeof PolicyFile>;
type PolicyBody = Omit<PolicyFile, "version" | "workspaces">;

/**
 * Hard rules are run by PEPs as regular expressions over agent text: each must compile, and none
 * may backtrack without bound (regex-cost.ts).
 */
function badPatterns(file: PolicyFile): string[] {
  const bodies = [file, ...Object.values(file.workspaces ?? {})];
  return bodies.flatMap((body) =>
    (body.hard_rules ?? []).flatMap((rule) => {
      try {
        new RegExp(rule.pattern);
      } catch {
        return [`hard_rules.${rule.id}.pattern: not a valid regular expression`];
      }
      const risk = backtrackingRisk(rule.pattern);
      return risk ? [`hard_rules.${rule.id}.pattern: ${risk}; bound its repetitions (e.g. [^|]{0,1024} for [^|]*) and avoid nested ones like (a+)+`] : [];
    }),
  );
}

/** Signals are checked once merged, as each workspace will run them. */
const signalErrors = (file: PolicyFile): string[] => [
  ...misorderedSignals("", file.signals),
  ...Object.entries(file.workspaces ?? {}).flatMap(([id, body]) => misorderedSignals(`workspaces.${id}.`, file.signals, body.signals)),
];

export type ParsedPolicy = { ok: true; file: PolicyFile; version: string } | { ok: false; errors: string[] };

/** Parses YAML or JSON text (JSON is YAML) and checks it against the schema. */
export function parsePolicyText(text: string): ParsedPolicy {
  let value: unknown;
  try {
    value = Bun.YAML.parse(text);
  } catch (error) {
    return { ok: false, errors: [`not valid YAML or JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (value === null || value === undefined) value = {};
  const errors = [...Value.Errors(PolicyFile, value)].map((e) => `${e.path.slice(1).replaceAll("/", ".") || "(policy)"}: ${e.message}`);
  if (errors.length === 0) errors.push(...badPatterns(value as PolicyFile), ...signalErrors(value as PolicyFile));
  if (errors.length) return { ok: false, errors: [...new Set(errors)] };
  const file = value as PolicyFile;
  const digest = new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 12);
  return { ok: true, file, version: file.version ?? `sha256:${digest}` };
}

const decisionRules = (...bodies: (PolicyBody | undefined)[]): DecisionRule[] => {
  const byPrefix = new Map<string, DecisionRule>();
  for (const body of bodies) {
    for (const [prefix, bySeverity] of Object.entries(body?.decisions ?? {})) byPrefix.set(prefix, { prefix, bySeverity });
  }
  // Longest prefix first, so the most specific rule is found first.
  return [...byPrefix.values()].sort((a, b) => b.prefix.length - a.prefix.length);
};

type UnjudgedBody = Record<string, UnjudgedRule["decision"]>;

/** The default's rules, then the file's, then the workspace's, each prefix set by the last; longest first. */
function unjudgedRules(top?: UnjudgedBody, own?: UnjudgedBody): UnjudgedRule[] {
  const byPrefix = new Map(DEFAULT_POLICY.onUnjudged.map((r) => [r.prefix, r.decision]));
  for (const [prefix, decision] of Object.entries({ ...top, ...own })) byPrefix.set(prefix, decision);
  return [...byPrefix].map(([prefix, decision]) => ({ prefix, decision })).sort((a, b) => b.prefix.length - a.prefix.length);
}

/** The policy one workspace runs under: the file's top level, then its own section over it. */
export function resolvePolicy(file: PolicyFile, version: string, workspaceId: string | undefined): Policy {
  const own = workspaceId === undefined ? undefined : file.workspaces?.[workspaceId];
  const detectors = { ...file.detectors, ...own?.detectors };
  const composition = { ...file.composition, ...own?.composition };
  return {
    version: own ? `${version}/${workspaceId}` : version,
    detectorDeadlineMs: composition.detector_timeout_ms ?? DEFAULT_POLICY.detectorDeadlineMs,
    onDetectorFailure: composition.on_timeout ?? DEFAULT_POLICY.onDetectorFailure,
    onAllFailed: composition.on_all_failed ?? DEFAULT_POLICY.onAllFailed,
    onUnjudged: unjudgedRules(file.composition?.on_unjudged, own?.composition?.on_unjudged),
    shortCircuit: composition.short_circuit ?? DEFAULT_POLICY.shortCircuit,
    detectors: Object.fromEntries(
      Object.entries(detectors).flatMap(([id, d]) => (d.config === undefined ? [] : [[id, d.config]])),
    ),
    disabled: Object.entries(detectors).flatMap(([id, d]) => (d.enabled === false ? [id] : [])),
    decisionRules: decisionRules(file, own),
    whitelist: [...(own?.whitelist ?? []), ...(file.whitelist ?? [])],
    strategies: Object.entries(composition.strategies ?? {}).map(([prefix, s]) => ({
      prefix,
      providers: s.providers,
      strategy: s.strategy,
      ...(s.count !== undefined ? { count: s.count } : {}),
      ...(s.min_score !== undefined ? { minScore: s.min_score } : {}),
      ...(s.weights !== undefined ? { weights: s.weights } : {}),
      ...(s.threshold !== undefined ? { threshold: s.threshold } : {}),
    })),
    minAttestation: {
      tools: { ...file.min_attestation?.tools, ...own?.min_attestation?.tools },
      categories: { ...file.min_attestation?.categories, ...own?.min_attestation?.categories },
    },
    queueTimeoutAction: own?.queue_timeout_action ?? file.queue_timeout_action ?? DEFAULT_POLICY.queueTimeoutAction,
    hardRules: own?.hard_rules ?? file.hard_rules ?? DEFAULT_POLICY.hardRules,
    approvalTtlMs: (own?.approval_ttl_s ?? file.approval_ttl_s ?? DEFAULT_POLICY.approvalTtlMs / 1000) * 1000,
    contentRequiredKinds: own?.content_required_kinds ?? file.content_required_kinds ?? DEFAULT_POLICY.contentRequiredKinds,
    onUnreachable: { ...DEFAULT_POLICY.onUnreachable, ...file.on_unreachable, ...own?.on_unreachable } as Record<string, UnreachableAction>,
    signals: resolveSignals(file.signals, own?.signals),
    hookRewrite: own?.hook_rewrite ?? file.hook_rewrite ?? DEFAULT_POLICY.hookRewrite,
    enrollCeiling: own?.enroll_ceiling ?? file.enroll_ceiling ?? DEFAULT_POLICY.enrollCeiling,
    pendingCaps: {
      perSession: own?.max_pending_per_session ?? file.max_pending_per_session ?? DEFAULT_POLICY.pendingCaps.perSession,
      perAgent: own?.max_pending_per_agent ?? file.max_pending_per_agent ?? DEFAULT_POLICY.pendingCaps.perAgent,
    },
  };
}

const DEFAULT_EXTERNAL_TIMEOUT_MS = 200;

/** External detectors the file names, with tokens from the environment; errors if one is missing. */
function externalDetectors(file: PolicyFile, env: Record<string, string | undefined>, errors: string[]): DetectorDefinition<{}>[] {
  return (file.external ?? []).map((e, i) => {
    const spec: ExternalSpec = { id: e.id, url: e.url, timeoutMs: e.timeout_ms ?? DEFAULT_EXTERNAL_TIMEOUT_MS };
    if (e.kinds) spec.kinds = e.kinds;
    if (e.categories) spec.judges = e.categories;
    if (e.bearer_token_env) {
      spec.bearerToken = env[e.bearer_token_env];
      if (!spec.bearerToken) errors.push(`external.${i}.bearer_token_env: ${e.bearer_token_env} is not set`);
    }
    return createExternalDetector(spec);
  });
}

/** Reads, validates and compiles a policy file: every error together, or the set to serve. */
export async function loadPolicyFile(
  path: string,
  builtins: readonly DetectorDefinition<any>[],
  env: Record<string, string | undefined> = process.env,
): Promise<CompiledPolicies> {
  let text: string;
  try {
    text = await Bun.file(path).text();
  } catch (error) {
    return { ok: false, errors: [`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const parsed = parsePolicyText(text);
  if (!parsed.ok) return parsed;
  const errors: string[] = [];
  const definitions = [...builtins, ...externalDetectors(parsed.file, env, errors)];
  const workspaces = Object.fromEntries(
    Object.keys(parsed.file.workspaces ?? {}).map((id) => [id, resolvePolicy(parsed.file, parsed.version, id)]),
  );
  const compiled = compilePolicies(definitions, resolvePolicy(parsed.file, parsed.version, undefined), workspaces);
  if (!compiled.ok) errors.push(...compiled.errors);
  return errors.length ? { ok: false, errors } : compiled;
}
