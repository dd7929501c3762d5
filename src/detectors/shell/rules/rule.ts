// What a rule is: a pure function from the executed-command model to hits. A hit names a
// check from checks.ts and the field span it concerns; findings are assembled elsewhere.
import type { FieldSpan } from "../ast.ts";
import type { CheckId } from "../checks.ts";
import type { Invocation, ShellModel } from "../model.ts";
import type { Severity } from "../../../wire/verdict.ts";
import type { Budget } from "../../../engine/budget.ts";
import type { SessionFilesView } from "../../../engine/detector.ts";

export interface Hit {
  check: CheckId;
  span: FieldSpan;
  /** Overrides the check's default severity when the evidence is stronger or weaker. */
  severity?: Severity;
}

export interface RuleContext {
  model: ShellModel;
  /** The model's invocations less the inert builtins (`true`, `echo x`) no rule judges. */
  invocations: readonly Invocation[];
  /** Package index / registry hosts the operator vouches for, beyond the public defaults. */
  allowedPackageHosts: readonly string[];
  /** Judges text that ends up executed elsewhere (cron lines, unit files, embedded commands). */
  analyzeEmbedded(text: string, span: FieldSpan, maxChars?: number): Hit[];
  /** Files the session's agent wrote in earlier actions, by the path a command names them. */
  files: SessionFilesView;
  /** Checked once per invocation: a rule stops when it is spent and the analysis is incomplete. */
  budget: Budget;
  markIncomplete(): void;
}

export type Rule = (ctx: RuleContext) => Hit[];

export const hit = (check: CheckId, inv: Invocation, severity?: Severity): Hit =>
  severity ? { check, span: inv.span, severity } : { check, span: inv.span };

/**
 * Visits invocations in execution order until the budget is spent (the analysis is then
 * incomplete). Inert builtins (`true`, `echo x`) are skipped: no rule has anything to say of them.
 */
export function visitInvocations(ctx: RuleContext, visit: (inv: Invocation) => void): void {
  for (const inv of ctx.invocations) {
    if (ctx.budget.spent()) {
      ctx.markIncomplete();
      return;
    }
    visit(inv);
  }
}

/** Runs `judge` over every invocation and collects its hits. */
export function eachInvocation(ctx: RuleContext, judge: (inv: Invocation) => Hit | Hit[] | undefined): Hit[] {
  const hits: Hit[] = [];
  // The loop of visitInvocations written out: every rule runs it for every command.
  for (const inv of ctx.invocations) {
    if (ctx.budget.spent()) {
      ctx.markIncomplete();
      break;
    }
    const result = judge(inv);
    if (Array.isArray(result)) {
      for (const found of result) hits.push(found);
    } else if (result) hits.push(result);
  }
  return hits;
}
