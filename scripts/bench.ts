// scripts/bench: a bare Bun.serve baseline and the compiled warden (evaluate and ingest) under
// the same load in one run, printed as requests/s, p50, p99 and the ratio to the baseline.
// Load comes from wrk (Debian package) when installed, else from a Bun client; both on loopback.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../test/process.ts";
import { benchEvent, corpusMix } from "./bench-event.ts";
import { checkDetectors, measureDetectors, printDetectors } from "./bench-detectors.ts";
import { measureHooks, type HookTimes } from "./bench-hook.ts";
import { measureMetricUpdates } from "./bench-metrics.ts";
import { measureModelCost } from "./bench-model.ts";
import { buildBinary } from "./build.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Load on each route before anything is measured (not counted). */
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const connections = (process.env.BENCH_CONNS ?? "8,64").split(",").map(Number);
const hookCalls = Number(process.env.BENCH_HOOK_CALLS ?? 200);
const work = mkdtempSync(join(tmpdir(), "warden-bench-"));
const hasWrk = Bun.spawnSync(["sh", "-c", "command -v wrk"]).exitCode === 0;

interface Result { rps: number; p50: number; p99: number; errors: number }

/** __SESSION__ is filled in per request by the wrk script. */
const eventJson = (id: string) => JSON.stringify(benchEvent(id, "__SESSION__"));

/**
 * The corpus mix as request bodies: each a real event with its ids left for the load to fill in.
 * Corpus text is data: it goes into a Lua long string in a file, never through a shell.
 */
const mixBodies = (): string[] =>
  corpusMix().events
    .map((m) => JSON.stringify({ ...m.event, event_id: "__ID__", guard_id: "g-__ID__", session_id: "__SESSION__" }))
    .filter((body) => !body.includes("]==]"));

function wrkScript(path: string, key: string, batch: number, mix = false): string {
  const templates = mix
    ? mixBodies()
    : [batch > 0 ? `{"batch":[${Array.from({ length: batch }, (_, i) => eventJson(`__ID__-${i}`)).join(",")}]}` : eventJson("__ID__")];
  const file = join(work, `${path.replaceAll("/", "_")}-${batch}${mix ? "-mix" : ""}.lua`);
  writeFileSync(file, `
local counter = 0
local prefix = tostring(os.time()) .. "-" .. tostring(math.random(1000000000))
local templates = { ${templates.map((t) => `[==[${t}]==]`).join(",\n")} }
local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer ${key}" }
request = function()
  counter = counter + 1
  local session = prefix .. "-s" .. math.floor(counter / 200)
  local template = templates[(counter % #templates) + 1]
  local body = template:gsub("__ID__", prefix .. "-" .. counter):gsub("__SESSION__", session)
  return wrk.format("POST", "${path}", headers, body)
end
`);
  return file;
}

const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]!;

async function runWrk(url: string, path: string, key: string, conns: number, batch: number, mix = false, duration = seconds): Promise<Result> {
  const script = wrkScript(path, key, batch, mix);
  const proc = Bun.spawn(["wrk", "-t1", `-c${conns}`, `-d${duration}s`, "--latency", "-s", script, url], { stdout: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  const latency = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(out);
    return m ? toMs(m[1]!, m[2]!) : NaN;
  };
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const errorsLine = /Socket errors: .*?(\d+).*?(\d+).*?(\d+).*?(\d+)/.exec(out);
  const socketErrors = errorsLine ? errorsLine.slice(1).map(Number).reduce((a, b) => a + b, 0) : 0;
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: latency("50"),
    p99: latency("99"),
    errors: Number(non2xx?.[1] ?? 0) + socketErrors,
  };
}

async function runBunClient(url: string, mode: string, key: string, conns: number, duration = seconds): Promise<Result> {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "bench-load.ts"), url, key, mode, String(conns), String(duration)], { stdout: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  return JSON.parse(out) as Result;
}

const rssMb = (pid: number) => {
  const status = Bun.file(`/proc/${pid}/status`);
  return status.text().then((t) => Number(/VmRSS:\s+(\d+)/.exec(t)?.[1] ?? 0) / 1024);
};

async function main() {
  const binary = join(work, "warden");
  const build = buildBinary(binary);
  if (!build.ok) throw new Error(build.output);
  const bare = await startServerLine([process.execPath, join(import.meta.dir, "bench-bare.ts")]);
  const warden = await startServer([binary, "serve", "--port", "0", "--data", join(work, "data"), "--rate-limit", "0"]);
  const key = warden.firstKey!;
  const rows: string[][] = [];
  const summary: Record<string, Result> = {};
  const drains: { conns: number; events: number; seconds: number }[] = [];
  try {
    const idle = await rssMb(warden.proc.pid);
    // Hooks first, as one harness would call them on a quiet warden, before the load runs fill the WAL.
    const hooks = await measureHooks(binary, warden.url, key, hookCalls);
    // A server runs for days: its steady state is what a figure means, not its first seconds, when
    // the JIT still compiles the hot paths on the core the load generator also needs.
    for (const [path, mode, batch] of [["/v1/evaluate", "evaluate", 0], ["/v1/evaluate", "mix", 0], ["/v1/ingest", "ingest", 100]] as const) {
      await (hasWrk ? runWrk(warden.url, path, key, connections[0]!, batch, mode === "mix", warmupSeconds) : runBunClient(warden.url, mode, key, connections[0]!, warmupSeconds));
    }
    await drainIngestDetection(warden.url);
    for (const conns of connections) {
      const measure = (url: string, path: string, mode: string, batch: number) =>
        hasWrk ? runWrk(url, path, key, conns, batch, mode === "mix") : runBunClient(url, mode, key, conns);
      const base = await measure(bare.url, "/", "bare", 0);
      const evaluate = await measure(warden.url, "/v1/evaluate", "evaluate", 0);
      const mix = await measure(warden.url, "/v1/evaluate", "mix", 0);
      const ingest = await measure(warden.url, "/v1/ingest", "ingest", 100);
      // Detection of what was ingested runs after the acknowledgements: let it finish (and time
      // it) before the next run, so its backlog never counts against another figure.
      drains.push({ conns, ...(await drainIngestDetection(warden.url)) });
      summary[`bare c${conns}`] = base;
      summary[`evaluate c${conns}`] = evaluate;
      summary[`mix c${conns}`] = mix;
      summary[`ingest c${conns}`] = ingest;
      const fmt = (name: string, r: Result, perReq = 1) => [
        name, String(conns), Math.round(r.rps).toLocaleString("en"), (r.p50).toFixed(3), (r.p99).toFixed(3),
        (r.rps / base.rps).toFixed(2), perReq > 1 ? Math.round(r.rps * perReq).toLocaleString("en") : "", String(r.errors),
      ];
      rows.push(fmt("bare Bun.serve", base), fmt("warden evaluate", evaluate), fmt("warden evaluate, corpus mix", mix), fmt("warden ingest x100", ingest, 100));
    }
    const loaded = await rssMb(warden.proc.pid);
    const metricsOff = await measureWithoutMetrics(binary, connections[0]!);
    rows.push(["warden evaluate, --metrics off", String(connections[0]), Math.round(metricsOff.rps).toLocaleString("en"), metricsOff.p50.toFixed(3), metricsOff.p99.toFixed(3), "", "", String(metricsOff.errors)]);
    print(rows, idle, loaded);
    console.log(`evaluate: the ~1 KB Bash call of issue 19, a new event id and description per request; corpus mix: ${corpusMix().events.length} events of every kind from ${corpusMix().source}`);
    for (const d of drains) {
      console.log(`ingest detection after the c${d.conns} run: ${d.events.toLocaleString("en")} events judged in ${d.seconds.toFixed(1)} s once the load stopped (${Math.round(d.events / Math.max(d.seconds, 0.001)).toLocaleString("en")} events/s)`);
    }
    printHooks(hooks);
    const metricNs = measureMetricUpdates();
    console.log(`metric updates per decision (engine + commit observers, in process): ${metricNs.toFixed(0)} ns`);
    const detectors = await measureDetectors();
    printDetectors(detectors);
    const model = measureModelCost();
    console.log(`injection model (in process): ${model.codeUsPerKb.toFixed(1)} µs per KB of source code, ${model.proseUsPerKb.toFixed(1)} µs per KB of prose`);
    printTargets(summary, hooks, metricNs, idle);
    checkDetectors(detectors, check);
    console.log(`${Math.max(model.codeUsPerKb, model.proseUsPerKb) < 50 ? "MET " : "MISS"} injection model < 50 µs per KB: ${Math.max(model.codeUsPerKb, model.proseUsPerKb).toFixed(1)} µs`);
  } finally {
    bare.proc.kill("SIGTERM");
    warden.proc.kill("SIGTERM");
    await Promise.all([bare.proc.exited, warden.proc.exited]);
    rmSync(work, { recursive: true, force: true });
  }
}

const gauge = (metrics: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(metrics)?.[1] ?? NaN);

/** Waits until detection has judged every ingested event (at most 5 minutes); how many and how long. */
async function drainIngestDetection(url: string): Promise<{ events: number; seconds: number }> {
  const started = performance.now();
  const scrape = async () => (await fetch(`${url}/metrics`)).text();
  const first = gauge(await scrape(), "warden_ingest_detection_lag_events");
  for (;;) {
    const lag = gauge(await scrape(), "warden_ingest_detection_lag_events");
    if (lag === 0 || performance.now() - started > 300_000) return { events: first - lag, seconds: (performance.now() - started) / 1000 };
    await Bun.sleep(100);
  }
}

/** The same evaluate load on a second warden with metrics off: the cost of metrics is the gap. */
async function measureWithoutMetrics(binary: string, conns: number): Promise<Result> {
  const plain = await startServer([binary, "serve", "--port", "0", "--data", join(work, "data-no-metrics"), "--rate-limit", "0", "--metrics", "off"]);
  try {
    // Warmed up like the server it is compared with.
    const run = (duration: number) =>
      hasWrk ? runWrk(plain.url, "/v1/evaluate", plain.firstKey!, conns, 0, false, duration) : runBunClient(plain.url, "evaluate", plain.firstKey!, conns, duration);
    await run(warmupSeconds);
    return await run(seconds);
  } finally {
    plain.proc.kill("SIGTERM");
    await plain.proc.exited;
  }
}

async function startServerLine(cmd: string[]) {
  const proc = Bun.spawn(cmd, { stdout: "pipe" });
  const reader = proc.stdout.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return { proc, url: new TextDecoder().decode(value).trim().split(" ")[1]! };
}

function print(rows: string[][], idleMb: number, loadedMb: number) {
  const header = ["target", "conns", "req/s", "p50 ms", "p99 ms", "x bare", "events/s", "errors"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(`load: ${hasWrk ? "wrk -t1" : "Bun fetch client"}, ${seconds}s per run after ${warmupSeconds}s of warm-up per warden route, loopback, this machine's cores shared with the load`);
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  console.log(`warden RSS: ${idleMb.toFixed(0)} MB idle, ${loadedMb.toFixed(0)} MB after load`);
}

function printHooks(h: HookTimes) {
  console.log(`hook round trip, ${h.calls} sequential PreToolUse calls (Bash), as a harness makes them:`);
  console.log(`  warden hook claude-code (process per call)  p50 ${h.command.p50.toFixed(2)} ms  p99 ${h.command.p99.toFixed(2)} ms`);
  console.log(`  POST /hooks/claude-code (http hook)         p50 ${h.http.p50.toFixed(2)} ms  p99 ${h.http.p99.toFixed(2)} ms`);
}

const check = (label: string, ok: boolean, detail: string) => console.log(`${ok ? "MET " : "MISS"} ${label}: ${detail}`);

function printTargets(s: Record<string, Result>, hooks: HookTimes, metricNs: number, idleMb: number) {
  const c8 = (name: string) => s[`${name} c8`];
  const bare = c8("bare");
  const evaluate = c8("evaluate");
  const ingest = c8("ingest") ?? s[Object.keys(s).find((k) => k.startsWith("ingest"))!];
  if (!bare || !evaluate || !ingest) return;
  check("evaluate >= 1/3 of bare at 8 conns", evaluate.rps >= bare.rps / 3, `${(evaluate.rps / bare.rps).toFixed(2)} x bare`);
  check("evaluate p99 < 2 ms at 8 conns", evaluate.p99 < 2, `${evaluate.p99.toFixed(3)} ms`);
  check("ingest >= 30,000 events/s", ingest.rps * 100 >= 30_000, `${Math.round(ingest.rps * 100).toLocaleString("en")} events/s`);
  check("RSS idle < 100 MB", idleMb < 100, `${idleMb.toFixed(0)} MB`);
  check("warden hook round trip p99 < 20 ms, process start included", hooks.command.p99 < 20, `${hooks.command.p99.toFixed(2)} ms`);
  check("a decision's metric updates < 1 us", metricNs < 1000, `${metricNs.toFixed(0)} ns`);
}

await main();
