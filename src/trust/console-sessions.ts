// Web console authentication: one-time login tokens printed by `warden console`, the browser
// sessions they open, and reading a session back from its cookie. Both secrets are 256 bits
// from the CSPRNG and stored only as SHA-256, so a copy of the database logs nobody in.
import { encodeBase64Url } from "../lib/base64url.ts";
import type { Clock } from "../lib/clock.ts";
import { randomId } from "../lib/ids.ts";
import type { ConsoleSession, ConsoleStore } from "../store/types.ts";
import { hashApiKey } from "./api-keys.ts";

export const LOGIN_TOKEN_TTL_MS = 5 * 60 * 1000;
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const SESSION_COOKIE = "warden_console";

const LOGIN_PREFIX = "wcl_";
const LOGIN_TOKEN = /^wcl_[A-Za-z0-9_-]{43}$/;
const SESSION_SECRET = /^[A-Za-z0-9_-]{43}$/;

const randomSecret = () => encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));

export async function mintLoginToken(store: ConsoleStore, operator: string, clock: Clock): Promise<{ token: string; expiresAt: number }> {
  const token = LOGIN_PREFIX + randomSecret();
  const now = clock.now();
  const expiresAt = now + LOGIN_TOKEN_TTL_MS;
  await store.createLoginToken({ hash: hashApiKey(token), operator, now, expiresAt });
  return { token, expiresAt };
}

/** Uses the token (once) and opens a session; undefined for a malformed, unknown, used or expired token. */
export async function redeemLoginToken(
  store: ConsoleStore,
  token: string | null,
  clock: Clock,
): Promise<{ secret: string; session: ConsoleSession } | undefined> {
  if (!token || !LOGIN_TOKEN.test(token)) return undefined;
  const secret = randomSecret();
  const now = clock.now();
  const session = await store.redeemLoginToken(
    hashApiKey(token),
    { sessionId: `cs_${randomId(10)}`, hash: hashApiKey(secret), expiresAt: now + SESSION_TTL_MS },
    now,
  );
  return session ? { secret, session } : undefined;
}

/** The cookie's value by name (RFC 6265 section 5.4: `name=value` pairs joined by "; "). */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The live session a request's cookie names. Looked up by hash: a lookup's timing can only tell
 * an attacker about hashes of values they already hold, never about a stored secret.
 */
export async function sessionOf(store: ConsoleStore, cookieHeader: string | null, clock: Clock): Promise<{ session: ConsoleSession; hash: Uint8Array } | undefined> {
  const secret = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!secret || !SESSION_SECRET.test(secret)) return undefined;
  const hash = hashApiKey(secret);
  const session = await store.findSession(hash, clock.now());
  return session ? { session, hash } : undefined;
}
