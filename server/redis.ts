/**
 * The one Redis the storefront instances (and the emulator service) share when `REDIS_URL` is set: the sign-in
 * throttle's counts (login-throttle.ts) and the cache invalidation channel (cache-bus.ts).
 *
 * Redis is help, never a dependency a shopper waits on: commands fail at once while it is unreachable (no offline
 * queue, one try per command), the client keeps reconnecting in the background, and losing it or getting it back is
 * logged once each, not once per request.
 */
import { Redis } from "ioredis";
import { logEvent } from "./request-log.js";

export interface RedisOptions {
  /** What the connection is for, in its log lines ("sign-in limits", "cache invalidation"). */
  purpose: string;
  /** Queue commands while connecting (a subscriber's SUBSCRIBE waits for the connection); default no. */
  queueWhileConnecting?: boolean;
}

/** This process's connections that have lost Redis: the outage is logged when the first does, its end when all are back. */
const unreachable = new Set<Redis>();

export function connectRedis(url: string, { purpose, queueWhileConnecting = false }: RedisOptions): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: queueWhileConnecting,
    maxRetriesPerRequest: 1,
    // Reconnect for as long as the process lives: quickly at first, then every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    connectTimeout: 2_000,
  });
  redis.on("error", (error: Error) => {
    const wasUp = unreachable.size === 0;
    unreachable.add(redis);
    if (wasUp) logEvent("warn", `Redis unreachable (${purpose}): ${error.message}`, { redis: redactUrl(url) });
  });
  redis.on("ready", () => {
    if (!unreachable.delete(redis) || unreachable.size > 0) return;
    logEvent("info", "Redis reachable again", { redis: redactUrl(url) });
  });
  return redis;
}

/** Resolves once the connection is ready, or after `ms` (a Redis that is down must not keep a server from starting). */
export function readyWithin(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      resolve(false);
    }, ms);
    function onReady() {
      clearTimeout(timer);
      resolve(true);
    }
    redis.once("ready", onReady);
  });
}

/** A Redis URL fit for a log line: its password replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unreadable REDIS_URL)";
  }
}
