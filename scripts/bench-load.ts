// Load generator of scripts/bench: N keep-alive connections posting as fast as answers come
// back, for a fixed time; prints one JSON line with requests/s and latency percentiles.
// Usage: bun scripts/bench-load.ts URL KEY MODE(evaluate|mix|ingest|bare) CONNS SECONDS
import { benchEvent, corpusMix } from "./bench-event.ts";

const [url, key, mode, connsArg, secondsArg] = process.argv.slice(2);
const conns = Number(connsArg);
const seconds = Number(secondsArg);

const template = (id: string) => JSON.stringify(benchEvent(id, `bench-${Math.floor(seq / 200)}`));

const runId = `${process.pid}-${Date.now().toString(36)}`;
let seq = 0;
const mix = mode === "mix" ? corpusMix().events.map((m) => m.event) : [];
const bodyFor = () => {
  if (mode === "mix") {
    const n = seq++;
    return JSON.stringify({ ...mix[n % mix.length], event_id: `${runId}-${n}`, guard_id: `g-${runId}-${n}`, session_id: `bench-${Math.floor(n / 200)}` });
  }
  if (mode === "ingest") return JSON.stringify({ batch: Array.from({ length: 100 }, () => JSON.parse(template(`${runId}-${seq++}`))) });
  return template(`${runId}-${seq++}`);
};
const path = mode === "ingest" ? "/v1/ingest" : mode === "evaluate" || mode === "mix" ? "/v1/evaluate" : "/";
const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };

const latencies: number[] = [];
let errors = 0;
const stopAt = performance.now() + seconds * 1000;
const warmUntil = performance.now() + 500;
let started = 0;

async function loop() {
  while (performance.now() < stopAt) {
    const body = bodyFor();
    const t0 = performance.now();
    const res = await fetch(url + path, { method: "POST", headers, body });
    await res.arrayBuffer();
    const t1 = performance.now();
    if (t0 < warmUntil) continue;
    if (!started) started = t0;
    if (res.status >= 300 && res.status !== 207) errors++;
    latencies.push(t1 - t0);
  }
}

await Promise.all(Array.from({ length: conns }, loop));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
console.log(JSON.stringify({ requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors }));
