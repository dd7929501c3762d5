// The chain and its offline verifier: links per workspace from "genesis", and any changed,
// dropped or reordered byte or record fails verification.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../../test/helpers.ts";
import { canonicalJson, sha256Hex } from "../lib/jcs.ts";
import { GENESIS, openChainBook, recordLine } from "./chain.ts";
import type { ExportRecord, SealedRecord } from "./record.ts";
import { createLineVerifier, verifyFiles } from "./verify.ts";

const record = (seq: number, workspace: string, content: unknown = { text: `line ${seq}` }): ExportRecord => ({
  seq, workspace, event_id: `e-${seq}`, guard_id: `g-${seq}`, session_id: "s", agent_id: "a", agent_user: "u",
  time: new Date(Date.UTC(2026, 10, 23, 10, 0, seq)).toISOString(), kind: "tool_call", source: "evaluate",
  decision: "allow", decision_id: null, reasons: ["fine \u00e9\u001f"], categories: [], findings: [], policy_version: "p1",
  sensor: null, attestation: "self_declared", latency_ms: 0.25, content_mode: "redacted", content,
});

const sealAll = (records: ExportRecord[]) => {
  const book = openChainBook([]);
  return records.map((r) => book.seal(r));
};
const fileOf = (sealed: SealedRecord[]) => sealed.map((r) => `${recordLine(r)}\n`).join("");
/** What verifyFiles does with one file's bytes, without the file. */
const check = (input: string | Uint8Array) => {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const verifier = createLineVerifier();
  let start = 0;
  for (let nl = bytes.indexOf(10); nl !== -1; nl = bytes.indexOf(10, start)) {
    if (nl === start) return "empty line";
    const reason = verifier.check(bytes.subarray(start, nl));
    if (reason) return reason;
    start = nl + 1;
  }
  return start === bytes.length ? undefined : "no final newline";
};

describe("chain", () => {
  test("hash = sha256(prev_hash + \\n + JCS(record without hash)); chains are per workspace", () => {
    const [a1, b1, a2] = sealAll([record(1, "a"), record(2, "b"), record(3, "a")]);
    expect(a1!.prev_hash).toBe(GENESIS);
    expect(b1!.prev_hash).toBe(GENESIS);
    expect(a2!.prev_hash).toBe(a1!.hash);
    const { hash, ...rest } = a2!;
    expect(hash).toBe(`sha256:${sha256Hex(`${a1!.hash}\n${canonicalJson(rest)}`)}`);
  });

  test("a book continues from persisted heads and reports what it moved", () => {
    const first = openChainBook([]);
    const a1 = first.seal(record(1, "a"));
    const next = openChainBook(first.moved());
    expect(next.seal(record(2, "a")).prev_hash).toBe(a1.hash);
    expect(next.moved()).toEqual([{ workspaceId: "a", lastSeq: 2, lastHash: next.heads().get("a")!, records: 1 }]);
  });
});

describe("verify", () => {
  const good = fileOf(sealAll([record(1, "a"), record(2, "b"), record(3, "a", { nested: ["x", 1.5, null] })]));

  test("a good file passes", () => {
    expect(check(good)).toBeUndefined();
  });

  test("flipping any one byte, any way, fails", () => {
    const bytes = new TextEncoder().encode(good);
    // 0x01 changes a value; 0x20 swaps letter case (an escape like \u001f vs \u001F parses the same).
    for (const bit of [0x01, 0x20, 0x80]) {
      for (let i = 0; i < bytes.length; i++) {
        const copy = bytes.slice();
        copy[i]! ^= bit;
        if (!check(copy)) throw new Error(`flipping bit ${bit} of byte ${i} went unnoticed`);
      }
    }
  });

  test("a dropped, duplicated or reordered record fails", () => {
    const lines = fileOf(sealAll([record(1, "a"), record(2, "a"), record(3, "a")])).split("\n").slice(0, -1);
    expect(check([lines[0], lines[2]].join("\n") + "\n")).toContain("prev_hash does not link");
    expect(check([lines[0], lines[0], lines[1]].join("\n") + "\n")).toContain("does not follow");
    expect(check([lines[1], lines[0]].join("\n") + "\n")).toContain("starts after");
    expect(check(lines[2] + "\n")).toContain("starts after");
  });

  test("files verify as one log, with anchors for chains whose start was rotated away", async () => {
    using dir = tempDir();
    const lines = good.split("\n");
    const [older, newer] = [join(dir.path, "x.1"), join(dir.path, "x")];
    writeFileSync(older, `${lines[0]}\n${lines[1]}\n`);
    writeFileSync(newer, `${lines[2]}\n`);
    const both = await verifyFiles([older, newer]);
    expect(both).toMatchObject({ ok: true, records: 3 });
    expect(await verifyFiles([newer, older])).toMatchObject({ ok: false, file: newer, line: 1 });
    const a1 = JSON.parse(lines[0]!).hash as string;
    expect(await verifyFiles([newer], { anchors: new Map([["a", a1]]) })).toMatchObject({ ok: true, records: 1 });
    writeFileSync(newer, lines[2]!);
    expect(await verifyFiles([older, newer])).toMatchObject({ ok: false, line: 1, reason: expect.stringContaining("no newline") });
  });
});
