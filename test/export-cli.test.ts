// `warden export` and `warden audit` as operators run them, beside a live writer on the same data
// directory, and the export and retention flags of `serve` with every error listed together.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resolveServeConfig } from "../src/config/serve-config.ts";
import { makeEvent, SLOW_TEST_MS, startWarden, tempDir, type TestWarden } from "./helpers.ts";

setDefaultTimeout(SLOW_TEST_MS);

const main = join(import.meta.dir, "..", "src", "main.ts");
const warden = (args: string[]) => {
  const run = Bun.spawnSync([process.execPath, main, ...args], { stdout: "pipe", stderr: "pipe" });
  return { code: run.exitCode, out: run.stdout.toString(), err: run.stderr.toString() };
};

/** Six events in ws-test and six in ws-other, one after the other: seq 1, 3, ... are ws-test's. */
async function interleave(w: TestWarden) {
  const other = await w.mintKey("ws-other");
  for (let i = 0; i < 6; i++) {
    expect((await w.evaluate(makeEvent())).status).toBe(200);
    expect((await w.evaluate(makeEvent(), { authorization: `Bearer ${other}` })).status).toBe(200);
  }
}

describe("warden export and audit", () => {
  test("dumps a slice of the log in each format, read-only beside a running writer; the dump verifies", async () => {
    using dir = tempDir();
    await using w = await startWarden({ dataDir: dir.path });
    await interleave(w);
    const sliced = warden(["export", "--data", dir.path, "--workspace", "ws-test", "--since", "3", "--until", "9"]);
    expect(sliced.code).toBe(0);
    const records = sliced.out.trim().split("\n").map((l) => JSON.parse(l) as { seq: number; workspace: string; prev_hash: string });
    expect(records.map((r) => [r.seq, r.workspace])).toEqual([[3, "ws-test"], [5, "ws-test"], [7, "ws-test"]]);
    expect(records[0]!.prev_hash).toBe("genesis");
    const file = join(dir.path, "dump.jsonl");
    writeFileSync(file, sliced.out);
    expect(warden(["audit", "verify", file, "--head", `ws-test=${JSON.parse(sliced.out.trim().split("\n").at(-1)!).hash}`])).toMatchObject({ code: 0 });
    expect(warden(["audit", "verify", file, "--head", "ws-test=sha256:00"]).code).toBe(1);

    const cef = warden(["export", "--data", dir.path, "--format", "cef", "--since", "2026-11-23T10:00:00Z"]).out.trim().split("\n");
    expect(cef).toHaveLength(12);
    for (const line of cef) expect(line).toStartWith("CEF:0|warden|warden|");
    const hec = warden(["export", "--data", dir.path, "--format", "hec", "--until", "2026-11-23T09:00:00Z"]);
    expect(hec).toEqual({ code: 0, out: "", err: "" });

    const hmac = warden(["export", "--data", dir.path, "--content", "hmac", "--until", "2"]);
    expect(JSON.parse(hmac.out).content.name).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(statSync(join(dir.path, "export-hmac.key"))).toMatchObject({ size: 32 });
    expect(statSync(join(dir.path, "export-hmac.key")).mode & 0o777).toBe(0o600);

    expect(warden(["audit", "head", "--data", dir.path]).out).toContain("(no export sink has delivered");
  });

  test("verify proves each workspace's chain runs to its head: a workspace's newest records removed is caught", async () => {
    using dir = tempDir();
    await using w = await startWarden({ dataDir: dir.path });
    await interleave(w);
    const lines = warden(["export", "--data", dir.path]).out.trim().split("\n");
    const records = lines.map((l) => JSON.parse(l) as { workspace: string; hash: string });
    const headOf = (ws: string) => records.filter((r) => r.workspace === ws).at(-1)!.hash;
    const heads = `ws-test=${headOf("ws-test")},ws-other=${headOf("ws-other")}`;
    const whole = join(dir.path, "whole.jsonl");
    writeFileSync(whole, `${lines.join("\n")}\n`);
    const ok = warden(["audit", "verify", whole, "--head", heads]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain("each complete to its head (--head)");
    // ws-test's last two records gone; ws-other's records still follow them, every link intact.
    const cutLines = lines.filter((_, i) => !(records[i]!.workspace === "ws-test" && records.slice(i + 1).filter((r) => r.workspace === "ws-test").length < 2));
    expect(cutLines).toHaveLength(10);
    const cut = join(dir.path, "cut.jsonl");
    writeFileSync(cut, `${cutLines.join("\n")}\n`);
    const caught = warden(["audit", "verify", cut, "--head", heads]);
    expect(caught.code).toBe(1);
    expect(caught.out).toContain('workspace "ws-test" ends at');
    // Without a head the file cannot be proven complete: it fails, saying why.
    const headless = warden(["audit", "verify", cut]);
    expect(headless.code).toBe(1);
    expect(headless.out).toContain("no head to check workspace");
    // Asked for links only, it says that is all it checked.
    const links = warden(["audit", "verify", cut, "--links-only"]);
    expect(links.code).toBe(0);
    expect(links.out).toStartWith("ok (links only");
    // A head for only one workspace leaves the other unproven.
    expect(warden(["audit", "verify", whole, "--head", `ws-test=${headOf("ws-test")}`]).code).toBe(1);
  });

  test("usage errors exit 2, every one listed", () => {
    const bad = warden(["export", "--format", "xml", "--content", "all", "--since", "yesterday"]);
    expect(bad.code).toBe(2);
    expect(bad.err.trim().split("\n")).toHaveLength(3);
    expect(warden(["audit", "verify"]).code).toBe(2);
    expect(warden(["audit", "verify", "x", "--anchor", "nohash"]).code).toBe(2);
    expect(warden(["audit", "verify", "x", "--links-only", "--head", "w=sha256:00"]).code).toBe(2);
    expect(warden(["audit", "bogus"]).code).toBe(2);
    expect(warden(["export", "--data", "/nonexistent/warden"]).code).toBe(1);
  });
});

describe("serve export and retention flags", () => {
  test("absent unless asked for; flags and WARDEN_* variables resolve; the token comes from its file", () => {
    using dir = tempDir();
    const tokenFile = join(dir.path, "token");
    writeFileSync(tokenFile, "abc-123\n");
    expect(resolveServeConfig(new Map(), {}).config.exports).toBeUndefined();
    const { config, errors } = resolveServeConfig(new Map([
      ["export-splunk-hec", "https://splunk.example:8088/services/collector"], ["splunk-token-file", tokenFile],
      ["export-syslog", "tcp://siem.example:6514"], ["cef", "true"], ["retention-force", "true"],
    ]), { WARDEN_EXPORT_FILE: "src/decisions.jsonl", WARDEN_EXPORT_CONTENT: "hmac", WARDEN_RETENTION_DAYS: "30", WARDEN_MAX_DB_BYTES: "1073741824" });
    expect(errors).toEqual([]);
    expect(config.exports).toEqual({
      content: "hmac",
      file: { path: join(process.cwd(), "src/decisions.jsonl"), maxBytes: 100 * 1024 * 1024, keep: 10 },
      hec: { url: "https://splunk.example:8088/services/collector", token: "abc-123" },
      syslog: { host: "siem.example", port: 6514, cef: true },
      retention: { days: 30, maxDbBytes: 1073741824, force: true },
    });
  });

  test("every export configuration error is reported together", () => {
    const { errors } = resolveServeConfig(new Map([
      ["export-content", "everything"], ["export-splunk-hec", "https://user:pw@splunk.example/services/collector"],
      ["splunk-token-file", "/nonexistent/token"], ["export-syslog", "udp://siem:514"], ["retention", "0"],
      ["max-db-bytes", "10"], ["export-file-keep", "3"],
    ]), {});
    expect(resolveServeConfig(new Map([["export-file", "/nonexistent/dir/d.jsonl"]]), {}).errors).toEqual([
      "--export-file /nonexistent/dir/d.jsonl: its directory does not exist",
    ]);
    expect(errors).toEqual([
      expect.stringContaining("--export-content must be one of"),
      expect.stringContaining("--export-file-max-bytes and --export-file-keep need --export-file"),
      expect.stringContaining("must not carry credentials"),
      expect.stringContaining("--splunk-token-file /nonexistent/token cannot be read"),
      expect.stringContaining("--export-syslog must be tcp://host:port"),
      expect.stringContaining("--retention must be a whole number"),
      expect.stringContaining("--max-db-bytes must be a whole number"),
    ]);
  });
});
