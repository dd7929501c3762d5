// Issue 18 item 2: a wrong or implicit --data never makes an empty installation. Every command
// that reads or administers one refuses a directory without a database, naming the directory it
// tried and, when a warden serves on this machine, the one that warden uses; only `--create`
// (keys, operators) makes one, for provisioning before a first start.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { SLOW_TEST_MS, tempDir } from "./helpers.ts";
import { startServer } from "./process.ts";

setDefaultTimeout(SLOW_TEST_MS * 2);

const main = join(import.meta.dir, "..", "src", "main.ts");

const COMMANDS: string[][] = [
  ["approvals", "list", "--workspace", "default"],
  ["events", "--workspace", "default"],
  ["findings", "--workspace", "default"],
  ["agents", "--workspace", "default"],
  ["keys", "create", "--workspace", "default"],
  ["keys", "list"],
  ["keys", "rotate-signing"],
  ["operators", "list"],
  ["operators", "create", "--name", "x"],
  ["grants", "list", "--workspace", "default"],
  ["pep", "list", "--workspace", "default"],
  ["console", "--name", "x"],
  ["export"],
  ["audit", "head"],
];

describe("commands refuse a directory without a database", () => {
  test("each exits 1 naming the directory, creates nothing, and points at the running server's data", async () => {
    using dir = tempDir();
    const served = join(dir.path, "served");
    const server = await startServer([process.execPath, main, "serve", "--port", "0", "--data", served]);
    try {
      const elsewhere = join(dir.path, "elsewhere");
      mkdirSync(elsewhere);
      for (const command of COMMANDS) {
        // Run from another folder with no --data: the implicit ./.warden there does not exist.
        const run = Bun.spawnSync([process.execPath, main, ...command], { cwd: elsewhere, stdout: "pipe", stderr: "pipe", env: { ...process.env, WARDEN_DATA: "", WARDEN_URL: server.url } });
        const said = run.stderr.toString();
        expect({ command, code: run.exitCode }).toEqual({ command, code: 1 });
        expect(said).toContain(`no warden database in ${join(elsewhere, ".warden")}`);
        expect(said).toContain(`keeps its data in ${served}`);
        expect(existsSync(join(elsewhere, ".warden"))).toBe(false);
      }
      // A typo with --data says the same, and leaves no directory behind.
      const typo = Bun.spawnSync([process.execPath, main, "keys", "create", "--workspace", "default", "--data", join(dir.path, "typo")], { stdout: "pipe", stderr: "pipe", env: { ...process.env, WARDEN_URL: server.url } });
      expect(typo.exitCode).toBe(1);
      expect(existsSync(join(dir.path, "typo"))).toBe(false);
      // The real directory works.
      expect(Bun.spawnSync([process.execPath, main, "keys", "list", "--data", served]).exitCode).toBe(0);
    } finally {
      server.proc.kill("SIGTERM");
      await server.proc.exited;
    }
  });

  test("--create provisions a key before the first start", () => {
    using dir = tempDir();
    const made = Bun.spawnSync([process.execPath, main, "keys", "create", "--workspace", "team", "--create", "--data", join(dir.path, "new")], { stdout: "pipe", stderr: "pipe" });
    expect(made.exitCode).toBe(0);
    expect(made.stdout.toString().trim()).toMatch(/^svc_/);
  });
});
