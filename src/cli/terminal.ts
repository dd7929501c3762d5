// What the CLI prints of stored values: agent-controlled text (ids, names, titles, actions) with
// every character that a terminal acts on (C0 and C1 controls, ESC, DEL, line and paragraph
// separators, bidi overrides) shown as a visible \u{..} escape, so no value can add a fake row,
// erase a line, set a link or reorder what an operator reads (ECMA-48; Unicode UAX #9 for bidi).
const ACTIVE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const printable = (value: string): string => value.replace(ACTIVE, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);

/** One tab-separated row whose fields can neither split it nor act on the terminal. */
export const row = (fields: readonly (string | number | null | undefined)[]): string =>
  fields.map((f) => printable(f === null || f === undefined ? "" : String(f))).join("\t");
