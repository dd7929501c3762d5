// POST /v1/ingest: a batch of 1 to 100 GuardEvents recorded without a decision; always 207
// with one result per slot, in order, once the envelope is well-formed.
import type { Engine, SlotResult } from "../../engine/engine.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import { validateGuardEvent } from "../../wire/validate.ts";
import { errors, json } from "../errors.ts";
import { readJsonRequest, type GuardDeps } from "../guard.ts";

export const MAX_BATCH = 100;

const slotId = (value: unknown): string | null => {
  const id = (value as { event_id?: unknown } | null)?.event_id;
  return typeof id === "string" && id !== "" ? id : null;
};

function checkSlot(value: unknown): GuardEvent | SlotResult {
  const validated = validateGuardEvent(value);
  if (validated.ok) return validated.value;
  const error = validated.details.map((d) => `${d.field}: ${d.message}`).join("; ");
  return { id: slotId(value), status: 400, error };
}

export async function handleIngest(request: Request, deps: GuardDeps & { engine: Engine }): Promise<Response> {
  const read = await readJsonRequest(request, deps, (message) => errors.invalidBody(message));
  if (read instanceof Response) return read;
  const batch = (read.value as { batch?: unknown } | null)?.batch;
  if (typeof read.value !== "object" || read.value === null || Array.isArray(read.value)) {
    return errors.invalidBody("body must be an object with a batch array");
  }
  if (!Array.isArray(batch)) return errors.invalidBody("batch must be an array of GuardEvents");
  if (batch.length < 1 || batch.length > MAX_BATCH) {
    return errors.invalidBody(`batch must hold 1 to ${MAX_BATCH} events`);
  }
  const results = await deps.engine.ingest(batch.map(checkSlot), read.caller);
  return json({ results }, 207);
}
