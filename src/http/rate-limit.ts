// Fixed-window rate limit per API key (interface.md, "Limits": 600 per minute by default).
import type { Clock } from "../lib/clock.ts";

export type RateDecision = { ok: true } | { ok: false; limit: number; retryAfterS: number };

export interface RateLimiter {
  readonly limit: number;
  take(keyId: string): RateDecision;
}

export function createRateLimiter(limit: number, clock: Clock, windowMs = 60_000): RateLimiter {
  // One entry per live API key, so the map is bounded by the number of keys.
  const windows = new Map<string, { window: number; count: number }>();
  return {
    limit,
    take(keyId) {
      if (limit <= 0) return { ok: true };
      const now = clock.now();
      const window = Math.floor(now / windowMs);
      let entry = windows.get(keyId);
      if (!entry || entry.window !== window) {
        entry = { window, count: 0 };
        windows.set(keyId, entry);
      }
      if (entry.count >= limit) {
        return { ok: false, limit, retryAfterS: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)) };
      }
      entry.count++;
      return { ok: true };
    },
  };
}
