// Liveness of PEPs and agents (POST /v1/heartbeat) and the fleet-level findings it raises.
import type { Database } from "bun:sqlite";
import type { LivenessStore, RuntimeFinding } from "../types.ts";
import type { Writer } from "./writer.ts";

export function createLivenessRepo(db: Database, writer: Writer): LivenessStore {
  const beat = db.prepare(
    `INSERT INTO liveness (workspace_id, sensor_key, instance_id, interval_s, last_seen_at, events_sent, dark_since, owner)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, ?7)
     ON CONFLICT (workspace_id, sensor_key, instance_id) DO UPDATE SET
       interval_s = excluded.interval_s, last_seen_at = excluded.last_seen_at,
       events_sent = coalesce(excluded.events_sent, events_sent), dark_since = NULL, owner = excluded.owner`,
  );
  const previous = db.prepare<{ dark_since: number | null; events_sent: number | null; owner: string | null }, [string, string, string]>(
    "SELECT dark_since, events_sent, owner FROM liveness WHERE workspace_id = ? AND sensor_key = ? AND instance_id = ?",
  );
  const sensorCount = db.prepare<{ n: number }, [string]>("SELECT COUNT(*) AS n FROM liveness WHERE workspace_id = ?");
  const overdue = db.prepare<{ workspace_id: string; sensor_key: string; instance_id: string }, [number]>(
    `SELECT workspace_id, sensor_key, instance_id FROM liveness
      WHERE dark_since IS NULL AND last_seen_at + interval_s * 3000 < ?`,
  );
  const markDark = db.prepare("UPDATE liveness SET dark_since = ? WHERE workspace_id = ? AND sensor_key = ? AND instance_id = ?");
  const raise = db.prepare(
    "INSERT INTO runtime_findings (workspace_id, category, severity, check_id, title, subject, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const clear = db.prepare(
    "UPDATE runtime_findings SET cleared_at = ? WHERE workspace_id = ? AND subject = ? AND check_id = 'liveness.dark_sensor' AND cleared_at IS NULL",
  );
  const recent = db.prepare<RuntimeFindingRow, [string, number]>(
    "SELECT * FROM runtime_findings WHERE workspace_id = ? ORDER BY id DESC LIMIT ?",
  );
  const states = db.prepare<{ sensor_key: string; instance_id: string; interval_s: number; last_seen_at: number; dark_since: number | null }, [string, number, number]>(
    `SELECT sensor_key, instance_id, interval_s, last_seen_at, dark_since FROM liveness WHERE workspace_id = ?
      ORDER BY dark_since IS NULL, last_seen_at DESC, sensor_key, instance_id LIMIT ? OFFSET ?`,
  );
  return {
    heartbeat: (h) =>
      writer.transact(() => {
        const subject = `${h.sensorKey}/${h.instanceId}`;
        const before = previous.get(h.workspaceId, h.sensorKey, h.instanceId);
        const ownerMay = before?.owner == null || before.owner === h.owner || (before.owner === h.apiKeyOwner && h.owner.startsWith("pep:"));
        if (!ownerMay) return { ok: false as const, refused: "owned" as const };
        if (!before && sensorCount.get(h.workspaceId)!.n >= h.maxSensors) return { ok: false as const, refused: "full" as const };
        beat.run(h.workspaceId, h.sensorKey, h.instanceId, h.intervalS, h.now, h.eventsSent ?? null, h.owner);
        // Back from dark: the coverage-loss finding is cleared, not deleted.
        if (before?.dark_since != null) clear.run(h.now, h.workspaceId, subject);
        return { ok: true as const, eventsSentBefore: before?.events_sent ?? undefined };
      }),
    sweep: (now) =>
      writer.transact(() => {
        const dark = overdue.all(now);
        for (const d of dark) {
          markDark.run(now, d.workspace_id, d.sensor_key, d.instance_id);
          raise.run(d.workspace_id, "security.bypass", "high", "liveness.dark_sensor",
            "a PEP stopped reporting: coverage lost", `${d.sensor_key}/${d.instance_id}`, now);
        }
        return dark.length;
      }),
    raise: (workspaceId, f, now) => writer.transact(() => void raise.run(workspaceId, f.category, f.severity, f.checkId, f.title, f.subject, now)),
    async recent(workspaceId, limit) {
      return recent.all(workspaceId, limit).map(toRuntimeFinding);
    },
    async states(workspaceId, page) {
      const sensors = states.all(workspaceId, page.limit, page.offset).map((s) => ({
        sensorKey: s.sensor_key, instanceId: s.instance_id, intervalS: s.interval_s, lastSeenAt: s.last_seen_at, dark: s.dark_since !== null,
      }));
      return { total: sensorCount.get(workspaceId)!.n, sensors };
    },
  };
}

interface RuntimeFindingRow {
  category: string;
  severity: string;
  check_id: string;
  title: string;
  subject: string;
  created_at: number;
  cleared_at: number | null;
}

const toRuntimeFinding = (r: RuntimeFindingRow): RuntimeFinding => ({
  category: r.category,
  severity: r.severity,
  checkId: r.check_id,
  title: r.title,
  subject: r.subject,
  createdAt: r.created_at,
  clearedAt: r.cleared_at,
});
