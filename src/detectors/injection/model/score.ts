// Inference of the statistical tier: the probability that a text is an injection (data) or a
// jailbreak (a user's prompt), from the weights scripts/train-injection-model.ts wrote. The
// sparse int8 weights are unpacked once into a dense table; a score is one pass over the text's
// n-grams, tens of microseconds per KB.
import { BUCKETS, CONTEXT_SALT, featuresOf } from "./features.ts";
import { MODEL } from "./weights.ts";

export type ModelContext = "user" | "data";

let table: Float32Array | undefined;

function weightsTable(): Float32Array {
  if (table) return table;
  const dense = new Float32Array(BUCKETS);
  const indices = new Uint32Array(Uint8Array.from(Buffer.from(MODEL.indices, "base64")).buffer);
  const values = new Int8Array(Uint8Array.from(Buffer.from(MODEL.values, "base64")).buffer);
  for (let i = 0; i < indices.length; i++) dense[indices[i]!] = values[i]! * MODEL.scale;
  table = dense;
  return dense;
}

/** Probability in [0, 1]. */
export function injectionProbability(text: string, context: ModelContext): number {
  const weights = weightsTable();
  const { indices, value } = featuresOf(text);
  const salt = CONTEXT_SALT[context];
  let z = MODEL.bias + MODEL.context[context];
  for (const i of indices) z += (weights[i]! + weights[i ^ salt]!) * value;
  return 1 / (1 + Math.exp(-z));
}

/** The threshold training chose per context (held-out false positives at or under 1%, never under 0.85). */
export const MODEL_THRESHOLDS: Readonly<Record<ModelContext, number>> = MODEL.thresholds;
