// Property 1 through every door of the compiled binary: what warden could not read is never let
// through as judged (test/adversarial/unjudged.cases.ts).
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { SLOW_TEST_MS } from "../helpers.ts";
import { CASES } from "./unjudged.cases.ts";
import { judgeTable, startAdversary, type Adversary } from "./harness.ts";

setDefaultTimeout(SLOW_TEST_MS * 3);
let adversary: Adversary;
beforeAll(async () => (adversary = await startAdversary()));
afterAll(async () => adversary[Symbol.asyncDispose]());

test("every case is held (or allowed) at every door", async () => {
  expect(await judgeTable(adversary, CASES)).toEqual([]);
});
