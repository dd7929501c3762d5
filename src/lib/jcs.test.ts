import { describe, expect, test } from "bun:test";
import { canonicalJson } from "./jcs.ts";

describe("canonicalJson (RFC 8785)", () => {
  test("sorts members by code units at every depth, drops whitespace", () => {
    expect(canonicalJson({ b: [3, { z: 1, a: null }], a: "x", "\u20ac": 1, "\r": 2 })).toBe('{"\\r":2,"a":"x","b":[3,{"a":null,"z":1}],"€":1}');
  });
  test("numbers serialise as ECMAScript does (RFC 8785 appendix B samples)", () => {
    expect(canonicalJson([1e21, 1e-7, 0.000001, 333333333.33333329, -0, 4.5])).toBe("[1e+21,1e-7,0.000001,333333333.3333333,0,4.5]");
  });
  test("key order of the input does not matter", () => {
    expect(canonicalJson({ x: 1, y: { b: 2, a: 1 } })).toBe(canonicalJson({ y: { a: 1, b: 2 }, x: 1 }));
  });
  test("members already in order, undefined members and empty containers", () => {
    expect(canonicalJson({ a: 1, b: undefined, c: [], d: {}, e: [undefined] })).toBe('{"a":1,"c":[],"d":{},"e":[null]}');
    expect(canonicalJson({ b: undefined, a: 1 })).toBe('{"a":1}');
    // Surrogate pairs order by code unit, not code point: U+1F600 (D83D...) sorts before U+FB01.
    expect(canonicalJson({ "\uFB01": 1, "\u{1F600}": 2 })).toBe('{"\u{1F600}":2,"\uFB01":1}');
  });
});
