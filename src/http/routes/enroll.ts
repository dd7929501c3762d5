// POST /v1/enroll (decisions.md): bind a PEP's Ed25519 public key to the workspace. 201 the
// first time, 200 for the same key again, 403 for a key that was revoked (forever).
import { randomId } from "../../lib/ids.ts";
import type { Clock } from "../../lib/clock.ts";
import { readPublicKey } from "../../trust/detached-jws.ts";
import { errors, json } from "../errors.ts";
import { readJsonRequest, type GuardDeps, type JsonRequest } from "../guard.ts";
import { proveAnswer } from "../prove-answer.ts";

/** What a PEP enrolled by a workspace key may vouch for, until an operator lowers it. */
export const DEFAULT_PEP_CEILING = "client_key";

const optionalText = (value: unknown, max: number): string | null | false =>
  value === undefined ? null : typeof value === "string" && value.length > 0 && value.length <= max ? value : false;

export async function handleEnroll(request: Request, deps: GuardDeps & { clock: Clock }): Promise<Response> {
  const read = await readJsonRequest(request, deps, (message) => errors.invalidBody(message));
  if (read instanceof Response) return read;
  return proveAnswer(request, read.bytes, await enroll(read, deps));
}

async function enroll(read: JsonRequest, deps: GuardDeps & { clock: Clock }): Promise<Response> {
  const body = read.value as Record<string, unknown> | null;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return errors.invalidBody("body must be an object");
  const guardId = optionalText(body.guard_id, 256);
  const name = optionalText(body.name, 256);
  if (guardId === false || name === false) return errors.invalidBody("guard_id and name must be non-empty strings of at most 256 characters");
  const publicKey = readPublicKey(body.public_key);
  if (!publicKey) return errors.invalidPublicKey();
  const workspaceId = read.caller.workspaceId;
  const existing = await deps.pepKeys.byPublicKey(workspaceId, publicKey);
  if (existing?.revokedAt !== undefined && existing.revokedAt !== null) return errors.keyRevoked();
  if (existing) return json({ guard_id: existing.guardId, key_id: existing.keyId });
  const { key: enrolled, created } = await deps.pepKeys.enroll({
    keyId: `kid_${randomId(20)}`,
    workspaceId,
    guardId: guardId ?? `pep_${randomId(16)}`,
    publicKey,
    maxAttestation: DEFAULT_PEP_CEILING,
    name,
    createdAt: deps.clock.now(),
  });
  // A concurrent enrollment of the same key may have won: then this one is the repeat.
  if (enrolled.revokedAt !== null) return errors.keyRevoked();
  const answer = { guard_id: enrolled.guardId, key_id: enrolled.keyId };
  return created ? json({ ...answer, max_attestation: enrolled.maxAttestation }, 201) : json(answer);
}
