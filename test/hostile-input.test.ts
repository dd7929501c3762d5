// Bounded work on hostile input: 1 MiB adversarial texts through every detector via the whole
// evaluate path. Asserted only as "answers 200" (timing belongs in the bench, not in tests).
import { describe, expect, test } from "bun:test";
import { makeEvent, startWarden } from "./helpers.ts";

const MIB = 1024 * 1024;
const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
const patterns = [
  "a", "(", "\\", "$(", "'", "\"", "`", "${", "<<", "|", "&&", ";", " -", "AKIA", "eyJ", "password=", "@", "1.", "::",
  "-----BEGIN ", "http://", "\u200b", "\u{E0041}", "ignore previous instructions ", "%2e%2e/", "a=b;$a", "bash -c '",
];

describe("1 MiB adversarial inputs answer without a 5xx", () => {
  for (const unit of patterns) {
    test(JSON.stringify(unit), async () => {
      await using w = await startWarden({ maxBodyBytes: 4 * MIB });
      const text = fill(unit);
      for (const event of [
        makeEvent({ kind: "tool_call", payload: { name: "Bash", arguments: { command: text } } }),
        makeEvent({ kind: "exec", payload: { argv: ["bash", "-c", text] } }),
        makeEvent({ kind: "tool_result", payload: { name: "WebFetch", result: text } }),
      ]) {
        const res = await w.evaluate(event);
        expect(res.status).toBe(200);
      }
    });
  }
});

describe("names that exist on Object.prototype are ordinary words", () => {
  test("commands, tools and hosts named like prototype members are judged, not failed", async () => {
    await using w = await startWarden();
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      for (const event of [
        makeEvent({ kind: "exec", payload: { argv: [name, "-v", name] } }),
        makeEvent({ kind: "tool_call", payload: { name, arguments: { [name]: name, command: `${name} -v | ${name}` } } }),
        makeEvent({ kind: "tool_call", payload: { name: "Bash", arguments: { command: `${name} -v ${name}=1` } } }),
        makeEvent({ kind: "network", payload: { host: name, port: 80, direction: "egress" } }),
        makeEvent({ kind: "file", payload: { op: name, path: `/home/${name}/.${name}` } }),
      ]) {
        const verdict = (await (await w.evaluate(event)).json()) as Record<string, unknown>;
        expect(verdict["x.svc.unjudged"]).toBeUndefined();
      }
    }
  });
});
