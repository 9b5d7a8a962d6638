/**
 * Process-wide caches of data that is the same for many shoppers (spec §4, §9), all lru-cache: it bounds the
 * entries, expires them (`ttl`), shares one load per key (`fetchMethod`) and serves a stale entry while it reloads
 * (`allowStale`). Its clock is injected (`perf`), so tests move time instead of waiting.
 */
import { LRUCache } from "lru-cache";
import { isUnavailable } from "./errors.js";

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

interface Kept {
  value: unknown;
  /** How long past lru-cache's `ttl` the entry may still be served while it refreshes (its refresh window). */
  staleMs: number;
}

/** What a fetch is told: the caller's load and lifetimes, and whether the entry it replaces is past its lifetime. */
interface FetchContext {
  load: () => Promise<Loaded<unknown>>;
  options: CacheGetOptions;
  expired: boolean;
}

// lru-cache keeps no entry larger than `maxEntrySize`: an answer that must not be kept is given a larger size.
const KEPT_SIZE = 1;
const NOT_KEPT_SIZE = 2;

/**
 * Entries whose lifetime each load decides (the caller's `ttlMs`, or the answer's max-age), optionally refreshed in
 * the background within `refreshWithinMs` of expiry. In lru-cache terms an entry is fresh for its lifetime minus
 * the refresh window (`ttl`), then stale: served while one fetch reloads it (`allowStale`), until its lifetime is
 * over, when the caller waits for a new load (`forceRefresh`). A failed load is never kept; a failed refresh leaves
 * the entry serving until its lifetime is over (`noDeleteOnFetchRejection`).
 */
export class ExpiringCache {
  private lru: LRUCache<string, Kept, FetchContext>;
  /**
   * Every entry's last good value, served only while the API cannot answer (stale-if-error, as the catalog's: see
   * CATALOG_STALE_IF_ERROR_MS). The store's settings (its application context above all: the currency a shopper's
   * catalog answers are keyed by) are what every page needs to show what the store knows.
   */
  private readonly lastGood: LRUCache<string, { value: unknown }>;

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = 500,
  ) {
    this.lru = this.create();
    this.lastGood = new LRUCache({
      max: maxEntries,
      ttl: CATALOG_STALE_IF_ERROR_MS,
      perf: { now: () => this.now() + 1 },
      ttlResolution: 0,
    });
  }

  private create() {
    return new LRUCache<string, Kept, FetchContext>({
      max: this.maxEntries,
      // The clock is injectable (tests move it); no timers, no cached "now". lru-cache reads a start time of 0 as
      // "no ttl", so the clock is moved 1 ms on: an entry loaded at a clock's time 0 (a test's) still expires.
      perf: { now: () => this.now() + 1 },
      ttlResolution: 0,
      noDeleteOnFetchRejection: true,
      maxEntrySize: KEPT_SIZE,
      sizeCalculation: () => KEPT_SIZE,
      fetchMethod: async (key, stale, { options, context }) => {
        const { value, ttlMs = context.options.ttlMs } = await context.load();
        if (ttlMs !== 0) this.lastGood.set(key, { value });
        if (ttlMs === 0) {
          // Not kept: a background refresh leaves the entry it refreshed as it was (its value, its lifetime).
          if (stale !== undefined && !context.expired) {
            options.noUpdateTTL = true;
            return stale;
          }
          options.size = NOT_KEPT_SIZE;
          return { value, staleMs: 0 };
        }
        if (ttlMs < 0) {
          options.ttl = 0; // lru-cache's "no ttl"
          return { value, staleMs: 0 };
        }
        // lru-cache calls an entry stale once its age is over `ttl`; this cache refreshes from the moment the age
        // reaches the lifetime minus the refresh window (and without one, reloads from the moment it reaches the
        // lifetime), hence the 1 ms. 0 would mean "no ttl".
        const freshMs = Math.max(1, ttlMs - (context.options.refreshWithinMs ?? 0) - 1);
        options.ttl = freshMs;
        return { value, staleMs: ttlMs - freshMs };
      },
    });
  }

  async get<T>(key: string, load: () => Promise<Loaded<T>>, options: CacheGetOptions): Promise<T> {
    const lru = this.lru;
    const kept = lru.peek(key, { allowStale: true });
    // getRemainingTTL is negative once stale: an entry past its whole lifetime is not served.
    const expired = kept !== undefined && lru.getRemainingTTL(key) <= -kept.staleMs;
    try {
      const fetched = await lru.fetch(key, {
        context: { load, options, expired },
        allowStale: options.refreshWithinMs !== undefined && !expired,
        forceRefresh: expired,
      });
      return fetched!.value as T;
    } catch (error) {
      const kept = isUnavailable(error) ? this.lastGood.get(key) : undefined;
      if (!kept) throw error;
      return kept.value as T;
    }
  }

  /**
   * Forgets every entry. Loads already in flight finish for their callers but are kept nowhere. `lastGood`: their last
   * good copies too (the store behind the API was reset: a copy of the old one is no answer of the day).
   */
  clear(options: { lastGood?: boolean } = {}): void {
    this.lru = this.create();
    if (options.lastGood) this.lastGood.clear();
  }
}

/** A catalog answer is fresh this long: within it, every page that asks shares it without asking the API. */
export const CATALOG_FRESH_MS = 30_000;
/**
 * Past its freshness, an answer younger than this is still served while one request refreshes it in the background
 * (stale-while-revalidate); an older one is not served: the caller waits for a fresh one.
 */
export const CATALOG_MAX_STALE_MS = 300_000;

/**
 * Stale-if-error: while the API cannot answer (isUnavailable: down, unreachable, timed out, circuit open), a catalog
 * answer the store has shown is served this long after it was loaded, with a notice on the page that prices and stock
 * will be confirmed at checkout (the cart and checkout read the API itself, never this cache). A day covers a
 * maintenance window or an incident; older answers are too likely wrong to show.
 */
export const CATALOG_STALE_IF_ERROR_MS = 24 * 3_600_000;
/** SharedReadCache's `staleIfErrorMs` for answers that keep no last good copy: a failed load is the caller's. */
export const NO_STALE_IF_ERROR = 0;
/**
 * The memory the last good answers may take, counted as the characters of their JSON (about a byte each for the
 * catalog's mostly ASCII text): the least recently used go first.
 */
export const CATALOG_LAST_GOOD_MAX_CHARS = 50_000_000;

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
  /**
   * Every answer's last good copy, for stale-if-error only (CATALOG_STALE_IF_ERROR_MS); `clear` keeps them. None when
   * `staleIfErrorMs` is NO_STALE_IF_ERROR.
   */
  private readonly lastGood: LRUCache<string, Boxed> | null;

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = 5000,
    private readonly freshMs = CATALOG_FRESH_MS,
    private readonly maxStaleMs = CATALOG_MAX_STALE_MS,
    staleIfErrorMs = CATALOG_STALE_IF_ERROR_MS,
    lastGoodMaxChars = CATALOG_LAST_GOOD_MAX_CHARS,
  ) {
    this.lru = this.create();
    this.lastGood =
      staleIfErrorMs === NO_STALE_IF_ERROR
        ? null
        : new LRUCache<string, Boxed>({
            max: maxEntries,
            maxSize: lastGoodMaxChars,
            ttl: staleIfErrorMs,
            perf: { now: this.now },
            ttlResolution: 0,
          });
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
      fetchMethod: async (key, _stale, { context }) => {
        const boxed = { value: await context() };
        // Sized once per load (a load happens at most once per key and freshness): its JSON's length.
        this.lastGood?.set(key, boxed, { size: Math.max(1, JSON.stringify(boxed.value)?.length ?? 1) });
        return boxed;
      },
    });
  }

  /**
   * The answer for `key`: fresh, else loaded (see the class). When the load fails because the API cannot answer,
   * the last good answer of the day is served instead and `onStale` told; any other failure is the caller's.
   */
  async get<T>(key: string, load: () => Promise<T>, onStale?: () => void): Promise<T> {
    const lru = this.lru;
    // getRemainingTTL: negative once stale, 0 for a missing key.
    const tooOld = lru.getRemainingTTL(key) < this.freshMs - this.maxStaleMs;
    try {
      const boxed = await lru.fetch(
        key,
        tooOld ? { context: load, forceRefresh: true, allowStale: false } : { context: load },
      );
      return boxed!.value as T;
    } catch (error) {
      const kept = isUnavailable(error) ? this.lastGood?.get(key) : undefined;
      if (!kept) throw error;
      onStale?.();
      return kept.value as T;
    }
  }

  /**
   * Forgets every answer (the store behind the API changed): the next read of each loads it again. Their last good
   * copies stay, served only while the API cannot answer, as any answer of the day would be, unless `lastGood` says
   * the store behind the API was reset (a copy of the old one is no answer of the day). Loads already in flight
   * finish for their callers but are kept nowhere.
   */
  clear(options: { lastGood?: boolean } = {}): void {
    this.lru = this.create();
    if (options.lastGood) this.lastGood?.clear();
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
  /** Einstein's recommendations per catalog scope, recommender and anchors (RECOMMENDATIONS_FRESH_MS). */
  recommendations: SharedReadCache;
  /** The accounts a buyer may act for, per buyer's token, for the account page's search and paging (MANAGED_ACCOUNTS_FRESH_MS). */
  managedAccounts: SharedReadCache;
}

/**
 * How long a recommendations answer (GET ai/recommendations) is shared, then read again; never served stale, nor
 * while the API is down (NO_STALE_IF_ERROR: the section is an extra a page does without, as after any failed read).
 * The storefront's choice: Salesforce's LWR store components ask on every view. CustomersWhoBoughtAlsoBought is
 * anchored on products, not on the shopper: the visitor id sent as the cqcid cookie doesn't change the answer, so
 * shoppers of one catalog scope (its prices) share it. 30 s, like the catalog's freshness: what others bought together
 * moves slowly, and an order placed shows within half a minute.
 */
export const RECOMMENDATIONS_FRESH_MS = 30_000;

/**
 * How long the accounts a buyer may act for (GET external-managed-accounts) are reused by the requests of the same
 * token (the same signed-in session), then read again; never served stale, nor while the API is down. The resource
 * answers up to 200 accounts at once and takes no search or page (Salesforce's switcher limit; the reference's
 * "external-managed-accounts"), so the account page finds and pages them itself: without this, each search and each
 * page link read all 200 again (at 200 accounts, about a third of the page's CPU: docs/performance.md). An account
 * an administrator adds or removes shows within 30 s. Switching accounts reads the API itself: what a buyer may act
 * for is never taken from here.
 */
export const MANAGED_ACCOUNTS_FRESH_MS = 30_000;

/** Create once per process and pass to every client, so requests share what they learned. */
export function createWebstoreCaches(options: { now?: () => number } = {}): WebstoreCaches {
  const now = options.now ?? Date.now;
  return {
    applicationContext: new ExpiringCache(now, 50),
    seoProperties: new ExpiringCache(now, 2000),
    data: new ExpiringCache(now, 500),
    catalog: new SharedReadCache(now),
    recommendations: new SharedReadCache(
      now,
      2000,
      RECOMMENDATIONS_FRESH_MS,
      RECOMMENDATIONS_FRESH_MS, // no stale-while-revalidate: past its freshness the caller waits for a new answer
      NO_STALE_IF_ERROR,
    ),
    // One entry per signed-in session reading the account page within the freshness: 2,000 covers a busy instance.
    managedAccounts: new SharedReadCache(
      now,
      2000,
      MANAGED_ACCOUNTS_FRESH_MS,
      MANAGED_ACCOUNTS_FRESH_MS,
      NO_STALE_IF_ERROR,
    ),
  };
}

/** Forgets everything cached, e.g. when the store behind the API was reset or its settings changed. */
/** Empties every cache; `lastGood` also forgets the stale-if-error copies (an emulator reset: the store is new). */
export function clearWebstoreCaches(caches: WebstoreCaches, options: { lastGood?: boolean } = {}): void {
  caches.applicationContext.clear(options);
  caches.seoProperties.clear(options);
  caches.data.clear(options);
  caches.catalog.clear(options);
  caches.recommendations.clear(options);
  caches.managedAccounts.clear(options);
}

/** Seconds of `Cache-Control: max-age`, as ms; undefined when absent. */
export function maxAgeMs(headers: Headers): number | undefined {
  const match = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(headers.get("cache-control") ?? "");
  return match ? Number(match[1]) * 1000 : undefined;
}
