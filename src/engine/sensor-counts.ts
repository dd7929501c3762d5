// Events received per (workspace, sensor id) since that sensor's last heartbeat, so a PEP that
// claims to have sent far more than arrived shows as suppression (decisions.md, heartbeat).
export interface SensorCounts {
  received(workspaceId: string, sensorId: string): void;
  /** Events received since the previous call for this sensor, then starts counting again. */
  take(workspaceId: string, sensorId: string): number;
}

export function createSensorCounts(maxSensors = 100_000): SensorCounts {
  const counts = new Map<string, number>();
  return {
    received(workspaceId, sensorId) {
      const key = `${workspaceId}\u0000${sensorId}`;
      if (!counts.has(key) && counts.size >= maxSensors) counts.delete(counts.keys().next().value!);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    take(workspaceId, sensorId) {
      const key = `${workspaceId}\u0000${sensorId}`;
      const n = counts.get(key) ?? 0;
      counts.set(key, 0);
      return n;
    },
  };
}
