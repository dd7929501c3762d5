import { describe, expect, test } from "bun:test";
import { asciiLower, caseless, caselessTest, searchIn } from "./lower-case.ts";

const matches = (re: RegExp, text: string) => [...text.matchAll(new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`))].map((m) => [m.index, m[0].length]);

describe("a /i search run on the lower-cased text", () => {
  const patterns = [
    /(?<![a-z])(?:passport|pass(?:nummer|nr))(?:[\s_-]*(?:no|nr|number|#))?(?![a-z])/gi,
    /\bIGNORE\s+ALL\b|[A-Z]{2}\d{6}/gi,
    /[^A-Z\s]{3}-\d/gi,
  ];
  const texts = [
    "Passport No: X1234567, PASSNR 99; passports and a Pass-Nummer.",
    "Ignore  all of it; AB123456 and ab654321; iGnOrE aLl",
    "abc-1 ABC-2 a B-3 xyz-9",
  ];
  test("finds what the pattern finds, at the same offsets, in ASCII text", () => {
    for (const pattern of patterns) {
      for (const text of texts) {
        const [re, subject] = searchIn(caseless(pattern), text);
        expect(subject).not.toBe(text);
        expect(matches(re, subject)).toEqual(matches(pattern, text));
      }
    }
  });

  test("text with other characters is searched as sent, with the pattern itself", () => {
    const search = caseless(/straße/i);
    const text = "Hauptstraße 5, İstanbul";
    expect(asciiLower(text)).toBeUndefined();
    const [re, subject] = searchIn(search, text);
    expect(re).toBe(search.pattern);
    expect(subject).toBe(text);
    expect(caselessTest(search, "HAUPTSTRASSE")).toBe(false);
    expect(caselessTest(search, text)).toBe(true);
  });
});
