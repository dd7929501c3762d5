// Judges a source file an agent writes (Python, JavaScript, PowerShell, ...) by the same
// capability combinations as an inline `python -c` program. A whole file legitimately mixes
// imports and features an attack needs together, so only a few adjacent lines are judged at
// once and import lines are left out: `exec(urlopen(u).read())` is one line, a Python reverse
// shell fits in four, while a client that fetches JSON and later runs `git status` is allowed.
import type { Budget } from "../../engine/budget.ts";
import type { FieldSpan } from "./ast.ts";
import type { CheckId } from "./checks.ts";
import type { TextItem } from "./payload.ts";
import { capabilityChecks } from "./rules/inline-code.ts";
import type { Hit } from "./rules/rule.ts";

const WINDOW_LINES = 4;
const WHOLE_FILE_CHECKS: ReadonlySet<CheckId> = new Set(["shell.mass_encryption", "shell.keystroke_capture"]);
const STEP_LINES = 2;
const MAX_LINE_CHARS = 4096;
/** Windows judged between looks at the clock. */
const BUDGET_STRIDE = 256;
const IMPORT = /^\s*(?:import\s|from\s+\S+\s+import\s|(?:const|let|var)\s+[\w{}\s,:]+=\s*require\(|require\s|use\s|using\s+(?:static\s+)?[\w.]+\s*;|#\s*include)/;

/**
 * Hits of the capability checks over windows of adjacent lines, one per check (over the whole
 * text when `whole`: a program pasted as a command, which no shell would run); `incomplete`
 * when the budget ran out first. A window's text is part of the whole file's, so a file whose
 * whole text combines nothing is done after one pass.
 */
export function judgeSourceCode(item: TextItem, powershell: boolean, budget: Budget, whole = false): { hits: Hit[]; incomplete: boolean } {
  const lines: { start: number; end: number; text: string }[] = [];
  let start = 0;
  for (const raw of item.text.split("\n")) {
    const end = start + raw.length;
    if (!IMPORT.test(raw) && raw.trim() !== "") lines.push({ start, end, text: raw.slice(0, MAX_LINE_CHARS).toLowerCase() });
    start = end + 1;
  }
  const all = capabilityChecks(lines.map((line) => line.text).join("\n"), powershell, true);
  if (all.length === 0) return { hits: [], incomplete: false };
  if (whole) return { hits: all.map((check) => ({ check, span: item.whole ?? { path: item.path, start: item.base ?? 0, end: (item.base ?? 0) + item.text.length } })), incomplete: false };
  const found = new Map<CheckId, FieldSpan>();
  for (let first = 0; first < lines.length; first += STEP_LINES) {
    if (first % BUDGET_STRIDE === 0 && budget.spent()) return { hits: hitsOf(found), incomplete: true };
    const window = lines.slice(first, first + WINDOW_LINES);
    for (const check of capabilityChecks(window.map((line) => line.text).join("\n"), powershell, true)) {
      if (found.has(check)) continue;
      const at = (offset: number) => (item.offsets ? item.offsets(offset) : (item.base ?? 0) + offset);
      const from = at(window[0]?.start ?? 0);
      const to = at(window[window.length - 1]?.end ?? item.text.length);
      found.set(check, item.whole ?? { path: item.path, start: from, end: to });
    }
    if (first + WINDOW_LINES >= lines.length) break;
  }
  // Walking a tree, encrypting and deleting, or reading keys and sending them, are a program's
  // whole purpose rather than a few lines of it: these count anywhere in the file.
  for (const check of all) if (WHOLE_FILE_CHECKS.has(check) && !found.has(check)) found.set(check, item.whole ?? { path: item.path, start: item.base ?? 0, end: (item.base ?? 0) + item.text.length });
  return { hits: hitsOf(found), incomplete: false };
}

const hitsOf = (found: Map<CheckId, FieldSpan>): Hit[] => [...found].map(([check, span]) => ({ check, span }));
