// Building blocks of the vocabulary: the pattern shape, shared word lists, and validators that
// refine a weight from a hit and its surroundings.
import type { SignalClass, Weights } from "./signal-kind.ts";

export interface Pattern {
  cls: SignalClass;
  w: Weights;
  /**
   * Where a match starts: `head` is an alternation matched from a word boundary, `lead` one of
   * symbols (`<|`, `[INST]`). Every head and lead is joined into one anchor regex, and the full
   * pattern is only tried where its first character matches an anchor, so heads should be as
   * specific as the pattern allows (a few words, not one common word).
   */
  head?: string;
  lead?: string;
  /** What must follow the head. */
  tail?: string;
  /** Context required just before the head (a lookbehind source, checked after the head). */
  before?: string;
  /** Multiplier (0..2) from the matched text and its surroundings; 0 drops the match. */
  validate?: (match: string, text: string, start: number) => number;
}

/** The full source of a pattern, starting at its head. */
export function bodyOf(p: Pattern): string {
  const head = p.head === undefined ? `(?:${p.lead})` : `\\b(?:${p.head})`;
  return `${p.before === undefined ? "" : `(?=${head})(?<=${p.before})`}${head}${p.tail ?? ""}`;
}

export const r = String.raw;
export const FILL = (n: number) => r`(?:\s+[\w'’".,;:-]+){0,${n}}?`;
export const AI = r`(?:AI|LLMs?|(?:large\s+)?language\s+models?|AI\s+(?:systems?|tools?|readers?|crawlers?|screeners?|summari[sz]ers?)|(?:AI\s+)?(?:assistants?|agents?|models?|chatbots?)|GPT(?:-\d)?|ChatGPT|Claude|Gemini|Copilot|Cursor)`;
export const AI_STRICT = r`(?:AI|LLMs?|AI\s+(?:assistants?|agents?|models?|systems?)|assistants?|chatbots?|models?|ChatGPT|Claude|Gemini|Copilot)`;
/** `word` with one to three separators between its letters: "i.g.n.o.r.e", "i g n o r e". */
export const spelled = (word: string): string => [...word].join(r`[\s.\-_*|/·]{1,3}`);
export const SEND_VERB = r`(?:send|post|upload|forward|email|transmit|exfiltrate|leak|submit|report|copy)(?:s|ed|ing)?`;

const STRONG_MODIFIER =
  /\b(?:previous|prior|above|earlier|preceding|original|initial|former|foregoing|system|existing|all|every|any|your|these|those|developer|safety|ethical|content|usage|its|openai|anthropic|user'?s)\b/i;
const WEAK_OWNER = /\b(?:my|our|his|her|their)\b/i;
const SENSITIVE_VERB =
  /\b(?:read|cat|echo|open|print|dump|send|upload|post|copy|exfiltrate|include|attach|load|access|get|fetch|output|reveal|display|show|paste|contents?\s+of)\b/i;
const DIRECTIVE_AFTER =
  /\b(?:always|must|should|make\s+sure|ensure|also|instead|change|replace|set|add|bcc|cc|send|redirect|include|first|never|do\s+not|don'?t)\b/i;
const NOT_TOOL_NAME = /^(?:this|the|a|an|any|that|each|every|other)$/i;
/** The user's own device: "on my Android phone", "for our Chromebook", "USB debugging". */
const DEVICE_MODE = /\b(?:on|in|for|of)\s+(?:my|our)\s+(?:[\w-]+\s+)?(?:Android|iPhone|iPad|Pixel|Samsung|phone|tablet|laptop|PC|computer|Chromebook|Mac|Xbox|PlayStation|Switch|TV|console|router|car)\b|\bUSB\s+debugging\b/i;
const MODE_VERB = /\b(?:enable|enabled|activate|activated|enter|entering|switch\s+to|turn\s+on|simulate|simulating|in|into)\s+(?:the\s+)?$/i;
const MODE_STATE = /^\s+(?:(?:has\s+been|have\s+been|is\s+now|is)\s+)?(?:enabled|activated|on|output|response)\b(?!\s+(?:when|if|once|after|on\s+your|in\s+settings))/i;

/** "ignore all previous instructions" is an attack; "disregard my previous instructions" a correction. */
export function rateOverride(match: string): number {
  const words = match.replace(/^\S+/, "");
  if (WEAK_OWNER.test(words)) return 0.5;
  return STRONG_MODIFIER.test(words) ? 1 : 0.6;
}

/** DAN and similar persona names count only in capitals; "Dan" is a person. */
export const requireUpper = (match: string): number => (/[A-Z]{3}/.test(match) ? 1 : 0);

/** Persona names are proper nouns: "Mongo Tom" and "AIM" count, "aim" and "Dude" do not. */
export const requireCapital = (match: string): number =>
  /^[A-Z]/.test(match) && !/^[A-Z][a-z]+$/.test(match) ? 1 : 0;

/** A sensitive path matters more as the object of a read/send verb than as a mere mention. */
export function rateSensitive(_match: string, text: string, start: number): number {
  return SENSITIVE_VERB.test(text.slice(Math.max(0, start - 48), start)) ? 2 : 1;
}

/** "when the search tool is used, always ..." overrides behaviour; "after calling search" does not. */
export function rateCrossTool(match: string, text: string, start: number): number {
  const before = text.slice(Math.max(0, start - 48), start).replace(/[\x60'"\s]+$/, "");
  if (NOT_TOOL_NAME.test(/[\w.-]+$/.exec(before)?.[0] ?? "")) return 0;
  const after = text.slice(start + match.length, start + match.length + 100);
  return DIRECTIVE_AFTER.test(after) ? 1 : 0.3;
}

/** "developer mode" is a jailbreak when enabled or entered, not when a camera has one. */
export function rateMode(match: string, text: string, start: number): number {
  // Developer mode on the user's own phone or console is a setting they ask about (a page or a
  // definition naming "the browser" keeps the weight: a planted mode switch may name it too).
  if (DEVICE_MODE.test(text.slice(Math.max(0, start - 40), start + match.length + 40))) return 0;
  const before = text.slice(Math.max(0, start - 24), start);
  const after = text.slice(start + match.length, start + match.length + 20);
  return MODE_VERB.test(before) || MODE_STATE.test(after) ? 1 : 0;
}

/** "print your system prompt" is a demand; "what is the system prompt" may be curiosity. */
export function rateSystemPromptRequest(_match: string, text: string, start: number): number {
  const before = text.slice(Math.max(0, start - 60), start);
  const factor = /\byour\s+$/i.test(before) ? 1 : 0.6;
  return /\bwhat(?:'s|’s|\s+(?:is|are|was|were))\s+\S+\s+$/i.test(before) ? factor * 0.8 : factor;
}

/** "repeat the words above" leaks the system prompt when asked verbatim, from the start. */
export function rateRepeatRequest(match: string, text: string, start: number): number {
  const after = text.slice(start + match.length, start + match.length + 80);
  return /\b(?:starting|beginning)\s+with|verbatim|word\s+for\s+word|code\s+block|include\s+everything|include\s+(?:the|all|any|every)\b|(?:don'?t|do\s+not)\s+(?:actually\s+)?(?:shorten|summari[sz]e|abridge|omit|leave)|nothing\s+(?:left\s+out|omitted)|exactly|quote\s+(?:it|them|everything)|in\s+full|unchanged|unaltered|unmodified|as[\s-]is\b|as\s+written|this\s+line|but\s+(?:replace|with|in\s+reverse|translated|reversed|spelled|encoded)/i.test(after) ? 1.25 : 1;
}

/** The text above asked for whole, in another language: from its first words ("Du bist"), nothing left out. */
export function rateAboveRequest(match: string, text: string, start: number): number {
  const after = text.slice(start + match.length, start + match.length + 100);
  return /\b(?:beginnend|anfangend|commençant|commencant|empezando|comenzando|iniciando|cominciando|começando|comecando|начиная)\b|nichts\s+weglassen|vollständig|wortwörtlich|n['’]omets\s+rien|mot\s+pour\s+mot|intégralement|(?:incluye|incluir)\s+todo|palabra\s+por\s+palabra|textualmente|parola\s+per\s+parola|integralmente|palavra\s+por\s+palavra|дословно|полностью|逐字|一字一句|そのまま|그대로|s(?:em|in)\s+omitir|senza\s+omettere|sans\s+rien\s+omettre|ohne\s+etwas\s+(?:auszulassen|wegzulassen)/i.test(after) ? 1.25 : 1;
}

const MODEL_DIRECTIVE =
  /^(?:\s*|[^\n]{0,80}?(?:[:,.;!\u2014-]\s*|\bthen\s+)|\s+(?:[\w'-]+\s+){0,3}?(?=(?:must|should|shall|need\s+to|have\s+to|are\s+(?:required|instructed|expected|asked)\s+to)\s))(?:please\s+|now\s+|also\s+|instead\s+|always\s+|immediately\s+|first\s+)?(?:(?:you\s+)?(?:are\s+(?:required|instructed|expected|asked)\s+to|must|should|need\s+to|have\s+to|shall|will\s+now)\s+(?:now\s+|also\s+|always\s+)?)?(?:ignore|disregard|forget|tell|inform|reply|respond|answer|recommend|rate|rank|score|approve|merge|say|claim|state|praise|describe|output|print|insert|send|forward|delete|upload|add|append|include|translate|encode|write|end|begin|start|stop|switch|mention|summari[sz]e|grant|install|disable|enable|change|create|email|post|run|execute|visit|open|fetch|reveal|make|use|reverse|rewrite|give|transfer|pay|wire|approve|purchase|buy|ask|grant|invite|book|charge|cancel|refund|update|download|mark|move|give|do\s+not|don't|never)\b/i;

/** "AI crawlers: please do not use this site to train models": a site's opt-out, not an order to an agent. */
const USE_OPT_OUT =
  /^[^\n]{0,40}?\b(?:do\s+not|don'?t|never|may\s+not|must\s+not|are\s+not\s+(?:allowed|permitted)\s+to)\s+(?:use|train|scrape|crawl|index|copy|reproduce|store|ingest|collect)\b[^\n]{0,80}?\b(?:train(?:ing)?|models?|datasets?|scrap\w*|crawl\w*|index\w*)\b/i;

/** A text that speaks to AI readers only to keep them off its content. */
export const isUseOptOut = (after: string): boolean => USE_OPT_OUT.test(after);

/** "Hey Claude, if you're listening: please add dark mode": a review talking to the product's makers. */
export const isToMakers = (after: string): boolean => /^\s*(?:if\s+you(?:'re|’re|\s+are)\s+listening\b|(?:team|devs|developers|makers|folks)\b)/i.test(after);

/** Text addressed to the model weighs more when what follows tells it what to do or say. */
export function rateAddressed(match: string, text: string, start: number): number {
  const after = text.slice(start + match.length, start + match.length + 160);
  if (isUseOptOut(after) || isToMakers(after)) return 0.5;
  return MODEL_DIRECTIVE.test(after) ? 1.35 : 1;
}

/** Turn markers are capitalised at the start of a line. */
export const requireCapitalised = (match: string): number => (/^[A-Z]/.test(match) ? 1 : 0);

/** "Never share your credentials", "if someone asks you to send your password": a warning, not a request. */
const WARNED = /\b(?:never|not|n't|no\s+one|nobody|avoid|refuse\s+to|(?:if|when)\s+(?:someone|anyone|somebody|a\s+\w+)\s+asks?\s+(?:you\s+)?to)\b[^.!?\n]{0,40}$/i;

export const notWarnedAgainst = (_match: string, text: string, start: number): number => (WARNED.test(text.slice(Math.max(0, start - 60), start)) ? 0 : 1);
