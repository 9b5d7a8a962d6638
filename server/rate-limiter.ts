/**
 * The one counting mechanism behind the sign-in throttle (login-throttle.ts), the storefront's abuse limits
 * (limits.ts) and the agents' MCP endpoint (mcp-throttle.ts): rate-limiter-flexible, counted in this process's memory,
 * or in Redis when REDIS_URL is set (every instance sees the same counts, and they outlive a restart). While Redis
 * can't be reached each process counts in its own memory (the insurance limiter: an attacker gets no free pass, the
 * shopper no error), and server/redis.ts logs the outage once.
 */
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";

/** `points` within a fixed window of `windowSeconds`, under `keyPrefix` (in Redis, `<keyPrefix>:<key>`). */
export function rateLimiter(
  redis: Redis | undefined,
  keyPrefix: string,
  points: number,
  windowSeconds: number,
): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: windowSeconds });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: windowSeconds,
    // Not connected: straight to the insurance limiter, no waiting on a connection that may never come.
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

/**
 * Deletes every Redis count whose key starts with one of `prefixes` (the emulator's reset reaches every instance's
 * counts); nothing to do without a ready connection, since each process's memory limiters are simply made anew.
 */
export async function forgetCounts(redis: Redis | undefined, prefixes: readonly string[]): Promise<void> {
  if (!redis || redis.status !== "ready") return;
  for (const prefix of prefixes) {
    let cursor = "0";
    do {
      const [next, found] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (found.length) await redis.del(...found);
    } while (cursor !== "0");
  }
}

/** A wait as the Retry-After header gives it: whole seconds, rounded up, at least one. */
export const retryAfterSeconds = (msBeforeNext: number) => Math.max(1, Math.ceil(msBeforeNext / 1000));

/** A client without a known address shares one bucket (a limit fails closed, not open). */
export const clientKey = (client: string | undefined) => client?.trim() || "unknown";
