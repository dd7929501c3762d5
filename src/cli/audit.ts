// `warden audit verify FILE...` checks exported JSONL offline (hashes, links, canonical bytes) and
// that each workspace's chain runs to its head (given, or read from the data directory);
// `warden audit head` prints each sink's chain heads: the anchors to keep somewhere else.
import { parseArgs } from "../config/args.ts";
import { verifyFiles } from "../export/verify.ts";
import { readPrunedRange } from "../store/sqlite/retention-repo.ts";
import { createExportStateRepo } from "../store/sqlite/export-repo.ts";
import { noInstallationMessage } from "./data-dir.ts";
import { dataDirFrom, openReadOnly } from "./export.ts";

type Env = Record<string, string | undefined>;
const USAGE =
  "usage: warden audit verify FILE [FILE...] (--head W=HASH,... | --data DIR [--sink ID] | --links-only) [--anchor W=HASH,...] | warden audit head [--data DIR]";

/** `W=HASH,W2=HASH2` (a workspace may hold "=", a hash never does). */
function pairs(name: string, raw: string | undefined, errors: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const item of raw ? raw.split(",") : []) {
    const at = item.lastIndexOf("=");
    if (at <= 0 || at === item.length - 1) errors.push(`--${name} takes WORKSPACE=HASH, got ${JSON.stringify(item)}`);
    else map.set(item.slice(0, at), item.slice(at + 1));
  }
  return map;
}

/** The heads a data directory's sink keeps, per workspace; a message when they cannot be read. */
async function headsFrom(dataDir: string, sink: string | undefined): Promise<{ heads: Map<string, string>; source: string } | string> {
  const db = openReadOnly(dataDir);
  if (!db) return noInstallationMessage(dataDir, process.env);
  try {
    const hasExport = db.query("SELECT 1 FROM sqlite_master WHERE name = 'export_cursors'").get();
    const states = hasExport ? await createExportStateRepo(db).sinkStates() : [];
    const chosen = sink === undefined ? (states.length === 1 ? states[0] : undefined) : states.find((s) => s.sinkId === sink);
    if (!chosen) {
      const known = states.map((s) => s.sinkId).join(", ") || "none";
      return sink === undefined ? `name the sink with --sink (sinks in ${dataDir}: ${known})` : `no sink ${sink} in ${dataDir} (sinks: ${known})`;
    }
    return { heads: new Map(chosen.chains.map((c) => [c.workspaceId, c.lastHash])), source: `${dataDir}, sink ${chosen.sinkId}` };
  } finally {
    db.close();
  }
}

/**
 * Verifies the files' hash chains, then that each workspace's chain ends at its head: records
 * removed from the end of one workspace's chain leave its links intact, so without a head to
 * check against verify cannot say the file is complete, and fails unless `--links-only`.
 */
async function verify(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, { anchor: "value", head: "value", data: "value", sink: "value", "links-only": "flag" });
  const errors = [...args.errors];
  const anchors = pairs("anchor", args.options.get("anchor"), errors);
  const given = pairs("head", args.options.get("head"), errors);
  const dataDir = args.options.get("data");
  const linksOnly = args.options.has("links-only");
  if (args.positional.length === 0) errors.push(USAGE);
  if (linksOnly && (given.size > 0 || dataDir !== undefined)) errors.push("--links-only checks no head: leave out --head and --data");
  if (errors.length) {
    for (const e of errors) console.error(`warden audit: ${e}`);
    return 2;
  }
  let expected = given;
  let source = "--head";
  if (dataDir !== undefined) {
    const found = await headsFrom(dataDir, args.options.get("sink"));
    if (typeof found === "string") {
      console.error(`warden audit: ${found}`);
      return 1;
    }
    expected = new Map([...found.heads, ...given]);
    source = given.size > 0 ? `${found.source} and --head` : found.source;
  }
  let result: Awaited<ReturnType<typeof verifyFiles>>;
  try {
    result = await verifyFiles(args.positional, { anchors });
  } catch (error) {
    console.error(`warden audit: cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return 1;
  }
  if (!result.ok) {
    console.log(`FAILED: ${result.file}:${result.line}: ${result.reason}`);
    return 1;
  }
  const heads = [...result.heads].map(([w, h]) => `${w}=${h}`).join(" ");
  if (linksOnly) {
    console.log(`ok (links only: whether records were removed from a chain's end is not checked): ${result.records} records, ${result.heads.size} workspaces${heads ? `, ends ${heads}` : ""}`);
    return 0;
  }
  const workspaces = new Set([...result.heads.keys(), ...expected.keys()]);
  for (const workspace of workspaces) {
    const head = result.heads.get(workspace);
    const want = expected.get(workspace);
    if (want === undefined) {
      console.log(`FAILED: no head to check workspace ${JSON.stringify(workspace)} against: give --head ${workspace}=HASH or --data DIR (warden audit head), or --links-only`);
      return 1;
    }
    if (head !== want) {
      console.log(`FAILED: workspace ${JSON.stringify(workspace)} ends at ${head ?? "no record"}, not at its head ${want} (${source}): records are missing or were replaced`);
      return 1;
    }
  }
  console.log(`ok: ${result.records} records, ${result.heads.size} workspaces, each complete to its head (${source})${heads ? `: ${heads}` : ""}`);
  return 0;
}

async function head(argv: readonly string[], env: Env): Promise<number> {
  const args = parseArgs(argv, { data: "value" });
  const errors = [...args.errors, ...args.positional.map((p) => `unexpected argument ${p}`)];
  if (errors.length) {
    for (const e of errors) console.error(`warden audit: ${e}`);
    return 2;
  }
  const dataDir = dataDirFrom(args.options, env);
  const db = openReadOnly(dataDir);
  if (!db) {
    console.error(`warden audit: ${noInstallationMessage(dataDir, env)}`);
    return 1;
  }
  try {
    const hasExport = db.query("SELECT 1 FROM sqlite_master WHERE name = 'export_cursors'").get();
    const states = hasExport ? await createExportStateRepo(db).sinkStates() : [];
    console.log(["sink", "cursor", "workspace", "seq", "records", "head"].join("\t"));
    for (const s of states) for (const c of s.chains) console.log([s.sinkId, s.lastSeq, c.workspaceId, c.lastSeq, c.records, c.lastHash].join("\t"));
    if (states.length === 0) console.log(`(no export sink has delivered from ${dataDir})`);
    const meta = db.prepare<{ value: string }, [string]>("SELECT value FROM meta WHERE key = ?");
    const pruned = readPrunedRange((key) => meta.get(key)?.value);
    if (pruned) {
      console.log(`pruned: seq 1..${pruned.throughSeq} (${pruned.events} events), last ${new Date(pruned.lastPrunedAt).toISOString()}; exported files keep their records and chains`);
    }
    return 0;
  } finally {
    db.close();
  }
}

export async function runAudit(argv: readonly string[], env: Env): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "verify") return verify(rest);
  if (sub === "head") return head(rest, env);
  console.error(`warden audit: ${USAGE}`);
  return 2;
}
