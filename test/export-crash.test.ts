// Decision export against crashes, with the compiled binary over loopback: evaluate at load
// while a Splunk HEC stub refuses ~30% of batches (seeded), SIGKILL warden three times mid-export
// and restart it on the same data directory. Every acknowledged event reaches the stub, the
// export file verifies (and stops verifying with one byte changed), and a planted fake AWS key
// appears in neither the redacted export nor the server's logs.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildBinary } from "../scripts/build.ts";
import { makeEvent, tempDir } from "./helpers.ts";
import { startServer, type Started } from "./process.ts";

const work = tempDir("warden-export-");
const binary = join(work.path, "warden");
const TOKEN = "hec-token-7f3a";
const BATCH = 500;
const CANARY = "AKIA4QWERTYZ2XK7PL3M";

// Building the binary takes ~1 s on a quiet machine, many times that on a loaded one.
beforeAll(() => {
  const build = buildBinary(binary);
  if (!build.ok) throw new Error(build.output);
  writeFileSync(join(work.path, "token"), `${TOKEN}\n`, { mode: 0o600 });
}, 60_000);
afterAll(() => work[Symbol.dispose]());

/** mulberry32: small, seeded, good enough to make the stub's refusals and the kills repeatable. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function startHecStub(random: () => number) {
  const accepted = new Map<string, number>();
  let holder: ((release: () => void) => void) | undefined;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      if (request.headers.get("authorization") !== `Splunk ${TOKEN}`) return new Response("{}", { status: 401 });
      const body = await request.text();
      if (random() < 0.3) return new Response('{"text":"Server is busy","code":9}', { status: 503 });
      for (const line of body.split("\n")) {
        const id = (JSON.parse(line) as { event: { event_id: string } }).event.event_id;
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
      }
      if (holder) {
        // Taken but not yet answered: the moment a crash makes at-least-once send it again.
        const hold = holder;
        holder = undefined;
        await new Promise<void>((release) => hold(release));
      }
      return Response.json({ text: "Success", code: 0 });
    },
  });
  /** Resolves while the next accepted batch waits for its answer; call the release to answer. */
  const holdNextBatch = () => new Promise<() => void>((resolve) => (holder = resolve));
  return { server, accepted, holdNextBatch, url: `http://127.0.0.1:${server.port}/services/collector` };
}

async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}

const evaluate = (url: string, key: string, event: unknown, path = "/v1/evaluate") =>
  fetch(`${url}${path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(event) });

/** A server whose stderr is drained as it comes (a full pipe would stall it) and kept. */
async function serve(args: string[]): Promise<Started & { stderr: Promise<string> }> {
  const started = await startServer([binary, "serve", "--port", "0", "--rate-limit", "0", ...args]);
  return { ...started, stderr: new Response(started.proc.stderr).text() };
}

const run = (args: string[]) => {
  const result = Bun.spawnSync([binary, ...args], { stdout: "pipe", stderr: "pipe", timeout: 30_000 });
  return { code: result.exitCode, out: result.stdout.toString(), err: result.stderr.toString() };
};

describe("decision export", () => {
  test("kill -9 three times mid-export: every acknowledged event reaches the sinks, the file verifies", async () => {
    const random = seeded(20261123);
    const stub = startHecStub(seeded(7));
    const dataDir = join(work.path, "crash-data");
    const exportFile = join(work.path, "decisions.jsonl");
    const args = ["--data", dataDir, "--export-splunk-hec", stub.url, "--splunk-token-file", join(work.path, "token"), "--export-file", exportFile];
    let server = await serve(args);
    const key = server.firstKey!;
    let url: string | undefined = server.url;
    const acked = new Set<string>();
    let loading = true;
    const worker = async () => {
      while (loading) {
        const target = url;
        const event = makeEvent();
        try {
          if (!target) throw new Error("restarting");
          const response = await evaluate(target, key, event);
          await response.arrayBuffer();
          if (response.status === 200) acked.add(event.event_id);
        } catch {
          await Bun.sleep(5);
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    try {
      for (let kill = 0; kill < 3; kill++) {
        const seen = stub.accepted.size;
        await until(() => stub.accepted.size > seen + 200, "export under way");
        // Twice at a random moment, once while the stub holds a batch it took.
        const release = kill === 1 ? await stub.holdNextBatch() : (await Bun.sleep(50 + Math.floor(random() * 400)), () => {});
        url = undefined;
        server.proc.kill("SIGKILL");
        await server.proc.exited;
        release();
        server = await serve(args);
        url = server.url;
      }
      const settled = acked.size;
      await until(() => acked.size > settled + 300, "load after the last restart");
    } finally {
      loading = false;
      await Promise.all(workers);
    }
    // Each sink exports from its own cursor, so each is waited for: the file may trail the stub.
    const inFile = () => {
      const text = existsSync(exportFile) ? readFileSync(exportFile, "utf8") : "";
      // Only whole lines: the sink may be writing the last one while it is read.
      const whole = text.slice(0, text.lastIndexOf("\n") + 1);
      return new Set(whole.split("\n").filter((line) => line.trim() !== "").map((line) => (JSON.parse(line) as { event_id: string }).event_id));
    };
    try {
      await until(() => [...acked].every((id) => stub.accepted.has(id)), "every acknowledged event at the stub", 45_000);
      await until(() => {
        const written = inFile();
        return [...acked].every((id) => written.has(id));
      }, "every acknowledged event in the file", 45_000);
    } finally {
      server.proc.kill("SIGTERM");
      expect(await server.proc.exited).toBe(0);
      stub.server.stop(true);
    }
    const duplicates = [...stub.accepted.values()].reduce((n, c) => n + c - 1, 0);
    // At least once: the held batch came again; at most one batch again per kill.
    expect(duplicates).toBeGreaterThan(0);
    expect(duplicates).toBeLessThanOrEqual(3 * BATCH);

    // The file sink rolls back what it wrote past its cursor: each event exactly once.
    const fileIds = readFileSync(exportFile, "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { event_id: string }).event_id);
    expect(new Set(fileIds).size).toBe(fileIds.length);
    expect([...acked].filter((id) => !fileIds.includes(id))).toEqual([]);
    // The file runs to the head the data directory keeps for its sink.
    const verified = run(["audit", "verify", exportFile, "--data", dataDir, "--sink", `file:${exportFile}`]);
    expect(verified.code).toBe(0);
    expect(verified.out).toMatch(new RegExp(`^ok: ${fileIds.length} records, 1 workspaces, each complete to its head \\(.*sink file:.*\\): default=sha256:[0-9a-f]{64}\\n$`));
    const head = run(["audit", "head", "--data", dataDir]);
    const fileHead = verified.out.trim().split("default=")[1]!;
    expect(head.out).toContain(`file:${exportFile}\t`);
    expect(head.out).toContain(fileHead);

    const copy = join(work.path, "tampered.jsonl");
    const bytes = readFileSync(exportFile);
    const at = Math.floor(random() * bytes.length);
    bytes[at] = bytes[at]! ^ 0x04;
    writeFileSync(copy, bytes);
    const tampered = run(["audit", "verify", copy, "--links-only"]);
    expect(tampered.code).toBe(1);
    expect(tampered.out).toStartWith(`FAILED: ${copy}:`);
  }, 120_000);

  test("a fake AWS key never appears in a redacted export, nor in the server's logs", async () => {
    const dataDir = join(work.path, "canary-data");
    const exportFile = join(work.path, "canary.jsonl");
    const server = await serve(["--data", dataDir, "--export-file", exportFile]);
    const key = server.firstKey!;
    const judged = makeEvent({ payload: { name: "Bash", arguments: { command: `aws configure set aws_access_key_id ${CANARY}` } } });
    const verdict = (await (await evaluate(server.url, key, judged)).json()) as { decision: string };
    expect(verdict.decision).toBe("redact");
    const ingested = makeEvent({ payload: { name: "Bash", arguments: { command: `echo ${CANARY}`, description: "print the release-notes marker" } } });
    expect((await evaluate(server.url, key, { batch: [ingested] }, "/v1/ingest")).status).toBe(207);
    const exported = () => {
      try {
        return readFileSync(exportFile, "utf8");
      } catch {
        return "";
      }
    };
    await until(() => exported().includes(ingested.event_id), "both events exported", 15_000);
    server.proc.kill("SIGTERM");
    expect(await server.proc.exited).toBe(0);
    const logs = await server.stderr;

    expect(exported()).toContain(judged.event_id);
    expect(exported()).toContain("[REDACTED:security.secret_leak.cloud_credential]");
    expect(exported()).not.toContain(CANARY);
    expect(logs).not.toContain(CANARY);
    expect(run(["export", "--data", dataDir]).out).not.toContain(CANARY);
    // Full content carries what was sent, but not the key: detection masked it in the stored
    // event, the ingested one too (after its acknowledgement, before export passed it).
    const full = run(["export", "--data", dataDir, "--content", "full", "--since", "1", "--format", "hec"]);
    expect(full.code).toBe(0);
    expect(full.out).toContain("print the release-notes marker");
    expect(full.out).not.toContain(CANARY);
  }, 60_000);
});
