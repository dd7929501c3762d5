// A multipart/form-data body (a captured request, a curl trace, a proxy log): each part names its
// field in a `Content-Disposition` header and carries the value after a blank line, so a form's
// `password` field has no `name=value` shape for assignments.ts to read.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { secretNameStrength } from "./secret-names.ts";
import { countClasses, looksLikePlaceholderValue } from "./value-filters.ts";

const FORM_FIELD_SECRET = defineKind(
  "password_assignment", CATEGORIES.password, "medium", "PASSWORD", "Hard-coded password or secret", PRIORITIES.generic,
);

// The part's name, up to three more header lines, the blank line, then a one-line value.
const PART = /Content-Disposition:[ \t]*form-data;[ \t]*name="([^"\r\n]{1,64})"[^\r\n]{0,200}\r?\n(?:[^\r\n]{1,200}\r?\n){0,3}?\r?\n([^\r\n]{6,256})\r?\n/dgi;

/** Appends the values of form parts named like credentials in `text` to `hits`. */
export function scanMultipartFields(text: string, hits: SecretHit[], budget: Budget): void {
  if (!text.includes("form-data")) return;
  PART.lastIndex = 0;
  for (let m = PART.exec(text); m !== null && !budget.spent(); m = PART.exec(text)) {
    const value = m[2]!;
    if (secretNameStrength(m[1]!) !== "strong" || looksLikePlaceholderValue(value) || countClasses(value) < 2 || /\s/.test(value)) continue;
    const [start, end] = m.indices![2]!;
    hits.push({ kind: FORM_FIELD_SECRET, start, end, score: 0.8 });
  }
}
