// Runs the pipeline for one command: parse -> executed-command model -> rules -> hits. Text a
// rule finds executed elsewhere (a cron line, a string handed to system()) goes through the
// same pipeline, a bounded number of levels deep.
import type { FieldSpan, Script } from "./ast.ts";
import type { CheckId } from "./checks.ts";
import { parseScript } from "./parser.ts";
import { destructiveRule } from "./rules/destructive.ts";
import { droppedCodeRule } from "./rules/dropped-code.ts";
import { evasionRule } from "./rules/evasion.ts";
import { exfiltrationRule } from "./rules/exfiltration.ts";
import { inlineCodeRule } from "./rules/inline-code.ts";
import { persistenceRule } from "./rules/persistence.ts";
import { privilegeRule } from "./rules/privilege.ts";
import { remoteCodeRule } from "./rules/remote-code.ts";
import { reverseShellRule } from "./rules/reverse-shell.ts";
import type { Hit, Rule, RuleContext } from "./rules/rule.ts";
import { sandboxRule } from "./rules/sandbox.ts";
import { supplyChainRule } from "./rules/supply-chain.ts";
import type { ShellModel } from "./model.ts";
import { createDetachedSource } from "./source.ts";
import { walkRoot, type WalkLimits } from "./walk.ts";

const RULES: readonly Rule[] = [
  remoteCodeRule,
  reverseShellRule,
  exfiltrationRule,
  inlineCodeRule,
  droppedCodeRule,
  destructiveRule,
  evasionRule,
  persistenceRule,
  privilegeRule,
  sandboxRule,
  supplyChainRule,
];

export interface AnalyzeOptions {
  disabledChecks: ReadonlySet<CheckId>;
  allowedPackageHosts: readonly string[];
  limits: WalkLimits;
}

export interface Analysis {
  hits: Hit[];
  /** What the command would execute, for a safe rewrite (rewrite.ts). */
  model: ShellModel;
  /** Part of the command was not parsed (nesting, size or work bounds). */
  incomplete: boolean;
}

/** Embedded texts (cron lines, system() strings) are judged this many levels deep at most. */
const MAX_EMBEDDED_DEPTH = 3;
const MAX_EMBEDDED_CHARS = 1 << 14;

export function analyzeScript(script: Script, options: AnalyzeOptions, embeddedDepth = 0): Analysis {
  const model = walkRoot(script, options.limits);
  let incomplete = model.incomplete;
  const ctx: RuleContext = {
    model,
    allowedPackageHosts: options.allowedPackageHosts,
    analyzeEmbedded: (text: string, span: FieldSpan): Hit[] => {
      if (embeddedDepth >= MAX_EMBEDDED_DEPTH || text.trim() === "") return [];
      if (text.length > MAX_EMBEDDED_CHARS) incomplete = true;
      const source = createDetachedSource(text.slice(0, MAX_EMBEDDED_CHARS), span, script.source.depth + 1);
      const nested = analyzeScript(parseScript(source), options, embeddedDepth + 1);
      incomplete ||= nested.incomplete;
      return nested.hits;
    },
  };
  const hits: Hit[] = [];
  const filter = options.disabledChecks.size > 0;
  for (const rule of RULES) {
    for (const found of rule(ctx)) if (!filter || !options.disabledChecks.has(found.check)) hits.push(found);
  }
  return { hits, incomplete, model };
}
