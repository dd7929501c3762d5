// Extracts the string leaves of a payload with their payload paths, within fixed bounds so a
// hostile payload cannot make every detector walk forever; what is cut is reported, not hidden.
import { keyRef, MAX_KEY_IN_PATH } from "../lib/payload-path.ts";
import { MAX_JSON_DEPTH } from "../wire/json.ts";

export interface TextField {
  /** Payload path as findings use it: `payload.text`, `payload.argv[2]`, `payload.a["b c"]`. */
  path: string;
  text: string;
}

export interface TextLimits {
  maxDepth: number;
  maxFields: number;
  maxChars: number;
}

// Deep enough for any payload a request can carry (wire/json.ts refuses deeper bodies), so depth
// alone never hides a field; many fields or chars past the budget are cut and reported unjudged.
export const DEFAULT_TEXT_LIMITS: TextLimits = { maxDepth: MAX_JSON_DEPTH, maxFields: 16_384, maxChars: 1 << 20 };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

// A path names a key longer than MAX_KEY_IN_PATH by its digest (lib/payload-path.ts `keyRef`): a
// 100 KB key would otherwise be copied into every finding, span and unjudged entry below it.
export const childPath = (parent: string, key: string | number): string =>
  typeof key === "number"
    ? `${parent}[${key}]`
    : key.length > MAX_KEY_IN_PATH
      ? `${parent}[${keyRef(key)}]`
      : IDENTIFIER.test(key)
        ? `${parent}.${key}`
        : `${parent}[${JSON.stringify(key)}]`;

export interface ExtractedTexts {
  fields: TextField[];
  /** Paths below which extraction stopped (depth, field count or character budget). */
  truncated: string[];
}

export function extractTexts(
  value: unknown,
  root = "payload",
  limits: TextLimits = DEFAULT_TEXT_LIMITS,
): ExtractedTexts {
  const fields: TextField[] = [];
  const truncated: string[] = [];
  let chars = 0;
  const visit = (node: unknown, path: string, depth: number): void => {
    if (typeof node === "string") {
      if (fields.length >= limits.maxFields || chars + node.length > limits.maxChars) {
        truncated.push(path);
        return;
      }
      chars += node.length;
      fields.push({ path, text: node });
      return;
    }
    if (node === null || typeof node !== "object") return;
    if (depth >= limits.maxDepth) {
      truncated.push(path);
      return;
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) visit(node[i], childPath(path, i), depth + 1);
      return;
    }
    for (const key of Object.keys(node)) {
      visit((node as Record<string, unknown>)[key], childPath(path, key), depth + 1);
    }
  };
  visit(value, root, 0);
  return { fields, truncated };
}
