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

// SQL: `INSERT INTO customers (full_name, ssn) VALUES ('Karen Mills', '478-22-9013'), (...)`.
// The column list is the header; each parenthesised tuple after VALUES is a row.
const SQL_INSERT = /(?<![\w])insert\s+into\s+[^\s(]{1,128}\s*\(([^()]{1,2000})\)\s*values\s*/i;
const MAX_TUPLES = 10_000;

interface SqlRows {
  cells: string[];
  /** Offsets of each tuple's `(`, in order; the statement ends at `end`. */
  tuples: number[];
  end: number;
}

/** The tuples of the first INSERT's VALUES, found in one pass that minds quoted strings. */
function findSqlRows(text: string): SqlRows | undefined {
  const m = SQL_INSERT.exec(text);
  if (m === null) return undefined;
  const cells = m[1]!.split(",").map((c) => normaliseCell(c.replace(/[`"'\[\]]/g, "")));
  const tuples: number[] = [];
  let quote = "";
  let depth = 0;
  let i = m.index + m[0].length;
  for (; i < text.length && tuples.length < MAX_TUPLES; i++) {
    const c = text[i]!;
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "(") {
      if (depth === 0) tuples.push(i);
      depth++;
    } else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === ";" && depth === 0) break;
  }
  return tuples.length === 0 ? undefined : { cells, tuples, end: i };
}

/** Index of the last tuple starting at or before `at`, or -1. */
function tupleAt(tuples: readonly number[], at: number): number {
  let [lo, hi] = [0, tuples.length - 1];
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tuples[mid]! <= at) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi;
}

/** The column of `start` inside an INSERT's tuple: commas outside quotes since the tuple opened. */
function sqlColumnAt(text: string, sql: SqlRows, start: number): string {
  if (start > sql.end) return "";
  const index = tupleAt(sql.tuples, start - 1);
  if (index < 0 || start - sql.tuples[index]! > MAX_ROW) return "";
  let quote = "";
  let column = 0;
  for (let i = sql.tuples[index]! + 1; i < start; i++) {
    const c = text[i]!;
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ",") column++;
    else if (c === ")") return "";
  }
  return sql.cells[column] ?? "";
}

// The scanners of one text ask for many positions: the header is read once per text.
let cachedText: string | undefined;
let cachedHeader: TableHeader | undefined;
let cachedSql: SqlRows | undefined;

function headerOf(text: string): TableHeader | undefined {
  if (cachedText !== text) {
    cachedText = text;
    cachedHeader = text.includes("\n") ? findHeader(text) : undefined;
    cachedSql = cachedHeader === undefined && /insert/i.test(text) ? findSqlRows(text) : undefined;
  }
  return cachedHeader;
}

function sqlOf(text: string): SqlRows | undefined {
  headerOf(text);
  return cachedSql;
}

/** True when `text` opens with a table header (or an INSERT's column list) naming a column `pattern`. */
export function hasColumnNamed(text: string, pattern: RegExp | ((cell: string) => boolean)): boolean {
  const cells = headerOf(text)?.cells ?? sqlOf(text)?.cells;
  const matches = typeof pattern === "function" ? pattern : (cell: string) => pattern.test(cell);
  return cells?.some(matches) ?? false;
}

/** The header cell (as lower-case words) of the column `start` sits in, or "" outside a table. */
export function columnHeaderAt(text: string, start: number): string {
  const header = headerOf(text);
  if (header === undefined) {
    const sql = sqlOf(text);
    return sql === undefined ? "" : sqlColumnAt(text, sql, start);
  }
  if (start < header.end) return "";
  const from = Math.max(header.end, start - MAX_ROW);
  const row = text.slice(from, start);
  const newline = row.lastIndexOf("\n");
  if (newline < 0 && from > header.end) return "";
  const column = splitCells(row.slice(newline + 1), header.delimiter).length - 1;
  return header.cells[column] ?? "";
}

type Span = { start: number; end: number };

/**
 * The cells, row by row, of the columns whose header matches `pattern` (a regex or a predicate
 * over the header cell as lower-case words), as spans without surrounding spaces and quotes:
 * the rows of a delimited table, or the tuples of an INSERT's VALUES. At most `limit` cells.
 */
export function cellsUnder(text: string, pattern: RegExp | ((cell: string) => boolean), limit: number): Span[] {
  const matches = typeof pattern === "function" ? pattern : (cell: string) => pattern.test(cell);
  const header = headerOf(text);
  const sql = header === undefined ? sqlOf(text) : undefined;
  const cells = header?.cells ?? sql?.cells;
  if (cells === undefined) return [];
  const columns = new Set(cells.flatMap((cell, i) => (matches(cell) ? [i] : [])));
  if (columns.size === 0) return [];
  const spans: Span[] = [];
  if (sql !== undefined) {
    for (let t = 0; t < sql.tuples.length && spans.length < limit; t++) collectTuple(text, sql.tuples[t]! + 1, columns, spans);
    return spans.slice(0, limit);
  }
  for (let at = header!.end; at < text.length && spans.length < limit; ) {
    const newline = text.indexOf("\n", at);
    const lineEnd = newline < 0 ? text.length : newline;
    if (lineEnd - at <= MAX_ROW) collectCells(text, at, lineEnd, header!.delimiter, columns, spans);
    at = lineEnd + 1;
  }
  return spans.slice(0, limit);
}

/** A cell's span without the spaces and quotes around it, when anything is left. */
function pushTrimmed(text: string, start: number, end: number, spans: Span[]): void {
  while (start < end && /[\s"'`]/.test(text[start]!)) start++;
  while (end > start && /[\s"'`]/.test(text[end - 1]!)) end--;
  if (end > start) spans.push({ start, end });
}

function collectCells(text: string, from: number, to: number, delimiter: string, columns: Set<number>, spans: Span[]): void {
  let column = 0;
  let cellStart = from;
  let quoted = false;
  for (let i = from; i <= to; i++) {
    const c = i < to ? text[i] : delimiter;
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && (!quoted || i === to)) {
      if (columns.has(column)) pushTrimmed(text, cellStart, i, spans);
      column++;
      cellStart = i + 1;
    }
  }
}

/** The cells of one VALUES tuple opening at `from`: commas outside quotes, up to its `)`. */
function collectTuple(text: string, from: number, columns: Set<number>, spans: Span[]): void {
  let quote = "";
  let column = 0;
  let cellStart = from;
  for (let i = from; i < text.length && i - from <= MAX_ROW; i++) {
    const c = text[i]!;
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "," || c === ")") {
      if (columns.has(column)) pushTrimmed(text, cellStart, i, spans);
      if (c === ")") return;
      column++;
      cellStart = i + 1;
    }
  }
}
