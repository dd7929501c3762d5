// `warden serve`: lock the data directory, open storage, mint the first key on first start,
// listen, and drain cleanly on SIGTERM or SIGINT.
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "../config/args.ts";
import { isLoopback, resolveServeConfig, SERVE_OPTIONS } from "../config/serve-config.ts";
import { stderrLogger } from "../lib/log.ts";
import { createRuntime } from "../runtime.ts";
import { lockDataDirectory } from "../store/sqlite/database.ts";
import { mintApiKey } from "../trust/api-keys.ts";

const FIRST_WORKSPACE = "default";
/** Bun's own cap sits above warden's so warden's 413 (in the interface's shape) answers first. */
const TRANSPORT_SLACK_BYTES = 64 * 1024;

export async function runServe(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  const args = parseArgs(argv, SERVE_OPTIONS);
  const { config, errors } = resolveServeConfig(args.options, env);
  errors.unshift(...args.errors, ...args.positional.map((p) => `unexpected argument ${p}`));
  if (errors.length) {
    for (const e of errors) console.error(`warden serve: ${e}`);
    return 2;
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(config.dataDir, 0o700);
  const lock = lockDataDirectory(join(config.dataDir, "serve.lock"));
  if ("heldBy" in lock) {
    console.error(`warden serve: another warden is already serving ${config.dataDir}`);
    return 1;
  }
  const runtime = createRuntime({ ...config, log: stderrLogger });
  if ((await runtime.storage.keys.count()) === 0) {
    const minted = await mintApiKey(runtime.storage.keys, FIRST_WORKSPACE, runtime.clock, "first start");
    console.log(`workspace "${FIRST_WORKSPACE}" API key (shown once, stored hashed):\n  ${minted.key}`);
  }
  const server = Bun.serve({
    hostname: config.host,
    port: config.port,
    fetch: runtime.app.fetch,
    maxRequestBodySize: config.maxBodyBytes + TRANSPORT_SLACK_BYTES,
    idleTimeout: 30,
  });
  if (!isLoopback(config.host)) console.error(`warden serve: listening beyond loopback on ${config.host}, as asked`);
  console.log(`warden listening on ${server.url.href.replace(/\/$/, "")} (data: ${config.dataDir})`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      stderrLogger.info("draining", { signal });
      await server.stop(false);
      await runtime.close();
      lock.release();
      resolve(0);
    };
    process.on("SIGTERM", () => void stop("SIGTERM"));
    process.on("SIGINT", () => void stop("SIGINT"));
  });
}
