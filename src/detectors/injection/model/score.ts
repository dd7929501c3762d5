// Inference of the statistical tier: the probability that a text is an injection (data) or a
// jailbreak (a user's prompt), from the weights scripts/train-injection-model.ts wrote. The
// sparse int8 weights are unpacked once into a dense table; a score is one pass over the text's
// n-grams, tens of microseconds per KB.
import { BUCKETS, CONTEXT_SALT, featuresOf } from "./features.ts";
import { MODEL } from "./weights.ts";

export type ModelContext = "user" | "data";

/**
 * Per context, each bucket's shared weight plus its context weight (`i ^ salt`), summed once as
 * the scorer would sum them: one look-up per n-gram instead of two far apart in memory. The sums
 * stay in the weights' own units (int8 + int8), so a table is 1 MB: a text's few thousand
 * scattered look-ups then mostly hit the cache, where a table of doubles (4 MB) missed it.
 */
let tables: Record<ModelContext, Int16Array> | undefined;

function weightsTables(): Record<ModelContext, Int16Array> {
  if (tables) return tables;
  const dense = new Int8Array(BUCKETS);
  const indices = new Uint32Array(Uint8Array.from(Buffer.from(MODEL.indices, "base64")).buffer);
  const values = new Int8Array(Uint8Array.from(Buffer.from(MODEL.values, "base64")).buffer);
  for (let i = 0; i < indices.length; i++) dense[indices[i]!] = values[i]!;
  const summed = (salt: number): Int16Array => {
    const out = new Int16Array(BUCKETS);
    for (let i = 0; i < BUCKETS; i++) out[i] = dense[i]! + dense[i ^ salt]!;
    return out;
  };
  tables = { user: summed(CONTEXT_SALT.user), data: summed(CONTEXT_SALT.data) };
  return tables;
}

/** Probability in [0, 1]. */
export function injectionProbability(text: string, context: ModelContext): number {
  const weights = weightsTables()[context];
  const { indices, value } = featuresOf(text);
  // Every feature carries the same value, so the weights are summed in integers and scaled once.
  let units = 0;
  for (const i of indices) units += weights[i]!;
  const z = MODEL.bias + MODEL.context[context] + units * MODEL.scale * value;
  return 1 / (1 + Math.exp(-z));
}

/** The threshold training chose per context (held-out false positives at or under 1%, never under 0.85). */
export const MODEL_THRESHOLDS: Readonly<Record<ModelContext, number>> = MODEL.thresholds;
