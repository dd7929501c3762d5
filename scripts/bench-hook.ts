// Hook round trips as a harness sees them, one call at a time: `warden hook claude-code` as a
// fresh process per tool call (start-up, enrollment-signed request, JSON out) next to the same
// input POSTed to the HTTP hook endpoint. Reports p50/p99 in milliseconds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface HookTimes {
  command: { p50: number; p99: number };
  http: { p50: number; p99: number };
  calls: number;
}

const COMMANDS = ["ls -la src", "git status --short", "npm test -- --watch=false", "cat package.json", "rg TODO src"];

const inputFor = (i: number) =>
  JSON.stringify({
    session_id: `bench-hook-${Math.floor(i / 50)}`,
    transcript_path: "/tmp/bench.jsonl",
    cwd: "/home/dev/app",
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: `${COMMANDS[i % COMMANDS.length]} # ${i}` },
    tool_use_id: `toolu_bench_${process.pid}_${i}`,
  });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const summarise = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

export async function measureHooks(binary: string, url: string, key: string, calls: number): Promise<HookTimes> {
  const state = mkdtempSync(join(tmpdir(), "warden-bench-hook-"));
  const env = { PATH: process.env.PATH ?? "", HOME: state, WARDEN_URL: url, WARDEN_KEY: key, WARDEN_STATE_DIR: state };
  try {
    // The first call enrolls the hook's signing key; what is measured is the steady state after it.
    Bun.spawnSync([binary, "hook", "claude-code"], { stdin: new TextEncoder().encode(inputFor(-1)), env });
    const command: number[] = [];
    for (let i = 0; i < calls; i++) {
      const stdin = new TextEncoder().encode(inputFor(i));
      const started = performance.now();
      const run = Bun.spawnSync([binary, "hook", "claude-code"], { stdin, env, stdout: "pipe" });
      command.push(performance.now() - started);
      if (run.exitCode !== 0 || !run.stdout.toString().startsWith("{")) throw new Error(`warden hook failed: ${run.stderr.toString()}`);
    }
    const http: number[] = [];
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/hooks/claude-code`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: inputFor(calls + i) });
      await res.text();
      http.push(performance.now() - started);
    }
    return { command: summarise(command), http: summarise(http), calls };
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}
