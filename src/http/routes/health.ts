// GET /v1/health: unauthenticated; 200 while decisions can be served, 503 with the reason.
import type { StorageHealth } from "../../store/types.ts";
import { json } from "../errors.ts";

export async function handleHealth(health: StorageHealth, version: string): Promise<Response> {
  const problem = await health.problem();
  if (problem !== undefined) return json({ status: "error", reason: `storage not writable: ${problem}` }, 503);
  return json({ status: "ok", version });
}
