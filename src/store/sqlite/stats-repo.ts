// Deployment-wide counts for metrics: pending approvals and PEP liveness by state, across
// workspaces (metrics carry no workspace label; per-tenant views belong to the admin API).
import type { Database } from "bun:sqlite";
import type { StatsStore } from "../types.ts";

export function createStatsRepo(db: Database): StatsStore {
  const pending = db.prepare<{ n: number }, [number]>("SELECT count(*) AS n FROM approvals WHERE status = 'pending' AND expires_at > ?");
  // dark: marked by the sweep; idle: silent past its interval but not yet dark; live otherwise.
  const sensors = db.prepare<{ state: string; n: number }, [number]>(
    `SELECT CASE WHEN dark_since IS NOT NULL THEN 'dark' WHEN ? - last_seen_at > interval_s * 1000 THEN 'idle' ELSE 'live' END AS state,
            count(*) AS n FROM liveness GROUP BY state`,
  );
  return {
    async pendingApprovals(now) {
      return pending.get(now)!.n;
    },
    async sensorStates(now) {
      return Object.fromEntries(sensors.all(now).map((row) => [row.state, row.n]));
    },
  };
}
