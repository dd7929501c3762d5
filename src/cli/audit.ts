// `warden audit verify FILE...` checks exported JSONL offline (hashes, links, canonical bytes);
// `warden audit head` prints each sink's chain heads: the anchors to keep somewhere else.
import { parseArgs } from "../config/args.ts";
import { verifyFiles } from "../export/verify.ts";
import { readPrunedRange } from "../store/sqlite/retention-repo.ts";
import { createExportStateRepo } from "../store/sqlite/export-repo.ts";
import { dataDirFrom, openReadOnly } from "./export.ts";

type Env = Record<string, string | undefined>;
const USAGE = "usage: warden audit verify FILE [FILE...] [--anchor W=HASH,...] [--head W=HASH,...] | warden audit head [--data DIR]";

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

async function verify(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, { anchor: "value", head: "value" });
  const errors = [...args.errors];
  const anchors = pairs("anchor", args.options.get("anchor"), errors);
  const expected = pairs("head", args.options.get("head"), errors);
  if (args.positional.length === 0) errors.push(USAGE);
  if (errors.length) {
    for (const e of errors) console.error(`warden audit: ${e}`);
    return 2;
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
  for (const [workspace, hash] of expected) {
    const head = result.heads.get(workspace);
    if (head !== hash) {
      console.log(`FAILED: workspace ${JSON.stringify(workspace)} ends at ${head ?? "no record"}, not at the expected head ${hash}: records are missing or were replaced`);
      return 1;
    }
  }
  const heads = [...result.heads].map(([w, h]) => `${w}=${h}`).join(" ");
  console.log(`ok: ${result.records} records, ${result.heads.size} workspaces${heads ? `, head ${heads}` : ""}`);
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
    console.error(`warden audit: no database in ${dataDir}`);
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
