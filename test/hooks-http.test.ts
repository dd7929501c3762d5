// POST /hooks/claude-code and /hooks/codex in-process: every fixture of each harness's hook input
// gets the answer it should in the harness's own JSON, and is recorded as the GuardEvent the
// mapping table promises (kind, guard_id = tool-use id, session_id = the harness's session).
import { describe, expect, test } from "bun:test";
import { answerOf, HARNESS_NAMES, loadHookCases } from "./hook-fixtures.ts";
import { startWarden } from "./helpers.ts";

for (const harness of HARNESS_NAMES) {
  describe(`POST /hooks/${harness}`, async () => {
    for (const c of await loadHookCases(harness)) {
      test(c.name, async () => {
        await using w = await startWarden();
        const res = await w.request("POST", `/hooks/${harness}`, { body: c.input });
        expect(res.status).toBe(200);
        const got = answerOf(c.input.hook_event_name as string, (await res.json()) as Record<string, unknown>);
        expect(got.answer).toBe(c.expect.answer);
        if (c.expect.reasonIncludes) expect(got.reason).toContain(c.expect.reasonIncludes);
        if (c.expect.updatedInputExcludes) expect(JSON.stringify(got.updatedInput)).not.toContain(c.expect.updatedInputExcludes);
        const eventId = res.headers.get("x-warden-event-id");
        if (!c.expect.kind) {
          expect(eventId).toBeNull();
          expect(await w.runtime.storage.events.count("ws-test")).toBe(0);
          return;
        }
        const stored = await w.runtime.storage.events.get("ws-test", eventId!);
        expect(stored?.event.kind as string).toBe(c.expect.kind);
        expect(stored?.sessionId).toBe(c.input.session_id as string);
        if (c.input.tool_use_id) expect(stored?.event.guard_id).toBe(c.input.tool_use_id as string);
        expect(stored?.event.subject?.agent_type).toBe(harness);
        if (c.expect.provenanceSource) expect(stored?.event.provenance?.[0]?.source as string).toBe(c.expect.provenanceSource);
      });
    }
  });
}
