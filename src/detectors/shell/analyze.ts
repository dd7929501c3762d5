// Runs the pipeline for one command: parse -> executed-command model -> rules -> hits. Text a
// rule finds executed elsewhere (a cron line, a string handed to system()) goes through the
// same pipeline, a bounded number of levels deep.
import { UNLIMITED, spentAtStep, type Budget } from "../../engine/budget.ts";
import type { FieldSpan, Script } from "./ast.ts";
import type { CheckId } from "./checks.ts";
import { parseScript } from "./parser.ts";
import { blindingRule } from "./rules/blinding.ts";
import { bulkUploadRule } from "./rules/bulk-upload.ts";
import { captureRule } from "./rules/capture.ts";
import { configCommandsRule } from "./rules/config-commands.ts";
import { credentialReachRule } from "./rules/credential-reach.ts";
import { credentialReadRule } from "./rules/credential-read.ts";
import { destructiveRule } from "./rules/destructive.ts";
import { droppedCodeRule } from "./rules/dropped-code.ts";
import { escapeRule } from "./rules/escapes.ts";
import { evasionRule } from "./rules/evasion.ts";
import { guardTamperRule } from "./rules/guard-tamper.ts";
import { exfiltrationRule } from "./rules/exfiltration.ts";
import { inlineCodeRule } from "./rules/inline-code.ts";
import { inlineEffectsRule } from "./rules/inline-effects.ts";
import { offensiveToolRule } from "./rules/offensive-tools.ts";
import { operationsRule } from "./rules/operations.ts";
import { persistenceRule } from "./rules/persistence.ts";
import { privilegeRule } from "./rules/privilege.ts";
import { systemTamperRule } from "./rules/system-tamper.ts";
import { remoteCodeRule } from "./rules/remote-code.ts";
import { reverseShellRule } from "./rules/reverse-shell.ts";
import type { Hit, Rule, RuleContext } from "./rules/rule.ts";
import { sandboxRule } from "./rules/sandbox.ts";
import { supplyChainRule } from "./rules/supply-chain.ts";
import type { ShellModel } from "./model.ts";
import type { SessionFilesView } from "../../engine/detector.ts";
import { createDetachedSource } from "./source.ts";
import { walkRoot, type WalkLimits } from "./walk.ts";

const RULES: readonly Rule[] = [
  remoteCodeRule,
  reverseShellRule,
  exfiltrationRule,
  bulkUploadRule,
  inlineCodeRule,
  droppedCodeRule,
  destructiveRule,
  operationsRule,
  evasionRule,
  persistenceRule,
  credentialReadRule,
  privilegeRule,
  sandboxRule,
  supplyChainRule,
  configCommandsRule,
  guardTamperRule,
  credentialReachRule,
  inlineEffectsRule,
  systemTamperRule,
  escapeRule,
  offensiveToolRule,
  blindingRule,
  captureRule,
];

export interface AnalyzeOptions {
  disabledChecks: ReadonlySet<CheckId>;
  allowedPackageHosts: readonly string[];
  limits: WalkLimits;
  /** What the session's agent wrote earlier, for a command that runs one of those files. */
  files?: SessionFilesView;
}

export interface Analysis {
  hits: Hit[];
  /** What the command would execute, for a safe rewrite (rewrite.ts). */
  model: ShellModel;
  /** Part of the command was not parsed (nesting, size or work bounds). */
  incomplete: boolean;
}

const NO_FILES: SessionFilesView = { size: 0, read: () => undefined };

/** The walk may use this share of the time left; the rules judge what it modelled with the rest. */
const WALK_SHARE = 0.7;

/** Embedded texts (cron lines, system() strings) are judged this many levels deep at most. */
const MAX_EMBEDDED_DEPTH = 3;
const MAX_EMBEDDED_CHARS = 1 << 14;

/** Walks a parsed script under its share of the time left, leaving the rest for the rules. */
export const walkForRules = (script: Script, limits: WalkLimits, budget: Budget = UNLIMITED): ShellModel =>
  walkRoot(script, limits, budget.phase(WALK_SHARE));

/**
 * Analyses a parsed script (`model`: its walk, when already done); once `budget` is spent it
 * stops and the analysis is incomplete.
 */
export function analyzeScript(
  script: Script, options: AnalyzeOptions, budget: Budget = UNLIMITED, embeddedDepth = 0, model = walkForRules(script, options.limits, budget),
): Analysis {
  let incomplete = model.incomplete;
  const ctx: RuleContext = {
    model,
    invocations: model.invocations.filter((inv) => !inv.inert),
    allowedPackageHosts: options.allowedPackageHosts,
    analyzeEmbedded: (text: string, span: FieldSpan, maxChars = MAX_EMBEDDED_CHARS): Hit[] => {
      if (embeddedDepth >= MAX_EMBEDDED_DEPTH || text.trim() === "") return [];
      if (text.length > maxChars) incomplete = true;
      const source = createDetachedSource(text.slice(0, maxChars), span, script.source.depth + 1);
      const nested = analyzeScript(parseScript(source, budget), options, budget, embeddedDepth + 1);
      incomplete ||= nested.incomplete;
      return nested.hits;
    },
    files: options.files ?? NO_FILES,
    budget,
    markIncomplete: () => {
      incomplete = true;
    },
  };
  const hits: Hit[] = [];
  const filter = options.disabledChecks.size > 0;
  // The clock is checked after each rule, so what was modelled always meets the first one (remote
  // code execution, the commonest attack), even when the walk ran to its own deadline.
  for (const [i, rule] of RULES.entries()) {
    for (const found of rule(ctx)) if (!filter || !options.disabledChecks.has(found.check)) hits.push(found);
    if (i < RULES.length - 1 && spentAtStep(budget, script.source.text.length)) {
      incomplete = true;
      break;
    }
  }
  return { hits, incomplete, model };
}
