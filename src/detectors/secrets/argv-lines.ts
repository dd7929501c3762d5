// An argv array read as the command line it is. Each element is its own text field, so an option
// whose password sits in a later element (`docker login -u ci -p X`, `htpasswd -b file user X`,
// `redis-cli -a X`, `ldapsearch -w X`, `aws configure set aws_secret_access_key X`) has no context in
// that element alone. The elements are joined with spaces, read by the same scanners as a shell
// string, and each password found is filed back under the element it lies in.
import type { Budget } from "../../engine/budget.ts";
import type { TextField } from "../../engine/text-fields.ts";
import { scanCliCredentials } from "./cli-credentials.ts";
import { scanProgramPasswords } from "./program-passwords.ts";
import { scanPositionalCredentials } from "./positional-credentials.ts";
import type { SecretHit } from "./secret-kind.ts";

const INDEXED = /^(.*)\[(\d+)\]$/;
/** A command line longer than this is not read as one (a script passed as an argument is read on its own). */
const MAX_LINE = 4096;

export interface ArgvHit {
  /** Index of the element's field in the event's fields. */
  index: number;
  hit: SecretHit;
}

interface ArgvLine {
  line: string;
  /** Per element: its field index and where it starts in `line`. */
  elements: { index: number; start: number; length: number }[];
}

/** The argv-like arrays of `fields` (element [0] onwards, consecutive), as joined lines. */
function argvLines(fields: readonly TextField[]): ArgvLine[] {
  const lines: ArgvLine[] = [];
  let current: (ArgvLine & { prefix: string }) | undefined;
  for (const [i, field] of fields.entries()) {
    const indexed = INDEXED.exec(field.path);
    const position = indexed ? Number(indexed[2]) : -1;
    if (current && indexed && indexed[1] === current.prefix && position === current.elements.length) {
      if (current.line.length + field.text.length + 1 > MAX_LINE) {
        current = undefined;
        continue;
      }
      current.elements.push({ index: i, start: current.line.length + 1, length: field.text.length });
      current.line += ` ${field.text}`;
      continue;
    }
    if (current && current.elements.length >= 3) lines.push(current);
    current = indexed && position === 0 && field.text.length <= MAX_LINE
      ? { prefix: indexed[1]!, line: field.text, elements: [{ index: i, start: 0, length: field.text.length }] }
      : undefined;
  }
  if (current && current.elements.length >= 3) lines.push(current);
  return lines;
}

/** Passwords given as options across the elements of every argv-like array in `fields`. */
export function scanArgvLines(fields: readonly TextField[], budget: Budget): ArgvHit[] {
  const found: ArgvHit[] = [];
  for (const { line, elements } of argvLines(fields)) {
    if (budget.spent()) break;
    const hits: SecretHit[] = [];
    scanCliCredentials(line, hits, budget);
    scanProgramPasswords(line, hits, budget);
    scanPositionalCredentials(line, hits, budget);
    for (const hit of hits) {
      const element = elements.find((e) => e.start <= hit.start && hit.end <= e.start + e.length);
      if (element) found.push({ index: element.index, hit: { ...hit, start: hit.start - element.start, end: hit.end - element.start } });
    }
  }
  return found;
}
