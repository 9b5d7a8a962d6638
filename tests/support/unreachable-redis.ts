import type { Redis } from "ioredis";

/**
 * What ioredis is while reconnecting: not ready, and every command refused at once (no offline queue). For the
 * limits counted by server/rate-limiter.ts, which count in memory meanwhile.
 */
export const unreachableRedis = () =>
  ({
    status: "reconnecting",
    del: () => Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    scan: () => Promise.reject(new Error("not expected: clear() asks nothing of a Redis that isn't ready")),
  }) as unknown as Redis;
