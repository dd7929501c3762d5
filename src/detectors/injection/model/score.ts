// Inference of the statistical tier: the probability that a text is an injection (data) or a
// jailbreak (a user's prompt), from the weights scripts/train-injection-model.ts wrote. The
// sparse int8 weights are unpacked once into a dense table; a score is one pass over the text's
// n-grams, tens of microseconds per KB.
import { BUCKETS, CONTEXT_SALT, featuresOf } from "./features.ts";
import { MODEL } from "./weights.ts";

export type ModelContext = "user" | "data";

/**
 * Per context, each bucket's shared weight plus its context weight (`i ^ salt`), summed once as
 * the scorer would sum them: one look-up per n-gram instead of two far apart in memory.
 */
let tables: Record<ModelContext, Float64Array> | undefined;

function weightsTables(): Record<ModelContext, Float64Array> {
  if (tables) return tables;
  const dense = new Float32Array(BUCKETS);
  const indices = new Uint32Array(Uint8Array.from(Buffer.from(MODEL.indices, "base64")).buffer);
  const values = new Int8Array(Uint8Array.from(Buffer.from(MODEL.values, "base64")).buffer);
  for (let i = 0; i < indices.length; i++) dense[indices[i]!] = values[i]! * MODEL.scale;
  const summed = (salt: number): Float64Array => {
    const out = new Float64Array(BUCKETS);
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
  let z = MODEL.bias + MODEL.context[context];
  for (const i of indices) z += weights[i]! * value;
  return 1 / (1 + Math.exp(-z));
}

/** The threshold training chose per context (held-out false positives at or under 1%, never under 0.85). */
export const MODEL_THRESHOLDS: Readonly<Record<ModelContext, number>> = MODEL.thresholds;
