// The offset map of a view: edits applied, spans mapped back through every layer, windows.
import { describe, expect, test } from "bun:test";
import { applyEdits, rootView, type Edit } from "./text-view.ts";

const spanOf = (text: string, needle: string) => {
  const start = text.indexOf(needle);
  return { start, end: start + needle.length };
};
const at = (text: string, needle: string): Edit => ({ ...spanOf(text, needle), text: "" });

describe("applyEdits: offsets map back to the text as sent", () => {
  const text = "ab\u200bcd [ENC] ef GH";
  const edits: Edit[] = [
    at(text, "\u200b"),
    { ...at(text, "[ENC]"), text: "xyz!" },
    { ...at(text, "GH"), text: "gh", linear: true },
  ];
  const view = applyEdits(rootView(text), edits, 64);

  test("the view reads the edits in place", () => expect(view.text).toBe("abcd xyz! ef gh"));

  test("every character copied or folded one to one round-trips", () => {
    for (let i = 0; i < view.text.length; i++) {
      const span = view.toOriginal(i, i + 1)!;
      const inAtomic = i >= 5 && i < 9;
      if (!inAtomic) expect([i, text.slice(span.start, span.end).toLowerCase()]).toEqual([i, view.text[i]!]);
    }
  });

  test("any span touching an atomic edit covers the whole of it", () => {
    expect(view.toOriginal(6, 7)).toEqual(spanOf(text, "[ENC]"));
    const across = view.toOriginal(3, 7)!;
    expect(text.slice(across.start, across.end)).toBe("d [ENC]");
  });

  test("a span over a deleted character covers it", () => {
    expect(text.slice(view.toOriginal(1, 3)!.start, view.toOriginal(1, 3)!.end)).toBe("b\u200bc");
  });

  test("changed ranges are the view's edited stretches", () => {
    expect(view.changed.map((r) => view.text.slice(r.start, r.end))).toEqual(["xyz!", "gh"]);
  });

  test("views chain: a second layer maps through the first", () => {
    const inner = applyEdits(view, [{ ...at(view.text, "xyz"), text: "Q" }], 64);
    expect(inner.text).toBe("abcd Q! ef gh");
    expect(inner.toOriginal(5, 6)).toEqual(spanOf(text, "[ENC]"));
    expect(inner.depth).toBe(2);
  });

  test("an empty or inverted span maps to nothing", () => {
    expect([view.toOriginal(3, 3), view.toOriginal(4, 2)]).toEqual([undefined, undefined]);
  });
});

describe("applyEdits: windows", () => {
  test("far from every edit, the text is left out; edges are not cut inside a token", () => {
    const text = `${"word ".repeat(100)}tokenABCDEF [X] ${"word ".repeat(100)}`;
    const view = applyEdits(rootView(text), [{ ...at(text, "[X]"), text: "y" }], 4);
    expect(view.text).toBe("tokenABCDEF y word");
  });
});
