// Checks exported JSONL offline: every line is a record in canonical form (RFC 8785), its hash
// recomputes, and its prev_hash links to the previous record of its workspace. Any changed byte
// fails one of the three; the first failure is reported with file and line.
import { canonicalJson } from "../lib/jcs.ts";
import { chainHash, GENESIS } from "./chain.ts";

export type VerifyResult =
  | { ok: true; records: number; heads: Map<string, string> }
  | { ok: false; file: string; line: number; reason: string };

export interface VerifyOptions {
  /** Where a workspace's chain starts when earlier files are gone (rotated away): its prev_hash. */
  anchors?: Map<string, string>;
}

export interface LineVerifier {
  /** undefined when the line is a good next record; otherwise why not. */
  check(bytes: Uint8Array): string | undefined;
  records(): number;
  heads(): Map<string, string>;
}

export function createLineVerifier(options: VerifyOptions = {}): LineVerifier {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const heads = new Map<string, string>();
  let lastSeq = -Infinity;
  let count = 0;
  const check = (bytes: Uint8Array): string | undefined => {
    let line: string;
    try {
      line = decoder.decode(bytes);
    } catch {
      return "not valid UTF-8";
    }
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return "not valid JSON";
    }
    if (record === null || typeof record !== "object" || Array.isArray(record)) return "not a JSON object";
    const { hash, prev_hash: prev, workspace, seq } = record;
    if (typeof hash !== "string" || typeof prev !== "string" || typeof workspace !== "string" || !Number.isSafeInteger(seq)) {
      return "missing seq, workspace, prev_hash or hash";
    }
    if (canonicalJson(record) !== line) return "not in canonical form (RFC 8785): its bytes were changed";
    const { hash: _, ...unsealed } = record;
    if (chainHash(unsealed as typeof unsealed & { prev_hash: string }) !== hash) return "hash does not match the record's content";
    if ((seq as number) <= lastSeq) return `seq ${seq} does not follow seq ${lastSeq}`;
    const expected = heads.get(workspace) ?? options.anchors?.get(workspace) ?? GENESIS;
    if (prev !== expected) {
      return heads.has(workspace) || options.anchors?.has(workspace)
        ? `prev_hash does not link to the previous record of workspace ${JSON.stringify(workspace)}`
        : `workspace ${JSON.stringify(workspace)} starts after ${prev}, not at ${GENESIS}: give the earlier files first, or --anchor ${workspace}=${prev}`;
    }
    heads.set(workspace, hash);
    lastSeq = seq as number;
    count++;
    return undefined;
  };
  return { check, records: () => count, heads: () => heads };
}

/** Verifies the files in order as one log (rotated files oldest first: PATH.2, PATH.1, PATH). */
export async function verifyFiles(paths: readonly string[], options: VerifyOptions = {}): Promise<VerifyResult> {
  const verifier = createLineVerifier(options);
  for (const file of paths) {
    const failure = await verifyFile(file, verifier);
    if (failure) return { ok: false, file, ...failure };
  }
  return { ok: true, records: verifier.records(), heads: verifier.heads() };
}

async function verifyFile(file: string, verifier: LineVerifier): Promise<{ line: number; reason: string } | undefined> {
  let pending = new Uint8Array(0);
  let line = 0;
  for await (const chunk of Bun.file(file).stream()) {
    const bytes = concat(pending, chunk);
    let start = 0;
    for (let nl = bytes.indexOf(10, start); nl !== -1; nl = bytes.indexOf(10, start)) {
      line++;
      if (nl === start) return { line, reason: "empty line" };
      const reason = verifier.check(bytes.subarray(start, nl));
      if (reason) return { line, reason };
      start = nl + 1;
    }
    pending = bytes.slice(start);
  }
  if (pending.length > 0) return { line: line + 1, reason: "the last line has no newline: the file was cut short or changed" };
  return undefined;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
