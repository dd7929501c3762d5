// Placeholder books are bounded (issue 16 item 9): one session keeps at most MAX_REFS_PER_SESSION
// refs, retiring the least recently used; a retired value that returns gets a fresh number, and no
// number ever names two values.
import { describe, expect, test } from "bun:test";
import { createManualClock } from "../lib/clock.ts";
import type { SessionStore } from "../store/types.ts";
import { createSessionTracker, MAX_REFS_PER_SESSION } from "./sessions.ts";

const store: SessionStore = { latestDerived: async () => undefined, get: async () => undefined };

describe("placeholder books", () => {
  test("one session's refs are capped: the least recently used is retired, a used one stays", async () => {
    const tracker = createSessionTracker(store, createManualClock(0));
    const book = await tracker.placeholders("ws", "s-flood", false);
    const first = book.placeholderFor("GITHUB_TOKEN", "fp-keep");
    const retired = book.placeholderFor("GITHUB_TOKEN", "fp-old");
    const names = new Set([first, retired]);
    for (let i = 0; i < MAX_REFS_PER_SESSION * 3; i++) {
      names.add(book.placeholderFor("GITHUB_TOKEN", `fp-${i}`));
      // Kept in use: never the least recently used.
      if (i % 100 === 0) expect(book.placeholderFor("GITHUB_TOKEN", "fp-keep")).toBe(first);
    }
    expect(names.size).toBe(MAX_REFS_PER_SESSION * 3 + 2);
    const again = (await tracker.placeholders("ws", "s-flood", false)).placeholderFor("GITHUB_TOKEN", "fp-old");
    expect(again).not.toBe(retired);
    expect(names.has(again)).toBe(false);
    expect((await tracker.placeholders("ws", "s-flood", false)).placeholderFor("GITHUB_TOKEN", "fp-keep")).toBe(first);
  });

  test("memory stays bounded over a flood of refs in one session", async () => {
    const tracker = createSessionTracker(store, createManualClock(0));
    const book = await tracker.placeholders("ws", "s-big", false);
    Bun.gc(true);
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 200_000; i++) book.placeholderFor("EMAIL", `fingerprint-${i}-${"x".repeat(40)}`);
    Bun.gc(true);
    // 200,000 refs of ~100 bytes kept whole would be ~40 MB; a thousand of them are well under 5.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5 * 1024 * 1024);
  });
});
