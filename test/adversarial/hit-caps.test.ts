// Issue 16, item 5: detectors never stop silently. A span detector keeps at most 256 hits per
// field; 256 decoys in front of the real value used to leave the real one unredacted with
// nothing in `x.svc.unjudged`. Past the cap the field is unjudged, so the policy's on_unjudged
// decides (security: held). Against the compiled binary over HTTP on 127.0.0.1; every value is
// fake and built from parts.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Verdict } from "../../src/wire/verdict.ts";
import { makeEvent, SLOW_TEST_MS } from "../helpers.ts";
import { fakeToken } from "./fakes.ts";
import { startTarget } from "./target.ts";

setDefaultTimeout(SLOW_TEST_MS);


const fakeEmail = (i: number) => [`person.${i}.x`, "gmail.com"].join("@");

/** The verdict on an outgoing chat message holding `text`. */
async function verdictFor(text: string) {
  await using t = await startTarget();
  const res = await t.post("/v1/evaluate", makeEvent({ kind: "tool_call", payload: { name: "mcp__chat__post_message", arguments: { text } } }));
  expect(res.status).toBe(200);
  return (await res.json()) as Verdict;
}

describe("a field with more hits than the cap is unjudged, never half-judged", () => {
  test("256 decoy tokens, then the real one: the field is unjudged and the action held", async () => {
    const decoys = Array.from({ length: 256 }, (_, i) => fakeToken(i + 1)).join("\n");
    const verdict = await verdictFor(`${decoys}\nGITHUB_TOKEN=${fakeToken(9999)}\n`);
    expect(verdict["x.svc.unjudged"]).toContain("payload.arguments.text");
    expect(verdict.decision).toBe("require_approval");
    expect((verdict.reasons ?? []).join(" ")).toContain("reached 256 matches");
  });

  test("256 decoy email addresses, then a real one: the field is unjudged (privacy: the policy decides)", async () => {
    const decoys = Array.from({ length: 256 }, (_, i) => fakeEmail(i)).join(", ");
    const verdict = await verdictFor(`${decoys}, ${fakeEmail(10_000)}`);
    expect(verdict["x.svc.unjudged"]).toContain("payload.arguments.text");
  });

  test("a handful of tokens is judged in full: redacted, nothing unjudged", async () => {
    const verdict = await verdictFor(Array.from({ length: 5 }, (_, i) => fakeToken(i + 1)).join("\n"));
    expect(verdict.decision).toBe("redact");
    expect(verdict["x.svc.unjudged"] ?? []).toEqual([]);
  });
});
