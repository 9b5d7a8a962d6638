/**
 * Cache invalidation across instances, over Redis pub/sub (`REDIS_URL`). Every storefront instance keeps its own
 * caches of API answers (server/webstore/cache.ts); when the store behind the API changes (today the emulator's test
 * controls; tomorrow an org's webhook), a message on `CACHE_CHANNEL` names the caches to empty and every instance
 * subscribed empties them, then says so on `CLEARED_CHANNEL`. The publisher waits for as many acknowledgements as
 * Redis delivered the message to (bounded): the next page, on any instance, sees the store as it now is.
 *
 * Messages are JSON: `{ "id": "…", "caches": ["catalog", …] | "all", "resetThrottle": true? }`.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { WebstoreCaches } from "./webstore/index.js";

export const CACHE_CHANNEL = "storefront:caches:clear";
export const CLEARED_CHANNEL = "storefront:caches:cleared";

export type CacheName = keyof WebstoreCaches;
export const CACHE_NAMES: readonly CacheName[] = ["applicationContext", "seoProperties", "data", "catalog"];

export interface CacheClear {
  id: string;
  caches: CacheName[] | "all";
  /** The store was reset: the sign-in throttle forgets its counts too (every test starts from a fresh store). */
  resetThrottle?: boolean;
}

/** Parses a message; anything else on the channel is ignored (null). */
export function readCacheClear(text: string): CacheClear | null {
  try {
    const m = JSON.parse(text) as Partial<CacheClear>;
    if (typeof m.id !== "string") return null;
    const caches =
      m.caches === "all"
        ? "all"
        : Array.isArray(m.caches)
          ? m.caches.filter((c): c is CacheName => CACHE_NAMES.includes(c as CacheName))
          : null;
    if (!caches) return null;
    return { id: m.id, caches, resetThrottle: m.resetThrottle === true };
  } catch {
    return null;
  }
}

/** Empties the named caches of one instance. */
export function clearNamedCaches(caches: WebstoreCaches, names: CacheClear["caches"]): void {
  for (const name of names === "all" ? CACHE_NAMES : names) caches[name].clear();
}

/**
 * Subscribes an instance: `onClear` runs for each message (it empties the caches), then the instance acknowledges.
 * `subscriber` is a connection of its own (a subscribed Redis connection takes no other commands).
 */
export async function listenForCacheClears(
  subscriber: Redis,
  publisher: Redis,
  onClear: (message: CacheClear) => void | Promise<void>,
): Promise<void> {
  subscriber.on("message", (channel: string, text: string) => {
    if (channel !== CACHE_CHANNEL) return;
    const message = readCacheClear(text);
    if (!message) return;
    void Promise.resolve(onClear(message))
      .catch(() => undefined)
      .then(() => publisher.publish(CLEARED_CHANNEL, message.id))
      .catch(() => undefined);
  });
  await subscriber.subscribe(CACHE_CHANNEL);
}

/**
 * Publishes a cache clear and waits until every instance that received it has acknowledged (or `timeoutMs`, for
 * one that hangs). Resolves to the number of instances that received it; 0 when Redis can't be reached.
 */
export function createCachePublisher(publisher: Redis, acknowledgements: Redis, timeoutMs = 2_000) {
  const waiting = new Map<string, () => void>();
  acknowledgements.on("message", (channel: string, id: string) => {
    if (channel === CLEARED_CHANNEL) waiting.get(id)?.();
  });
  const subscribed = acknowledgements.subscribe(CLEARED_CHANNEL).catch(() => undefined);
  return async (caches: CacheClear["caches"], options: { resetThrottle?: boolean } = {}): Promise<number> => {
    await subscribed;
    const id = randomUUID();
    let acked = 0;
    let expected = Infinity;
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), timeoutMs);
      finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      };
      waiting.set(id, () => {
        if (++acked >= expected) finish();
      });
    });
    const message: CacheClear = { id, caches, ...(options.resetThrottle ? { resetThrottle: true } : {}) };
    try {
      expected = await publisher.publish(CACHE_CHANNEL, JSON.stringify(message));
    } catch {
      expected = 0;
    }
    // Acknowledgements that came before PUBLISH answered were counted against Infinity.
    if (acked >= expected) finish();
    await done;
    return expected;
  };
}
