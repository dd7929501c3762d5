// Property 5 (decoders) through every door of the compiled binary: secrets and personal data
// encoded (base64, hex, percent, escapes, full-width, zero-width splits) are found where they are
// sent out, and encoded look-alikes stay allowed (test/adversarial/encodings.cases.ts).
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { SLOW_TEST_MS } from "../helpers.ts";
import { CASES } from "./encodings.cases.ts";
import { judgeTable, startAdversary, type Adversary } from "./harness.ts";

setDefaultTimeout(SLOW_TEST_MS * 3);
let adversary: Adversary;
beforeAll(async () => (adversary = await startAdversary()));
afterAll(async () => adversary[Symbol.asyncDispose]());

test("every case is held (or allowed) at every door", async () => {
  expect(await judgeTable(adversary, CASES)).toEqual([]);
});
