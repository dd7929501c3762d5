// POST /v1/evaluate: one GuardEvent in, one Verdict out (interface.md, "POST /v1/evaluate"). An
// answer to a body read whole is proven to a PEP that sent a nonce (http/prove-answer.ts).
import type { Engine } from "../../engine/engine.ts";
import { validateGuardEvent } from "../../wire/validate.ts";
import { errors, json } from "../errors.ts";
import { readJsonRequest, type GuardDeps, type JsonRequest } from "../guard.ts";
import { proveAnswer } from "../prove-answer.ts";

const isPartial = (value: string | null) => value === "1" || value?.toLowerCase() === "true";

export async function handleEvaluate(request: Request, deps: GuardDeps & { engine: Engine }): Promise<Response> {
  const read = await readJsonRequest(request, deps, (message) =>
    errors.invalidEvent([{ field: "(body)", message }]),
  );
  if (read instanceof Response) return read;
  return proveAnswer(request, read.bytes, await judge(request, read, deps));
}

async function judge(request: Request, read: JsonRequest, deps: { engine: Engine }): Promise<Response> {
  const validated = validateGuardEvent(read.value);
  if (!validated.ok) return errors.invalidEvent(validated.details);
  const partial = isPartial(request.headers.get("svc-partial"));
  return json(await deps.engine.evaluate(validated.value, read.caller, { partial }));
}
