// The shell-effects table (test/adversarial/shell-effects.cases.ts) through every door of the compiled
// binary: evaluate, both hook endpoints, both hook commands and warden exec --check (property 5).
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { SLOW_TEST_MS } from "../helpers.ts";
import { CASES } from "./shell-effects.cases.ts";
import { judgeTable, startAdversary, type Adversary } from "./harness.ts";

setDefaultTimeout(SLOW_TEST_MS * 5);
let adversary: Adversary;
beforeAll(async () => (adversary = await startAdversary()));
afterAll(async () => adversary[Symbol.asyncDispose]());

test("every case is held (or allowed) at every door", async () => {
  expect(await judgeTable(adversary, CASES)).toEqual([]);
});
