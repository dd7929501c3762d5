// The encodings table (issue 15, property 5) through an in-process warden: each action shaped as
// its hook would send it (Bash as a tool call, other tools through the hook mapping, MCP calls
// with MCP provenance, events as given), one session per case so no case leans on another.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { applySpans } from "../../src/wire/payload-spans.ts";
import { mapToolCall } from "../../src/adapters/tool-mapping.ts";
import type { GuardEvent } from "../../src/wire/guard-event.ts";
import type { Verdict } from "../../src/wire/verdict.ts";
import { makeEvent, startWarden, uniqueId, type TestWarden } from "../helpers.ts";
import type { CaseAction } from "./cases.ts";
import { CASES, FAKE, REDACTED } from "./encodings.cases.ts";

/** The GuardEvent a hook (or, for `event`, the caller) would send for `action`. */
function eventOf(action: CaseAction): GuardEvent {
  const session = { session_id: uniqueId("session") };
  if ("bash" in action) return makeEvent({ ...session, kind: "tool_call", payload: { name: "Bash", arguments: { command: action.bash } } });
  if ("event" in action) return makeEvent({ ...session, ...action.event });
  if ("session" in action) throw new Error("the encodings table holds single actions");
  const mapped = mapToolCall(action.tool, action.input, uniqueId("tool"));
  // As hook-event.ts marks them: an MCP server's tool call carries MCP provenance.
  const provenance = mapped.mcpServer ? [{ source: "mcp" as const, trust: "unverified" as const, ref: mapped.mcpServer }] : undefined;
  return makeEvent({ ...session, kind: mapped.kind, payload: mapped.payload, ...(provenance ? { provenance } : {}) });
}

let warden: TestWarden;
beforeAll(async () => {
  warden = await startWarden();
});
afterAll(async () => {
  await warden[Symbol.asyncDispose]();
});

async function judge(event: GuardEvent): Promise<Verdict> {
  const response = await warden.evaluate(event);
  expect(response.status).toBe(200);
  return (await response.json()) as Verdict;
}

describe("encodings: held and allowed", () => {
  test("ids are unique and the table covers the issue and variations of its own", () => {
    expect(new Set([...CASES, ...REDACTED].map((c) => c.id)).size).toBe(CASES.length + REDACTED.length);
    const count = (origin: string, expect: string) => CASES.filter((c) => c.origin === origin && c.expect === expect).length;
    expect(count("new", "held")).toBeGreaterThanOrEqual(count("issue", "held"));
    expect(count("new", "allowed")).toBeGreaterThanOrEqual(8);
  });

  for (const c of CASES) {
    test(`${c.id}: ${c.expect}`, async () => {
      const verdict = await judge(eventOf(c.action));
      const held = verdict.decision === "block" || verdict.decision === "require_approval";
      expect({ held, decision: verdict.decision }).toMatchObject({ held: c.expect === "held" });
    });
  }
});

describe("encodings: redacted over the run that hides the value", () => {
  for (const c of REDACTED) {
    test(c.id, async () => {
      const event = eventOf(c.action);
      const verdict = await judge(event);
      expect(verdict.decision).toBe("redact");
      const spans = verdict.modifications?.spans ?? [];
      const text = String(c.path.split(".").slice(1).reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], event.payload));
      const start = text.indexOf(c.run);
      expect(spans.map(({ path, start, end }) => ({ path, start, end }))).toContainEqual({ path: c.path, start, end: start + c.run.length });
      // What the harness would run instead: the run is gone, a placeholder stands in its place.
      const after = JSON.stringify(applySpans(event.payload, spans));
      expect(after).not.toContain(c.run);
      expect(after).toMatch(/\$\{SVC_[A-Z_]+_\d+\}/);
      // Findings say the value was read encoded and never echo it, decoded or not.
      const found = (verdict.findings ?? []).filter((f) => f.path === c.path && f.start === start);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((f) => f.title?.endsWith("(encoded)"))).toBe(true);
      for (const value of Object.values(FAKE)) expect(JSON.stringify(verdict)).not.toContain(value);
      expect(JSON.stringify(verdict)).not.toContain(c.run);
    });
  }
});
