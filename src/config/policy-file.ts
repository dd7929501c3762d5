// The policy file (YAML or JSON): schema, parsing with every error listed, and resolution of
// the policy each workspace runs under (top level, then `workspaces.<id>` merged over it).
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import { didYouMean } from "../lib/did-you-mean.ts";
import { CATEGORY_FAMILIES, unknownFamily } from "../wire/categories.ts";
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

/** `value`: what was read, when it was readable, so later checks (detector ids) still run. */
export type ParsedPolicy = { ok: true; file: PolicyFile; version: string } | { ok: false; errors: string[]; value?: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Every category prefix the file names (decisions, on_unjudged, strategies, min_attestation,
 * on_unreachable, whitelist) checked against the families warden raises and those its external
 * detectors declare: a misspelt one is a rule that silently never applies.
 */
function categoryErrors(value: unknown): string[] {
  if (!isObject(value)) return [];
  const declared = (Array.isArray(value.external) ? value.external : []).flatMap((e) => (isObject(e) && Array.isArray(e.categories) ? e.categories.filter((c): c is string => typeof c === "string") : []));
  const errors: string[] = [];
  const check = (where: string, prefix: string) => {
    const family = unknownFamily(prefix, declared);
    if (family) errors.push(`${where}: no detector raises ${family}${didYouMean(family, CATEGORY_FAMILIES)} (known: security.*, privacy.* families; safety.* and x.* are open)`);
  };
  const bodies: [string, unknown][] = [["", value], ...Object.entries(isObject(value.workspaces) ? value.workspaces : {}).map(([id, body]): [string, unknown] => [`workspaces.${id}.`, body])];
  for (const [scope, body] of bodies) {
    if (!isObject(body)) continue;
    const keysOf = (where: string, obj: unknown) => {
      if (isObject(obj)) for (const key of Object.keys(obj)) check(`${scope}${where}.${key}`, key);
    };
    keysOf("decisions", body.decisions);
    keysOf("on_unreachable", body.on_unreachable);
    if (isObject(body.composition)) {
      keysOf("composition.on_unjudged", body.composition.on_unjudged);
      keysOf("composition.strategies", body.composition.strategies);
    }
    if (isObject(body.min_attestation)) keysOf("min_attestation.categories", body.min_attestation.categories);
    if (Array.isArray(body.whitelist)) {
      body.whitelist.forEach((entry, i) => {
        if (isObject(entry) && typeof entry.category === "string") check(`${scope}whitelist.${i}.category`, entry.category);
      });
    }
  }
  return errors;
}

/** Parses YAML or JSON text (JSON is YAML) and checks it against the schema. */
/** A schema error in words a person can act on: the allowed values, the near miss. */
function describeError(error: ValueError): string {
  const path = error.path.slice(1).split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  const where = path.join(".") || "(policy)";
  const schema = error.schema as { anyOf?: { const?: unknown }[]; properties?: Record<string, unknown> };
  switch (error.type) {
    case ValueErrorType.Union:
      if (schema.anyOf?.every((s) => s.const !== undefined)) {
        const allowed = schema.anyOf.map((s) => String(s.const));
        const given = typeof error.value === "string" ? error.value : JSON.stringify(error.value);
        return `${where}: ${given} is not one of ${allowed.join(", ")}${typeof error.value === "string" ? didYouMean(error.value, allowed) : ""}`;
      }
      return `${where}: ${error.message.toLowerCase()}`;
    case ValueErrorType.ObjectAdditionalProperties: {
      const key = path.at(-1) ?? "";
      const known = Object.keys(schema.properties ?? {});
      return `${where}: unknown key ${key}${known.length ? `${didYouMean(key, known)} (allowed: ${known.join(", ")})` : ""}`;
    }
    case ValueErrorType.ObjectRequiredProperty:
      return `${where}: is required`;
    case ValueErrorType.StringPattern:
      return `${where}: ${JSON.stringify(error.value)} is not a category prefix like security.secret_leak (domains: security, privacy, safety, x)`;
    default:
      return `${where}: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;
  }
}

export function parsePolicyText(text: string): ParsedPolicy {
  let value: unknown;
  try {
    value = Bun.YAML.parse(text);
  } catch (error) {
    return { ok: false, errors: [`not valid YAML or JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (value === null || value === undefined) value = {};
  // A missing key fails its type check too: "is required" once is enough.
  const all = [...Value.Errors(PolicyFile, value)];
  const missing = new Set(all.filter((e) => e.type === ValueErrorType.ObjectRequiredProperty).map((e) => e.path));
  const errors = all.filter((e) => e.type === ValueErrorType.ObjectRequiredProperty || !missing.has(e.path)).map(describeError);
  // What a typo in a category means (a rule that never applies) is checked even beside schema errors.
  errors.push(...categoryErrors(value));
  if (errors.length === 0) errors.push(...badPatterns(value as PolicyFile), ...signalErrors(value as PolicyFile));
  if (errors.length) return { ok: false, errors: [...new Set(errors)], value };
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

/**
 * Detector ids the file names that do not exist, checked on what was read even when other parts
 * are wrong, so a typo is reported with everything else at once.
 */
function unknownDetectors(value: unknown, builtins: readonly DetectorDefinition<any>[]): string[] {
  if (!isObject(value)) return [];
  const ids = [...builtins.map((d) => d.id), ...(Array.isArray(value.external) ? value.external.flatMap((e) => (isObject(e) && typeof e.id === "string" ? [e.id] : [])) : [])];
  const bodies: [string, unknown][] = [["", value], ...Object.entries(isObject(value.workspaces) ? value.workspaces : {}).map(([id, body]): [string, unknown] => [`workspaces.${id}.`, body])];
  return bodies.flatMap(([scope, body]) =>
    isObject(body) && isObject(body.detectors)
      ? Object.keys(body.detectors).filter((id) => !ids.includes(id)).map((id) => `${scope}detectors.${id}: no such detector${didYouMean(id, ids)} (detectors: ${ids.join(", ")})`)
      : [],
  );
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
  if (!parsed.ok) return { ok: false, errors: [...parsed.errors, ...unknownDetectors(parsed.value, builtins)] };
  const errors: string[] = [];
  const definitions = [...builtins, ...externalDetectors(parsed.file, env, errors)];
  const workspaces = Object.fromEntries(
    Object.keys(parsed.file.workspaces ?? {}).map((id) => [id, resolvePolicy(parsed.file, parsed.version, id)]),
  );
  const compiled = compilePolicies(definitions, resolvePolicy(parsed.file, parsed.version, undefined), workspaces);
  if (!compiled.ok) errors.push(...compiled.errors);
  return errors.length ? { ok: false, errors } : compiled;
}
