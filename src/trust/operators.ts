// Operator tokens: minted from the CSPRNG, shown once, stored as SHA-256, checked in constant
// time, looked up on every admin request (rare) so a revocation is immediate.
import { timingSafeEqual } from "node:crypto";
import { encodeBase64Url } from "../lib/base64url.ts";
import type { Clock } from "../lib/clock.ts";
import { randomId } from "../lib/ids.ts";
import type { Operator, OperatorScope, OperatorStore } from "../store/types.ts";
import { hashApiKey } from "./api-keys.ts";

export const OPERATOR_PREFIX = "wop_";

export async function mintOperatorToken(store: OperatorStore, name: string, clock: Clock, scope: OperatorScope = "admin"): Promise<{ token: string; operator: Operator }> {
  const token = OPERATOR_PREFIX + encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const operator = await store.create({ id: `op_${randomId(16)}`, name, scope, hash: hashApiKey(token), now: clock.now() });
  return { token, operator };
}

/** The operator behind a Bearer token, if it is live and holds `scope`. */
export async function verifyOperator(store: OperatorStore, authorization: string | null, scope: OperatorScope = "admin"): Promise<Operator | undefined> {
  const token = /^Bearer[ ]+(\S{1,256})\s*$/i.exec(authorization ?? "")?.[1];
  if (!token?.startsWith(OPERATOR_PREFIX)) return undefined;
  const hash = hashApiKey(token);
  const found = await store.findByHash(hash);
  if (!found || found.hash.length !== hash.length || !timingSafeEqual(found.hash, hash) || found.revokedAt !== null) return undefined;
  if (found.scope !== scope) return undefined;
  return found;
}
