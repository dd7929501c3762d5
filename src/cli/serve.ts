// `warden serve`: lock the data directory, load the policy, open storage, mint the first key on
// first start, listen, reload the policy on SIGHUP, and drain cleanly on SIGTERM or SIGINT.
import { chmodSync, mkdirSync, watch } from "node:fs";
import { basename, dirname, join, resolve as resolvePath } from "node:path";
import { parseArgs } from "../config/args.ts";
import { loadPolicyFile } from "../config/policy-file.ts";
import { isLoopback, resolveServeConfig, SERVE_OPTIONS } from "../config/serve-config.ts";
import { BUILTIN_DETECTORS } from "../detectors/index.ts";
import type { PolicyHolder } from "../engine/policy-set.ts";
import { createLogger, type Logger } from "../lib/log.ts";
import { createRuntime, signingKeysPath, type Runtime } from "../runtime.ts";
import { createExportService } from "../export/export-service.ts";
import { createServeOptions } from "../http/serve-options.ts";
import { portHolder, portInUse } from "./port-holder.ts";
import { lockDataDirectory } from "../store/sqlite/database.ts";
import { StorageOpenError } from "../store/types.ts";
import { mintApiKey } from "../trust/api-keys.ts";
import { openKeyring } from "../trust/signing-keys.ts";

const FIRST_WORKSPACE = "default";

function portTaken(host: string, port: number): number {
  const holder = portHolder(port);
  console.error(`warden serve: port ${port} on ${host} is already in use${holder ? ` by ${holder}` : ""}; stop it or choose another with --port`);
  return 1;
}
const SWEEP_EVERY_MS = 5000;

export async function runServe(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  const args = parseArgs(argv, SERVE_OPTIONS);
  const { config, errors } = resolveServeConfig(args.options, env);
  errors.unshift(...args.errors, ...args.positional.map((p) => `unexpected argument ${p}`));
  if (errors.length) {
    for (const e of errors) console.error(`warden serve: ${e}`);
    return 2;
  }
  // Before anything is created: a second warden on a used port would otherwise make a data
  // directory and a key for a server that never answers.
  if (portInUse(config.host, config.port)) return portTaken(config.host, config.port);
  try {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(config.dataDir, 0o700);
  } catch (error) {
    console.error(`warden serve: cannot use the data directory ${config.dataDir}: ${(error as Error).message}`);
    return 1;
  }
  const lock = lockDataDirectory(join(config.dataDir, "serve.lock"));
  if ("heldBy" in lock) {
    console.error(`warden serve: another warden is already serving ${config.dataDir}`);
    return 1;
  }
  const policySet = config.policyFile ? await loadPolicyFile(config.policyFile, BUILTIN_DETECTORS) : undefined;
  if (policySet && !policySet.ok) {
    for (const e of policySet.errors) console.error(`warden serve: policy ${config.policyFile}: ${e}`);
    lock.release();
    return 2;
  }
  const log = createLogger({ level: config.logLevel, format: config.logFormat });
  let runtime: Runtime;
  try {
    runtime = createRuntime({ ...config, log, policySet: policySet?.set });
  } catch (error) {
    if (!(error instanceof StorageOpenError)) throw error;
    // Never serve from a file SQLite cannot use: the PEPs' degraded mode is the honest answer.
    console.error(`warden serve: ${error.message}`);
    lock.release();
    return 1;
  }
  const exporting = config.exports
    ? createExportService({ db: runtime.storage.db, writer: runtime.storage.writer, dataDir: config.dataDir, settings: config.exports, clock: runtime.clock, log })
    : undefined;
  if (exporting && !exporting.ok) {
    console.error(`warden serve: ${exporting.reason}`);
    await runtime.close();
    lock.release();
    return 2;
  }
  const exportService = exporting?.service;
  if (exportService) runtime.exportLag.current = () => exportService.exportLag();
  // The receipt signing key exists from the first start on (owner-only file in the data dir).
  openKeyring(signingKeysPath(config.dataDir), Date.now).current();
  const stopWatching = config.policyFile ? watchPolicy(config.policyFile, runtime.policies, log) : () => {};
  // Marks PEPs that went silent as dark (a coverage-loss finding, raised once).
  const sweep = setInterval(() => {
    runtime.storage.liveness.sweep(runtime.clock.now()).catch((error: unknown) =>
      log.error("liveness sweep failed", { error: error instanceof Error ? error.message : String(error) }));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  if ((await runtime.storage.keys.count()) === 0) {
    const minted = await mintApiKey(runtime.storage.keys, FIRST_WORKSPACE, runtime.clock, "first start");
    console.log(`workspace "${FIRST_WORKSPACE}" API key (shown once, stored hashed):\n  ${minted.key}`);
  }
  // Signals are taken before the listening line is printed: a SIGTERM right after start drains too.
  let server: ReturnType<typeof Bun.serve> | undefined;
  let stopped: ((code: number) => void) | undefined;
  const done = new Promise<number>((resolve) => (stopped = resolve));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness goes first, so /readyz says 503 for whatever still arrives while draining.
    runtime.lifecycle.draining = true;
    log.info("draining", { signal });
    stopWatching();
    clearInterval(sweep);
    await server?.stop(false);
    await exportService?.stop();
    await runtime.close();
    lock.release();
    stopped!(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  try {
    server = Bun.serve(await createServeOptions(runtime, config));
  } catch (error) {
    if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
    await exportService?.stop();
    await runtime.close();
    lock.release();
    return portTaken(config.host, config.port);
  }
  if (!isLoopback(config.host)) console.error(`warden serve: listening beyond loopback on ${config.host}, as asked`);
  const policy = config.policyFile ? `policy: ${resolvePath(config.policyFile)}, version ${runtime.policies.current().base.policy.version}` : "policy: built-in";
  console.log(`warden listening on ${server.url.href.replace(/\/$/, "")} (data: ${resolvePath(config.dataDir)}; ${policy})`);
  // Export reads the log off the request path; a crash loses nothing (cursors live in SQLite).
  if (!stopping) exportService?.start();
  return done;
}

/**
 * Reloads the policy on SIGHUP and when the file changes. A policy that does not load is
 * reported and ignored: the one in force stays until a good one replaces it.
 */
function watchPolicy(path: string, holder: PolicyHolder, log: Logger): () => void {
  let pending: Timer | undefined;
  const reload = async (trigger: string) => {
    const loaded = await loadPolicyFile(path, BUILTIN_DETECTORS);
    if (!loaded.ok) {
      log.error("policy not reloaded; keeping the one in force", { trigger, errors: loaded.errors.join("; ") });
      return;
    }
    holder.replace(loaded.set);
    log.info("policy reloaded", { trigger, version: loaded.set.base.policy.version });
  };
  // Editors write files in bursts; reload once the burst is over.
  const debounced = (trigger: string) => {
    clearTimeout(pending);
    pending = setTimeout(() => void reload(trigger), 100);
  };
  const onHup = () => debounced("SIGHUP");
  process.on("SIGHUP", onHup);
  let watcher: ReturnType<typeof watch> | undefined;
  // The directory, not the file: an editor that saves by writing a new file and renaming it over
  // the old one (sed -i, vim, most IDEs) leaves a watch on the file watching a deleted inode.
  const name = basename(path);
  try {
    watcher = watch(dirname(resolvePath(path)), (_event, changed) => {
      if (changed === null || changed === name) debounced("file change");
    });
  } catch {
    log.error("policy file cannot be watched; reload with SIGHUP", { path });
  }
  return () => {
    clearTimeout(pending);
    watcher?.close();
    process.off("SIGHUP", onHup);
  };
}
