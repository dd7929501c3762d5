// Scores groups of nearby signals. No single keyword decides: a cluster's score is the sum over
// its distinct signal classes of the strongest signal of each class (so "ignore previous
// instructions" + "send the API keys to <url>" adds up, while ten repetitions of one phrase do
// not), times a documentation discount (security vocabulary nearby), plus a bonus when the text
// hides in an HTML comment or invisible element. Thresholds (signal-kind.ts): >= 0.85 block,
// >= 0.55 require_approval, >= 0.3 an allow finding. Typical single signals weigh 0.2-0.6, so
// blocking takes an override or role marker plus an action, secrecy or address to the model;
// directives about what the reply says (reply, steer) can lift a cluster to approval, never alone
// to a block.
import { rateCharacterWriting } from "./character-context.ts";
import { rateDocumentation, rateHiddenMarkup } from "./doc-context.ts";
import { BLOCK_AT, FINDING_AT, type Context, type Signal, type SignalClass } from "./signal-kind.ts";

export interface Cluster {
  start: number;
  end: number;
  score: number;
  /** Strongest weight per class present, before the documentation discount. */
  classes: Map<SignalClass, number>;
}

/** Signals further apart than this belong to different thoughts. */
const GAP = 400;
/** One cluster never spans more than this, so a long page cannot pool scattered words. */
const SPAN = 1500;
const MAX_CLUSTERS = 64;
const HIDDEN_BONUS_MAX = 0.15;
/** Signals about the reply's content and form (vocabulary-reply.ts): never a block on their own. */
const SHAPING: ReadonlySet<SignalClass> = new Set(["reply", "steer"]);
/** What a villain in a story is made of too: amorality and a frame, with nothing asked of the assistant. */
const CHARACTER: ReadonlySet<SignalClass> = new Set(["framing", "restriction", "persona"]);
/** A harm signal this strong is a procedure asked for, not a weapon or a drug named (vocabulary-harm.ts). */
const HARM_PROCEDURE = 0.3;

function groupSignals(signals: readonly Signal[]): Signal[][] {
  const groups: Signal[][] = [];
  let current: Signal[] = [];
  let start = 0;
  let end = 0;
  for (const s of signals) {
    if (current.length > 0 && (s.start - end > GAP || s.end - start > SPAN)) {
      groups.push(current);
      if (groups.length >= MAX_CLUSTERS) return groups;
      current = [];
    }
    if (current.length === 0) start = s.start;
    current.push(s);
    end = Math.max(end, s.end);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** A request for serious harm asked outright (vocabulary-harm-bare.ts) reaches approval alone. */
const HARM_BARE = 0.55;

/**
 * Documentation discount for a user's harmful request. One for serious harm asked outright is
 * not discounted at all: "for a threat assessment", "as a security researcher" are the pretexts
 * a persuasive jailbreak puts around it, and its patterns leave defensive objects alone. A lesser
 * one names what it asks for ("exploit", "phishing"): those words are the request, not an
 * article around it, so the discount reads only the text around the cluster.
 */
function rateUserHarm(text: string, classes: ReadonlyMap<SignalClass, number>, start: number, end: number): number {
  const harm = classes.get("harm") ?? 0;
  if (harm >= HARM_BARE) return 1;
  if (harm < HARM_PROCEDURE) return rateDocumentation(text, start, end);
  return rateDocumentation(text.slice(0, start) + " ".repeat(end - start) + text.slice(end), start, end);
}

/** An address this strong hails the reader by its job ("Note to the classifier:"). */
const ADDRESS_BY_JOB = 0.4;

/**
 * Documentation discount for data. A note that hails the automated reader names its job
 * ("classifier", "screener", "detector"), which is security vocabulary too: those words are the
 * address, not an article around it, so the discount then reads only the text around the cluster.
 */
function rateDataDocumentation(text: string, classes: ReadonlyMap<SignalClass, number>, start: number, end: number): number {
  if ((classes.get("address") ?? 0) < ADDRESS_BY_JOB) return rateDocumentation(text, start, end);
  return rateDocumentation(text.slice(0, start) + " ".repeat(end - start) + text.slice(end), start, end);
}

function scoreGroup(text: string, group: readonly Signal[], context: Context): Cluster {
  const classes = new Map<SignalClass, number>();
  let start = Infinity;
  let end = 0;
  for (const s of group) {
    classes.set(s.cls, Math.max(classes.get(s.cls) ?? 0, s.weight));
    start = Math.min(start, s.start);
    end = Math.max(end, s.end);
  }
  let sum = 0;
  let shaping = 0;
  // Exact steps and quantities are how people ask for a recipe; they weigh only beside a procedure for harm.
  const detailCounts = (classes.get("harm") ?? 0) >= HARM_PROCEDURE;
  for (const [cls, w] of classes) {
    if (cls === "detail" && !detailCounts) continue;
    if (SHAPING.has(cls)) shaping += w;
    else sum += w;
  }
  // What the reply says is held for a person, not blocked: it lifts a cluster to approval at most.
  sum = Math.max(sum, Math.min(sum + shaping, BLOCK_AT - 0.01));
  // Authority words ("IMPORTANT:") only amplify; alone they are ordinary emphasis.
  if (classes.size === 1 && classes.has("authority")) sum = 0;
  // The context checks cost more than the sum: skip them when they cannot lift it to a finding.
  if (sum + HIDDEN_BONUS_MAX < FINDING_AT) return { start, end, score: sum, classes };
  const bonus = context === "user" ? 0 : rateHiddenMarkup(text, start);
  if (sum + bonus < FINDING_AT) return { start, end, score: sum + bonus, classes };
  const character = context === "user" && [...classes.keys()].every((c) => CHARACTER.has(c)) ? rateCharacterWriting(text) : 1;
  const score = Math.min(1, sum * (context === "user" ? rateUserHarm(text, classes, start, end) : rateDataDocumentation(text, classes, start, end)) * character + bonus);
  return { start, end, score, classes };
}

/** Clusters of `signals` (sorted by position) scored for `context`, strongest first. */
export function scoreClusters(text: string, signals: readonly Signal[], context: Context): Cluster[] {
  return groupSignals(signals)
    .map((g) => scoreGroup(text, g, context))
    .sort((a, b) => b.score - a.score);
}

/** The class that weighs most in a cluster; it names the finding. */
export function dominantClass(cluster: Cluster, prefer: readonly SignalClass[]): SignalClass | undefined {
  for (const cls of prefer) if ((cluster.classes.get(cls) ?? 0) >= 0.2) return cls;
  let best: SignalClass | undefined;
  let weight = 0;
  for (const [cls, w] of cluster.classes) {
    if (w > weight) [best, weight] = [cls, w];
  }
  return best;
}
