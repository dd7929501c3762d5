// Issue 16: a short seeded abuse run. One workspace key tries each bound at volume against the
// compiled binary on 127.0.0.1 (worst payload shapes, an approval flood, a sensor flood, a
// placeholder flood, unique sessions), bounded in count and time; warden answers every request
// in its interface's shape, never a 5xx, and its memory, disk and answers stay within bounds.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { makeEvent, SLOW_TEST_MS, tempDir } from "../helpers.ts";
import { startServer } from "../process.ts";
import { binary } from "./target.ts";

setDefaultTimeout(SLOW_TEST_MS * 12);

const SEED = 0x5eed16;
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return state / 2 ** 32;
  };
}

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const token = (random: () => number) => ["ghp", Array.from({ length: 36 }, () => BASE62[Math.floor(random() * 62)]).join("")].join("_");

const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;
const dirBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? dirBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);

describe("seeded abuse run", () => {
  test("one key at volume: every answer in shape, memory and disk bounded", async () => {
    using dir = tempDir("warden-abuse-");
    const data = join(dir.path, "data");
    const server = await startServer([binary(), "serve", "--port", "0", "--data", data, "--rate-limit", "0"]);
    const random = prng(SEED);
    const statuses = new Map<number, number>();
    let largestAnswer = 0;
    const send = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.firstKey}`, "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      largestAnswer = Math.max(largestAnswer, text.length);
      return { status: res.status, text };
    };
    const inBatches = async (count: number, make: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < count; i += 16) await Promise.all(Array.from({ length: Math.min(16, count - i) }, (_, j) => make(i + j)));
    };
    try {
      const rssBefore = rssOf(server.proc.pid);
      const started = Date.now();

      // Worst shapes: long keys over many strings, many hits per field.
      await inBatches(8, () => send("/v1/evaluate", makeEvent({ kind: "tool_call", payload: { name: "mcp__x__y", arguments: { ["k".repeat(50_000 + Math.floor(random() * 50_000))]: Array.from({ length: 2_000 }, () => "") } } })));
      await inBatches(8, () => send("/v1/evaluate", makeEvent({ kind: "tool_result", payload: { name: "Read", text: Array.from({ length: 400 }, () => token(random)).join("\n") } })));
      // An approval flood from one session: 20 asked, the rest blocked.
      const decisions: string[] = [];
      await inBatches(200, async (i) => {
        const { text } = await send("/v1/evaluate", makeEvent({ session_id: "rogue", kind: "tool_call", payload: { name: "Bash", arguments: { command: `echo 'neofetch --id ${i}' >> ~/.bashrc` } } }));
        decisions.push((JSON.parse(text) as { decision: string }).decision);
      });
      // A sensor flood and a placeholder flood.
      await inBatches(2_000, (i) => send("/v1/heartbeat", { sensor: { id: `s-${i}-${Math.floor(random() * 1e9)}` }, instance_id: "i" }));
      await inBatches(300, () => send("/v1/evaluate", makeEvent({ session_id: "placeholders", kind: "tool_call", payload: { name: "Bash", arguments: { command: `echo ${token(random)}` } } })));
      // Unique sessions, as a fleet of short-lived agents would make them.
      await inBatches(2_000, (i) => send("/v1/evaluate", makeEvent({ session_id: `unique-${i}`, payload: { name: "Bash", arguments: { command: "git status" } } })));

      const elapsed = Date.now() - started;
      const rssGrowth = rssOf(server.proc.pid) - rssBefore;
      const disk = dirBytes(data);
      console.log(`abuse run (seed ${SEED}): ${elapsed} ms, RSS +${(rssGrowth / 1e6).toFixed(1)} MB, data ${(disk / 1e6).toFixed(1)} MB, largest answer ${largestAnswer} B, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);

      expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
      expect(decisions.filter((d) => d === "require_approval")).toHaveLength(20);
      expect(decisions.filter((d) => d === "block")).toHaveLength(180);
      expect(largestAnswer).toBeLessThan(256 * 1024);
      expect(rssGrowth).toBeLessThan(400 * 1024 * 1024);
      expect(disk).toBeLessThan(200 * 1024 * 1024);
    } finally {
      server.proc.kill("SIGTERM");
      await server.proc.exited;
    }
  });
});
