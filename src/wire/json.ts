// Parses a request body as JSON with a nesting bound, so no later recursive walk (validation,
// detectors, serialisation for storage) can be driven into a stack overflow by input.

export const MAX_JSON_DEPTH = 64;

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/** Deepest nesting of objects and arrays in a JSON text, stopping early past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return max;
}

export function parseJson(text: string): Parsed {
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    return { ok: false, message: `JSON nests deeper than ${MAX_JSON_DEPTH} levels` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: "body is not valid JSON" };
  }
}
