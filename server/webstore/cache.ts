/**
 * Process-wide caches of data that is the same for many shoppers (spec §4, §9). Expiry is computed from an
 * injectable clock rather than lru-cache's own timers, so tests move time instead of waiting; lru-cache only
 * bounds the number of entries.
 */
import { LRUCache } from "lru-cache";

export const DEFAULT_TTL_MS = 300_000;
export const APPLICATION_CONTEXT_TTL_MS = 300_000;
/** An application context this close to expiry is served and refreshed in the background. */
export const APPLICATION_CONTEXT_REFRESH_WITHIN_MS = 30_000;
export const SEO_PROPERTIES_TTL_MS = 3_600_000;
export const NEVER_EXPIRES = -1;

export interface Loaded<T> {
  value: T;
  /** Overrides the default lifetime, e.g. from a response's `Cache-Control: max-age`. 0 = do not keep. */
  ttlMs?: number;
}

export interface CacheGetOptions {
  /** Lifetime in ms; NEVER_EXPIRES (-1) keeps the entry until evicted. */
  ttlMs: number;
  /** When the entry expires within this many ms, return it and refresh it once in the background. */
  refreshWithinMs?: number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

export class ExpiringCache {
  private readonly entries: LRUCache<string, Entry>;
  // Loads in flight, so concurrent requests for one key share one call (and one background refresh).
  private readonly loading = new Map<string, Promise<unknown>>();
  // Bumped by clear(): a load that started before it must not put what it read back.
  private generation = 0;

  constructor(
    private readonly now: () => number,
    maxEntries = 500,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  async get<T>(key: string, load: () => Promise<Loaded<T>>, options: CacheGetOptions): Promise<T> {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && now < entry.expiresAt) {
      const { refreshWithinMs } = options;
      if (refreshWithinMs !== undefined && entry.expiresAt - now <= refreshWithinMs && !this.loading.has(key)) {
        // A failed refresh is dropped: the entry serves until it expires, then the next caller sees the error.
        this.start(key, load, options).catch(() => undefined);
      }
      return entry.value as T;
    }
    return (this.loading.get(key) as Promise<T> | undefined) ?? this.start(key, load, options);
  }

  /** Forgets every entry, and what loads already in flight will read. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  private start<T>(key: string, load: () => Promise<Loaded<T>>, options: CacheGetOptions): Promise<T> {
    const generation = this.generation;
    const promise = load()
      .then(({ value, ttlMs = options.ttlMs }) => {
        if (ttlMs !== 0 && generation === this.generation) {
          const expiresAt = ttlMs < 0 ? Number.POSITIVE_INFINITY : this.now() + ttlMs;
          this.entries.set(key, { value, expiresAt });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }
}

/** A catalog answer is fresh this long: within it, every page that asks shares it without asking the API. */
export const CATALOG_FRESH_MS = 30_000;
/**
 * Past its freshness, an answer younger than this is still served while one request refreshes it in the background
 * (stale-while-revalidate); an older one is not served: the caller waits for a fresh one.
 */
export const CATALOG_MAX_STALE_MS = 300_000;

interface Boxed {
  value: unknown;
}

/**
 * The catalog's answers (categories, search results, product details, prices), the same for every shopper of one
 * scope (effective account and currency) and read by nearly every page: lru-cache with `ttl` (freshness),
 * `fetchMethod` (one load per key however many requests wait for it) and `allowStale` (a stale answer is served
 * while it reloads). A failed load is never kept, and a failed refresh leaves the stale answer until it is too old.
 */
export class SharedReadCache {
  private lru: LRUCache<string, Boxed, () => Promise<unknown>>;

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = 5000,
    private readonly freshMs = CATALOG_FRESH_MS,
    private readonly maxStaleMs = CATALOG_MAX_STALE_MS,
  ) {
    this.lru = this.create();
  }

  private create() {
    return new LRUCache<string, Boxed, () => Promise<unknown>>({
      max: this.maxEntries,
      ttl: this.freshMs,
      // The clock is injectable (tests move it); no timers, no cached "now".
      perf: { now: this.now },
      ttlResolution: 0,
      allowStale: true,
      noDeleteOnStaleGet: true,
      // A failed refresh puts the stale answer back (served until too old); a failed first load rejects.
      noDeleteOnFetchRejection: true,
      fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    });
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const lru = this.lru;
    // getRemainingTTL: negative once stale, 0 for a missing key.
    const tooOld = lru.getRemainingTTL(key) < this.freshMs - this.maxStaleMs;
    const boxed = await lru.fetch(
      key,
      tooOld ? { context: load, forceRefresh: true, allowStale: false } : { context: load },
    );
    return boxed!.value as T;
  }

  /** Forgets every answer. Loads already in flight finish for their callers but are kept nowhere. */
  clear(): void {
    this.lru = this.create();
  }

  get size(): number {
    return this.lru.size;
  }
}

export interface WebstoreCaches {
  applicationContext: ExpiringCache;
  seoProperties: ExpiringCache;
  /** Everything else cached with DEFAULT_TTL_MS (personalisation configuration, sort rules). */
  data: ExpiringCache;
  /** Catalog answers per scope (see SharedReadCache and the client's `catalogScope`). */
  catalog: SharedReadCache;
}

/** Create once per process and pass to every client, so requests share what they learned. */
export function createWebstoreCaches(options: { now?: () => number } = {}): WebstoreCaches {
  const now = options.now ?? Date.now;
  return {
    applicationContext: new ExpiringCache(now, 50),
    seoProperties: new ExpiringCache(now, 2000),
    data: new ExpiringCache(now, 500),
    catalog: new SharedReadCache(now),
  };
}

/** Forgets everything cached, e.g. when the store behind the API was reset or its settings changed. */
export function clearWebstoreCaches(caches: WebstoreCaches): void {
  caches.applicationContext.clear();
  caches.seoProperties.clear();
  caches.data.clear();
  caches.catalog.clear();
}

/** Seconds of `Cache-Control: max-age`, as ms; undefined when absent. */
export function maxAgeMs(headers: Headers): number | undefined {
  const match = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(headers.get("cache-control") ?? "");
  return match ? Number(match[1]) * 1000 : undefined;
}
