// Issue 15 properties 5, 1 (shell side) and 4, through an in-process warden: every case of the
// shell-effects and file-changes tables as the GuardEvent its harness would send (a Bash tool
// call, or the hook mapping of Write/Edit/MultiEdit/NotebookEdit/apply_patch), judged by the whole
// engine. Held means block or require_approval; allowed means allow. Attack text is data only.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mapToolCall } from "../../src/adapters/tool-mapping.ts";
import type { Verdict } from "../../src/wire/verdict.ts";
import { makeEvent, startWarden, type TestWarden, uniqueId } from "../helpers.ts";
import type { ActionCase, CaseAction } from "./cases.ts";
import { CASES as FILE_CASES } from "./file-changes.cases.ts";
import { CASES as GAP_CASES } from "./guard-gaps.cases.ts";
import { CASES as SHELL_CASES } from "./shell-effects.cases.ts";

let warden: TestWarden;
beforeAll(async () => {
  warden = await startWarden();
});
afterAll(async () => {
  await warden[Symbol.asyncDispose]();
});

function eventOf(action: Exclude<CaseAction, { session: unknown }>, session_id: string) {
  if ("event" in action) return makeEvent({ ...action.event, session_id });
  if ("bash" in action) return makeEvent({ kind: "tool_call", payload: { name: "Bash", arguments: { command: action.bash } }, session_id });
  const mapped = mapToolCall(action.tool, action.input, uniqueId("toolu"), "/home/dev/project");
  return makeEvent({ kind: mapped.kind, payload: mapped.payload, session_id });
}

/** The decision on the case's action; a session's earlier steps are recorded first, in its session. */
async function decisionOf(c: ActionCase): Promise<string> {
  const session_id = uniqueId("s");
  const steps = "session" in c.action ? c.action.session : [c.action];
  for (const step of steps.slice(0, -1)) expect((await warden.evaluate(eventOf(step, session_id))).status).toBe(200);
  const response = await warden.evaluate(eventOf(steps[steps.length - 1]!, session_id));
  expect(response.status).toBe(200);
  return ((await response.json()) as Verdict).decision;
}

// The guard-gaps table replays a red team's findings: its cases are the findings themselves, so
// it is not held to "at least as many variations as issue cases".
describe.each([
  ["shell effects", SHELL_CASES, true],
  ["file changes", FILE_CASES, true],
  ["guard gaps", GAP_CASES, false],
] as const)("%s", (_, cases, variations) => {
  test("ids are unique; new variations at least match the issue's techniques; look-alikes are there", () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    const held = (origin: ActionCase["origin"]) => cases.filter((c) => c.expect === "held" && c.origin === origin).length;
    if (variations) expect(held("new")).toBeGreaterThanOrEqual(held("issue"));
    expect(cases.filter((c) => c.expect === "allowed").length).toBeGreaterThanOrEqual(10);
  });

  for (const c of cases) {
    test(`${c.expect}: ${c.id} (${c.technique})`, async () => {
      const decision = await decisionOf(c);
      if (c.expect === "held") expect(["block", "require_approval"]).toContain(decision);
      else expect(decision).toBe("allow");
    });
  }
});
