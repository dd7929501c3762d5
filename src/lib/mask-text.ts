// Masking sensitive text in place: each hidden character becomes one bullet, so a string keeps its
// length and every offset into it still points at the same place. Shared by what warden stores
// (engine/stored-event.ts) and what the console shows (http/routes/console-event-view.ts).

export const MASK_CHAR = "\u2022";
/** Shorter values are masked where found but not hunted elsewhere: too likely to hit ordinary text. */
export const MIN_SCRUB_LENGTH = 4;

/** Secret and personal-data categories: never shown, and secrets never stored in the clear. */
export const isMaskedCategory = (category: string): boolean =>
  category === "security.secret_leak" || category.startsWith("security.secret_leak.") || category.startsWith("privacy.");

export const maskOf = (text: string): string => MASK_CHAR.repeat(text.length);

/** Replaces every occurrence of a hidden value (and its JSON-escaped form) in one string. */
export function scrubText(text: string, hidden: readonly string[]): string {
  let out = text;
  for (const secret of hidden) {
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1)])) {
      if (form.length >= MIN_SCRUB_LENGTH && out.includes(form)) out = out.split(form).join(maskOf(form));
    }
  }
  return out;
}

/** Every string inside `value` scrubbed; keys too, since a payload can put a secret in a key. */
export function scrubDeep(value: unknown, hidden: readonly string[]): unknown {
  if (hidden.length === 0) return value;
  if (typeof value === "string") return scrubText(value, hidden);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, hidden));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubText(k, hidden), scrubDeep(v, hidden)]));
}
