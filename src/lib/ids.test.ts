import { describe, expect, test } from "bun:test";
import { randomId, timeOrderedId } from "./ids.ts";

describe("ids", () => {
  test("random ids use the whole alphabet, do not repeat, and cross pool refills", () => {
    const ids = new Set(Array.from({ length: 5000 }, () => randomId(16)));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{16}$/);
  });

  test("time-ordered ids sort by time", () => {
    const a = timeOrderedId("dec_", 1_700_000_000_000);
    const b = timeOrderedId("dec_", 1_700_000_000_001);
    expect(a < b).toBe(true);
    expect(a).toMatch(/^dec_[0-9a-z]{26}$/);
  });
});
