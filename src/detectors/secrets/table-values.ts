// Credentials in tables: a `password` or `api_key` column of a CSV export, a query result or an
// INSERT's VALUES holds one credential per row, named by its header as a JSON key names its
// value, and judged the same way (placeholders, masks and low-entropy values are not).
import type { Budget } from "../../engine/budget.ts";
import { cellsUnder, columnHeaderAt } from "../table-columns.ts";
import { scanKeyedValue, type AssignmentOptions } from "./assignments.ts";
import { MAX_HITS_PER_FIELD, type SecretHit } from "./secret-kind.ts";
import { secretNameStrength } from "./secret-names.ts";

const isSecretColumn = (cell: string): boolean => secretNameStrength(cell) !== undefined;

export function scanTableValues(text: string, hits: SecretHit[], budget: Budget, options: AssignmentOptions): void {
  for (const cell of cellsUnder(text, isSecretColumn, MAX_HITS_PER_FIELD)) {
    if (budget.spent()) return;
    const found: SecretHit[] = [];
    scanKeyedValue(columnHeaderAt(text, cell.start), text.slice(cell.start, cell.end), options, found);
    for (const hit of found) hits.push({ ...hit, start: hit.start + cell.start, end: hit.end + cell.start });
  }
}
