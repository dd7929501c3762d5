// Past capacity on purpose: the compiled binary with its default in-flight cap (512) under
// OVERLOAD_CONNS (default 2000) evaluate connections for OVERLOAD_SECONDS (default 20) of wrk,
// while one ordinary client keeps asking. Prints answers by status, the ordinary client's
// latency, and RSS at idle, at saturation and after.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeEvent } from "../test/helpers.ts";
import { startServer } from "../test/process.ts";
import { buildBinary } from "./build.ts";

const conns = Number(process.env.OVERLOAD_CONNS ?? 2000);
const seconds = Number(process.env.OVERLOAD_SECONDS ?? 20);
const work = mkdtempSync(join(tmpdir(), "warden-overload-"));
const rssMb = async (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(await Bun.file(`/proc/${pid}/status`).text())?.[1] ?? 0) / 1024;

/** wrk's Lua: a varied evaluate per request. */
const wrkScript = (key: string) => `
wrk.method = "POST"
wrk.headers["authorization"] = "Bearer ${key}"
wrk.headers["content-type"] = "application/json"
local n = 0
local template = ${JSON.stringify(JSON.stringify(makeEvent({ event_id: "EVT", guard_id: "GID" })))}
request = function()
  n = n + 1
  local body = template:gsub("EVT", "ov-" .. n .. "-" .. math.random(1e9)):gsub("GID", "g-" .. n)
  return wrk.format(nil, "/v1/evaluate", nil, body)
end
`;

async function main(): Promise<number> {
  if (!Bun.which("wrk")) throw new Error("wrk is needed: apt-get install wrk");
  const binary = join(work, "warden");
  if (!buildBinary(binary).ok) throw new Error("build failed");
  const server = await startServer([binary, "serve", "--port", "0", "--data", join(work, "data"), "--rate-limit", "0"]);
  const key = server.firstKey!;
  writeFileSync(join(work, "load.lua"), wrkScript(key));
  const idle = await rssMb(server.proc.pid);
  const wrk = Bun.spawn(["wrk", "-t2", `-c${conns}`, `-d${seconds}s`, "-s", join(work, "load.lua"), server.url], { stdout: "pipe", stderr: "pipe" });
  const probe: number[] = [];
  const probeStatus = new Map<number, number>();
  let peak = idle;
  const until = Date.now() + seconds * 1000;
  await Bun.sleep(2000);
  while (Date.now() < until - 1000) {
    const started = performance.now();
    const res = await fetch(`${server.url}/v1/evaluate`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(makeEvent()) });
    await res.text();
    probe.push(performance.now() - started);
    probeStatus.set(res.status, (probeStatus.get(res.status) ?? 0) + 1);
    peak = Math.max(peak, await rssMb(server.proc.pid));
    await Bun.sleep(200);
  }
  const out = await new Response(wrk.stdout).text();
  await wrk.exited;
  await Bun.sleep(5000);
  const after = await rssMb(server.proc.pid);
  const health = (await fetch(`${server.url}/v1/health`)).status;
  server.proc.kill("SIGTERM");
  await server.proc.exited;
  probe.sort((a, b) => a - b);
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const refused = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  console.log(`wrk -c${conns} for ${seconds}s against evaluate (max in flight 512): ${total.toLocaleString("en")} answers, ${(total - refused).toLocaleString("en")} verdicts, ${refused.toLocaleString("en")} refused (503 overloaded)`);
  console.log(`${/Requests\/sec:\s+\S+/.exec(out)?.[0] ?? ""}; socket errors: ${/Socket errors:.*$/m.exec(out)?.[0] ?? "none"}`);
  console.log(`an ordinary client meanwhile: ${probe.length} requests (${[...probeStatus].map(([k, v]) => `${k}: ${v}`).join(", ")}), p50 ${probe[Math.floor(probe.length / 2)]?.toFixed(1)} ms, max ${probe.at(-1)?.toFixed(1)} ms`);
  console.log(`RSS: idle ${idle.toFixed(0)} MB, at saturation up to ${peak.toFixed(0)} MB, 5 s after ${after.toFixed(0)} MB; health after: ${health}`);
  return health === 200 ? 0 : 1;
}

try {
  process.exitCode = await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
