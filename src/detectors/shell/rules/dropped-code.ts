// Code written to a file and then run: literal content written earlier in the same command
// (`echo '...' > /tmp/x.py && python3 /tmp/x.py`), or a file the session's agent wrote in an
// earlier action (a Write of notes.md, then `bash notes.md`). The content is judged as the
// program it becomes; a remembered file whose rest was not kept leaves the command unjudged.
import { writesOf } from "../effects.ts";
import { codeProducers, operandFields } from "../facts.ts";
import type { Invocation } from "../model.ts";
import { normalizePath } from "../paths.ts";
import { embeddedCommands, judgeCapabilities } from "./inline-code.ts";
import { executedPaths } from "./remote-code.ts";
import { type Hit, type Rule, type RuleContext, visitInvocations } from "./rule.ts";

export const droppedCodeRule: Rule = (ctx) => {
  const written = new Map<string, string>();
  const hits: Hit[] = [];
  visitInvocations(ctx, (inv) => {
    if (written.size > 0 || ctx.files.size > 0) judgeExecuted(ctx, inv, written, hits);
    for (const write of writesOf(inv)) {
      if (write.content && !write.clearing) written.set(normalizePath(write.path), write.content.text);
    }
  });
  return hits;
};

/** Programs whose output is the whole of the files they are given: `cat F | sh`, `eval "$(cat F)"`, `sh -c "$(< F)"`. */
/** A whole script the agent wrote is judged, not only the first part an embedded string gets. */
const MAX_FILE_CHARS = 256 * 1024;

const PRINTERS = new Set(["cat", "tac", "head", "tail", "more", "less"]);

/** Files whose content `inv` runs: as its program or script, or printed into its code. */
function runFiles(ctx: RuleContext, inv: Invocation): string[] {
  const paths = [...executedPaths(inv)];
  for (const producer of codeProducers(inv, ctx.model)) {
    if (PRINTERS.has(producer.name)) paths.push(...operandFields(producer, "nc").map((field) => field.text));
    // `$(< F)`: a command of redirections only prints the file it reads.
    if (producer.name === "" && producer.stdin?.kind === "file") paths.push(producer.stdin.field.text);
  }
  return paths;
}

/** Judges content written earlier (in this command, else in the session) that `inv` now runs. */
function judgeExecuted(ctx: RuleContext, inv: Invocation, written: ReadonlyMap<string, string>, hits: Hit[]): void {
  for (const path of runFiles(ctx, inv)) {
    const here = written.get(normalizePath(path));
    if (here !== undefined) {
      hits.push(...judgeContent(ctx, inv, here));
      continue;
    }
    const remembered = ctx.files.size > 0 ? ctx.files.read(path) : undefined;
    if (!remembered) continue;
    if (remembered.cut) ctx.markIncomplete();
    hits.push(...judgeContent(ctx, inv, remembered.content));
  }
}

function judgeContent(ctx: RuleContext, inv: Invocation, content: string): Hit[] {
  const language = inv.program?.language;
  // `go run x.go` runs Go; a script named by its path (`/tmp/go`) runs by its shebang.
  const goRun = inv.name === "go" && !inv.argv0.includes("/");
  const shellScript = language === "shell" || (language === undefined && !goRun && !/^#!.*\b(python|perl|ruby|node|php)/.test(content));
  if (shellScript) return ctx.analyzeEmbedded(content, inv.span, MAX_FILE_CHARS);
  const hits = judgeCapabilities(inv, content.toLowerCase(), language === "powershell");
  for (const command of embeddedCommands(content)) hits.push(...ctx.analyzeEmbedded(command, inv.span));
  return hits;
}
