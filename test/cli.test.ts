// The CLI as scripts use it: `keys create` prints the key alone on stdout; list and revoke;
// strict argument errors; configuration from flags and WARDEN_* variables.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { resolveServeConfig } from "../src/config/serve-config.ts";
import { makeEvent, SLOW_TEST_MS, tempDir } from "./helpers.ts";
import { startServer } from "./process.ts";

setDefaultTimeout(SLOW_TEST_MS);

const main = join(import.meta.dir, "..", "src", "main.ts");
const warden = (args: string[], env: Record<string, string> = {}) =>
  Bun.spawnSync([process.execPath, main, ...args], { stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });

describe("warden keys", () => {
  test("create prints only the key on stdout; list shows it without the secret; revoke stops it", async () => {
    using dir = tempDir();
    // Keys provisioned before the first start: --create makes the installation.
    const created = warden(["keys", "create", "--workspace", "team-a", "--create", "--data", dir.path]);
    expect(created.exitCode).toBe(0);
    const key = created.stdout.toString().trim();
    expect(key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);

    const listed = warden(["keys", "list", "--workspace", "team-a"], { WARDEN_DATA: dir.path }).stdout.toString();
    const [header, first] = listed.trim().split("\n");
    expect(header).toStartWith("key_id\tworkspace\tprefix");
    const [id, workspace, prefix, , state] = first!.split("\t");
    expect(listed).not.toContain(key);
    expect([workspace, state]).toEqual(["team-a", "active"]);
    expect(key.startsWith(prefix!.replace("...", ""))).toBe(true);

    const server = await startServer([process.execPath, main, "serve", "--port", "0", "--data", dir.path]);
    try {
      expect(server.firstKey).toBeUndefined(); // keys exist already: nothing minted
      const call = () =>
        fetch(`${server.url}/v1/evaluate`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(makeEvent()) });
      expect((await call()).status).toBe(200);
      expect(warden(["keys", "revoke", id!, "--workspace", "team-b", "--data", dir.path]).exitCode).toBe(1);
      expect(warden(["keys", "revoke", id!, "--workspace", "team-a", "--data", dir.path]).exitCode).toBe(0);
      // Revocation reaches a running server once its key cache lets go of the key (1 s); polled
      // for up to 15 s, room for a loaded machine.
      let status = 200;
      for (const deadline = Date.now() + 15_000; status === 200 && Date.now() < deadline; ) {
        await Bun.sleep(50);
        status = (await call()).status;
      }
      expect(status).toBe(401);
    } finally {
      server.proc.kill("SIGTERM");
      expect(await server.proc.exited).toBe(0);
    }
  });

  test("usage errors exit 2 with a message", () => {
    const listing = ["--workspace", "w", "--data", "/nonexistent-warden-dir"];
    for (const args of [
      ["keys", "create"], ["keys", "rotate"], ["keys", "list", "--bogus"], ["serve", "--port", "99999"], ["serve", "--sync", "maybe"], ["frobnicate"],
      // A limit that is not a whole number from 1 up is refused, not read as "everything".
      ["events", ...listing, "--limit", "abc"], ["events", ...listing, "--limit", "0"], ["findings", ...listing, "--limit", "-3"],
    ]) {
      const run = warden(args);
      expect(run.exitCode).toBe(2);
      expect(run.stderr.toString().length).toBeGreaterThan(0);
    }
  });
});

describe("warden serve signals", () => {
  test("SIGTERM the moment it says it listens still drains and exits 0", async () => {
    using dir = tempDir();
    const server = await startServer([process.execPath, main, "serve", "--port", "0", "--data", dir.path]);
    server.proc.kill("SIGTERM");
    expect(await server.proc.exited).toBe(0);
  });
});

describe("serve configuration", () => {
  test("flags win over WARDEN_* variables, which win over defaults", () => {
    const defaults = resolveServeConfig(new Map(), {});
    expect(defaults).toEqual({
      config: {
        host: "127.0.0.1", port: 8787, dataDir: ".warden", rateLimit: 600, maxBodyBytes: 1048576, sync: "normal", correlationWindowS: 600,
        logLevel: "info", logFormat: "json", metrics: true, maxInFlight: 512, idleTimeoutS: 30, bodyTimeoutMs: 10000,
      },
      errors: [],
    });
    const env = { WARDEN_HOST: "127.0.0.2", WARDEN_PORT: "9000", WARDEN_DATA: "/tmp/w", WARDEN_RATE_LIMIT: "0" };
    expect(resolveServeConfig(new Map(), env).config).toMatchObject({ host: "127.0.0.2", port: 9000, dataDir: "/tmp/w", rateLimit: 0 });
    expect(resolveServeConfig(new Map([["port", "1234"], ["rate-limit", "5"]]), env).config).toMatchObject({ port: 1234, rateLimit: 5 });
  });

  test("every configuration error is reported together", () => {
    const { errors } = resolveServeConfig(new Map([["port", "x"], ["rate-limit", "-1"], ["sync", "sometimes"], ["log-level", "loud"], ["metrics", "maybe"]]), {});
    expect(errors).toHaveLength(5);
  });
});

describe("warden keys rotate-signing", () => {
  test("adds a receipt signing key and retires the previous one, keeping it published", () => {
    using dir = tempDir();
    expect(warden(["keys", "create", "--workspace", "w", "--create", "--data", dir.path]).exitCode).toBe(0);
    expect(warden(["keys", "rotate-signing", "--data", dir.path]).exitCode).toBe(0);
    expect(warden(["keys", "rotate-signing", "--data", dir.path]).exitCode).toBe(0);
    const keys = JSON.parse(require("node:fs").readFileSync(join(dir.path, "signing-keys.json"), "utf8")) as { retired_at?: number }[];
    expect(keys).toHaveLength(3);
    expect(keys.filter((k) => k.retired_at === undefined)).toHaveLength(1);
  });
});
