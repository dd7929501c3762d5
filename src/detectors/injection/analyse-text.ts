// Per-text checks for untrusted data and user prompts: scored instruction clusters, invisible
// Unicode, base64 and cipher carriers (whose decoded text is scored the same way), and markdown links.
import type { Budget } from "../../engine/budget.ts";
import { cipherViews } from "./cipher-views.ts";
import { findEncodedBlocks } from "./encoded-payloads.ts";
import { CATEGORY, PREFIX, createFinding, decide, type Scored } from "./findings.ts";
import { findHiddenUnicode, type HiddenRun } from "./hidden-unicode.ts";
import { findMarkdownExfil, type LinkMode } from "./markdown-exfil.ts";
import { scanSignals, weighSignals } from "./scan-signals.ts";
import { dominantClass, scoreClusters, type Cluster } from "./score-clusters.ts";
import { hasInvisible, visibleView } from "../decoding/invisible.ts";
import { APPROVAL_AT, FINDING_AT, type Context, type SignalClass } from "./signal-kind.ts";

export interface Field {
  path: string;
  text: string;
}

const MAX_CLUSTER_FINDINGS = 8;
const MAX_DECODED_SCANS = 8;
/** Hidden text that carries instructions is an attack by construction. */
const HIDDEN_INSTRUCTION_SCORE = 0.95;
/** Invisible characters alone: worth a medium finding, not a decision. */
const INVISIBLE_ONLY_SCORE = 0.5;
/** Encoding an instruction is evasion, which adds to what the instruction already scores. */
const ENCODING_BONUS = 0.3;
/** A cipher reading counts from this score (one weak signal in a reshuffled text is noise)... */
const CIPHER_MIN = 0.45;
/** ...and only by how much more than the text as written it scores. */
const CIPHER_GAIN = 0.15;

/** Best cluster of `text` read in `context`. */
function bestCluster(text: string, context: Context, budget: Budget): Cluster | undefined {
  return scoreClusters(text, weighSignals(scanSignals(text, budget), context), context)[0];
}

/** Best cluster score of `text` read in `context`. */
export function scoreText(text: string, context: Context, budget: Budget): number {
  return bestCluster(text, context, budget)?.score ?? 0;
}

/** Categories of a finding on what `cluster` says, read in `context` (a user's prompt may be either attack). */
const categoriesOf = (cluster: Cluster | undefined, context: Context): string[] =>
  context === "user" && cluster !== undefined ? userCategoriesOf(cluster) : [CATEGORY[context]];

const DATA_CHECK: Partial<Record<SignalClass, string>> = {
  override: "injection.instruction_override",
  role: "injection.role_marker",
  tag: "injection.role_marker",
};
const USER_CHECK: Partial<Record<SignalClass, string>> = {
  persona: "jailbreak.persona",
  override: "jailbreak.instruction_override",
  restriction: "jailbreak.instruction_override",
  sysprompt: "jailbreak.system_prompt_extraction",
  repetition: "jailbreak.token_repetition",
  held: "jailbreak.secret_request",
  harm: "jailbreak.harmful_request",
};

/**
 * A user's prompt that sets the assistant's instructions aside or asks for what it holds (its
 * set-up, a guarded word, a repeated token without end) is a direct prompt injection, and a
 * jailbreak of the assistant's rules as well: its findings carry both categories. One whose weight
 * is a persona, a harmful request or the framing around one is a jailbreak only.
 */
const DIRECT_INJECTION: ReadonlySet<SignalClass> = new Set(["override", "sysprompt", "held", "repetition", "role", "tag", "reply", "steer", "priority", "exfil", "destination", "command", "secrecy", "sensitive"]);

/** Moves that make a prompt a direct injection wherever they stand in it, not only when they weigh most. */
const INJECTION_MOVES: readonly SignalClass[] = ["override", "sysprompt", "held", "repetition"];
const INJECTION_MOVE_AT = 0.3;

export function userCategoriesOf(cluster: Cluster): string[] {
  const dominant = dominantClass(cluster, []);
  const injected = (dominant !== undefined && DIRECT_INJECTION.has(dominant)) || INJECTION_MOVES.some((c) => (cluster.classes.get(c) ?? 0) >= INJECTION_MOVE_AT);
  return injected ? [CATEGORY.data, CATEGORY.user] : [CATEGORY.user];
}

function checkIdOf(cluster: Cluster, context: Context): string {
  if (context === "user") {
    // A harmful request asked through a persona is named by the persona: the move is what the
    // finding reports; the request is named only when nothing wraps it.
    const top = dominantClass(cluster, []);
    const named = top === "harm" && (cluster.classes.get("persona") ?? 0) >= 0.2 ? "persona" : top;
    return USER_CHECK[named ?? "persona"] ?? "jailbreak.persona";
  }
  return DATA_CHECK[dominantClass(cluster, ["override", "role", "tag"]) ?? "address"] ?? "injection.embedded_instruction";
}

/** Clusters of one view of `text`, as spans of the original text with the evasion bonus applied. */
function viewClusters(text: string, joiner: "" | " ", context: "data" | "user", budget: Budget): Cluster[] {
  const view = visibleView(text, joiner);
  const clusters = scoreClusters(view.text, weighSignals(scanSignals(view.text, budget), context), context);
  return clusters.slice(0, MAX_CLUSTER_FINDINGS).map((c) => ({
    ...c,
    // Words split or glued by invisible characters are evasion, which adds to what they say.
    score: view.hidesBetween(c.start, c.end) ? Math.min(1, c.score + ENCODING_BONUS) : c.score,
    start: view.toOriginal(c.start),
    end: view.toOriginal(c.end),
  }));
}

/**
 * Clusters of the text read with invisible runs deleted and, when it has any, read as spaces;
 * a spaced cluster counts where no deleted-view cluster overlapping it already scored as much.
 */
function bothViews(text: string, context: "data" | "user", budget: Budget): Cluster[] {
  const joined = viewClusters(text, "", context, budget);
  // A run cut off by its deadline reports the rest unjudged; a second view would only overrun it.
  if (!hasInvisible(text) || budget.spent()) return joined;
  const spaced = viewClusters(text, " ", context, budget).filter(
    (s) => !joined.some((j) => j.start < s.end && s.start < j.end && j.score >= s.score),
  );
  return [...joined, ...spaced].sort((a, b) => b.score - a.score);
}

/**
 * What a jailbreak wraps its request in, and the request itself: a frame or disclaimer, a harmful
 * procedure, the detail demanded, pressure. Together they reach approval; alone they are what
 * novelists, nurses and chemistry students write, so a cluster of nothing else below approval is
 * not reported, and the statistical tier reads the prompt as one the rules found nothing in.
 */
const WRAPPERS: ReadonlySet<SignalClass> = new Set(["framing", "harm", "detail", "pressure"]);
const onlyWrapping = (cluster: Cluster): boolean => cluster.score < APPROVAL_AT && [...cluster.classes.keys()].every((c) => WRAPPERS.has(c));

/**
 * A tool result that holds JSON as text keeps its line breaks escaped ("\\n"), so a planted line
 * never starts a line. Read each escape as a break plus a space: the same length, so offsets hold.
 */
const ESCAPED_BREAK = /\\[nr]/g;
const withBreaks = (text: string): string => (text.includes("\\n") || text.includes("\\r") ? text.replace(ESCAPED_BREAK, "\n ") : text);

/** Scored clusters of instruction signals in a data text or user prompt. */
export function findInstructionClusters(field: Field, context: "data" | "user", budget: Budget): Scored[] {
  const out: Scored[] = [];
  for (const cluster of bothViews(withBreaks(field.text), context, budget).slice(0, MAX_CLUSTER_FINDINGS)) {
    if (cluster.score < FINDING_AT || (context === "user" && onlyWrapping(cluster))) continue;
    const { decision, severity } = decide(cluster.score, context);
    for (const category of context === "user" ? userCategoriesOf(cluster) : [CATEGORY[context]]) {
      const finding = createFinding({
        category,
        checkId: checkIdOf(cluster, context),
        severity,
        score: cluster.score,
        path: field.path,
        start: cluster.start,
        end: cluster.end,
      });
      out.push({ finding, decision });
    }
  }
  return out;
}

function scoreHiddenRun(run: HiddenRun, context: Context, quota: { scans: number }, budget: Budget): number {
  if (run.decoded === undefined || quota.scans <= 0) return INVISIBLE_ONLY_SCORE;
  quota.scans--;
  return scoreText(run.decoded, context, budget) >= FINDING_AT ? HIDDEN_INSTRUCTION_SCORE : INVISIBLE_ONLY_SCORE;
}

function scoredCarrier(field: Field, context: Context, check: string, span: { start: number; end: number }, score: number, categories: readonly string[] = [CATEGORY[context]]): Scored[] {
  const outcome = decide(score, context);
  const severity = score === INVISIBLE_ONLY_SCORE ? "medium" : outcome.severity;
  const decision = score === INVISIBLE_ONLY_SCORE ? "allow" : outcome.decision;
  return categories.map((category) => ({
    finding: createFinding({ category, checkId: `${PREFIX[context]}.${check}`, severity, score, path: field.path, ...span }),
    decision,
  }));
}

/** Invisible Unicode, base64 blocks and cipher readings; their decoded text is scored in the same context. */
export function findCarriers(field: Field, context: Context, budget: Budget, withEncoded = true): Scored[] {
  const out: Scored[] = [];
  const quota = { scans: MAX_DECODED_SCANS };
  for (const run of findHiddenUnicode(field.text).slice(0, MAX_CLUSTER_FINDINGS)) {
    out.push(...scoredCarrier(field, context, "hidden_unicode", run, scoreHiddenRun(run, context, quota, budget)));
  }
  for (const block of withEncoded ? findEncodedBlocks(field.text) : []) {
    if (quota.scans-- <= 0 || budget.spent()) break;
    const cluster = bestCluster(block.decoded, context, budget);
    const inner = cluster?.score ?? 0;
    if (inner < FINDING_AT) continue;
    out.push(...scoredCarrier(field, context, "encoded_instructions", block, Math.min(1, inner + ENCODING_BONUS), categoriesOf(cluster, context)));
  }
  // rot13, reversed and leetspeak readings of the whole text: the span is the text, as no
  // boundary of the ciphered run survives the reading.
  // A reading counts only for what it adds: leetspeak leaves the plain words as they were.
  let plain: number | undefined;
  for (const view of withEncoded ? cipherViews(field.text) : []) {
    if (quota.scans-- <= 0 || budget.spent()) break;
    const cluster = bestCluster(view.text, context, budget);
    const inner = cluster?.score ?? 0;
    if (inner < CIPHER_MIN) continue;
    plain ??= scoreText(field.text, context, budget);
    if (inner < plain + CIPHER_GAIN) continue;
    const span = { start: 0, end: field.text.length };
    out.push(...scoredCarrier(field, context, "encoded_instructions", span, Math.min(1, inner + ENCODING_BONUS), categoriesOf(cluster, context)));
  }
  return out;
}

/** Images and links that can leak data when rendered. */
export function findLinkExfil(field: Field, mode: LinkMode, context: Context, allowed: readonly string[], budget: Budget): Scored[] {
  const out: Scored[] = [];
  const category = mode === "output" ? CATEGORY.output : CATEGORY[context];
  const check = mode === "output" ? "injection.markdown_exfiltration" : `${PREFIX[context]}.markdown_exfiltration`;
  for (const hit of findMarkdownExfil(field.text, mode, allowed, budget)) {
    if (hit.score < FINDING_AT) continue;
    const { decision, severity } = decide(hit.score, mode === "output" ? "output" : context);
    const finding = createFinding({ category, checkId: check, severity, score: hit.score, path: field.path, start: hit.start, end: hit.end });
    out.push({ finding, decision });
  }
  return out;
}
