// Jailbreaks recognised by the shape of a user's prompt rather than by its words: a fabricated
// dialogue in which the assistant keeps complying (many-shot), and an optimised suffix of glued
// tokens and stray brackets appended to a request (GCG-style). Each is scored like a cluster and
// named by its own check; neither reads anything but the prompt. A request cut into named pieces
// and joined again (payload splitting) is read the same way.
import { createFinding, decide, CATEGORY, type Scored } from "./findings.ts";
import { FINDING_AT } from "./signal-kind.ts";

const MAX_SHAPE = 20_000;

/** A turn label at the start of a line or after a sentence: "User:", "Assistant:", "Q:", "A:". */
const TURN = /(?:^|\n|(?<=[.?!…]\s{1,3}))[ \t]*(User|Human|Me|Q|Question|Prompt|Assistant|AI|A|Answer|Bot|Model|GPT|ChatGPT|Claude|Response)[ \t]*:/g;
const ASSISTANT_LABEL = /^(?:Assistant|AI|A|Answer|Bot|Model|GPT|ChatGPT|Claude|Response)$/;
const COMPLIANT = /^\s*["'“]?(?:sure|of\s+course|certainly|absolutely|no\s+problem|happy\s+to|here(?:'s|\s+is|\s+are|\s+you\s+go)|gladly|okay|ok|yes|definitely|step\s+1)\b/i;
/** What a fabricated user turn asks for that a real assistant would not hand over. */
const SENSITIVE_ASK =
  /\b(?:password|passwd|api[\s_-]?key|secret|token|credential|system\s+prompt|private\s+key|bypass|hack|crack|steal|exploit|malware|ransomware|phish|without\s+(?:\w+\s+){0,3}(?:noticing|knowing|consent)|disable\s+(?:\w+\s+){0,3}(?:log|audit|security|antivirus)|someone\s+else'?s|coworker'?s|neighbou?r'?s|weapon|explosive|bomb|untraceable|launder|poison|hotwire|stolen|steal|car\s+alarm|pick\s+a\s+lock|(?:isn'?t|not)\s+(?:mine|yours|theirs|his|hers)|meth\w*|cocaine|heroin|fentanyl|napalm|fake\s+ID)\b/i;

interface Turn {
  assistant: boolean;
  body: string;
}

function turnsOf(text: string): Turn[] {
  const labels = [...text.matchAll(TURN)];
  return labels.map((m, i) => ({
    assistant: ASSISTANT_LABEL.test(m[1]!),
    body: text.slice(m.index! + m[0].length, labels[i + 1]?.index ?? text.length),
  }));
}

/**
 * A fabricated dialogue: three assistant turns or more, most opening in compliance. It weighs more
 * when the fabricated user turns ask for secrets or harm, and when it ends on an open assistant turn.
 */
export function scoreFakeDialogue(text: string): number {
  const turns = turnsOf(text.length > MAX_SHAPE ? text.slice(0, MAX_SHAPE) : text);
  const answers = turns.filter((t) => t.assistant);
  if (answers.length < 3) return 0;
  const compliant = answers.filter((t) => COMPLIANT.test(t.body)).length;
  if (compliant < 2 || compliant * 2 < answers.length - 1) return 0;
  const asks = turns.filter((t) => !t.assistant && SENSITIVE_ASK.test(t.body)).length;
  const last = turns[turns.length - 1]!;
  const openEnd = last.assistant && last.body.trim().length === 0;
  return 0.3 + (asks >= 2 ? 0.3 : asks === 1 ? 0.15 : 0) + (openEnd ? 0.1 : 0);
}

/** Tokens of the tail a suffix is looked for in. */
const SUFFIX_TOKENS = 20;
/** A token prose rarely holds: code symbols, mixed case inside a word, letters glued to digits or punctuation. */
const ODD_TOKEN = /[\[\]{}()<>\\^`|~=$#*_+;@"]|[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]|[.:,!?'][A-Za-z]|^\W+$/;

/** Brackets left open or closed too often, and quotes or backticks left open. */
function imbalanceOf(s: string): number {
  let n = 0;
  for (const [open, close] of [["(", ")"], ["[", "]"], ["{", "}"]] as const) n += Math.abs(s.split(open).length - s.split(close).length);
  return n + ((s.split('"').length - 1) % 2) + ((s.split("`").length - 1) % 2);
}

/**
 * An optimised suffix: a one-line prose request whose last words turn into odd tokens with
 * unbalanced brackets or quotes. A question that quotes code is balanced or ends as a sentence.
 * Measured on the development corpus: three GCG suffixes in four, and no single-line benign prompt.
 */
export function scoreAdversarialSuffix(text: string): number {
  // Inline code spans are what a writer quotes on purpose: `{`, `|`, `"` listed in a manual.
  const trimmed = text.trim().replace(/`[^`\n]{1,80}`/g, "code");
  if (trimmed.length < 80 || trimmed.length > 2000 || trimmed.includes("\n")) return 0;
  // Prose quoting code again and again is a manual; a suffix holds a stray backtick or two.
  if ((text.match(/`/g)?.length ?? 0) >= 6) return 0;
  const tokens = trimmed.split(/\s+/);
  if (tokens.length < 15) return 0;
  const tail = tokens.slice(-Math.min(SUFFIX_TOKENS, tokens.length - 6));
  const odd = tail.filter((w) => ODD_TOKEN.test(w.replace(/[,.!?:;]+$/, ""))).length;
  const imbalance = imbalanceOf(trimmed);
  const endsAsSentence = /[.?!)"'\]]$/.test(trimmed);
  if (!((odd >= 3 && imbalance >= 2) || (odd >= 4 && imbalance >= 1 && !endsAsSentence))) return 0;
  // Suffixes mix words in with the symbols; pasted data and code are mostly quoted keys and values.
  if (tail.filter((w) => /^[A-Za-z]{2,}[,.!?]?$/.test(w)).length < 5) return 0;
  // The request before it reads as prose, opening with a capitalised word.
  const head = tokens.slice(0, Math.min(6, tokens.length - tail.length));
  const prose = head.filter((w) => /^[A-Za-z][A-Za-z'’-]*[,.]?$/.test(w)).length >= head.length - 1 && /^[A-Z]/.test(trimmed);
  return prose ? 0.6 : 0.35;
}

const MAX_PIECES = 32;
/**
 * `a = "explain how to"`: a name given a quoted run of words; or a template variable (`$Term1 =
 * steps to synthesize.`) given the words up to the end of its sentence.
 */
const ASSIGNMENT = /(?:^|[\s;,(])\$?([A-Za-z][A-Za-z0-9_]{0,15})\s*:?=\s*(?:["'“‘]([^"'”’\n]{3,300})["'”’]|(?<=\$[A-Za-z][A-Za-z0-9_]{0,15}\s*:?=\s*)([^"'“‘\n.;]{3,120}))/g;
/** What the prompt asks done with the joined string: answered, carried out, its "output" written. */
const ACT_ON = /\b(?:answer|respond\s+to|reply\s+to|carry\s+out|execute|follow|perform|fulfil+|obey|act\s+on|complete|do\s+(?:what|as)|write\s+out|would\s+(?:return|output|print|say)|full\s+output|the\s+(?:resulting|combined)\s+(?:instruction|question|request|task|prompt))\b/i;
/** A joined string that asks for harm, secrets or the set-up. */
const HARMFUL_JOIN = /\b(?:synthesi[sz]\w*|nerve\s+agents?|sarin|ricin|bomb|explosive|weapon|gun|meth\w*|cocaine|heroin|drugs?|poison\w*|malware|ransomware|virus|keylogger|phish\w*|steal\w*|hack\w*|hotwire|crack\w*|launder\w*|counterfeit|forge\w*|kill\w*|murder\w*|bypass\w*|password\w*|login|credentials?|system\s+prompt|instructions|rules)\b/i;
/** Told not to show what it was given: "without repeating c", "do not comment". */
const KEEP_QUIET = /\b(?:without\s+(?:repeating|mentioning|saying|revealing|writing|showing|commenting)|(?:do\s+not|don'?t|never)\s+(?:repeat|mention|say|reveal|write|show|comment|explain))\b/i;

/**
 * Payload splitting: a request cut into quoted pieces given names (`a = "..."`, `b = "..."`),
 * joined (`a + b`) and then to be answered or carried out, so no piece holds the request. A
 * programming question joins strings too; it asks what the join prints, not that it be obeyed.
 */
export function scorePayloadSplit(text: string): number {
  const slice = text.length > MAX_SHAPE ? text.slice(0, MAX_SHAPE) : text;
  const pieces = new Map<string, string>();
  for (const m of slice.matchAll(ASSIGNMENT)) {
    const value = m[2] ?? m[3]!;
    if (/\S\s+\S/.test(value.trim())) pieces.set(m[1]!, value);
    // A split request has a few pieces; past this the names would only make the join test slow.
    if (pieces.size >= MAX_PIECES) break;
  }
  if (pieces.size < 2) return 0;
  const names = [...pieces.keys()].map((n) => n.replace(/[^A-Za-z0-9_]/g, "")).join("|");
  const join = new RegExp(`\\b(?:${names})\\s*\\+\\s*\\$?(?:${names})\\b|\\b(?:combine|concatenate|join|merge|put\\s+together)\\b[^\\n]{0,40}?\\b(?:${names})\\b`);
  if (!join.test(slice)) return 0;
  if (!ACT_ON.test(slice)) return 0.3;
  const joined = [...pieces.values()].join("");
  return 0.45 + (HARMFUL_JOIN.test(joined) || KEEP_QUIET.test(slice) ? 0.15 : 0);
}

/** Findings for the shapes of one user prompt. */
export function findPromptShapes(field: { path: string; text: string }): Scored[] {
  const out: Scored[] = [];
  for (const [check, score] of [
    ["jailbreak.fake_dialogue", scoreFakeDialogue(field.text)],
    ["jailbreak.adversarial_suffix", scoreAdversarialSuffix(field.text)],
    ["jailbreak.payload_splitting", scorePayloadSplit(field.text)],
  ] as const) {
    if (score < FINDING_AT) continue;
    const { decision, severity } = decide(score, "user");
    const finding = createFinding({ category: CATEGORY.user, checkId: check, severity, score, path: field.path, start: 0, end: field.text.length });
    out.push({ finding, decision });
  }
  return out;
}
