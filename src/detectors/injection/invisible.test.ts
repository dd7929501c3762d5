import { describe, expect, test } from "bun:test";
import { visibleView } from "./invisible.ts";

describe("visibleView", () => {
  test("text without invisible characters is its own view", () => {
    const view = visibleView("plain text");
    expect([view.text, view.toOriginal(5), view.hidesBetween(0, 10)]).toEqual(["plain text", 5, false]);
  });

  test("removes zero-width, bidi and tag characters and maps offsets back", () => {
    const text = "ig\u200bnore \u202Eall\u{E0041} prior";
    const view = visibleView(text);
    expect(view.text).toBe("ignore all prior");
    expect(text.slice(view.toOriginal(0), view.toOriginal(6))).toBe("ig\u200bnore");
    expect(text.slice(view.toOriginal(11), view.toOriginal(16))).toBe("prior");
    expect(view.hidesBetween(0, 6)).toBe(true);
    expect(view.hidesBetween(11, 16)).toBe(false);
  });
});
