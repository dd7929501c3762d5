// Shared test fixtures: a real warden runtime on a real SQLite file in a fresh temp directory,
// a minted key, and request builders for app.handle (no port needed).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createManualClock } from "../src/lib/clock.ts";
import { createRuntime, type Runtime, type RuntimeOptions } from "../src/runtime.ts";
import { mintApiKey } from "../src/trust/api-keys.ts";
import { assertDocumented, type OpenApiDocument } from "./api-conformance.ts";
import type { GuardEvent } from "../src/wire/guard-event.ts";

export const BASE = "http://localhost";

/**
 * The per-test timeout of files whose tests start real processes, build the binary or write
 * hundreds of MiB, set with setDefaultTimeout at their top (hooks included): bun's default is 5 s
 * and bun 1.4 reads no test timeout from bunfig.toml. Their tests take up to a few seconds on a
 * quiet machine and several times that on a loaded one.
 */
export const SLOW_TEST_MS = 60_000;

export function tempDir(prefix = "warden-test-"): { path: string } & Disposable {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, [Symbol.dispose]: () => rmSync(path, { recursive: true, force: true }) };
}

let counter = 0;
export const uniqueId = (prefix = "evt") => `${prefix}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

export function makeEvent(overrides: Partial<GuardEvent> & Record<string, unknown> = {}): GuardEvent {
  return {
    svc_version: "0.5",
    event_id: uniqueId(),
    guard_id: uniqueId("g"),
    timestamp: "2026-11-23T10:00:00Z",
    observation_point: "invocation",
    kind: "tool_call",
    payload: { name: "Read", arguments: { file_path: "README.md" } },
    ...overrides,
  } as GuardEvent;
}

export interface TestWarden extends AsyncDisposable {
  runtime: Runtime;
  key: string;
  clock: ReturnType<typeof createManualClock>;
  dataDir: string;
  /** Sends a request through app.handle with the workspace key unless `auth` says otherwise. */
  request(method: string, path: string, init?: { body?: unknown; headers?: Record<string, string>; auth?: string | null }): Promise<Response>;
  evaluate(event: unknown, headers?: Record<string, string>): Promise<Response>;
  ingest(batch: unknown[], headers?: Record<string, string>): Promise<Response>;
  mintKey(workspace: string): Promise<string>;
}

let document: Promise<OpenApiDocument> | undefined;
const documentOf = (runtime: Runtime) =>
  (document ??= runtime.app.handle(new Request(`${BASE}/openapi.json`)).then((r) => r.json() as Promise<OpenApiDocument>));

/** `startAt`: where the manual clock starts (default 2026-11-23T10:00Z). */
export async function startWarden(options: Partial<RuntimeOptions> & { dataDir?: string; startAt?: number } = {}): Promise<TestWarden> {
  const dir = options.dataDir ? undefined : tempDir();
  const dataDir = options.dataDir ?? dir!.path;
  const clock = createManualClock(options.startAt ?? Date.UTC(2026, 10, 23, 10));
  const runtime = createRuntime({ clock, rateLimit: 0, ...options, dataDir });
  const mintKey = async (workspace: string) => (await mintApiKey(runtime.storage.keys, workspace, clock)).key;
  const key = await mintKey("ws-test");
  const request: TestWarden["request"] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    const auth = init.auth === undefined ? key : init.auth;
    if (auth !== null) headers.authorization ??= `Bearer ${auth}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await runtime.app.handle(new Request(`${BASE}${path}`, { method, headers, body }));
    // Every response a test receives is held to the served OpenAPI document.
    await assertDocumented(await documentOf(runtime), method, `${BASE}${path}`, response);
    return response;
  };
  return {
    runtime,
    key,
    clock,
    dataDir,
    request,
    evaluate: (event, headers) => request("POST", "/v1/evaluate", { body: event, headers }),
    ingest: (batch, headers) => request("POST", "/v1/ingest", { body: { batch }, headers }),
    mintKey,
    async [Symbol.asyncDispose]() {
      await runtime.close();
      dir?.[Symbol.dispose]();
    },
  };
}
