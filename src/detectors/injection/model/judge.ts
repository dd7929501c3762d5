// The statistical tier as a finding: a field the rules found nothing in, whose probability of
// being an injection (data) or a jailbreak (a user's prompt) reaches the threshold, is held for a
// person, never blocked on a score alone. The finding covers the field and never quotes it.
import type { Field } from "../analyse-text.ts";
import { rateDocumentation } from "../doc-context.ts";
import { createFinding, type Scored } from "../findings.ts";
import { injectionProbability, MODEL_THRESHOLDS, type ModelContext } from "./score.ts";

/** The bar for a prompt the rules already found weak signals in and let through. */
const AFTER_WEAK_RULES = 0.95;

export function judgeByModel(field: Field, context: ModelContext, threshold: number | "default", ruledWeak = false): Scored | undefined {
  const trained = threshold === "default" ? MODEL_THRESHOLDS[context] : threshold;
  if (trained >= 1 || !hasSentence(field.text)) return undefined;
  const at = ruledWeak ? Math.max(trained, AFTER_WEAK_RULES) : trained;
  // Text written about injection (an article, an advisory, a test) uses its vocabulary: the rules
  // discount such text, and so does the model (its probability scaled by the same factor).
  const probability = injectionProbability(field.text, context) * rateDocumentation(field.text, 0, field.text.length) * codeFactor(field.text);
  if (probability < at) return undefined;
  const finding = createFinding({
    category: context === "user" ? "security.jailbreak" : "security.prompt_injection",
    checkId: context === "user" ? "jailbreak.model" : "injection.model",
    severity: "medium",
    score: probability,
    path: field.path,
    start: 0,
    end: field.text.length,
  });
  return { finding, decision: "require_approval" };
}

const TOKEN = /\S+/g;
const LETTER = /\p{L}/u;
const IDEOGRAPHIC = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/**
 * An instruction takes words: a field of one or two (an address, a name, a path) is scored on
 * little more than the model's bias, so the tier leaves it to the rules. Chinese, Japanese and
 * Korean write a sentence without spaces, so any ideograph counts.
 */
function hasSentence(text: string): boolean {
  if (IDEOGRAPHIC.test(text)) return true;
  // Words are runs of non-space characters with a letter in them: an address or a path is one.
  let words = 0;
  for (const token of text.matchAll(TOKEN)) if (LETTER.test(token[0]) && ++words >= 3) return true;
  return false;
}

const CODE_MARK = /[{}[\]=;"<>()]/g;

/**
 * Source code and structured data (a chat API's message array, a config) are full of the words
 * a system prompt uses; prose is what addresses a model. Half weight past one code mark in ten.
 */
function codeFactor(text: string): number {
  const marks = text.match(CODE_MARK)?.length ?? 0;
  return marks / Math.max(1, text.length) > 0.1 ? 0.5 : 1;
}
