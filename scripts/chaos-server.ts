// The chaos run's warden: the compiled binary on a data directory with a file export sink and two
// operators, started on port 0, killed with SIGKILL by its PID and started again. Its output is
// drained as it comes (a full pipe would stall it) and the tail kept for a failure report.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, type Started } from "../test/process.ts";

export interface Setup {
  binary: string;
  dataDir: string;
  exportFile: string;
  serveArgs: string[];
  operators: { name: string; token: string }[];
}

export interface RunningWarden {
  url: string;
  pid: number;
  /** Set on the first start only: the workspace key it prints once. */
  firstKey?: string;
  alive(): boolean;
  killHard(): Promise<void>;
  /** SIGTERM: drains and exits; resolves to the exit code. */
  stop(): Promise<number>;
  /** The last lines it wrote to stderr. */
  tail(): string;
}

export function runWarden(binary: string, args: string[]): { code: number; out: string; err: string } {
  const result = Bun.spawnSync([binary, ...args], { stdout: "pipe", stderr: "pipe", timeout: 60_000 });
  return { code: result.exitCode ?? -1, out: result.stdout.toString(), err: result.stderr.toString() };
}

/**
 * A data directory with two operators (they race each other for decisions) and a policy whose
 * approvals expire within the run; `rotateBytes` makes the export file rotate (and keeps every file).
 */
export function prepareDataDir(binary: string, workDir: string, rotateBytes?: number): Setup {
  const dataDir = join(workDir, "data");
  const exportFile = join(workDir, "export.jsonl");
  const policyFile = join(workDir, "policy.json");
  writeFileSync(policyFile, JSON.stringify({ version: "chaos-1", approval_ttl_s: 10 }));
  const operators = ["chaos-a", "chaos-b"].map((name) => {
    // Provisioned before the first start: --create makes the installation.
    const made = runWarden(binary, ["operators", "create", "--name", name, "--create", "--data", dataDir]);
    if (made.code !== 0) throw new Error(`warden operators create failed: ${made.err}`);
    return { name, token: made.out.trim() };
  });
  const serveArgs = ["serve", "--port", "0", "--data", dataDir, "--rate-limit", "0", "--export-file", exportFile, "--policy", policyFile];
  if (rotateBytes) serveArgs.push("--export-file-max-bytes", String(rotateBytes), "--export-file-keep", "1000");
  return { binary, dataDir, exportFile, serveArgs, operators };
}

export async function startWarden(setup: Setup): Promise<RunningWarden> {
  const started: Started = await startServer([setup.binary, ...setup.serveArgs]);
  const { proc } = started;
  let tail = "";
  const keep = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) tail = (tail + decoder.decode(chunk, { stream: true })).slice(-8192);
  };
  void keep(proc.stdout).catch(() => {});
  void keep(proc.stderr).catch(() => {});
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  return {
    url: started.url,
    pid: proc.pid,
    firstKey: started.firstKey,
    alive,
    async killHard() {
      if (alive()) proc.kill("SIGKILL");
      await proc.exited;
    },
    async stop() {
      proc.kill("SIGTERM");
      return proc.exited;
    },
    tail: () => tail,
  };
}

/** Starts warden and kills it before or while it opens storage and recovers the export file. */
export async function crashDuringStart(setup: Setup, afterMs: number): Promise<void> {
  const proc = Bun.spawn([setup.binary, ...setup.serveArgs], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
  await Bun.sleep(afterMs);
  proc.kill("SIGKILL");
  await proc.exited;
}
