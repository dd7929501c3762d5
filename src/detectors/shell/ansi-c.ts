// Decoding of escape sequences: bash `$'..'` strings and the `printf`/`echo -e` escapes, which
// attackers use to spell command names (`$'\x63url'`) that no plain string match would see.

const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c);
const isOctal = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "7";

/** Reads digits of one kind starting at `from`, at most `max` of them. */
function readDigits(
  text: string,
  from: number,
  max: number,
  limit: number,
  accept: (c: string | undefined) => boolean,
): string {
  let end = from;
  while (end < limit && end - from < max && accept(text[end])) end++;
  return text.slice(from, end);
}

const codePoint = (digits: string, radix: number): string => {
  const value = Number.parseInt(digits, radix);
  return value <= 0x10ffff ? String.fromCodePoint(value) : "";
};

/**
 * Decodes one escape whose backslash is at `at`; returns the text and the offset after it.
 * `octalNeedsZero` selects the `echo -e` form (`\0nnn`) over the `$'..'`/printf form (`\nnn`).
 */
export function decodeEscape(
  text: string,
  at: number,
  limit: number,
  octalNeedsZero = false,
): { value: string; end: number } {
  const c = at + 1 < limit ? text[at + 1] : undefined;
  if (c === undefined) return { value: "\\", end: at + 1 };
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return { value: simple, end: at + 2 };
  if (c === "x") {
    const digits = readDigits(text, at + 2, 2, limit, isHex);
    return digits ? { value: codePoint(digits, 16), end: at + 2 + digits.length } : { value: "\\x", end: at + 2 };
  }
  if (c === "u" || c === "U") {
    const digits = readDigits(text, at + 2, c === "u" ? 4 : 8, limit, isHex);
    return digits ? { value: codePoint(digits, 16), end: at + 2 + digits.length } : { value: `\\${c}`, end: at + 2 };
  }
  if (c === "c" && at + 2 < limit) {
    return { value: String.fromCharCode((text.charCodeAt(at + 2) & 0x1f) >>> 0), end: at + 3 };
  }
  const octalStart = octalNeedsZero ? (c === "0" ? at + 2 : -1) : at + 1;
  if (octalStart !== -1 && (octalNeedsZero || isOctal(c))) {
    const digits = readDigits(text, octalStart, 3, limit, isOctal);
    return { value: codePoint(digits || "0", 8), end: octalStart + digits.length };
  }
  return { value: `\\${c}`, end: at + 2 };
}

/** Decodes a `$'..'` body starting at `start`; returns the value and the offset after `'`. */
export function decodeAnsiC(text: string, start: number, limit: number): { value: string; end: number } {
  let value = "";
  let i = start;
  while (i < limit) {
    const c = text[i] as string;
    if (c === "'") return { value, end: i + 1 };
    if (c === "\\") {
      const decoded = decodeEscape(text, i, limit);
      value += decoded.value;
      i = decoded.end;
      continue;
    }
    value += c;
    i++;
  }
  return { value, end: limit };
}

/** Expands the escapes `printf` (format) or `echo -e` would; everything else is kept. */
export function decodeEchoEscapes(text: string, octalNeedsZero: boolean): string {
  if (!text.includes("\\")) return text;
  let value = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "\\") {
      value += text[i];
      i++;
      continue;
    }
    const decoded = decodeEscape(text, i, text.length, octalNeedsZero);
    value += decoded.value;
    i = decoded.end;
  }
  return value;
}
