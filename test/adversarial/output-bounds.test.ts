// Issue 16, item 1: every output has a size bound derived from its input's. The worst shapes an
// agent can send in one request of at most 1 MiB (long keys, many keys, deep paths, many hits)
// must not produce more than a small multiple of the request in the answer or on disk. Against
// the compiled binary over HTTP on 127.0.0.1; every value is fake and built from parts.
import { Database } from "bun:sqlite";
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { applySpans } from "../../src/wire/payload-spans.ts";
import type { Verdict } from "../../src/wire/verdict.ts";
import { makeEvent, SLOW_TEST_MS } from "../helpers.ts";
import { fakeToken } from "./fakes.ts";
import { startTarget, type Target } from "./target.ts";

setDefaultTimeout(SLOW_TEST_MS * 4);


const dirBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? dirBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);

const call = (args: Record<string, unknown>) => makeEvent({ kind: "tool_call", payload: { name: "mcp__notes__create", arguments: args } });
const longKey = (n: number) => "k".repeat(n);

const SHAPES: [string, () => unknown][] = [
  ["one 100 KB key holding 256 token-shaped strings", () => call({ [longKey(100_000)]: Array.from({ length: 256 }, (_, i) => fakeToken(i + 1)) })],
  ["one 100 KB key over 4,400 empty strings", () => call({ [longKey(100_000)]: Array.from({ length: 4_400 }, () => "") })],
  ["9,000 keys of 64 characters, each a token", () => call(Object.fromEntries(Array.from({ length: 9_000 }, (_, i) => [`${String(i).padStart(6, "0")}${"x".repeat(58)}`, fakeToken(i)])))],
  ["a path 60 levels deep of 1 KB keys, a token at the bottom", () => {
    let node: unknown = { secret: fakeToken(7) };
    for (let i = 0; i < 60; i++) node = { [`${i}${"d".repeat(1_000)}`]: node };
    return call({ deep: node });
  }],
  ["4,000 fields of 40 tokens each", () => call({ rows: Array.from({ length: 4_000 }, (_, i) => Array.from({ length: 40 }, (_, j) => fakeToken(i * 40 + j)).join(" ").slice(0, 240)) })],
];

async function measure(t: Target, body: string) {
  const before = dirBytes(t.dataDir);
  const res = await t.post("/v1/evaluate", body);
  const answer = await res.text();
  // Let the writer and the checkpointer settle before weighing the directory again.
  await Bun.sleep(200);
  return { status: res.status, answer, grew: dirBytes(t.dataDir) - before };
}

describe("no request of at most 1 MiB makes more than a small multiple of itself", () => {
  for (const [name, shape] of SHAPES) {
    test(name, async () => {
      await using t = await startTarget();
      const body = JSON.stringify(shape());
      expect(body.length).toBeLessThanOrEqual(1024 * 1024);
      const { status, answer, grew } = await measure(t, body);
      expect(status).toBe(200);
      const verdict = JSON.parse(answer) as Verdict;
      expect(["allow", "redact", "block", "require_approval"]).toContain(verdict.decision);
      // The answer: at most 4x the request plus 64 KB; the data directory: at most 8x plus 4 MB
      // (the WAL grows in pages, and the first write makes the schema).
      expect(answer.length).toBeLessThan(body.length * 4 + 64 * 1024);
      expect(grew).toBeLessThan(body.length * 8 + 4 * 1024 * 1024);
      for (const path of (verdict["x.svc.unjudged"] as string[] | undefined) ?? []) expect(path.length).toBeLessThan(8 * 1024);
      for (const f of verdict.findings ?? []) expect((f.path ?? "").length).toBeLessThan(8 * 1024);
    });
  }
});

describe("a value under a long key is still redacted where it is", () => {
  test("the span names the key by its digest; applied, it replaces the value under that key; the stored row holds no token", async () => {
    await using t = await startTarget();
    const key = longKey(300);
    const token = fakeToken(42);
    const event = call({ [key]: `token=${token}`, other: "kept" });
    const verdict = (await (await t.post("/v1/evaluate", event)).json()) as Verdict;
    expect(verdict.decision).toBe("redact");
    const spans = verdict.modifications!.spans!;
    expect(spans.map((s) => s.path)).toEqual([expect.stringMatching(/^payload\.arguments\[#k:[0-9a-f]{32}\]$/)]);
    // What a PEP does with the answer: the same key, the value redacted, the rest untouched.
    const applied = applySpans(event.payload, spans) as { arguments: Record<string, string> };
    expect(Object.keys(applied.arguments)).toEqual([key, "other"]);
    expect(applied.arguments[key]).toMatch(/^token=\$\{SVC_/);
    expect(applied.arguments.other).toBe("kept");
    const db = new Database(join(t.dataDir, "warden.db"), { readonly: true });
    try {
      const row = db.query("SELECT event FROM events WHERE event_id = ?").get(event.event_id) as { event: string };
      expect(row.event).toContain(key);
      expect(row.event).not.toContain(token);
    } finally {
      db.close();
    }
  });
});
