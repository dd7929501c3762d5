// The views of a text field the span detectors (secrets, PII) scan: the text as sent; folded
// (invisible characters out, full-width and compatibility letters as ASCII); and decoded, layer
// by layer (escapes, hex, base64), each layer folded again, each view mapping its offsets back to
// the text as sent.
import type { Budget } from "../../engine/budget.ts";
import type { TextField } from "../../engine/text-fields.ts";
import { findEncodedRuns, type DecodeLimits, type DecodeState } from "./encoded-runs.ts";
import { applyEdits, rootView, type Span, type TextView } from "./text-view.ts";
import { findUnicodeEdits } from "./unicode-edits.ts";

export type { DecodeLimits, DecodeState } from "./encoded-runs.ts";
export type { TextView } from "./text-view.ts";

export const DEFAULT_DECODE_LIMITS: DecodeLimits = {
  maxDepth: 2,
  maxDecodedChars: 256 * 1024,
  maxRunsPerField: 32,
  maxEdits: 1024,
  maxCandidates: 4096,
  // Context a detector reads around a value: PII context words, the AWS key pair window.
  window: 256,
};

export const createDecodeState = (limits: DecodeLimits = DEFAULT_DECODE_LIMITS): DecodeState => ({
  decodedLeft: limits.maxDecodedChars,
  limits,
});

export interface FieldViews {
  /** The text as sent first, then each derived view. */
  views: TextView[];
  /** A bound (size, count, depth) kept something that looked encoded from being read. */
  undecoded: boolean;
}

/** `text` with its folding layer (when it has anything to fold) and up to `maxDepth` decoding layers. */
export function decodedViews(text: string, state: DecodeState, budget: Budget): FieldViews {
  const root = rootView(text);
  const { limits } = state;
  const views = [root];
  const folding = findUnicodeEdits(text, limits.maxEdits, budget);
  let undecoded = folding.truncated;
  let base = root;
  if (folding.edits.length > 0) {
    base = applyEdits(root, folding.edits, limits.window);
    views.push(base);
  }
  // The first layer reads the whole text; each deeper one only what the layer before decoded.
  let ranges: readonly Span[] | undefined;
  for (let depth = 1; depth <= limits.maxDepth + 1 && !budget.spent(); depth++) {
    const layer = findEncodedRuns(base.text, state, budget, ranges);
    undecoded ||= layer.undecoded;
    if (layer.edits.length === 0) break;
    if (depth > limits.maxDepth) {
      // Still more inside: what a deeper layer would read is left unjudged.
      undecoded = true;
      break;
    }
    base = applyEdits(base, layer.edits, limits.window);
    views.push(base);
    ranges = base.changed;
    // What a layer decoded may itself be folded (percent escapes of full-width letters, of
    // zero-width characters): folded, it is read again whole, as the first layer read the text.
    const refold = findUnicodeEdits(base.text, limits.maxEdits, budget);
    undecoded ||= refold.truncated;
    if (refold.edits.length > 0) {
      base = applyEdits(base, refold.edits, limits.window);
      views.push(base);
      ranges = undefined;
    }
  }
  return { views, undecoded };
}

interface EventViews {
  fields: readonly TextField[];
  state: DecodeState;
  views: Map<number, { text: string; views: FieldViews }>;
}

/**
 * The last few events' views, by their list of text fields: the detectors of one event run one
 * after the other, so the second finds what the first decoded. A few entries, not a WeakMap:
 * a WeakMap entry per event cost more than decoding a short field.
 */
const recent: EventViews[] = [];
const RECENT = 4;

function eventViews(fields: readonly TextField[]): EventViews {
  const known = recent.find((e) => e.fields === fields);
  if (known !== undefined) return known;
  const created = { fields, state: createDecodeState(), views: new Map() };
  if (recent.unshift(created) > RECENT) recent.pop();
  return created;
}

/**
 * The views of field `index` of an event's `fields`, read as `scanned`: decoded by the first
 * detector that asks and kept for the next, unless its budget cut the decoding short. The
 * event's decoding bounds are shared by all its fields.
 */
export function fieldViews(fields: readonly TextField[], index: number, scanned: string, budget: Budget): FieldViews {
  const event = eventViews(fields);
  const known = event.views.get(index);
  if (known !== undefined && known.text === scanned) return known.views;
  const views = decodedViews(scanned, event.state, budget);
  if (!budget.cutOff) event.views.set(index, { text: scanned, views });
  return views;
}
