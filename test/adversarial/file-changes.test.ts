// The file-changes table (test/adversarial/file-changes.cases.ts) through every door of the compiled
// binary: evaluate, both hook endpoints and both hook commands (property 4).
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { SLOW_TEST_MS } from "../helpers.ts";
import { CASES } from "./file-changes.cases.ts";
import { judgeTable, startAdversary, type Adversary } from "./harness.ts";

setDefaultTimeout(SLOW_TEST_MS * 5);
let adversary: Adversary;
beforeAll(async () => (adversary = await startAdversary()));
afterAll(async () => adversary[Symbol.asyncDispose]());

test("every case is held (or allowed) at every door", async () => {
  expect(await judgeTable(adversary, CASES)).toEqual([]);
});
