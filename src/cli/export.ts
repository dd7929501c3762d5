// `warden export`: a one-off dump of the decision log to stdout (JSONL, Splunk HEC events or CEF)
// with a fresh chain per workspace starting at "genesis". Opens the database read-only, so it
// runs beside a live server and never moves a sink's cursor.
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { parseArgs } from "../config/args.ts";
import { CONTENT_MODES, type ContentMode } from "../config/export-config.ts";
import { openChainBook, recordLine } from "../export/chain.ts";
import { contentOptions } from "../export/export-service.ts";
import { cefLine, hecEvent } from "../export/formats.ts";
import { buildRecord, type SealedRecord } from "../export/record.ts";
import { databasePath } from "../runtime.ts";
import { noInstallationMessage } from "./data-dir.ts";
import type { DecisionQuery } from "../store/export-store.ts";
import { createDecisionReader } from "../store/sqlite/export-repo.ts";
import { unjudgedIngested } from "../store/sqlite/ingested-repo.ts";

const OPTIONS = { since: "value", until: "value", format: "value", workspace: "value", content: "value", data: "value" } as const;
const FORMATS = { jsonl: recordLine, hec: (r: SealedRecord) => hecEvent(r), cef: (r: SealedRecord) => cefLine(r) } as const;
type Format = keyof typeof FORMATS;
type Env = Record<string, string | undefined>;

export const dataDirFrom = (options: Map<string, string>, env: Env) => options.get("data") || env.WARDEN_DATA || ".warden";

/** The data directory's database, read-only; undefined when there is none. */
export function openReadOnly(dataDir: string): Database | undefined {
  const path = databasePath(dataDir);
  if (!existsSync(path)) return undefined;
  const db = new Database(path, { readonly: true, strict: true });
  db.run("PRAGMA busy_timeout = 5000");
  return db;
}

/** `--since`/`--until`: digits are a seq, anything else a time (RFC 3339). */
function bound(name: string, raw: string | undefined, errors: string[]): { seq?: number; ms?: number } {
  if (raw === undefined) return {};
  if (/^\d+$/.test(raw)) return { seq: Number(raw) };
  const ms = Date.parse(raw);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(raw)) errors.push(`--${name} must be a seq or an RFC 3339 time, got ${JSON.stringify(raw)}`);
  return { ms };
}

function queryFrom(options: Map<string, string>, errors: string[]): Omit<DecisionQuery, "afterSeq" | "limit" | "maxChars"> & { fromSeq: number } {
  const since = bound("since", options.get("since"), errors);
  const until = bound("until", options.get("until"), errors);
  return {
    fromSeq: since.seq ?? 0,
    sinceMs: since.ms,
    beforeSeq: until.seq,
    untilMs: until.ms,
    workspaceId: options.get("workspace"),
  };
}

export async function runExport(argv: readonly string[], env: Env): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const errors = [...args.errors, ...args.positional.map((p) => `unexpected argument ${p}`)];
  const format = (args.options.get("format") ?? "jsonl") as Format;
  if (!Object.hasOwn(FORMATS, format)) errors.push(`--format must be jsonl, hec or cef, got ${JSON.stringify(format)}`);
  const mode = (args.options.get("content") ?? "redacted") as ContentMode;
  if (!(CONTENT_MODES as readonly string[]).includes(mode)) errors.push(`--content must be one of ${CONTENT_MODES.join(", ")}`);
  const query = queryFrom(args.options, errors);
  if (errors.length) {
    for (const e of errors) console.error(`warden export: ${e}`);
    return 2;
  }
  const dataDir = dataDirFrom(args.options, env);
  const content = contentOptions({ content: mode }, dataDir);
  const db = content.ok ? openReadOnly(dataDir) : undefined;
  if (!content.ok || !db) {
    console.error(`warden export: ${content.ok ? noInstallationMessage(dataDir, env) : content.reason}`);
    return 1;
  }
  try {
    await writeRecords(db, query, content.options, FORMATS[format]);
    const unjudged = unjudgedIngested(db);
    if (unjudged > 0) {
      console.error(`warden export: stopped before ${unjudged} ingested event(s) detection has not judged yet; \`warden serve\` judges them, and they are exported after that`);
    }
    return 0;
  } finally {
    db.close();
  }
}

async function writeRecords(
  db: Database,
  query: ReturnType<typeof queryFrom>,
  content: Parameters<typeof buildRecord>[1],
  line: (record: SealedRecord) => string,
): Promise<void> {
  const reader = createDecisionReader(db);
  const book = openChainBook([]);
  const out = Bun.stdout.writer();
  // A read transaction per batch keeps a live server's checkpoints moving.
  for (let after = query.fromSeq - 1; ;) {
    const rows = await reader.read({ ...query, afterSeq: after, limit: 500, maxChars: 4 * 1024 * 1024 });
    if (rows.length === 0) break;
    out.write(rows.map((row) => `${line(book.seal(buildRecord(row, content)))}\n`).join(""));
    await out.flush();
    after = rows[rows.length - 1]!.seq;
  }
  await out.end();
}
