// The shell detector: judges what a command line would execute (exec argv, shell tool calls,
// tool calls a model proposes, commands inside files an agent writes) by parsing it as a
// shell does, then applying structural rules to the commands that run.
// Findings carry check ids, generic titles and offsets; never the command text itself.
import { type Static, Type } from "@sinclair/typebox";
import { budgetOf, cutOffReason, spentAtStep, type Budget } from "../../engine/budget.ts";
import { abstain, type DetectorDefinition, type DetectorOutcome, type FileLeft, type InspectedEvent, type SessionFilesView } from "../../engine/detector.ts";
import { type Decision, type Finding, mostSevere } from "../../wire/verdict.ts";
import { type AnalyzeOptions, analyzeScript, walkForRules } from "./analyze.ts";
import { CHECK_IDS, CHECKS, type CheckId } from "./checks.ts";
import { parseScript } from "./parser.ts";
import { argvScript, extractTargets, sourceFor, type Target, type TextItem } from "./payload.ts";
import { downloadOnly, type Rewrite } from "./rewrite.ts";
import type { Hit } from "./rules/rule.ts";
import { embeddedCommands } from "./rules/inline-code.ts";
import { judgeSourceCode } from "./source-code.ts";
import { withControlReadings } from "./control-chars.ts";
import { commandFilesLeft, writtenFilesLeft } from "./files-left.ts";
import type { ShellModel } from "./model.ts";
import { patchesApplied } from "./patch-commands.ts";
import { walkedOnce } from "./walked-once.ts";
import { writtenTargets } from "./written-files.ts";

const DETECTOR_ID = "shell";

export const ShellConfig = Type.Object(
  {
    /** Check ids (`shell.fork_bomb`, ...) not to report. */
    disabled_checks: Type.Optional(Type.Array(Type.Union(CHECK_IDS.map((id) => Type.Literal(id))))),
    /** Package index / registry hosts (e.g. an internal mirror) that count as vetted sources. */
    allowed_package_hosts: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 253 }))),
    /** Longest command text parsed; the rest of a longer one is reported as unjudged. */
    max_script_chars: Type.Optional(Type.Integer({ minimum: 1024, maximum: 1 << 20 })),
  },
  { additionalProperties: false },
);
export type ShellConfig = Static<typeof ShellConfig>;

/**
 * The whole request body (1 MiB) is parsed by default: parsing is linear and budgeted, and a
 * comment or filler in front of a command must not push it past what is read.
 */
const DEFAULTS = { disabled_checks: [], allowed_package_hosts: [], max_script_chars: 1 << 20 } satisfies Required<ShellConfig>;
/** Invocations modelled per command; the budget usually stops a filler-padded one first. */
const MAX_INVOCATIONS = 1 << 15;

const INCOMPLETE_REASON = "Part of the command was too large or too deeply nested to judge.";
/**
 * Parsing may use half the time left, so that a command padded to run out the clock still has
 * what was parsed of it judged (`curl ... | sh` ahead of a megabyte of filler is still a block).
 */
const PARSE_SHARE = 0.5;

export const shellDetector: DetectorDefinition<ShellConfig> = {
  id: DETECTOR_ID,
  description: "Parses shell commands (exec argv, shell tool calls, proposed tool calls, scripts in written files) and judges what they would execute.",
  judges: ["security"],
  kinds: ["exec", "tool_call", "file", "model_output", "mcp_connect"],
  encodings: ["raw", "redacted"],
  configSchema: ShellConfig,
  defaultConfig: DEFAULTS,
  create(config) {
    const maxChars = config.max_script_chars ?? DEFAULTS.max_script_chars;
    const options: AnalyzeOptions = {
      disabledChecks: new Set<CheckId>(config.disabled_checks ?? []),
      allowedPackageHosts: (config.allowed_package_hosts ?? []).map((host) => host.toLowerCase()),
      limits: { maxSourceDepth: 6, maxInvocations: MAX_INVOCATIONS, maxNestedChars: 4 * maxChars },
    };
    return { inspect: (input) => inspectEvent(input, options, maxChars) };
  },
};

function inspectEvent(input: InspectedEvent, options: AnalyzeOptions, maxChars: number): DetectorOutcome {
  const extraction = extractTargets(input.event, input.sessionFiles);
  if ("abstain" in extraction) {
    const outcome = abstain(extraction.abstain);
    if (extraction.left?.length) outcome.filesLeft = extraction.left;
    return extraction.unjudged.length > 0 ? { ...outcome, unjudged: extraction.unjudged } : outcome;
  }
  // A command run now leaves what it writes; written content, what the event writes.
  const left: FileLeft[] = extraction.left ? [...extraction.left] : [];
  const runsNow = extraction.from === undefined;
  const files = input.sessionFiles;
  const analyzeOptions = files.size > 0 ? { ...options, files } : options;
  const unjudged = new Set(extraction.unjudged);
  const hits: Hit[] = [];
  const budget = budgetOf(input);
  let rewrite: Rewrite | undefined;
  // Patches a command applies join the queue as written content (patch-commands.ts).
  const queue: Target[] = [...withControlReadings(extraction.targets)];
  for (let i = 0; i < queue.length; i++) {
    const target = queue[i] as Target;
    if (spentAtStep(budget, targetChars(target))) {
      unjudged.add(targetPath(target));
      continue;
    }
    if (target.kind === "code") {
      const judged = judgeSourceCode(target.item, target.powershell, budget);
      hits.push(...kept(target, filterDisabled(judged.hits, options)));
      if (judged.incomplete) unjudged.add(target.item.path);
      continue;
    }
    // Source code in another language handed over as a command (a Java or C reverse shell pasted
    // into a shell tool) means nothing parsed as shell: it is judged by its capabilities too.
    const pasted = target.embedded ? undefined : pastedProgram(target);
    if (pasted && isSourceCode(pasted.text.slice(0, SOURCE_SNIFF_CHARS))) {
      // No shell runs a Java class or a C file handed to it, so nothing legitimate is lost by
      // judging the whole program at once rather than a few lines at a time as for a written file.
      const judged = judgeSourceCode(pasted, POWERSHELL_SHAPE.test(pasted.text.slice(0, SOURCE_SNIFF_CHARS)), budget, true);
      hits.push(...kept(target, filterDisabled(judged.hits, options)));
      if (judged.incomplete) unjudged.add(pasted.path);
      // The command strings it hands to a shell (`callCommand "nc ..."`, `exec("bash -c ...")`).
      const whole = pasted.whole ?? { path: pasted.path, start: 0, end: pasted.text.length };
      for (const command of embeddedCommands(pasted.text)) queue.push({ kind: "script", item: { path: pasted.path, text: command, whole }, keep: target.keep, embedded: true });
    }
    const texts = clippedTexts(target, maxChars, unjudged);
    const walked = walkedOnce(input, target, texts, () => {
      const script = scriptOf(target, texts, budget.phase(PARSE_SHARE));
      return { script, model: walkForRules(script, options.limits, budget) };
    });
    const analysis = analyzeScript(walked.script, analyzeOptions, budget, 0, walked.model);
    const written = extraction.from === "file" || target.written === true;
    if (runsNow && !target.written) followRun(analysis.model, files, queue, unjudged, left);
    hits.push(...kept(target, written ? analysis.hits.filter((found) => !WRITTEN_EXEMPT.has(found.check)) : analysis.hits));
    if (analysis.incomplete) unjudged.add(targetPath(target));
    if (runsNow && !written && extraction.targets.length === 1 && analysis.hits.length > 0 && unjudged.size === 0) {
      rewrite = downloadOnly(analysis.model, (path) => textsOf(target).get(path));
    }
  }
  const outcome = buildOutcome(hits, [...unjudged]);
  if (left.length > 0) outcome.filesLeft = left;
  if (budget.cutOff) outcome.reasons.push(cutOffReason(unjudged.size));
  const payload = rewrite && outcome.decision !== "allow" ? replaceAt(input.event.payload, rewrite) : undefined;
  if (payload) outcome.rewrite = { kind: "constrain", payload, reason: "download kept, execution removed" };
  return outcome;
}

/** How far into a command its language is sniffed. */
const SOURCE_SNIFF_CHARS = 4096;
/** Lines that start programs in languages other than the shell's (Java, C, Go, Rust, Dart, Ruby, Haskell, PHP, C#, PowerShell). */
const SOURCE_SHAPE = /^[ \t]*(?:(?:public|private|static|final|abstract)\s+(?:class|static|void|final)\b|class\s+\w+\s*(?:extends\b|implements\b|[:{(])|import[ \t]+(?:['"]|[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*;|[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*$)|package[ \t]+[\w.]+[ \t]*;?[ \t]*$|#include\s*[<"]|using\s+System\b|module\s+\w+\s+where\b|require\s*\(?\s*['"][\w:/.-]+['"]|fn\s+main\s*\(|func\s+main\s*\(|(?:int|void)\s+main\s*\(|<\?(?:php\b|=)|<%|\$\w+\s*=\s*New-Object\b|String\s+\w+\s*=|(?:Socket|Process|ProcessBuilder)\s+\w+\s*=\s*new\b|add-type\s+@["'])/im;
/** PowerShell that opens a socket or runs fetched text, wherever it sits on the line. */
const POWERSHELL_ANYWHERE = /New-Object\s+(?:System\.)?Net\.Sockets\.TCPClient\b|\b(?:IEX|Invoke-Expression)\s*\(\s*(?:IWR|IRM|Invoke-WebRequest|Invoke-RestMethod|New-Object)\b|\bIRM\s+-UseBasicParsing\b/i;
const isSourceCode = (head: string): boolean => SOURCE_SHAPE.test(head) || POWERSHELL_ANYWHERE.test(head);
const SHELL_NAME = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh|ksh)$/;

/** The text a shell is handed as its program: a command, or `bash -c TEXT` run as argv. */
function pastedProgram(target: Target): TextItem | undefined {
  if (target.kind === "script") return target.item;
  if (target.kind !== "argv") return undefined;
  const [shell, flag, program] = target.items;
  return shell && flag && program && SHELL_NAME.test(shell.text) && /^-[a-z]*c[a-z]*$/.test(flag.text) ? program : undefined;
}
const POWERSHELL_SHAPE = /\bNew-Object\b|\$\w+\s*=\s*\[|\bInvoke-\w+|\biex\b/i;

/** What a command run now leaves: the files it writes, and the patches it applies, queued to be judged as written content. */
function followRun(model: ShellModel, files: SessionFilesView, queue: Target[], unjudged: Set<string>, left: FileLeft[]): void {
  left.push(...commandFilesLeft(model, files));
  const patched = patchesApplied(model);
  if (patched.length === 0) return;
  const found = writtenTargets(patched);
  queue.push(...found.targets.map((next): Target => ({ ...next, written: true })));
  for (const path of found.unjudged) unjudged.add(path);
  left.push(...writtenFilesLeft(patched));
}

/**
 * Operations on shared systems a person should approve when the agent runs them now, but that
 * are the ordinary job of a CI workflow or build file (a release job publishes the package).
 */
const WRITTEN_EXEMPT = new Set<CheckId>(["shell.package_publish", "shell.infrastructure_teardown", "shell.protected_branch_rewrite"]);

/** A patch hunk read in its context counts only what touches its added lines. */
const kept = (target: Target, hits: Hit[]): Hit[] => (target.keep ? hits.filter((found) => target.keep?.(found.span)) : hits);

const filterDisabled = (hits: Hit[], options: AnalyzeOptions): Hit[] =>
  options.disabledChecks.size === 0 ? hits : hits.filter((found) => !options.disabledChecks.has(found.check));

const textsOf = (target: Exclude<Target, { kind: "code" }>): Map<string, string> =>
  new Map(target.kind === "script" ? [[target.item.path, target.item.text]] : target.items.map((item) => [item.path, item.text]));

/** A copy of the payload with the string at `payload.a.b` or `payload.argv[2]` replaced. */
function replaceAt(payload: Record<string, unknown>, rewrite: Rewrite): Record<string, unknown> | undefined {
  const steps = rewrite.path.replace(/^payload/, "").match(/\.[A-Za-z_$][\w$]*|\[\d+\]/g);
  if (!steps) return undefined;
  const copy = structuredClone(payload);
  let node: unknown = copy;
  for (const [i, step] of steps.entries()) {
    const key: string | number = step.startsWith("[") ? Number(step.slice(1, -1)) : step.slice(1);
    const holder = node as Record<string | number, unknown>;
    if (i === steps.length - 1) {
      if (typeof holder[key] !== "string") return undefined;
      holder[key] = rewrite.text;
      return copy;
    }
    node = holder[key];
    if (node === null || typeof node !== "object") return undefined;
  }
  return undefined;
}

/** The target's texts cut to the limit (a cut path is unjudged beyond it). */
function clippedTexts(target: Exclude<Target, { kind: "code" }>, maxChars: number, unjudged: Set<string>): string[] {
  const items = target.kind === "script" ? [target.item] : target.items;
  return items.map((item) => {
    if (item.text.length <= maxChars) return item.text;
    unjudged.add(item.path);
    return item.text.slice(0, maxChars);
  });
}

/** Parses the target as `texts` (its texts, cut by clippedTexts). */
function scriptOf(target: Exclude<Target, { kind: "code" }>, texts: readonly string[], budget: Budget) {
  if (target.kind === "script") return parseScript(sourceFor(target.item, texts[0] ?? ""), budget);
  return argvScript(target.items.map((item, i) => ({ item, text: texts[i] ?? "" })));
}

const targetChars = (target: Target): number =>
  target.kind !== "argv" ? target.item.text.length : target.items.reduce((n, item) => n + item.text.length, 0);

const targetPath = (target: Target): string =>
  target.kind !== "argv" ? target.item.path : (target.items[0]?.path.replace(/\[0\]$/, "") ?? "payload");

const NOTHING_FOUND = "No dangerous command found.";

function buildOutcome(hits: Hit[], unjudged: string[]): DetectorOutcome {
  // The common verdict, built directly: nothing to deduplicate or rank.
  if (hits.length === 0 && unjudged.length === 0) return { decision: "allow", reasons: [NOTHING_FOUND], findings: [] };
  const findings: Finding[] = [];
  const seen = new Set<string>();
  let decision: Decision = "allow";
  for (const found of hits) {
    const key = `${found.check}|${found.span.path}|${found.span.start}|${found.span.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const spec = CHECKS[found.check];
    decision = mostSevere(decision, spec.decision);
    findings.push({
      category: spec.category,
      path: found.span.path,
      start: found.span.start,
      end: found.span.end,
      score: spec.score,
      detector: DETECTOR_ID,
      severity: found.severity ?? spec.severity,
      check_id: found.check,
      title: spec.title,
    });
  }
  const reasons = [...new Set(findings.map((finding) => `${finding.title}.`))];
  if (unjudged.length > 0) reasons.push(INCOMPLETE_REASON);
  const outcome: DetectorOutcome = { decision, reasons, findings };
  if (findings.length > 0) outcome.confidence = Math.max(...findings.map((finding) => finding.score ?? 0));
  if (unjudged.length > 0) outcome.unjudged = unjudged;
  if (reasons.length === 0) reasons.push(NOTHING_FOUND);
  return outcome;
}
