// The long hostile-input run: builds the binary, starts it on loopback, and sends FUZZ_REQUESTS
// (default 1,000,000) requests from test/fuzz/hostile.ts over FUZZ_CONNS concurrent clients.
// Prints 5xx, malformed 4xx, crashes, RSS along the way, and exits 1 on any failure.
//   node_modules/.bin/bun scripts/fuzz.ts        FUZZ_REQUESTS=20000 FUZZ_SEED=7 to shorten or vary
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkAnswer, hostileRequest, type HostileRequest } from "../test/fuzz/hostile.ts";
import { startServer } from "../test/process.ts";
import { buildBinary } from "./build.ts";

const total = Number(process.env.FUZZ_REQUESTS ?? 1_000_000);
const conns = Number(process.env.FUZZ_CONNS ?? 16);
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const work = mkdtempSync(join(tmpdir(), "warden-fuzz-"));

const rssMb = async (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(await Bun.file(`/proc/${pid}/status`).text())?.[1] ?? 0) / 1024;

async function main(): Promise<number> {
  const binary = join(work, "warden");
  const build = buildBinary(binary);
  if (!build.ok) throw new Error(build.output);
  const server = await startServer([binary, "serve", "--port", "0", "--data", join(work, "data"), "--rate-limit", "0"]);
  const samples = fc.sample(hostileRequest(server.firstKey!), { seed, numRuns: 5000 });
  const counts = { sent: 0, byClass: new Map<string, number>(), failures: new Map<string, number>(), examples: [] as string[] };
  const rss: number[] = [await rssMb(server.proc.pid)];
  const started = performance.now();
  let next = 0;
  const send = async (req: HostileRequest) => {
    const res = await fetch(`${server.url}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
    // Bun's HTTP parser refuses headers over 16 KiB with a plain-text 431 before warden sees the
    // request; counted and reported, not hidden, but not warden's answer to judge.
    const problem = res.status === 431 ? undefined : checkAnswer(res.status, await res.text());
    if (res.status === 431) await res.arrayBuffer();
    const cls = `${Math.floor(res.status / 100)}xx`;
    counts.byClass.set(cls, (counts.byClass.get(cls) ?? 0) + 1);
    if (problem) {
      counts.failures.set(problem, (counts.failures.get(problem) ?? 0) + 1);
      if (counts.examples.length < 5) counts.examples.push(`${req.method} ${req.path} -> ${problem}`);
    }
  };
  const worker = async () => {
    while (next < total) {
      const i = next++;
      try {
        await send(samples[i % samples.length]!);
      } catch (error) {
        counts.failures.set("connection failed", (counts.failures.get("connection failed") ?? 0) + 1);
        if (server.proc.exitCode !== null) throw new Error(`warden exited with ${server.proc.exitCode}`);
      }
      counts.sent++;
      if (counts.sent % 100_000 === 0) {
        rss.push(await rssMb(server.proc.pid));
        console.log(`${counts.sent.toLocaleString("en")} sent, ${(counts.sent / ((performance.now() - started) / 1000)).toFixed(0)} req/s, RSS ${rss.at(-1)!.toFixed(0)} MB`);
      }
    }
  };
  let crashed: string | undefined;
  await Promise.all(Array.from({ length: conns }, worker)).catch((error: Error) => (crashed = error.message));
  rss.push(await rssMb(server.proc.pid).catch(() => 0));
  const alive = server.proc.exitCode === null;
  server.proc.kill("SIGTERM");
  await server.proc.exited;
  console.log(`requests: ${counts.sent.toLocaleString("en")} in ${((performance.now() - started) / 1000).toFixed(0)} s (seed ${seed}, ${conns} connections)`);
  console.log(`status classes: ${[...counts.byClass].map(([k, v]) => `${k} ${v}`).join(", ")}`);
  console.log(`failures: ${counts.failures.size === 0 ? "none" : [...counts.failures].map(([k, v]) => `${k} x${v}`).join("; ")}`);
  for (const example of counts.examples) console.log(`  e.g. ${example}`);
  console.log(`crashes: ${crashed ? crashed : alive ? "none" : "warden exited"}`);
  console.log(`RSS MB: start ${rss[0]!.toFixed(0)}, max ${Math.max(...rss).toFixed(0)}, end ${rss.at(-1)!.toFixed(0)}`);
  return counts.failures.size === 0 && !crashed && alive ? 0 : 1;
}

try {
  process.exitCode = await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
