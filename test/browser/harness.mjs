// What the browser tests stand on: the compiled warden binary built into a temp directory,
// started on a free loopback port with its own data directory, and Debian's chromium driven by
// playwright-core over a pipe. Runs under Node (node --test), not Bun: Bun's child_process closes
// extra pipe fds a second time at GC, which kills the browser's --remote-debugging-pipe
// (microsoft/playwright#42692).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CHROMIUM = process.env.WARDEN_TEST_CHROMIUM || "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export function workDir() {
  const path = mkdtempSync(join(tmpdir(), "warden-console-"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function buildBinary(outfile) {
  const build = spawnSync(join(ROOT, "node_modules", ".bin", "bun"), [join(ROOT, "scripts", "build.ts"), outfile], { cwd: ROOT, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  return outfile;
}

/** Starts `warden serve --port 0`; resolves with its URL and the first workspace key it printed. */
export function startWarden(binary, dataDir, home) {
  const env = { PATH: process.env.PATH, HOME: home };
  const proc = spawn(binary, ["serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDir], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  proc.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`warden did not start:\n${stdout}\n${stderr}`));
    }, 30_000);
    proc.on("exit", (code) => reject(new Error(`warden exited with ${code}:\n${stdout}\n${stderr}`)));
    proc.stdout.on("data", (chunk) => {
      stdout += chunk;
      const url = /^warden listening on (\S+)/m.exec(stdout)?.[1];
      if (!url) return;
      clearTimeout(timer);
      const key = /^\s*(svc_[A-Za-z0-9_-]+)\s*$/m.exec(stdout)?.[1];
      resolve({
        proc, url, key,
        stderr: () => stderr,
        stop: () => new Promise((done) => {
          if (proc.exitCode !== null) return done(proc.exitCode);
          proc.removeAllListeners("exit");
          proc.on("exit", (code) => done(code));
          proc.kill("SIGTERM");
        }),
      });
    });
  });
}

/** `warden console`: the one-time login link, as an operator would get it. */
export function loginLink(binary, dataDir, url, name) {
  const run = spawnSync(binary, ["console", "--data", dataDir, "--url", url, "--name", name], { encoding: "utf8", env: { PATH: process.env.PATH } });
  if (run.status !== 0) throw new Error(`warden console failed: ${run.stderr}`);
  return run.stdout.trim();
}

export const launchBrowser = () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

/** Posts JSON to warden with a workspace key, as a hook or a PEP would. */
export async function post(url, path, key, body) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Keeps the screenshots where a person can look at them: test-results/console/. */
export function publishScreenshots(from) {
  const to = join(ROOT, "test-results", "console");
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from)) cpSync(join(from, file), join(to, file));
  return to;
}
