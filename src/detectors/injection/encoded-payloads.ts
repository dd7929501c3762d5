// Base64 blocks that decode to readable text. Hashes, keys and binary blobs decode to noise and
// are dropped; only readable text is handed back to be scanned for instructions. Work is bounded:
// a few candidates per text, each decoded up to a fixed size.

import { decodeBase64 } from "../decoding/base64.ts";

export interface EncodedBlock {
  start: number;
  end: number;
  decoded: string;
}

// Starting only at the start of a run keeps near-misses linear: a run of 31 characters would
// otherwise be tried from each of its positions.
const CANDIDATE = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{32,}={0,2}/g;
const MAX_CANDIDATES = 12;
const MAX_ENCODED = 8192;

/** Base64 of prose mixes cases; hex digests, paths and identifiers mostly do not. */
const looksEncoded = (s: string): boolean => {
  const head = s.slice(0, 256);
  return /[A-Z]/.test(head) && /[a-z]/.test(head);
};

/** Readable ASCII prose: almost all printable, with spaces between words. */
export function isReadable(decoded: string, minSpaces = 2): boolean {
  if (decoded.length < 12) return false;
  let printable = 0;
  let spaces = 0;
  for (let i = 0; i < decoded.length; i++) {
    const c = decoded.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x0d || c === 0x09) printable++;
    if (c === 0x20) spaces++;
  }
  return printable >= decoded.length * 0.95 && spaces >= minSpaces;
}

/** Base64 candidates in `text` that decode to readable text. */
export function findEncodedBlocks(text: string): EncodedBlock[] {
  const blocks: EncodedBlock[] = [];
  CANDIDATE.lastIndex = 0;
  let tried = 0;
  let m: RegExpExecArray | null;
  while (tried < MAX_CANDIDATES && (m = CANDIDATE.exec(text)) !== null) {
    if (!looksEncoded(m[0])) continue;
    tried++;
    const decoded = decodeBase64(m[0], MAX_ENCODED);
    if (decoded !== undefined && isReadable(decoded)) {
      blocks.push({ start: m.index, end: m.index + m[0].length, decoded });
    }
  }
  return blocks;
}
