// What the chaos run checks after every restart, against the ledger of acknowledgements: SQLite
// (opened read-only beside the live server) passes integrity_check, every acknowledged event is
// stored exactly once with the verdict that was answered, every acknowledged enrollment is there,
// no approval left the terminal state it was seen in, and the export file's chain verifies, holds
// every stored event once and ends at the head warden keeps.
import { Database } from "bun:sqlite";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Ledger } from "./chaos-ledger.ts";
import { runWarden } from "./chaos-server.ts";

export interface Check {
  integrity: string;
  acknowledged: number;
  found: number;
  lost: string[];
  duplicates: number;
  /** Problems beyond loss and duplicates (a different verdict stored, an approval gone back). */
  problems: string[];
  approvalsMonotonic: boolean;
  chain: { verified: boolean; records: number; detail: string };
}

const openReadOnly = (dataDir: string) => {
  const db = new Database(join(dataDir, "warden.db"), { readonly: true, strict: true });
  db.run("PRAGMA busy_timeout = 5000");
  return db;
};

const DECISION_ID = `json_extract(verdict, '$."x.svc.decision_id"')`;

/** What the events table holds: the distinct event ids (workspace default) and the rows. */
interface Stored {
  ids: Set<string>;
  rows: number;
}

/** Events: each acknowledged one stored once, under the decision id its answer carried. */
function checkEvents(db: Database, ledger: Ledger, check: Check): Stored {
  const stored = new Map<string, { n: number; decision: string | null }>();
  const rows = db.query<{ event_id: string; n: number; decision: string | null }, []>(
    `SELECT event_id, count(*) AS n, max(${DECISION_ID}) AS decision FROM events WHERE workspace_id = 'default' GROUP BY event_id`,
  ).all();
  for (const r of rows) stored.set(r.event_id, { n: r.n, decision: r.decision });
  check.duplicates = db.query<{ d: number }, []>(
    "SELECT coalesce(sum(n - 1), 0) AS d FROM (SELECT count(*) AS n FROM events GROUP BY workspace_id, event_id HAVING n > 1)",
  ).get()!.d;
  for (const [eventId, decision] of ledger.events) {
    check.acknowledged++;
    const row = stored.get(eventId);
    if (!row) {
      check.lost.push(`event ${eventId}`);
      continue;
    }
    check.found++;
    if (decision !== null && row.decision !== decision) check.problems.push(`event ${eventId} answered ${decision}, stored ${row.decision}`);
  }
  return { ids: new Set(stored.keys()), rows: rows.reduce((n, r) => n + r.n, 0) };
}

function checkEnrollments(db: Database, ledger: Ledger, check: Check): void {
  const byKeyId = db.prepare<{ public_key: Uint8Array; revoked_at: number | null }, [string]>(
    "SELECT public_key, revoked_at FROM pep_keys WHERE workspace_id = 'default' AND key_id = ?",
  );
  for (const [keyId, publicKey] of ledger.enrollments) {
    check.acknowledged++;
    const row = byKeyId.get(keyId);
    if (!row) {
      check.lost.push(`enrollment ${keyId}`);
      continue;
    }
    check.found++;
    if (Buffer.from(row.public_key).toString("base64url") !== publicKey) check.problems.push(`enrollment ${keyId} holds another public key`);
  }
}

/** Approvals: each one seen still exists; one seen terminal is still in that state, by the same hand. */
function checkApprovals(db: Database, ledger: Ledger, check: Check): void {
  const rows = db.query<{ approval_id: string; status: string; decided_by: string | null }, []>(
    "SELECT approval_id, status, decided_by FROM approvals WHERE workspace_id = 'default'",
  ).all();
  const stored = new Map(rows.map((r) => [r.approval_id, r]));
  for (const [id, terminal] of ledger.approvals) {
    const row = stored.get(id);
    if (!row) {
      check.lost.push(`approval ${id}`);
      check.approvalsMonotonic = false;
      continue;
    }
    if (!terminal) continue;
    // A decision this run was answered 200 for is an acknowledgement like an event.
    check.acknowledged++;
    if (row.status === terminal.status && row.decided_by === terminal.by) check.found++;
    else {
      check.approvalsMonotonic = false;
      check.lost.push(`approval ${id}: seen ${terminal.status} by ${terminal.by}, stored ${row.status} by ${row.decided_by}`);
    }
  }
  if (ledger.failures.some((f) => f.startsWith("approval "))) check.approvalsMonotonic = false;
}

/**
 * Files of the export sink, oldest first (PATH.K ... PATH.1 PATH), as `audit verify` wants them.
 * Found by listing, not by counting up from 1: a kill between the renames of a rotation may leave
 * a gap in the numbers, which loses nothing.
 */
function exportFiles(path: string): string[] {
  const name = basename(path);
  const rotated = readdirSync(dirname(path))
    .map((f) => (f.startsWith(`${name}.`) && /^\d+$/.test(f.slice(name.length + 1)) ? Number(f.slice(name.length + 1)) : 0))
    .filter((n) => n > 0)
    .sort((a, b) => b - a)
    .map((n) => `${path}.${n}`);
  return existsSync(path) ? [...rotated, path] : rotated;
}

/** The export chain: verifies, holds each stored event exactly once, ends at the stored head. */
function checkChain(binary: string, db: Database, exportFile: string, stored: Stored, check: Check): void {
  const files = exportFiles(exportFile);
  if (files.length === 0) {
    check.chain = { verified: stored.rows === 0, records: 0, detail: "no export file" };
    return;
  }
  const head = db.query<{ last_hash: string }, []>("SELECT last_hash FROM export_chains WHERE workspace_id = 'default'").get()?.last_hash;
  // The file must run to the head the database keeps; before a first delivery there is none.
  const verify = runWarden(binary, ["audit", "verify", ...files, ...(head === undefined ? ["--links-only"] : ["--head", `default=${head}`])]);
  const ids = files.flatMap((f) => readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => (JSON.parse(l) as { event_id: string }).event_id));
  const unique = new Set(ids);
  const missing = [...stored.ids].filter((id) => !unique.has(id)).length;
  const problems = [
    verify.code === 0 ? "" : `audit verify: ${verify.out.trim() || verify.err.trim()}`,
    unique.size === ids.length ? "" : `${ids.length - unique.size} records exported twice`,
    missing === 0 ? "" : `${missing} stored events not exported`,
    ids.length === stored.rows ? "" : `${ids.length} records exported, ${stored.rows} events stored`,
    head === undefined || verify.out.includes(`default=${head}`) ? "" : `the file does not end at the stored head ${head}`,
  ].filter(Boolean);
  check.chain = { verified: problems.length === 0, records: ids.length, detail: problems.join("; ") || verify.out.trim() };
}

/** Resolves once the export cursor has caught up with the newest event (clients paused). */
export async function waitForExport(dataDir: string, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const db = openReadOnly(dataDir);
    try {
      const newest = db.query<{ s: number | null }, []>("SELECT max(seq) AS s FROM events").get()!.s ?? 0;
      const cursor = db.query<{ c: number | null }, []>("SELECT min(last_seq) AS c FROM export_cursors").get()!.c ?? 0;
      if (cursor >= newest) return true;
    } finally {
      db.close();
    }
    await Bun.sleep(50);
  }
  return false;
}

export function checkAll(binary: string, dataDir: string, exportFile: string, ledger: Ledger): Check {
  const check: Check = {
    integrity: "",
    acknowledged: 0,
    found: 0,
    lost: [],
    duplicates: 0,
    problems: [],
    approvalsMonotonic: true,
    chain: { verified: false, records: 0, detail: "" },
  };
  const db = openReadOnly(dataDir);
  try {
    // One read transaction: every query below sees the same committed state.
    db.run("BEGIN");
    check.integrity = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((r) => r.integrity_check).join("; ");
    const stored = checkEvents(db, ledger, check);
    checkEnrollments(db, ledger, check);
    checkApprovals(db, ledger, check);
    checkChain(binary, db, exportFile, stored, check);
    db.run("COMMIT");
  } finally {
    db.close();
  }
  check.problems.push(...ledger.failures);
  return check;
}

export const checkPassed = (c: Check) =>
  c.integrity === "ok" && c.lost.length === 0 && c.duplicates === 0 && c.problems.length === 0 && c.approvalsMonotonic && c.chain.verified;
