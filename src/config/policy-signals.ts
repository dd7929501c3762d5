// The policy file's `signals` section: thresholds of the runtime signals (repeated actions, a
// runaway session, invocation coverage), merged built-in default <- top level <- workspace.
import { Type, type Static } from "@sinclair/typebox";
import { DEFAULT_POLICY, type RateSignal, type Signals as ResolvedSignals } from "../engine/policy.ts";
import { literalUnion } from "../wire/guard-event.ts";

const RateSignalBody = Type.Object(
  {
    window_s: Type.Optional(Type.Integer({ minimum: 1, maximum: 3_600 })),
    finding_at: Type.Optional(Type.Integer({ minimum: 2, maximum: 10_000_000 })),
    decision_at: Type.Optional(Type.Integer({ minimum: 2, maximum: 10_000_000 })),
    decision: Type.Optional(literalUnion(["require_approval", "block"])),
  },
  { additionalProperties: false },
);

export const Signals = Type.Object(
  {
    repeated_action: Type.Optional(RateSignalBody),
    runaway_rate: Type.Optional(RateSignalBody),
    invocation_coverage_s: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 * 86_400 })),
  },
  { additionalProperties: false },
);
export type Signals = Static<typeof Signals>;

const RATE_SIGNALS = { repeated_action: "repeatedAction", runaway_rate: "runawayRate" } as const;

function resolveRateSignal(name: keyof typeof RATE_SIGNALS, top?: Signals, own?: Signals): RateSignal {
  const base = DEFAULT_POLICY.signals[RATE_SIGNALS[name]];
  const set = { ...top?.[name], ...own?.[name] };
  return {
    windowMs: set.window_s !== undefined ? set.window_s * 1000 : base.windowMs,
    findingAt: set.finding_at ?? base.findingAt,
    decisionAt: set.decision_at ?? base.decisionAt,
    decision: set.decision ?? base.decision,
  };
}

/** The signals a workspace runs under: its own section over the file's top level over the default. */
export function resolveSignals(top?: Signals, own?: Signals): ResolvedSignals {
  const coverageS = own?.invocation_coverage_s ?? top?.invocation_coverage_s;
  return {
    repeatedAction: resolveRateSignal("repeated_action", top, own),
    runawayRate: resolveRateSignal("runaway_rate", top, own),
    invocationCoverageMs: coverageS !== undefined ? coverageS * 1000 : DEFAULT_POLICY.signals.invocationCoverageMs,
  };
}

/** A decision threshold below the finding threshold would hide the finding: refused at load. */
export function misorderedSignals(scope: string, top?: Signals, own?: Signals): string[] {
  return (Object.keys(RATE_SIGNALS) as (keyof typeof RATE_SIGNALS)[]).flatMap((name) => {
    const { findingAt, decisionAt } = resolveRateSignal(name, top, own);
    return findingAt > decisionAt ? [`${scope}signals.${name}: finding_at (${findingAt}) is above decision_at (${decisionAt})`] : [];
  });
}
