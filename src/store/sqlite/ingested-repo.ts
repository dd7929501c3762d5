// Ingested events waiting for detection (store/types.ts, IngestedQueue): read past the cursor
// through the partial index of ingested rows; settled with their findings in one transaction.
import type { Database } from "bun:sqlite";
import type { Attestation, GuardEvent } from "../../wire/guard-event.ts";
import type { IngestedQueue } from "../types.ts";
import { findingValues } from "./event-repo.ts";
import type { Writer } from "./writer.ts";

export const INGEST_CURSOR_KEY = "ingest_judged_seq";

interface PendingRow {
  seq: number;
  workspace_id: string;
  session_id: string;
  agent_id: string;
  agent_user: string;
  attestation: Attestation;
  received_at: number;
  event: string;
}

/** Ingested events detection has not judged yet (what export leaves out until it has). */
export function unjudgedIngested(db: Database): number {
  return db.query<{ n: number }, [string]>(
    `SELECT count(*) AS n FROM events
      WHERE source = 'ingest' AND seq > coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?), 0)`,
  ).get(INGEST_CURSOR_KEY)!.n;
}

export function createIngestedRepo(db: Database, writer: Writer): IngestedQueue {
  const cursor = db.prepare<{ value: string }, [string]>("SELECT value FROM meta WHERE key = ?");
  const pending = db.prepare<PendingRow, [number, number]>(
    `SELECT seq, workspace_id, session_id, agent_id, agent_user, attestation, received_at, event
       FROM events
      WHERE source = 'ingest' AND seq > ? ORDER BY seq LIMIT ?`,
  );
  const lagged = db.prepare<{ n: number; oldest: number | null }, [number, number]>(
    `SELECT count(*) AS n, min(received_at) AS oldest FROM (
       SELECT received_at FROM events
        WHERE source = 'ingest' AND seq > ? ORDER BY seq LIMIT ?)`,
  );
  const insertFinding = db.prepare(
    `INSERT INTO findings (workspace_id, event_seq, category, severity, detector, check_id, title,
       path, start, "end", score, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
  );
  const workspaceOf = db.prepare<{ workspace_id: string }, [number]>("SELECT workspace_id FROM events WHERE seq = ?");
  const mask = db.prepare("UPDATE events SET event = ? WHERE seq = ?");
  const moveCursor = db.prepare(
    `INSERT INTO meta (key, value) VALUES (?1, ?2)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE CAST(value AS INTEGER) < CAST(excluded.value AS INTEGER)`,
  );
  const at = () => Number(cursor.get(INGEST_CURSOR_KEY)?.value ?? 0);

  return {
    async pending(limit) {
      return pending.all(at(), limit).map((r) => ({
        seq: r.seq,
        workspaceId: r.workspace_id,
        receivedAt: r.received_at,
        attribution: { sessionId: r.session_id, agentId: r.agent_id, agentUser: r.agent_user, attestation: r.attestation, derivedSession: false },
        event: JSON.parse(r.event) as GuardEvent,
      }));
    },
    settle(judged, through, now) {
      return writer.transact(() => {
        // Retention may have pruned an event while it was judged: its findings have nowhere to go.
        for (const j of judged) {
          const workspace = workspaceOf.get(j.seq)?.workspace_id;
          if (workspace === undefined) continue;
          for (const f of j.findings) insertFinding.run(workspace, j.seq, ...findingValues(f), now);
          if (j.stored) mask.run(JSON.stringify(j.stored), j.seq);
        }
        moveCursor.run(INGEST_CURSOR_KEY, String(through));
      });
    },
    async lag(cap) {
      const row = lagged.get(at(), cap)!;
      return row.oldest === null ? { events: row.n } : { events: row.n, oldestReceivedAt: row.oldest };
    },
  };
}
