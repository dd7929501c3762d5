// Code written to a file with literal content and then run (`echo '...' > /tmp/x.py && python3
// /tmp/x.py`): the content is judged as the program it becomes.
import { writesOf } from "../effects.ts";
import type { Invocation } from "../model.ts";
import { normalizePath } from "../paths.ts";
import { embeddedCommands, judgeCapabilities } from "./inline-code.ts";
import { executedPaths } from "./remote-code.ts";
import { type Hit, type Rule, type RuleContext, visitInvocations } from "./rule.ts";

export const droppedCodeRule: Rule = (ctx) => {
  const written = new Map<string, string>();
  const hits: Hit[] = [];
  visitInvocations(ctx, (inv) => {
    if (written.size > 0) judgeExecuted(ctx, inv, written, hits);
    for (const write of writesOf(inv)) {
      if (write.content && !write.clearing) written.set(normalizePath(write.path), write.content.text);
    }
  });
  return hits;
};

/** Judges literal content written earlier that `inv` now runs as a program or script. */
function judgeExecuted(ctx: RuleContext, inv: Invocation, written: ReadonlyMap<string, string>, hits: Hit[]): void {
  for (const path of executedPaths(inv)) {
    const content = written.get(normalizePath(path));
    if (content !== undefined) hits.push(...judgeContent(ctx, inv, content));
  }
}

function judgeContent(ctx: RuleContext, inv: Invocation, content: string): Hit[] {
  const language = inv.program?.language;
  const shellScript = language === "shell" || (language === undefined && inv.name !== "go" && !/^#!.*\b(python|perl|ruby|node|php)/.test(content));
  if (shellScript) return ctx.analyzeEmbedded(content, inv.span);
  const hits = judgeCapabilities(inv, content.toLowerCase(), language === "powershell");
  for (const command of embeddedCommands(content)) hits.push(...ctx.analyzeEmbedded(command, inv.span));
  return hits;
}
