// Tables agents read (CSV and TSV exports, psql and mysql results, markdown tables): a value's
// column header names it the way a field name does, so `dob` over `1984-07-23` makes it a date
// of birth and `ni_number` over `QQ123456C` a National Insurance number. The header is the first
// line with delimiters among the first few (a border `+----+` or a caption may come before it).
const DELIMITERS = [",", ";", "\t", "|"] as const;
const MAX_HEADER_LINES = 4;
const MAX_HEADER = 2000;
/** A row longer than this is not read for its column: the count would cost a scan per value. */
const MAX_ROW = 4096;
/** A header cell: a label of up to three words, never a value (no `@`, no leading digit). */
const LABEL_CELL = /^[A-Za-z\u00C0-\u024F_#][\w\u00C0-\u024F.#()\/'-]{0,32}(?: [\w\u00C0-\u024F.#()\/'-]{1,32}){0,2}$/;
const BORDER = /^[\s+|:=-]*$/;

interface TableHeader {
  delimiter: string;
  /** Header cells as lower-case words (`date_of_birth` -> `date of birth`), like field keys. */
  cells: string[];
  /** Offset just past the header line: rows start after it. */
  end: number;
}

/** Cells of one line split on `delimiter` outside double quotes. */
function splitCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let quoted = false;
  let from = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) {
      cells.push(line.slice(from, i));
      from = i + 1;
    }
  }
  cells.push(line.slice(from));
  return cells;
}

const normaliseCell = (cell: string): string =>
  cell.trim().replace(/^"|"$/g, "").replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_\-]+/g, " ").toLowerCase();

function readHeaderLine(line: string, end: number): TableHeader | undefined {
  const delimiter = DELIMITERS.find((d) => line.includes(d));
  if (delimiter === undefined) return undefined;
  const raw = splitCells(line, delimiter).map((c) => c.trim().replace(/^"|"$/g, ""));
  const named = raw.filter((c) => c !== "");
  if (named.length < 2 || !named.every((c) => LABEL_CELL.test(c))) return undefined;
  return { delimiter, cells: raw.map(normaliseCell), end };
}

function findHeader(text: string): TableHeader | undefined {
  let at = 0;
  for (let i = 0; i < MAX_HEADER_LINES && at < MAX_HEADER; i++) {
    const end = text.indexOf("\n", at);
    if (end < 0 || end - at > MAX_HEADER) return undefined;
    const line = text.slice(at, end);
    at = end + 1;
    if (BORDER.test(line)) continue;
    const header = readHeaderLine(line, end + 1);
    if (header) return header;
  }
  return undefined;
}

// The scanners of one text ask for many positions: the header is read once per text.
let cachedText: string | undefined;
let cachedHeader: TableHeader | undefined;

function headerOf(text: string): TableHeader | undefined {
  if (cachedText !== text) {
    cachedText = text;
    cachedHeader = text.includes("\n") ? findHeader(text) : undefined;
  }
  return cachedHeader;
}

/** True when `text` opens with a table header one of whose cells matches `pattern`. */
export function hasColumnNamed(text: string, pattern: RegExp): boolean {
  return headerOf(text)?.cells.some((cell) => pattern.test(cell)) ?? false;
}

/** The header cell (as lower-case words) of the column `start` sits in, or "" outside a table. */
export function columnHeaderAt(text: string, start: number): string {
  const header = headerOf(text);
  if (header === undefined || start < header.end) return "";
  const from = Math.max(header.end, start - MAX_ROW);
  const row = text.slice(from, start);
  const newline = row.lastIndexOf("\n");
  if (newline < 0 && from > header.end) return "";
  const column = splitCells(row.slice(newline + 1), header.delimiter).length - 1;
  return header.cells[column] ?? "";
}
