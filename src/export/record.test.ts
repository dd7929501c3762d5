// Export records per content mode, from events judged by the real engine. The canary: a fake
// AWS key the secrets detector finds must never survive `redacted` (nor `hmac`, nor `none`).
import { describe, expect, test } from "bun:test";
import { makeEvent, startWarden } from "../../test/helpers.ts";
import { createDecisionReader } from "../store/sqlite/export-repo.ts";
import { mask, redactPayload } from "./content.ts";
import { buildRecord } from "./record.ts";

const CANARY = "AKIA4QWERTYZ2XK7PL3M";
const HMAC_KEY = new Uint8Array(32).fill(7);

async function recordedRows() {
  const w = await startWarden();
  const judged = makeEvent({
    payload: { name: "Bash", arguments: { command: `aws configure set aws_access_key_id ${CANARY} && echo done`, note: "hello" } },
  });
  expect((await w.evaluate(judged)).status).toBe(200);
  const ingested = makeEvent({ payload: { name: "Bash", arguments: { command: `echo ${CANARY}` } } });
  expect((await w.ingest([ingested])).status).toBe(207);
  await w.runtime.ingestJudge.drain();
  const rows = await createDecisionReader(w.runtime.storage.db).read({ afterSeq: 0, limit: 10, maxChars: 1 << 20 });
  return { w, rows, judged, ingested };
}

describe("export record", () => {
  test("carries who, what, the decision, findings with offsets and the policy version", async () => {
    const { w, rows, judged } = await recordedRows();
    await using _ = w;
    const { content: _c, ...record } = buildRecord(rows[0]!, { mode: "redacted" });
    expect(record).toEqual({
      seq: 1,
      workspace: "ws-test",
      event_id: judged.event_id,
      guard_id: judged.guard_id,
      session_id: expect.any(String),
      agent_id: expect.stringMatching(/^key:/),
      agent_user: expect.any(String),
      time: "2026-11-23T10:00:00.000Z",
      kind: "tool_call",
      source: "evaluate",
      decision: "redact",
      decision_id: expect.stringMatching(/^dec_/),
      reasons: ["1 credential(s) found: cloud_credential"],
      categories: ["security.secret_leak.cloud_credential"],
      findings: [{
        detector: "secrets", category: "security.secret_leak.cloud_credential", severity: "critical",
        check_id: "secrets.aws_access_key", path: "payload.arguments.command", start: 36, end: 56,
      }],
      policy_version: "builtin-1",
      sensor: null,
      attestation: "self_declared",
      latency_ms: expect.any(Number),
      content_mode: "redacted",
    });
  });

  test("redacted: every finding span masked, the rest kept; an unjudged event is masked whole", async () => {
    const { w, rows } = await recordedRows();
    await using _ = w;
    const judged = buildRecord(rows[0]!, { mode: "redacted" });
    expect(judged.content).toEqual({
      name: "Bash",
      arguments: { command: `aws configure set aws_access_key_id ${mask("security.secret_leak.cloud_credential")} && echo done`, note: "hello" },
    });
    const ingested = buildRecord(rows[1]!, { mode: "redacted" });
    expect(ingested.content).toEqual({ name: mask("unjudged"), arguments: { command: mask("unjudged") } });
    for (const r of [judged, ingested]) expect(JSON.stringify(r)).not.toContain(CANARY);
    const verdict = { ...JSON.parse(rows[0]!.verdict!), findings: [], "x.svc.whitelisted": true };
    const whitelisted = buildRecord({ ...rows[0]!, findings: [], verdict: JSON.stringify(verdict) }, { mode: "redacted" });
    expect(whitelisted.content).toEqual({ name: mask("whitelisted"), arguments: { command: mask("whitelisted"), note: mask("whitelisted") } });
  });

  test("hmac: every string replaced, equal values stay equal; none: no content; full: the stored event", async () => {
    const { w, rows, judged } = await recordedRows();
    await using _ = w;
    const hmac = buildRecord(rows[0]!, { mode: "hmac", hmacKey: HMAC_KEY }).content as { name: string; arguments: { command: string } };
    expect(hmac.name).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(hmac.name).toBe((buildRecord(rows[1]!, { mode: "hmac", hmacKey: HMAC_KEY }).content as { name: string }).name);
    expect(JSON.stringify(hmac)).not.toContain(CANARY);
    expect("content" in buildRecord(rows[0]!, { mode: "none" })).toBe(false);
    // full is the stored event: a judged one has its credential masked in place (offsets kept)...
    const command = (judged.payload.arguments as { command: string }).command;
    const stored = { ...judged, payload: { ...judged.payload, arguments: { command: command.replace(CANARY, "\u2022".repeat(CANARY.length)), note: "hello" } } };
    expect(buildRecord(rows[0]!, { mode: "full" }).content).toEqual(stored);
    expect(JSON.stringify(buildRecord(rows[0]!, { mode: "full" }))).not.toContain(CANARY);
    // ...and so has an ingested one, by the detection that ran after its acknowledgement.
    expect(JSON.stringify(buildRecord(rows[1]!, { mode: "full" }))).not.toContain(CANARY);
    expect(rows[1]!.findings.map((f) => f.checkId)).toEqual(["secrets.aws_access_key"]);
  });
});

describe("redactPayload", () => {
  const payload = { a: "key=SECRETVALUE1 end", b: ["again SECRETVALUE1"], c: { SECRETVALUE1: 1 }, d: "kept" };

  test("scrubs a masked text wherever else it appears, keys included", () => {
    expect(redactPayload(payload, [{ path: "payload.a", start: 4, end: 16, category: "x" }], [])).toEqual({
      a: `key=${mask("x")} end`, b: [`again ${mask("x")}`], c: { [mask("x")]: 1 }, d: "kept",
    });
  });

  test("merges overlapping spans and masks a whole string when offsets do not fit", () => {
    const spans = [{ path: "payload.a", start: 4, end: 10, category: "x" }, { path: "payload.a", start: 8, end: 16, category: "y" }];
    expect((redactPayload(payload, spans, []) as typeof payload).a).toBe(`key=${mask("x")} end`);
    expect((redactPayload(payload, [{ path: "payload.d", start: 2, end: 99, category: "x" }], []) as typeof payload).d).toBe(mask("x"));
  });

  test("a finding it cannot place masks every string (fail closed); unjudged paths are masked whole", () => {
    expect(redactPayload(payload, [{ path: "payload.missing", start: 0, end: 2, category: "x" }], [])).toEqual({
      a: mask("unlocated"), b: [mask("unlocated")], c: { SECRETVALUE1: 1 }, d: mask("unlocated"),
    });
    expect(redactPayload(payload, [{ path: "payload[", category: "x" }], [])).toMatchObject({ d: mask("unlocated") });
    expect(redactPayload(payload, [], ["payload.b"])).toEqual({ ...payload, b: [mask("unjudged")] });
    // A path outside the payload is about the event, not its content.
    expect(redactPayload(payload, [{ path: "subject.agent_id", category: "x" }], [])).toEqual(payload);
  });
});
