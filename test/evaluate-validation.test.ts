// POST /v1/evaluate input rules: the closed GuardEvent schema, extensions, versions, bad JSON.
import { describe, expect, test } from "bun:test";
import { makeEvent, startWarden } from "./helpers.ts";

const invalid: [string, (e: Record<string, unknown>) => void, string][] = [
  ["unknown top-level field", (e) => (e.colour = "red"), "colour"],
  ["wrong svc_version", (e) => (e.svc_version = "0.6"), "svc_version"],
  ["numeric svc_version", (e) => (e.svc_version = 0.5), "svc_version"],
  ["missing event_id", (e) => delete e.event_id, "event_id"],
  ["empty event_id", (e) => (e.event_id = ""), "event_id"],
  ["empty guard_id", (e) => (e.guard_id = ""), "guard_id"],
  ["unknown kind", (e) => (e.kind = "telepathy"), "kind"],
  ["unknown observation_point", (e) => (e.observation_point = "orbit"), "observation_point"],
  ["timestamp not RFC 3339", (e) => (e.timestamp = "yesterday"), "timestamp"],
  ["timestamp with a non-UTC offset", (e) => (e.timestamp = "2026-11-23T10:00:00+02:00"), "timestamp"],
  ["timestamp on a day that does not exist", (e) => (e.timestamp = "2026-02-30T10:00:00Z"), "timestamp"],
  ["payload not an object", (e) => (e.payload = "ls"), "payload"],
  ["payload missing", (e) => delete e.payload, "payload"],
  ["unknown content_encoding", (e) => (e.content_encoding = "zip"), "content_encoding"],
  ["redacted without redactions", (e) => (e.content_encoding = "redacted"), "redactions"],
  ["redaction with a bad category", (e) => (e.redactions = [{ path: "payload.text", start: 0, end: 1, category: "PII" }]), "redactions[0].category"],
  ["redaction with a negative start", (e) => (e.redactions = [{ path: "payload.text", start: -1, end: 1 }]), "redactions[0].start"],
  ["redaction ending before it starts", (e) => (e.redactions = [{ path: "payload.text", start: 5, end: 1 }]), "redactions[0].end"],
  ["redaction with an unknown field", (e) => (e.redactions = [{ path: "p", start: 0, end: 1, original: "x" }]), "redactions[0].original"],
  ["subject with an unknown field", (e) => (e.subject = { agent_id: "a", role: "admin" }), "subject.role"],
  ["subject with an unknown attestation", (e) => (e.subject = { attestation: "trust_me" }), "subject.attestation"],
  ["subject with an empty agent_id", (e) => (e.subject = { agent_id: "" }), "subject.agent_id"],
  ["sensor without id", (e) => (e.sensor = { class: "kernel" }), "sensor.id"],
  ["sensor with an unknown class", (e) => (e.sensor = { id: "s", class: "magic" }), "sensor.class"],
  ["provenance with an unknown source", (e) => (e.provenance = [{ source: "dream", trust: "trusted" }]), "provenance[0].source"],
  ["provenance without trust", (e) => (e.provenance = [{ source: "web" }]), "provenance[0].trust"],
  ["provenance with an unknown field", (e) => (e.provenance = [{ source: "web", trust: "untrusted", why: 1 }]), "provenance[0].why"],
  ["negative turn", (e) => (e.turn = -1), "turn"],
  ["fractional turn", (e) => (e.turn = 1.5), "turn"],
  ["run_id not a string", (e) => (e.run_id = 7), "run_id"],
  ["authz not an object", (e) => (e.authz = "yes"), "authz"],
  ["unknown llm_protocol", (e) => (e.llm_protocol = "gemini"), "llm_protocol"],
  ["context_refs not strings", (e) => (e.context_refs = [1]), "context_refs[0]"],
  // A key that is not field-shaped (a credential, a long blob) is named by its length only.
  ["an unknown key shaped like a credential", (e) => (e[["AKIA", "R7QW", "M3XZ", "K5TB", "N2VH"].join("")] = 1), "(an unknown field of 20 characters)"],
  ["an unknown 10 KB key inside subject", (e) => (e.subject = { ["k".repeat(10_000)]: 1 }), "subject.(an unknown field of 10000 characters)"],
  ["an unknown key holding an object is named, not the object's keys", (e) => (e.subject = { role: { admin: true } }), "subject.role"],
];

describe("POST /v1/evaluate rejects invalid events with 400 invalid_event naming the field", () => {
  for (const [name, mutate, field] of invalid) {
    test(name, async () => {
      await using w = await startWarden();
      const event = makeEvent() as unknown as Record<string, unknown>;
      mutate(event);
      const res = await w.evaluate(event);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; details: { field: string; message: string }[] };
      expect(body.error).toBe("invalid_event");
      expect(body.details.map((d) => d.field)).toContain(field);
      expect(JSON.stringify(body)).not.toContain("AKIA");
      for (const d of body.details) expect(typeof d.message).toBe("string");
      expect(await w.runtime.storage.events.count("ws-test")).toBe(0);
    });
  }
});

describe("POST /v1/evaluate accepts what the interface allows", () => {
  test("run_id, turn and authz extension fields are accepted", async () => {
    await using w = await startWarden();
    const res = await w.evaluate(makeEvent({ run_id: "run-1", turn: 0, authz: { mode: "auto" } }));
    expect(res.status).toBe(200);
  });

  test("x.-prefixed extension keys are ignored, not rejected and not stored", async () => {
    await using w = await startWarden();
    const event = { ...makeEvent(), "x.vendor.trace": { id: 1 }, "x.svc.whatever": true };
    const res = await w.evaluate(event);
    expect(res.status).toBe(200);
    const stored = await w.runtime.storage.events.get("ws-test", event.event_id);
    expect(Object.keys(stored!.event).some((k) => k.startsWith("x."))).toBe(false);
  });

  test("a full event with every optional field is accepted", async () => {
    await using w = await startWarden();
    const res = await w.evaluate(
      makeEvent({
        session_id: "s-1",
        sensor: { id: "claude-code-hook", class: "in_process", version: "1.2.3" },
        llm_protocol: null,
        subject: {
          agent_id: "agent-1", agent_type: "claude-code", agent_workspace: "team-a", agent_owner: "ops",
          agent_user: "alice", sandbox_id: "sb", parent_agent_id: "root", delegation_chain: ["root", "agent-1"],
          attestation: "client_key",
        },
        content_encoding: "redacted",
        redactions: [{ path: "payload.text", start: 0, end: 4, category: "privacy.pii.email", operator: "replace", ref: "${SVC_EMAIL_1}" }],
        context_refs: ["e-0"],
        provenance: [{ source: "web", trust: "untrusted", ref: "https://x", taint_tags: ["external_content"] }],
        timestamp: "2026-11-23T10:00:00.123456+00:00",
      }),
    );
    expect(res.status).toBe(200);
  });

  for (const version of ["0.1", "0.2", "0.3", "0.4"]) {
    test(`version ${version} is accepted and normalised to 0.5`, async () => {
      await using w = await startWarden();
      const event = makeEvent({
        svc_version: version as "0.5",
        content_encoding: "redacted",
        redactions: [{ path: "payload.text", start: 0, end: 3, category: "safety.pii.email" }],
      });
      const res = await w.evaluate(event);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { svc_version: string }).svc_version).toBe("0.5");
      const stored = await w.runtime.storage.events.get("ws-test", event.event_id);
      expect(stored!.event.svc_version).toBe("0.5");
      expect(stored!.event.redactions![0]!.category).toBe("privacy.pii.email");
    });
  }
});

describe("malformed bodies are invalid_event", () => {
  const bodies: [string, string][] = [
    ["not JSON", "{not json"],
    ["truncated JSON", '{"svc_version":"0.5"'],
    ["a JSON array", "[]"],
    ["a JSON string", '"hello"'],
    ["null", "null"],
    ["empty body", ""],
    ["nesting past the bound", `{"payload":${"[".repeat(5000)}${"]".repeat(5000)}}`],
  ];
  for (const [name, body] of bodies) {
    test(name, async () => {
      await using w = await startWarden();
      const res = await w.request("POST", "/v1/evaluate", { body, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe("invalid_event");
    });
  }

  test("invalid UTF-8", async () => {
    await using w = await startWarden();
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    const res = await w.runtime.app.handle(
      new Request("http://localhost/v1/evaluate", {
        method: "POST",
        body: bytes,
        headers: { authorization: `Bearer ${w.key}`, "content-type": "application/json" },
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_event", details: [{ field: "(body)", message: "body is not valid UTF-8" }] });
  });
});
