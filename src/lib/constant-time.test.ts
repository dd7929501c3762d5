import { expect, test } from "bun:test";
import { equalBytes } from "./constant-time.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);

test("equal bytes are equal; a difference anywhere, or another length, is not", () => {
  expect(equalBytes(bytes(1, 2, 3), bytes(1, 2, 3))).toBe(true);
  expect(equalBytes(bytes(), bytes())).toBe(true);
  expect(equalBytes(bytes(1, 2, 3), bytes(0, 2, 3))).toBe(false);
  expect(equalBytes(bytes(1, 2, 3), bytes(1, 2, 2))).toBe(false);
  expect(equalBytes(bytes(1, 2, 3), bytes(1, 2))).toBe(false);
  // Every bit counts: values that differ in the high bit only.
  expect(equalBytes(bytes(0x80), bytes(0x00))).toBe(false);
});
