import { describe, expect, test } from "bun:test";
import { jsonDepth, parseJson } from "./json.ts";
import { isRfc3339Utc } from "./validate.ts";

describe("isRfc3339Utc", () => {
  const valid = ["2026-11-23T10:00:00Z", "2026-11-23t10:00:00z", "2024-02-29T23:59:59.999999Z", "2026-01-01T00:00:00+00:00", "2016-12-31T23:59:60Z"];
  const invalid = ["2026-11-23", "2026-11-23 10:00:00Z", "2026-11-23T10:00:00", "2026-11-23T10:00:00+01:00", "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-23T24:00:00Z", "2026-11-23T10:00:00.Z", "20261123T100000Z"];
  for (const v of valid) test(`accepts ${v}`, () => expect(isRfc3339Utc(v)).toBe(true));
  for (const v of invalid) test(`rejects ${v}`, () => expect(isRfc3339Utc(v)).toBe(false));
});

describe("parseJson", () => {
  test("measures depth without being fooled by brackets in strings", () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[{{{{"}]}')).toBe(3);
    expect(jsonDepth('{"a":"\\"[[["}')).toBe(1);
  });
  test("refuses nesting past the bound before parsing", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(parseJson(deep)).toEqual({ ok: false, message: "JSON nests deeper than 64 levels" });
  });
});
