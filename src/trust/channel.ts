// The attestation ceiling of a request's channel: `self_declared` for a plain workspace key, the
// enrolled PEP's ceiling when `svc-batch-signature` verifies. A bad signature never rejects
// the request (signing adds trust, it is not a gate); a revoked key's signature does.
import type { PepKeyStore } from "../store/types.ts";
import type { Attestation } from "../wire/guard-event.ts";
import { parseDetachedJws, verifyDetachedJws } from "./detached-jws.ts";

export type Channel = { ceiling: Attestation; keyId?: string } | { revoked: true };

export async function channelOf(
  signature: string | null,
  body: Uint8Array,
  workspaceId: string,
  pepKeys: PepKeyStore,
): Promise<Channel> {
  const floor: Channel = { ceiling: "self_declared" };
  const parsed = parseDetachedJws(signature);
  if (!parsed.ok) return floor;
  const key = await pepKeys.byKeyId(parsed.header.kid);
  // A kid from another workspace is as unknown as one that does not exist.
  if (!key || key.workspaceId !== workspaceId) return floor;
  if (!verifyDetachedJws(parsed, body, key.publicKey)) return floor;
  if (key.revokedAt !== null) return { revoked: true };
  return { ceiling: key.maxAttestation, keyId: key.keyId };
}
