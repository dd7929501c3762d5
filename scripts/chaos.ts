// scripts/chaos: crash safety under fire. Concurrent clients evaluate, ingest, enroll and decide
// approvals against the compiled warden while it is killed with SIGKILL at seeded random moments
// and restarted on the same data directory. After every restart nothing acknowledged may be
// missing or stored twice, SQLite must pass integrity_check, approvals must not go back, and the
// export chain must verify. `runChaos` is shared with test/chaos.test.ts (a short run).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "../src/config/args.ts";
import { buildBinary } from "./build.ts";
import { checkAll, checkPassed, waitForExport, type Check } from "./chaos-checks.ts";
import { createGate, runClient, runDecider, type ClientContext, type Gate } from "./chaos-clients.ts";
import { createLedger, type Ledger } from "./chaos-ledger.ts";
import { describeFailure, formatReport, summaryLine, type ChaosReport } from "./chaos-report.ts";
import { crashDuringStart, prepareDataDir, startWarden, type RunningWarden, type Setup } from "./chaos-server.ts";

export interface ChaosOptions {
  kills: number;
  seed: number;
  /** Concurrent evaluate/ingest/enroll clients (two operators decide approvals besides). */
  clients?: number;
  /** Time the clients run between two kills: a seeded random moment in [min, max). */
  minGapMs?: number;
  maxGapMs?: number;
  /** A built binary to use; otherwise one is built into the run's directory. */
  binary?: string;
  /** Rotate the export file past this many bytes (every rotated file is kept and verified). */
  rotateBytes?: number;
  /** Where the run keeps its data and export file (left in place); otherwise a temporary directory. */
  workDir?: string;
  /** Keep the temporary directory and say where it is. */
  keep?: boolean;
  log?: (line: string) => void;
}

/** mulberry32: small and seeded, so a run's kill moments and each client's request mix repeat. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? console.log;
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), "warden-chaos-"));
  mkdirSync(workDir, { recursive: true });
  try {
    let binary = options.binary;
    if (!binary) {
      binary = join(workDir, "warden");
      const build = buildBinary(binary);
      if (!build.ok) throw new Error(`build failed: ${build.output}`);
    }
    const setup = prepareDataDir(binary, workDir, options.rotateBytes);
    const live = { server: await startWarden(setup) };
    try {
      return await underFire(setup, live, options, log);
    } finally {
      // Whatever went wrong, the warden this run started does not outlive it.
      await live.server.killHard();
    }
  } finally {
    if (options.keep) log(`kept ${workDir}`);
    else if (!options.workDir) rmSync(workDir, { recursive: true, force: true });
  }
}

interface KillState {
  kills: number;
  startKills: number;
  stopped?: string;
}

/** Runs the clients, kills and restarts warden `options.kills` times checking after each, then stops cleanly. */
async function underFire(setup: Setup, live: { server: RunningWarden }, options: ChaosOptions, log: (line: string) => void): Promise<ChaosReport> {
  const key = live.server.firstKey;
  if (!key) throw new Error("the first start printed no workspace key");
  const ledger = createLedger();
  const gate = createGate();
  const ctx: ClientContext = { gate, ledger, key, runId: `chaos${options.seed}-${Date.now()}` };
  gate.open(live.server.url);
  const loops = [
    ...Array.from({ length: options.clients ?? 6 }, (_, i) => runClient(ctx, i, seeded(options.seed + 1 + i))),
    ...setup.operators.map((operator, i) => runDecider(ctx, operator, seeded(options.seed + 101 + i))),
  ];
  const random = seeded(options.seed);
  const state: KillState = { kills: 0, startKills: 0 };
  try {
    while (state.kills < options.kills && !state.stopped) {
      const killed = live.server.pid;
      const startKill = await killAndRestart(setup, live, gate, random, options, state);
      if (state.stopped) break;
      const check = await settleAndCheck(setup, ledger);
      log(`kill ${state.kills}/${options.kills} (pid ${killed}${startKill ? ", then its restart too" : ""}): restarted as pid ${live.server.pid}; ` +
        `${summaryLine(check, state.kills)} (${check.chain.records} records)`);
      if (!checkPassed(check)) state.stopped = `checks failed after kill ${state.kills}: ${describeFailure(check)}`;
      gate.open(live.server.url);
    }
  } finally {
    gate.stop();
    await Promise.all(loops);
  }
  // A warden that did not come back cannot export: then the store is checked as the kills left it.
  const up = live.server.alive();
  const final = await settleAndCheck(setup, ledger, up);
  const code = up ? await live.server.stop() : 0;
  if (code !== 0) final.problems.push(`warden exited ${code} on SIGTERM: ${live.server.tail()}`);
  const passed = !state.stopped && state.kills === options.kills && checkPassed(final);
  return { passed, kills: state.kills, startKills: state.startKills, final, stopped: state.stopped, ledger };
}

/**
 * Lets the clients run to a random moment, kills warden, sometimes kills its restart too (while it
 * opens storage or trims the export file), and starts it again: the stale lock must not stop it.
 */
async function killAndRestart(setup: Setup, live: { server: RunningWarden }, gate: Gate, random: () => number, options: ChaosOptions, state: KillState): Promise<boolean> {
  const min = options.minGapMs ?? 200;
  const max = options.maxGapMs ?? 1500;
  await Bun.sleep(min + Math.floor(random() * (max - min)));
  // Requests in flight die with the server; new ones wait for the restart and its checks.
  gate.close();
  await live.server.killHard();
  state.kills++;
  const startKill = random() < 0.25;
  if (startKill) {
    // The binary listens about 55 ms after it is spawned (2-core machine): about half of these
    // kills land while it opens storage, the rest while it trims the export file and catches up.
    await crashDuringStart(setup, 5 + Math.floor(random() * 100));
    state.startKills++;
  }
  try {
    live.server = await startWarden(setup);
  } catch (error) {
    state.stopped = `warden did not start after kill ${state.kills}: ${(error as Error).message}`;
  }
  return startKill;
}

/** Waits for the export to catch up (clients paused), then checks the store against the ledger. */
async function settleAndCheck(setup: Setup, ledger: Ledger, exporting = true): Promise<Check> {
  const caughtUp = !exporting || (await waitForExport(setup.dataDir));
  const check = checkAll(setup.binary, setup.dataDir, setup.exportFile, ledger);
  if (!caughtUp) check.problems.push("the export did not catch up within 30 s");
  return check;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), { kills: "value", seed: "value", clients: "value", "rotate-bytes": "value" });
  if (args.errors.length || args.positional.length) {
    console.error(`usage: scripts/chaos [--kills N] [--seed S] [--clients C] [--rotate-bytes B]  (env CHAOS_KILLS, CHAOS_SEED, CHAOS_CLIENTS, CHAOS_ROTATE_BYTES, CHAOS_KEEP)\n${args.errors.join("\n")}`);
    return 2;
  }
  const kills = Number(args.options.get("kills") ?? process.env.CHAOS_KILLS ?? 25);
  const seed = Number(args.options.get("seed") ?? process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const clients = Number(args.options.get("clients") ?? process.env.CHAOS_CLIENTS ?? 6);
  if (![kills, seed, clients].every(Number.isSafeInteger) || kills < 1 || clients < 1) {
    console.error("scripts/chaos: --kills, --seed and --clients are whole numbers (kills and clients at least 1)");
    return 2;
  }
  console.log(`chaos: ${kills} kills, seed ${seed} (CHAOS_SEED=${seed} repeats the kill moments and each client's request mix), ${clients} clients and 2 operators`);
  const started = performance.now();
  const rotate = args.options.get("rotate-bytes") ?? process.env.CHAOS_ROTATE_BYTES;
  const report = await runChaos({ kills, seed, clients, rotateBytes: rotate ? Number(rotate) : undefined, keep: Boolean(process.env.CHAOS_KEEP) });
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(formatReport(report));
  return report.passed ? 0 : 1;
}

if (import.meta.main) process.exit(await main());
