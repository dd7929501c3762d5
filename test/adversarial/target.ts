// The warden the adversarial trust suites talk to over real HTTP on 127.0.0.1: the compiled binary
// (built once by the harness, or WARDEN_BINARY=path), started as `warden serve --port 0` on a
// fresh data directory; a case that needs the manual clock asks for this process's runtime behind
// Bun.serve on port 0 instead. Operator actions (approve, set a ceiling, create a grant) go
// through the same executable's CLI in both cases.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUILTIN_DETECTORS } from "../../src/detectors/index.ts";
import { loadPolicyFile } from "../../src/config/policy-file.ts";
import { startWarden, tempDir, type TestWarden } from "../helpers.ts";
import { startServer } from "../process.ts";
import { compiledBinary } from "./harness.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

export interface Target extends AsyncDisposable {
  base: string;
  key: string;
  workspace: string;
  dataDir: string;
  /** The warden command line: the binary, or bun running src/main.ts. */
  command: string[];
  /** In-process only: the runtime and its manual clock (absent against the binary). */
  local?: TestWarden;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** `warden ARGS --data DIR`, run to completion. */
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
}

export const binary = (): string => process.env.WARDEN_BINARY || compiledBinary();

export async function startTarget(options: { policy?: string; inProcess?: boolean } = {}): Promise<Target> {
  const dir = tempDir("warden-adv-");
  const dataDir = join(dir.path, "data");
  const policyFile = options.policy === undefined ? undefined : join(dir.path, "policy.yaml");
  if (policyFile) writeFileSync(policyFile, options.policy!);
  const bin = options.inProcess ? undefined : binary();
  const command = bin ? [bin] : [process.execPath, MAIN];
  let base: string;
  let key: string;
  let workspace: string;
  let local: TestWarden | undefined;
  let stop: () => Promise<void>;
  if (bin) {
    const started = await startServer([bin, "serve", "--port", "0", "--data", dataDir, ...(policyFile ? ["--policy", policyFile] : [])]);
    base = started.url;
    key = started.firstKey!;
    workspace = "default";
    stop = async () => {
      started.proc.kill("SIGTERM");
      await started.proc.exited;
    };
  } else {
    mkdirSync(dataDir, { mode: 0o700 });
    const loaded = policyFile ? await loadPolicyFile(policyFile, BUILTIN_DETECTORS) : undefined;
    if (loaded && !loaded.ok) throw new Error(loaded.errors.join("\n"));
    // A manual clock at the real time: the CLI beside it (approvals, grants) runs on the real one.
    local = await startWarden({ dataDir, startAt: Date.now(), ...(loaded?.ok ? { policySet: loaded.set } : {}) });
    const runtime = local.runtime;
    const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => runtime.fetch(request) });
    base = `http://127.0.0.1:${server.port}`;
    key = local.key;
    workspace = "ws-test";
    stop = async () => {
      await server.stop(true);
      await local![Symbol.asyncDispose]();
    };
  }
  const send = (method: string, path: string, body: string | undefined, headers: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method,
      body,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    });
  return {
    base,
    key,
    workspace,
    dataDir,
    command,
    local,
    post: (path, body, headers = {}) => send("POST", path, typeof body === "string" ? body : JSON.stringify(body), headers),
    get: (path, headers = {}) => send("GET", path, undefined, headers),
    async cli(args) {
      const proc = Bun.spawn([...command, ...args, "--data", dataDir], { stdout: "pipe", stderr: "pipe", env: { ...process.env } });
      const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      return { code, stdout, stderr };
    },
    async [Symbol.asyncDispose]() {
      await stop();
      dir[Symbol.dispose]();
    },
  };
}
