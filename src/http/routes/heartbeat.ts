// POST /v1/heartbeat (decisions.md): a PEP or agent says it is alive. `{}` is the heartbeat of
// the key's default agent. A PEP silent past 3 x its interval is marked dark by the sweep. Only
// the key that registered a sensor instance keeps it alive, and a workspace has MAX_SENSORS.
import type { Clock } from "../../lib/clock.ts";
import type { SensorCounts } from "../../engine/sensor-counts.ts";
import type { LivenessStore } from "../../store/types.ts";
import { errors, json } from "../errors.ts";
import { readJsonRequest, type GuardDeps } from "../guard.ts";

const DEFAULT_INTERVAL_S = 60;
/** Sensor instances one workspace may have: liveness rows, dark-sensor findings and the fleet view stay bounded. */
export const MAX_SENSORS = 10_000;
const MAX_TEXT = 256;

const text = (v: unknown): string | undefined | false =>
  v === undefined ? undefined : typeof v === "string" && v.length > 0 && v.length <= MAX_TEXT ? v : false;

export async function handleHeartbeat(
  request: Request,
  deps: GuardDeps & { clock: Clock; liveness: LivenessStore; sensorCounts: SensorCounts },
): Promise<Response> {
  const read = await readJsonRequest(request, deps, (message) => errors.invalidBody(message));
  if (read instanceof Response) return read;
  const body = read.value as Record<string, unknown> | null;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return errors.invalidBody("body must be an object");
  const sensorId = text((body.sensor as { id?: unknown } | undefined)?.id);
  const agentId = text((body.subject as { agent_id?: unknown } | undefined)?.agent_id);
  const instanceId = text(body.instance_id);
  const interval = body.interval_s ?? DEFAULT_INTERVAL_S;
  const sent = (body.counters as { events_sent?: unknown } | undefined)?.events_sent;
  const badObject = (v: unknown) => v !== undefined && (v === null || typeof v !== "object" || Array.isArray(v));
  if (sensorId === false || agentId === false || instanceId === false || badObject(body.sensor) || badObject(body.subject) || badObject(body.counters)) {
    return errors.invalidBody("sensor.id, subject.agent_id and instance_id must be short strings; counters an object");
  }
  if (typeof interval !== "number" || !(interval >= 1 && interval <= 86_400)) return errors.invalidBody("interval_s must be 1 to 86400");
  if (sent !== undefined && !(Number.isInteger(sent) && (sent as number) >= 0)) return errors.invalidBody("counters.events_sent must be a whole number");
  const workspaceId = read.caller.workspaceId;
  const sensorKey = sensorId ? `sensor:${sensorId}` : agentId ? `agent:${agentId}` : `key:${read.caller.keyId}`;
  const now = deps.clock.now();
  const owner = read.caller.pepKeyId ? `pep:${read.caller.pepKeyId}` : `key:${read.caller.keyId}`;
  const result = await deps.liveness.heartbeat({
    workspaceId,
    sensorKey,
    instanceId: instanceId ?? "",
    intervalS: interval,
    ...(sent !== undefined ? { eventsSent: sent as number } : {}),
    now,
    owner,
    apiKeyOwner: `key:${read.caller.keyId}`,
    maxSensors: MAX_SENSORS,
  });
  if (!result.ok) {
    return errors.forbidden(result.refused === "owned"
      ? "this sensor instance reports with another key: only the key that registered it (the enrolled PEP key that signed its first heartbeat, else the API key) keeps it alive"
      : `this workspace already tracks ${MAX_SENSORS} sensor instances; retire some before registering more`);
  }
  const before = result.eventsSentBefore;
  if (sensorId) {
    const arrived = deps.sensorCounts.take(workspaceId, sensorId);
    if (before !== undefined && typeof sent === "number" && isSuppressed(sent - before, arrived)) {
      await deps.liveness.raise(workspaceId, {
        category: "security.bypass",
        severity: "high",
        checkId: "liveness.suppression",
        title: "a PEP reports sending far more events than arrived",
        subject: `${sensorKey}/${instanceId ?? ""}`,
      }, now);
    }
  }
  return json({ ok: true });
}

/** Far more claimed than received: beyond a small absolute and relative slack for in-flight events. */
const isSuppressed = (claimed: number, arrived: number) => claimed > arrived + Math.max(10, arrived * 0.1);
