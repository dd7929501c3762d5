// POST /v1/evaluate: one GuardEvent in, one Verdict out (interface.md, "POST /v1/evaluate").
import type { Engine } from "../../engine/engine.ts";
import { validateGuardEvent } from "../../wire/validate.ts";
import { errors, json } from "../errors.ts";
import { readJsonRequest, type GuardDeps } from "../guard.ts";

const isPartial = (value: string | null) => value === "1" || value?.toLowerCase() === "true";

export async function handleEvaluate(request: Request, deps: GuardDeps & { engine: Engine }): Promise<Response> {
  const read = await readJsonRequest(request, deps, (message) =>
    errors.invalidEvent([{ field: "(body)", message }]),
  );
  if (read instanceof Response) return read;
  const validated = validateGuardEvent(read.value);
  if (!validated.ok) return errors.invalidEvent(validated.details);
  const partial = isPartial(request.headers.get("svc-partial"));
  return json(await deps.engine.evaluate(validated.value, read.caller, { partial }));
}
