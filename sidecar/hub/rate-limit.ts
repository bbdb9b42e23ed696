// Token buckets keyed by a string (a callback host, or one shared key), refilled continuously.

export interface RateLimiter {
  /** Takes a token; when none is left, says how many seconds until one is. */
  take(key: string, now: number): { ok: true } | { ok: false; retryAfterS: number };
}

/** Buckets kept at most; the least recently touched go first (a full bucket is no loss). */
const MAX_KEYS = 10_000;

export function createRateLimiter(perMinute: number): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  return {
    take(key, now) {
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: now };
      buckets.delete(key);
      bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.at) * perMs);
      bucket.at = now;
      buckets.set(key, bucket);
      if (buckets.size > MAX_KEYS) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens < 1) return { ok: false, retryAfterS: Math.ceil((1 - bucket.tokens) / perMs / 1000) };
      bucket.tokens -= 1;
      return { ok: true };
    },
  };
}
