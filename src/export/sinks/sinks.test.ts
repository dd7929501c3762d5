// The sinks against real files and real loopback sockets: rotation and roll-back of the file,
// octet-counted syslog over TCP, and what counts as delivered for Splunk HEC.
import { describe, expect, test } from "bun:test";
import { appendFileSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../../../test/helpers.ts";
import { openChainBook, recordLine } from "../chain.ts";
import type { ExportRecord, SealedRecord } from "../record.ts";
import { verifyFiles } from "../verify.ts";
import { createFileSink, truncatePast } from "./file-sink.ts";
import { createHecSink } from "./hec-sink.ts";
import { createSyslogSink } from "./syslog-sink.ts";

const record = (seq: number): ExportRecord => ({
  seq, workspace: seq % 2 ? "a" : "b", event_id: `e-${seq}`, guard_id: "g", session_id: "s", agent_id: "a", agent_user: "u",
  time: "2026-11-23T10:00:00.000Z", kind: "exec", source: "evaluate", decision: "allow", decision_id: null, reasons: [],
  categories: [], findings: [], policy_version: "p1", sensor: null, attestation: "self_declared", latency_ms: 1,
  content_mode: "redacted", content: { text: "x".repeat(100) },
});
const book = openChainBook([]);
const sealed: SealedRecord[] = Array.from({ length: 40 }, (_, i) => book.seal(record(i + 1)));
const batches = (size: number) => Array.from({ length: sealed.length / size }, (_, i) => sealed.slice(i * size, (i + 1) * size));

describe("file sink", () => {
  test("rotates by size, keeps K files, owner-only, and the chain runs on across them", async () => {
    using dir = tempDir();
    const path = join(dir.path, "decisions.jsonl");
    const sink = createFileSink({ path, maxBytes: 4096, keep: 2 });
    expect(sink.id).toBe(`file:${path}`);
    expect(await sink.recover(0)).toEqual({ ok: true });
    for (const batch of batches(4)) expect(await sink.deliver(batch)).toEqual({ ok: true });
    await sink.close();
    for (const f of [path, `${path}.1`, `${path}.2`]) expect(statSync(f).mode & 0o777).toBe(0o600);
    expect(() => statSync(`${path}.3`)).toThrow();
    const kept = [`${path}.2`, `${path}.1`, path];
    const firstKept = JSON.parse(readFileSync(kept[0]!, "utf8").split("\n")[0]!) as SealedRecord;
    // The oldest file was rotated away: its chains are anchored by the records before it.
    const anchors = new Map(["a", "b"].map((w) => [w, sealed.filter((r) => r.workspace === w && r.seq < firstKept.seq).at(-1)!.hash]));
    expect(await verifyFiles(kept, { anchors })).toMatchObject({ ok: true, records: sealed.length - firstKept.seq + 1 });
  });

  test("recover cuts back to the cursor: a torn line and records never confirmed go, unreadable lines stay", async () => {
    using dir = tempDir();
    const path = join(dir.path, "d.jsonl");
    writeFileSync(path, sealed.slice(0, 6).map((r) => `${recordLine(r)}\n`).join(""));
    appendFileSync(path, recordLine(sealed[6]!).slice(0, 50));
    await truncatePast(path, 4);
    expect(readFileSync(path, "utf8")).toBe(sealed.slice(0, 4).map((r) => `${recordLine(r)}\n`).join(""));
    await truncatePast(path, 0);
    expect(readFileSync(path, "utf8")).toBe("");
    writeFileSync(path, `${recordLine(sealed[0]!)}\nnot json\n${recordLine(sealed[2]!)}\n`);
    await truncatePast(path, 1);
    expect(readFileSync(path, "utf8")).toBe(`${recordLine(sealed[0]!)}\nnot json\n`);
    await truncatePast(join(dir.path, "missing"), 3);
  });

  test("attack: a symlink at the export path is refused, never followed (O_NOFOLLOW)", async () => {
    using dir = tempDir();
    const target = join(dir.path, "victim.txt");
    writeFileSync(target, "untouched\n", { mode: 0o644 });
    const path = join(dir.path, "decisions.jsonl");
    symlinkSync(target, path);
    const sink = createFileSink({ path, maxBytes: 1 << 20, keep: 1 });
    expect(await sink.recover(0)).toMatchObject({ ok: false });
    expect(await sink.deliver(sealed.slice(0, 2))).toMatchObject({ ok: false });
    await sink.close();
    expect(readFileSync(target, "utf8")).toBe("untouched\n");
    expect(statSync(target).mode & 0o777).toBe(0o644);
  });

  test("a re-delivery after a failure does not duplicate: recover, then deliver again", async () => {
    using dir = tempDir();
    const path = join(dir.path, "d.jsonl");
    const sink = createFileSink({ path, maxBytes: 1 << 20, keep: 1 });
    await sink.deliver(sealed.slice(0, 4));
    await sink.deliver(sealed.slice(4, 8)); // written, but say the cursor never moved past 4
    await sink.recover(4);
    await sink.deliver(sealed.slice(4, 8));
    await sink.close();
    expect(await verifyFiles([path])).toMatchObject({ ok: true, records: 8 });
  });
});

/** Polls `condition` until it holds; a generous deadline, since a loaded machine may be slow to get there. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

describe("syslog sink", () => {
  test("sends octet-counted RFC 5424 frames over TCP and reconnects after the peer goes away", async () => {
    const received: string[] = [];
    let buffered = Buffer.alloc(0);
    let connections = 0;
    const server = Bun.listen({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        open() {
          connections++;
        },
        data(socket, data) {
          buffered = Buffer.concat([buffered, data]);
          for (;;) {
            const space = buffered.indexOf(32);
            const length = Number(buffered.subarray(0, space).toString());
            if (space < 0 || buffered.length < space + 1 + length) break;
            received.push(buffered.subarray(space + 1, space + 1 + length).toString());
            buffered = buffered.subarray(space + 1 + length);
          }
          if (received.length === 2) socket.end();
        },
      },
    });
    const sink = createSyslogSink({ host: "127.0.0.1", port: server.port, cef: false });
    expect(sink.id).toBe(`syslog:127.0.0.1:${server.port}`);
    expect(await sink.deliver(sealed.slice(0, 2))).toEqual({ ok: true });
    await until(() => received.length >= 2, "the first two frames");
    // The server closed its end. However long the sink takes to notice, an empty batch carries no
    // record, so probing with one until the sink has connected again loses nothing; the next
    // batch goes over the new connection.
    await until(async () => (await sink.deliver([]), connections === 2), "a new connection");
    expect(await sink.deliver(sealed.slice(2, 3))).toEqual({ ok: true });
    await until(() => received.length >= 3, "the third frame");
    expect(connections).toBe(2);
    expect(received.map((m) => JSON.parse(m.slice(m.indexOf(" - ") + 3)).seq)).toEqual([1, 2, 3]);
    expect(received[0]).toMatch(/^<110>1 2026-11-23T10:00:00.000Z \S+ warden \d+ decision - \{/);
    await sink.close();
    server.stop(true);
    expect((await sink.deliver(sealed.slice(3, 4))).ok).toBe(false);
  });
});

describe("HEC sink", () => {
  test("POSTs newline-joined events with the Splunk token; only 2xx is delivered, redirects are not followed", async () => {
    const seen: { auth: string | null; body: string }[] = [];
    let answer = 200;
    using server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        seen.push({ auth: request.headers.get("authorization"), body: await request.text() });
        return answer === 302 ? Response.redirect("http://127.0.0.1:1/elsewhere", 302) : new Response("{}", { status: answer });
      },
    });
    const sink = createHecSink({ url: `http://127.0.0.1:${server.port}/services/collector?channel=x`, token: "tok-123" });
    expect(sink.id).toBe(`hec:http://127.0.0.1:${server.port}/services/collector`);
    expect(await sink.deliver(sealed.slice(0, 3))).toEqual({ ok: true });
    expect(seen[0]!.auth).toBe("Splunk tok-123");
    expect(seen[0]!.body.split("\n").map((l) => JSON.parse(l).event.seq)).toEqual([1, 2, 3]);
    for (const status of [503, 400, 302]) {
      answer = status;
      expect(await sink.deliver(sealed.slice(0, 1))).toEqual({ ok: false, reason: `HTTP ${status}` });
    }
    expect(seen).toHaveLength(4);
    const unreachable = createHecSink({ url: "http://127.0.0.1:1/services/collector", token: "t", timeoutMs: 2000 });
    expect((await unreachable.deliver(sealed.slice(0, 1))).ok).toBe(false);
  });
});
