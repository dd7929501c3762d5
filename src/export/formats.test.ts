// Wire formats of export: CEF escaping, RFC 5424 over octet-counted TCP framing, HEC envelopes.
import { describe, expect, test } from "bun:test";
import { openChainBook, recordLine } from "./chain.ts";
import { cefLine, cefSeverity, escapeCefHeader, escapeCefValue, hecEvent, syslogFrame } from "./formats.ts";
import type { ExportRecord } from "./record.ts";

const base: ExportRecord = {
  seq: 7, workspace: "ws", event_id: "e|1=x", guard_id: "g", session_id: "s", agent_id: "a", agent_user: "u",
  time: "2026-11-23T10:00:00.123Z", kind: "exec", source: "evaluate", decision: "block", decision_id: "dec_1",
  reasons: ["Remote content | piped\\to=sh\nnext"], categories: ["security.malicious_command"],
  findings: [
    { detector: "shell", category: "security.malicious_command", severity: "high", check_id: "shell.pipe|to=sh", path: "payload.argv[2]", start: 0, end: 5 },
    { detector: "pii", category: "privacy.pii.email", severity: "low", check_id: "pii.email", path: null, start: null, end: null },
  ],
  policy_version: "p1", sensor: null, attestation: "self_declared", latency_ms: 1, content_mode: "none",
};
const sealed = openChainBook([]).seal(base);

describe("CEF", () => {
  test("escapes backslash and pipe in the header; backslash, equals and line breaks in values", () => {
    expect(escapeCefHeader("a|b\\c\nd")).toBe("a\\|b\\\\c d");
    expect(escapeCefValue("a=b\\c\nd\re|f")).toBe("a\\=b\\\\c\\nd\\re|f");
  });

  test("one line: the worst finding's check as signature, the first reason as name, severity 0-10", () => {
    const line = cefLine(sealed, "1.2.3");
    expect(line).not.toContain("\n");
    const [head, ext] = [line.slice(0, line.indexOf("|rt=")), line.slice(line.indexOf("|rt=") + 1)];
    expect(head).toBe("CEF:0|warden|warden|1.2.3|shell.pipe\\|to=sh|Remote content \\| piped\\\\to=sh next|8");
    expect(ext).toContain("externalId=e|1\\=x ");
    expect(ext).toContain("msg=Remote content | piped\\\\to\\=sh\\nnext ");
    expect(ext).toContain(`cs6Label=hash cs6=${sealed.hash}`);
    expect(ext).toContain("cn1Label=seq cn1=7");
    expect(ext).toContain(`rt=${Date.parse(base.time)} act=block`);
  });

  test("severity follows the worst finding, or the decision when nothing was found", () => {
    expect(cefSeverity(sealed)).toBe(8);
    expect(cefSeverity({ ...sealed, findings: [], decision: "block" })).toBe(6);
    expect(cefSeverity({ ...sealed, findings: [], decision: null })).toBe(0);
  });
});

describe("syslog", () => {
  test("RFC 5424 header, the record as MSG, framed by its length in octets (RFC 6587)", () => {
    const record = { ...sealed, reasons: ["d\u00e9j\u00e0 vu"] };
    const framed = new TextDecoder().decode(syslogFrame(record, false, "host one", 42));
    const space = framed.indexOf(" ");
    const message = framed.slice(space + 1);
    expect(Number(framed.slice(0, space))).toBe(new TextEncoder().encode(message).length);
    expect(message).toBe(`<108>1 2026-11-23T10:00:00.123Z hostone warden 42 decision - ${recordLine(record)}`);
    expect(new TextDecoder().decode(syslogFrame({ ...sealed, decision: "allow" }, true, "h", 1))).toMatch(/^\d+ <110>1 \S+ h warden 1 decision - CEF:0\|warden\|/);
  });
});

describe("HEC", () => {
  test("an envelope around the record's canonical bytes", () => {
    const line = hecEvent(sealed, "box");
    expect(JSON.parse(line)).toEqual({ time: 1795428000.123, host: "box", source: "warden", sourcetype: "warden:decision", event: JSON.parse(recordLine(sealed)) });
    expect(line).toContain(`"event":${recordLine(sealed)}}`);
  });
});
