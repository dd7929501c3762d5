// Issue 16, item 3: one poison event cannot stall the exporter. A Splunk HEC endpoint with a body
// limit (nginx answers 413 past `client_max_body_size`) refuses a batch or a record for its size:
// the exporter sends smaller batches, then the one record without its content, counted in
// /metrics and raised as a finding, and every later decision still arrives. A record is never
// bigger than 256 KiB to begin with. Against the compiled binary; the HEC stub is on 127.0.0.1.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { makeEvent, SLOW_TEST_MS, tempDir } from "../helpers.ts";
import { startServer } from "../process.ts";
import { binary } from "./target.ts";

setDefaultTimeout(SLOW_TEST_MS * 4);

/** A HEC stub that refuses bodies over `limit` bytes with 413, like nginx in front of Splunk. */
function hecStub(limit: number) {
  const received: Record<string, unknown>[] = [];
  let refused = 0;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const body = await request.text();
      if (Buffer.byteLength(body) > limit) {
        refused++;
        return new Response("413 Request Entity Too Large", { status: 413 });
      }
      for (const line of body.split("\n")) if (line) received.push((JSON.parse(line) as { event: Record<string, unknown> }).event);
      return Response.json({ text: "Success", code: 0 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/services/collector`, received, refused: () => refused, stop: () => server.stop(true) };
}

async function until(check: () => boolean, what: string, ms = 30_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

describe("a record a sink refuses for its size does not hold back the rest", () => {
  test("a 60 KB event behind a 16 KB body limit arrives without its content; the events after it arrive whole", async () => {
    using dir = tempDir("warden-export-poison-");
    const hec = hecStub(16 * 1024);
    const tokenFile = join(dir.path, "hec.token");
    await Bun.write(tokenFile, "stub-token");
    const server = await startServer([binary(), "serve", "--port", "0", "--data", join(dir.path, "data"), "--export-splunk-hec", hec.url, "--splunk-token-file", tokenFile]);
    try {
      const key = server.firstKey!;
      const evaluate = (event: unknown) =>
        fetch(`${server.url}/v1/evaluate`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(event) });
      const poison = makeEvent({ event_id: "poison", kind: "tool_result", payload: { name: "Read", text: "lorem ipsum dolor ".repeat(3500) } });
      expect((await evaluate(poison)).status).toBe(200);
      const later = Array.from({ length: 40 }, (_, i) => makeEvent({ event_id: `later-${i}` }));
      for (const event of later) expect((await evaluate(event)).status).toBe(200);

      await until(() => later.every((e) => hec.received.some((r) => r.event_id === e.event_id)), "the events after the poison one");
      const cut = hec.received.find((r) => r.event_id === "poison")!;
      expect(cut).toMatchObject({ cut: "quarantined", cut_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(cut.content).toBeUndefined();
      // The small ones came whole, in batches the stub accepted.
      expect(hec.received.find((r) => r.event_id === "later-0")!.cut).toBeUndefined();
      expect(hec.refused()).toBeGreaterThan(0);

      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      expect(metrics).toMatch(/warden_export_records_cut\{sink="hec:[^"]+"\} 1/);
      expect(metrics).toMatch(/warden_export_lag_events\{sink="hec:[^"]+"\} 0/);
    } finally {
      server.proc.kill("SIGTERM");
      await server.proc.exited;
      hec.stop();
    }
  });
});
