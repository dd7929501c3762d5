// Issue 18 item 1: two servers never share a port. A second `warden serve` on a port in use
// exits non-zero naming the port and the process holding it, before it creates anything.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SLOW_TEST_MS, tempDir } from "./helpers.ts";
import { startServer } from "./process.ts";

setDefaultTimeout(SLOW_TEST_MS);

const main = join(import.meta.dir, "..", "src", "main.ts");

describe("a port in use", () => {
  test("the second server exits 1 naming the port and the first server's pid, and leaves no data directory", async () => {
    using dir = tempDir();
    const first = await startServer([process.execPath, main, "serve", "--port", "0", "--data", join(dir.path, "first")]);
    try {
      const port = new URL(first.url).port;
      // The first one said where its data is and which policy is in force (issue 18 item 8).
      expect(first.stdout.find((l) => l.startsWith("warden listening on"))).toContain(`(data: ${join(dir.path, "first")}; policy: built-in)`);
      const second = Bun.spawnSync([process.execPath, main, "serve", "--port", port, "--data", join(dir.path, "second")], { stdout: "pipe", stderr: "pipe", timeout: 30_000 });
      expect(second.exitCode).toBe(1);
      const said = second.stderr.toString();
      expect(said).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(said).toContain(`pid ${first.proc.pid}`);
      expect(existsSync(join(dir.path, "second"))).toBe(false);
      // The first one still answers, alone.
      expect((await fetch(`${first.url}/livez`)).status).toBe(200);
    } finally {
      first.proc.kill("SIGTERM");
      await first.proc.exited;
    }
  });
});
