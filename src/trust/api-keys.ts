// Workspace API keys: minted from the CSPRNG, shown once, stored as SHA-256, checked in
// constant time. Verified keys are cached briefly so the hot path does no SQL.
import { timingSafeEqual } from "node:crypto";
import { encodeBase64Url } from "../lib/base64url.ts";
import type { Clock } from "../lib/clock.ts";
import { randomId } from "../lib/ids.ts";
import type { ApiKeyRecord, KeyStore } from "../store/types.ts";

export const KEY_PREFIX = "svc_";

export const hashApiKey = (key: string): Uint8Array =>
  new Uint8Array(new Bun.CryptoHasher("sha256").update(key).digest());

export interface MintedKey {
  /** The secret, to be shown once and never stored. */
  key: string;
  record: ApiKeyRecord;
}

export async function mintApiKey(
  keys: KeyStore,
  workspaceId: string,
  clock: Clock,
  name: string | null = null,
): Promise<MintedKey> {
  const key = KEY_PREFIX + encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const record = await keys.create({
    id: `key_${randomId(16)}`,
    workspaceId,
    hash: hashApiKey(key),
    prefix: key.slice(0, KEY_PREFIX.length + 6),
    name,
    now: clock.now(),
  });
  return { key, record };
}

export interface AuthenticatedKey {
  keyId: string;
  workspaceId: string;
}

export interface KeyVerifier {
  verify(authorization: string | null): Promise<AuthenticatedKey | undefined>;
}

/** The token of an `Authorization: Bearer <token>` header (RFC 6750 section 2.1), if any. */
export const bearerToken = (authorization: string | null): string | undefined =>
  authorization ? /^Bearer[ ]+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;

/** How long a verified key is trusted without asking storage again (bounds revocation lag). */
const CACHE_MS = 1000;
const MAX_KEY_LENGTH = 256;

export function createKeyVerifier(keys: KeyStore, clock: Clock): KeyVerifier {
  // Only keys that verified are cached, so guessing cannot grow this map.
  const cache = new Map<string, AuthenticatedKey & { until: number }>();
  return {
    async verify(authorization) {
      if (!authorization || authorization.length > MAX_KEY_LENGTH + 7) return undefined;
      const key = bearerToken(authorization);
      if (!key || !key.startsWith(KEY_PREFIX)) return undefined;
      const now = clock.now();
      const cached = cache.get(key);
      if (cached && cached.until > now) return cached;
      const hash = hashApiKey(key);
      const record = await keys.findByHash(hash);
      // The lookup is by hash, so its timing says nothing about the key; the explicit
      // constant-time comparison keeps that true whatever index the store uses.
      if (!record || record.hash.length !== hash.length || !timingSafeEqual(record.hash, hash) || record.revokedAt !== null) {
        cache.delete(key);
        return undefined;
      }
      const verified = { keyId: record.id, workspaceId: record.workspaceId, until: now + CACHE_MS };
      cache.set(key, verified);
      return verified;
    },
  };
}
