// How the management commands open a data directory: `--data`, then WARDEN_DATA, then ./.warden;
// owner-only; a connection that may wait for a running server's writes and leaves checkpointing
// to the server. A directory without a database is refused, naming it and, when a warden serves
// on this machine, the directory that one uses: a typo or another working directory must not
// quietly make an empty installation (only `--create` does, for provisioning before a first start).
import { existsSync, mkdirSync, readFileSync, readlinkSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { systemClock } from "../lib/clock.ts";
import { databasePath } from "../runtime.ts";
import { createSqliteStorage, type SqliteStorage } from "../store/sqlite/storage.ts";
import { portHolderPid } from "./port-holder.ts";

type Env = Record<string, string | undefined>;

export const dataDirOf = (options: Map<string, string>, env: Env): string => options.get("data") || env.WARDEN_DATA || ".warden";

/** A management command pointed at a directory that holds no warden database. */
export class NoInstallation extends Error {}

/** The data directory of the warden serving on WARDEN_URL's port (8787 by default), if one does. */
export function runningServerDataDir(env: Env): string | undefined {
  let port = 8787;
  try {
    if (env.WARDEN_URL) port = Number(new URL(env.WARDEN_URL).port || 80);
  } catch {
    // A malformed URL: look at the default port.
  }
  const pid = portHolderPid(port);
  if (pid === undefined) return undefined;
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (!argv.some((a) => a.includes("warden") || a.endsWith("main.ts"))) return undefined;
    const cwd = readlinkSync(`/proc/${pid}/cwd`);
    const flag = argv.indexOf("--data");
    const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    const fromEnv = environ.find((v) => v.startsWith("WARDEN_DATA="))?.slice("WARDEN_DATA=".length);
    const dir = flag !== -1 ? argv[flag + 1] : argv.find((a) => a.startsWith("--data="))?.slice(7) ?? fromEnv ?? ".warden";
    return dir ? (isAbsolute(dir) ? dir : join(cwd, dir)) : undefined;
  } catch {
    return undefined;
  }
}

/** Why `dir` cannot be used, for a command that needs an existing installation. */
export function noInstallationMessage(dir: string, env: Env): string {
  const serving = runningServerDataDir(env);
  const hint = serving && resolve(serving) !== resolve(dir)
    ? `; the warden serving on this machine keeps its data in ${serving} (pass --data ${serving})`
    : "; start warden serve first (it creates it), or pass --data DIR";
  return `no warden database in ${resolve(dir)}${hint}`;
}

export function openDataDir(options: Map<string, string>, env: Env, create = false): SqliteStorage {
  const dir = dataDirOf(options, env);
  if (!existsSync(databasePath(dir))) {
    if (!create) throw new NoInstallation(noInstallationMessage(dir, env));
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  return createSqliteStorage({
    path: databasePath(dir),
    clock: systemClock,
    checkpointIntervalMs: 0,
    finalCheckpoint: false,
    busyTimeoutMs: 5000,
    // Listing and auditing work on a copy one may only read; a write there fails on its own.
    requireWritable: false,
  });
}
