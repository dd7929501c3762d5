// Storage failure, for real: a full file, a read-only data directory, a lock another connection
// holds past warden's bounded wait, and a damaged file. While the fault lasts, evaluate and
// ingest answer 503 storage_unavailable (never a verdict warden did not record, never a 500),
// /v1/health and /readyz answer 503 naming the problem and a hook is denied; once the fault
// clears, service comes back by itself. A damaged file does not heal: warden keeps refusing
// until it is restored and warden restarted, and `warden serve` will not start on one.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { VERSION } from "../src/version.ts";
import { answerOf, loadHookCases } from "./hook-fixtures.ts";
import { makeEvent, startWarden, tempDir, type TestWarden } from "./helpers.ts";
import { startServer } from "./process.ts";

const MAIN = join(import.meta.dir, "..", "src", "main.ts");
/** Real processes, and a lock held past a 5 s bound, take longer than bun's default per test. */
const SLOW = 60_000;
const isRoot = process.getuid?.() === 0;
/** A PreToolUse warden lets through when it can judge and record it. */
const harmless = (await loadHookCases("claude-code")).find((c) => c.name === "Bash: a harmless listing passes")!.input;

/** Whether this machine can do a fault injection at all (root, and a filesystem that supports it). */
function machineCan(inject: (path: string) => string[], undo: (path: string) => string[]): boolean {
  if (!isRoot) return false;
  using probe = tempDir("warden-probe-");
  const ok = Bun.spawnSync(inject(probe.path)).exitCode === 0;
  if (ok) Bun.spawnSync(undo(probe.path));
  return ok;
}
const canChattr = machineCan((p) => ["chattr", "+i", p], (p) => ["chattr", "-i", p]);
const canMount = machineCan((p) => ["mount", "--bind", p, p], (p) => ["umount", p]);

const run = (...cmd: string[]) => {
  const result = Bun.spawnSync(cmd);
  if (result.exitCode !== 0) throw new Error(`${cmd.join(" ")}: ${result.stderr}`);
};

/** The endpoints a fault shows on, in-process or over loopback. */
interface Client {
  evaluate(event: unknown): Promise<Response>;
  ingest(batch: unknown[]): Promise<Response>;
  get(path: string): Promise<Response>;
  hook(input: unknown): Promise<Response>;
}

const inProcess = (w: TestWarden): Client => ({
  evaluate: (event) => w.evaluate(event),
  ingest: (batch) => w.ingest(batch),
  get: (path) => w.request("GET", path, { auth: null }),
  hook: (input) => w.request("POST", "/hooks/claude-code", { body: input }),
});

function overHttp(url: string, key: string): Client {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return {
    evaluate: (event) => post("/v1/evaluate", event),
    ingest: (batch) => post("/v1/ingest", { batch }),
    get: (path) => fetch(`${url}${path}`),
    hook: (input) => post("/hooks/claude-code", input),
  };
}

/**
 * Every face of the fault at once (a lock makes each wait out warden's bounded busy wait), and
 * the events refused, so recovery can show they were never recorded.
 */
async function expectRefusing(client: Client, problem: string, eventOf = () => makeEvent()): Promise<unknown[]> {
  const refused = [eventOf(), eventOf()];
  const [evaluated, ingested, health, ready, hook] = await Promise.all([
    client.evaluate(refused[0]),
    client.ingest([refused[1]]),
    client.get("/v1/health"),
    client.get("/readyz?verbose"),
    client.hook(harmless),
  ]);
  expect({ status: evaluated.status, body: await evaluated.json() }).toEqual({ status: 503, body: { error: "storage_unavailable" } });
  expect({ status: ingested.status, body: await ingested.json() }).toEqual({ status: 503, body: { error: "storage_unavailable" } });
  expect({ status: health.status, body: await health.json() }).toEqual({
    status: 503,
    body: { status: "error", reason: `storage not writable: ${problem}` },
  });
  expect({ status: ready.status, body: await ready.json() }).toEqual({
    status: 503,
    body: { status: "not_ready", checks: { store: `failed: storage not writable: ${problem}`, policy: "ok", draining: "ok" } },
  });
  // Claude Code runs a tool when its hook answers non-2xx, so the refusal is a 200 deny.
  expect(hook.status).toBe(200);
  expect(hook.headers.get("x-warden-decision")).toBe("degraded");
  expect(answerOf("PreToolUse", (await hook.json()) as Record<string, unknown>).answer).toBe("deny");
  return refused;
}

/** Serving again: health, readiness, a verdict, a hook, and the refused events recorded only now. */
async function expectServing(client: Client, refused: unknown[]): Promise<void> {
  const health = await client.get("/v1/health");
  expect({ status: health.status, body: await health.json() }).toEqual({ status: 200, body: { status: "ok", version: VERSION } });
  expect((await client.get("/readyz")).status).toBe(200);
  const evaluated = await client.evaluate(makeEvent());
  expect(evaluated.status).toBe(200);
  expect(((await evaluated.json()) as { decision: string }).decision).toBe("allow");
  const hook = await client.hook(harmless);
  expect(answerOf("PreToolUse", (await hook.json()) as Record<string, unknown>).answer).toBe("pass");
  const ingested = await client.ingest(refused);
  expect(ingested.status).toBe(207);
  const ids = refused.map((e) => (e as { event_id: string }).event_id);
  expect(await ingested.json()).toEqual({ results: ids.map((id) => ({ id, status: 201 })) });
}

/** Polls a real process until it answers healthy: its probe reruns at most once a second (idle: ~1 s). */
async function untilHealthy(client: Client, withinMs = 30_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while ((await client.get("/v1/health")).status !== 200) {
    if (Date.now() > deadline) throw new Error(`not healthy within ${withinMs} ms`);
    await Bun.sleep(100);
  }
}

/** `warden serve` from source as a real process on port 0, stopped with SIGTERM on dispose. */
async function serve(dataDir: string, as: string[] = []) {
  const started = await startServer([...as, process.execPath, MAIN, "serve", "--port", "0", "--data", dataDir]);
  // One answered request: by then its SIGTERM handler is in place, so a stop drains.
  expect((await fetch(`${started.url}/livez`)).status).toBe(200);
  return Object.assign(started, {
    async [Symbol.asyncDispose]() {
      if (started.proc.exitCode !== null) return;
      started.proc.kill("SIGTERM");
      await started.proc.exited;
    },
  });
}

/** Runs `warden serve` expecting a refusal to start; a server that starts anyway is killed. */
async function refusedStart(dataDir: string, as: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn([...as, process.execPath, MAIN, "serve", "--port", "0", "--data", dataDir], { stdout: "pipe", stderr: "pipe" });
  const watchdog = setTimeout(() => proc.kill("SIGKILL"), 15_000);
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  clearTimeout(watchdog);
  return { code, stdout, stderr };
}

function overwrite(path: string, at: number, bytes: Buffer): void {
  const fd = openSync(path, "r+");
  try {
    writeSync(fd, bytes, 0, bytes.length, at);
  } finally {
    closeSync(fd);
  }
}

describe("storage failure", () => {
  test("full: refused while the file cannot grow, served again once it can", async () => {
    await using w = await startWarden();
    const { db, writer } = w.runtime.storage;
    const pages = (db.query("PRAGMA page_count").get() as { page_count: number }).page_count;
    await writer.setMaxPages(pages);
    // Fill what free space is left, as a full disk would.
    for (const pad of [2000, 10]) {
      for (let i = 0; i < 10_000; i++) {
        if ((await w.ingest([makeEvent({ payload: { pad: "f".repeat(pad) } })])).status === 503) break;
      }
    }
    w.clock.advance(2000);
    const big = () => makeEvent({ kind: "user_input", payload: { text: "z".repeat(20_000) } });
    const refused = await expectRefusing(inProcess(w), "database or disk is full (SQLITE_FULL)", big);
    for (const e of refused) expect(await w.runtime.storage.events.get("ws-test", (e as { event_id: string }).event_id)).toBeUndefined();

    await writer.setMaxPages(1073741823);
    w.clock.advance(2000);
    await expectServing(inProcess(w), refused);
  }, SLOW);

  test.skipIf(!canChattr)("read-only data directory under a running server: refused, then served again without a restart", async () => {
    using dir = tempDir();
    const dataDir = join(dir.path, "data");
    await using server = await serve(dataDir);
    const client = overHttp(server.url, server.firstKey!);
    expect((await client.evaluate(makeEvent())).status).toBe(200);
    // Root ignores file modes, and a read-only remount is refused while files are open for
    // writing; immutable files fail the writes of the handles the server already holds. Not the
    // -shm: it is SQLite's shared memory, mapped, and an immutable mapping kills any SQLite
    // process with SIGBUS on its next write there.
    const files = readdirSync(dataDir).filter((f) => !f.endsWith("-shm"));
    expect(files).toContain("warden.db-wal");
    const targets = [dataDir, ...files.map((f) => join(dataDir, f))];
    try {
      for (const t of targets) run("chattr", "+i", t);
      const refused = await expectRefusing(client, "disk I/O error (SQLITE_IOERR_WRITE)");
      for (const t of targets) run("chattr", "-i", t);
      await untilHealthy(client);
      await expectServing(client, refused);
    } finally {
      for (const t of targets) Bun.spawnSync(["chattr", "-i", t]);
    }
    server.proc.kill("SIGTERM");
    expect(await server.proc.exited).toBe(0);
  }, SLOW);

  test("read-only database file at start: refuses to start, and starts once the file is writable", async () => {
    using dir = tempDir();
    const dataDir = join(dir.path, "data");
    mkdirSync(dataDir);
    // SQLite opens a file it may not write read-only; root may write anything, so run as nobody.
    const as = isRoot ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [];
    if (isRoot) {
      chmodSync(dir.path, 0o755);
      chownSync(dataDir, 65534, 65534);
    }
    let key: string;
    {
      await using first = await serve(dataDir, as);
      key = first.firstKey!;
    }
    chmodSync(join(dataDir, "warden.db"), 0o444);
    const refused = await refusedStart(dataDir, as);
    expect(refused.code).toBe(1);
    expect(refused.stdout).not.toContain("warden listening");
    expect(refused.stderr.trim()).toBe(
      `warden serve: cannot open the database ${join(dataDir, "warden.db")}: attempt to write a readonly database (SQLITE_READONLY)`,
    );

    // SQLite gave the WAL it made for the refused start the database's mode: both need fixing.
    for (const f of readdirSync(dataDir).filter((f) => f.startsWith("warden.db"))) chmodSync(join(dataDir, f), 0o644);
    await using again = await serve(dataDir, as);
    expect((await overHttp(again.url, key).evaluate(makeEvent())).status).toBe(200);
  }, SLOW);

  test.skipIf(!canMount)("read-only filesystem at start: refuses to start with the reason", async () => {
    using dir = tempDir();
    const dataDir = join(dir.path, "data");
    {
      await using _ = await serve(dataDir);
    }
    run("mount", "--bind", dataDir, dataDir);
    try {
      run("mount", "-o", "remount,ro,bind", dataDir);
      const refused = await refusedStart(dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stdout).not.toContain("warden listening");
      expect(refused.stderr).toStartWith(`warden serve: cannot use the data directory ${dataDir}: EROFS: read-only file system`);
    } finally {
      Bun.spawnSync(["umount", dataDir]);
    }
  }, SLOW);

  test("locked past the bounded busy wait: refused, then served again once the lock is released", async () => {
    using dir = tempDir();
    const dataDir = join(dir.path, "data");
    await using server = await serve(dataDir);
    const client = overHttp(server.url, server.firstKey!);
    expect((await client.evaluate(makeEvent())).status).toBe(200);
    const other = new Database(join(dataDir, "warden.db"));
    try {
      other.run("BEGIN EXCLUSIVE");
      // Each request waits out the 5 s bound (commit-queue.ts), then is refused.
      const refused = await expectRefusing(client, "database is locked (SQLITE_BUSY)");
      other.run("ROLLBACK");
      await untilHealthy(client);
      await expectServing(client, refused);
    } finally {
      other.close();
    }
  }, SLOW);

  test("damaged while serving: refused from the first damaged read on, and it stays so until restored and restarted", async () => {
    using dir = tempDir();
    const dataDir = join(dir.path, "data");
    mkdirSync(dataDir);
    const path = join(dataDir, "warden.db");
    let good: Buffer;
    let refused: unknown[];
    {
      await using w = await startWarden({ dataDir });
      for (let i = 0; i < 50; i++) await w.ingest([makeEvent({ payload: { pad: "p".repeat(2000) } })]);
      const { db } = w.runtime.storage;
      db.run("PRAGMA wal_checkpoint(TRUNCATE)");
      good = readFileSync(path);
      const pageSize = (db.query("PRAGMA page_size").get() as { page_size: number }).page_size;
      // Every page but the header's, overwritten; then the connection's cache let go, as it is
      // for a database bigger than the cache, so the next read meets the damage.
      overwrite(path, pageSize, Buffer.alloc(good.length - pageSize, 0xa5));
      db.run("PRAGMA shrink_memory");
      const damaged = "the database file is damaged: database disk image is malformed (SQLITE_CORRUPT); restore it from a backup and restart warden";
      w.clock.advance(2000);
      refused = await expectRefusing(inProcess(w), damaged);
      // No flapping: later probes, which need no damaged page, do not make it healthy again.
      w.clock.advance(5000);
      expect((await w.request("GET", "/v1/health", { auth: null })).status).toBe(503);
      expect((await w.evaluate(makeEvent())).status).toBe(503);
    }
    // Restored from a backup while warden was down, the file serves again.
    writeFileSync(path, good);
    await using restarted = await startWarden({ dataDir });
    await expectServing(inProcess(restarted), refused);
  }, SLOW);

  for (const damage of [
    { where: "its header", at: 0, length: 100, reason: "file is not a database (SQLITE_NOTADB)" },
    { where: "the pages after its header", at: 4096, length: 4096 * 8, reason: "database disk image is malformed (SQLITE_CORRUPT)" },
  ]) {
    test(`damaged at start (${damage.where}): refuses to start and never listens`, async () => {
      using dir = tempDir();
      const dataDir = join(dir.path, "data");
      const first = await serve(dataDir);
      first.proc.kill("SIGTERM");
      expect(await first.proc.exited).toBe(0);
      const path = join(dataDir, "warden.db");
      // A clean stop folds the WAL into the file. (Damage to a page the WAL holds a newer copy
      // of does not show: SQLite reads that copy.)
      expect(existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0).toBe(0);
      overwrite(path, damage.at, Buffer.alloc(damage.length, 0xa5));
      const refused = await refusedStart(dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stdout).not.toContain("warden listening");
      expect(refused.stderr.trim()).toBe(`warden serve: cannot open the database ${path}: ${damage.reason}`);
    }, SLOW);
  }
});
