// POST /v1/enroll (decisions.md): bind a PEP's Ed25519 public key to the workspace. 201 the
// first time, 200 for the same key again, 403 for a key that was revoked (forever).
import type { PolicyHolder } from "../../engine/policy-set.ts";
import { randomId } from "../../lib/ids.ts";
import type { Clock } from "../../lib/clock.ts";
import { readPublicKey } from "../../trust/detached-jws.ts";
import { errors, json } from "../errors.ts";
import { readJsonRequest, type GuardDeps, type JsonRequest } from "../guard.ts";
import { proveAnswer } from "../prove-answer.ts";

const optionalText = (value: unknown, max: number): string | null | false =>
  value === undefined ? null : typeof value === "string" && value.length > 0 && value.length <= max ? value : false;

type EnrollDeps = GuardDeps & { clock: Clock; policies: PolicyHolder };

export async function handleEnroll(request: Request, deps: EnrollDeps): Promise<Response> {
  const read = await readJsonRequest(request, deps, (message) => errors.invalidBody(message));
  if (read instanceof Response) return read;
  return proveAnswer(request, read.bytes, await enroll(read, deps));
}

async function enroll(read: JsonRequest, deps: EnrollDeps): Promise<Response> {
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
    // The policy's `enroll_ceiling` (default client_key): anyone holding a workspace key can
    // enroll a key under a new guard_id, so the operator decides what such a key may vouch for.
    maxAttestation: deps.policies.current().forWorkspace(workspaceId).policy.enrollCeiling,
    name,
    createdAt: deps.clock.now(),
  });
  // A concurrent enrollment of the same key may have won: then this one is the repeat.
  if (enrolled.revokedAt !== null) return errors.keyRevoked();
  const answer = { guard_id: enrolled.guardId, key_id: enrolled.keyId };
  return created ? json({ ...answer, max_attestation: enrolled.maxAttestation }, 201) : json(answer);
}
