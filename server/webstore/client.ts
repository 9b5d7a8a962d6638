/**
 * The webstore client: ONE typed adapter over a `fetch(Request) → Response` function, so the same code talks to
 * the real Commerce Connect API, the in-process emulator, or the emulator mounted on an HTTP port.
 *
 * How answers come back:
 * - Most methods resolve to the response body (null for an empty body) and reject with a FetchError
 *   (`isFetchError`), an Aborted error (`isAbortedError`) or, for input refused before any request, an Error,
 *   TypeError, RangeError or WebstoreError (`isWebstoreError`, with a spec code such as 'CPA disabled').
 * - Methods the API may answer before its work is done resolve to `Async<T> = { status, processing, data }`:
 *   `processing` is true for HTTP 202 or an `asyncOperationStatus: "Processing"` on the body or its cart
 *   summary. They are: createCart, ensureActiveCart, getCart, cloneCart, getCartItems, addCartItem,
 *   deleteDeliveryGroup, arrangeItems, startCheckout, getCheckout, updateCheckout, removeCheckoutCoupon.
 *   `client.waitForReady(() => client.getCart('current'))` polls one of them on the spec's schedule; with
 *   `serverRendering` it never polls and throws SSR_NO_POLLING instead (the page shows "Loading").
 */
import { addressesApi } from "./api/addresses.js";
import { authApi } from "./api/auth.js";
import { cartsApi } from "./api/carts.js";
import { catalogApi } from "./api/catalog.js";
import { checkoutsApi } from "./api/checkouts.js";
import { contextApi } from "./api/context.js";
import { deliveryGroupsApi } from "./api/delivery-groups.js";
import { ordersApi } from "./api/orders.js";
import { profileApi } from "./api/profile.js";
import { seoApi } from "./api/seo.js";
import { inventoryApi } from "./api/inventory.js";
import { wishlistsApi } from "./api/wishlists.js";
import { type AsyncWaitOptions, defaultSleep, waitForReady } from "./async-wait.js";
import { type WebstoreCaches, createWebstoreCaches } from "./cache.js";
import { type ClientCore, type IntegrationApp, versionNumber } from "./core.js";
import { createHttp, isBlankAccountId } from "./http.js";
import { DEFAULT_RETRY, type FetchLike, type RetryPolicy, SERVER_RENDERING_RETRY } from "./retry.js";

export const DEFAULT_API_VERSION = "v65.0";

export interface WebstoreClientOptions {
  /** Always called with a Request object. */
  fetch: FetchLike;
  /**
   * The Experience Cloud site's URL with its path prefix ("https://shop.example.com/store"), or the emulator's
   * origin: identity endpoints live under it, and API calls too unless a token answer named another URL.
   */
  baseUrl: string;
  webstoreId: string;
  /**
   * Where API calls go when it differs from the site URL: the `sfdc_community_url` / `instance_url` the token
   * answer named (identity calls stay on `baseUrl`).
   */
  apiUrl?: string;
  /** "v65.0" or "65.0" (default v65.0). */
  apiVersion?: string;
  /** Bearer token: the buyer's, or the guest's JWT-based guest token. Every Commerce call needs one. */
  accessToken?: string;
  /** A fresh token when the API refuses this one (401), tried once per client; see HttpOptions.renewToken. */
  renewToken?: () => Promise<string | undefined>;
  /**
   * The shopper's network address, sent as `X-Forwarded-For`: for the in-process emulator only, whose guest order
   * lookup limit (emulator-only) is per client. Connect REST documents no such header, so the server gives none
   * when the API is an org (docs/emulator.md, "Parameters the storefront sends").
   */
  clientAddress?: string;
  /** Sent as query `effectiveAccountId` (spec §7); fifteen zeros count as none. */
  effectiveAccountId?: string;
  /** Sent as query `currencyIsoCode` on cart calls except DELETE. */
  currencyIsoCode?: string;
  /**
   * Who sees the same catalog (categories, search results, products, prices) as this client's shopper: clients
   * with equal scopes share those answers through `caches.catalog` for a short while. The storefront passes
   * "guest" for guests and the buyer's effective account (else the buyer) for buyers. Default: the effective
   * account when there is one, every token-less client alike, and otherwise (a token, no account) nothing shared;
   * null never shares.
   */
  catalogScope?: string | null;
  /**
   * Sends `X-Highscale: true` on cart calls (spec §7). `"applicationContext"`: when the store's application context
   * says `propertiesEx.highScaleCartEnabled` (read through the cache; unreadable counts as off).
   */
  highScaleCart?: boolean | "applicationContext";
  /**
   * Default 3 attempts, 4000 ms apart (spec §9); with `serverRendering`, SERVER_RENDERING_RETRY (done within 1 s).
   * Writes (POST, PUT, PATCH, DELETE) are only ever retried when the request never reached the server (retry.ts).
   */
  retry?: RetryPolicy;
  /** Default: the LWR client's 15 loads (14 re-reads) on `asyncWaitDelay`. */
  asyncWait?: { maxAttempts: number; delayMs: (attempt: number) => number };
  /** Injectable so tests don't wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Clock of the caches this client creates when `caches` is not given, and of the retry policy's `maxRetryMs`. */
  now?: () => number;
  /** Shared across requests: create once per process with createWebstoreCaches(). */
  caches?: WebstoreCaches;
  signal?: AbortSignal;
  /** The site's external client app (a private client): its consumer key, secret and registered callback. */
  oauth?: { clientId?: string; clientSecret?: string; redirectUri?: string };
  /**
   * The org's integration user's connected app (Client Credentials Flow): its token goes with the first requests of
   * Headless Registration and Headless Forgot Password, which a correctly set-up site requires. Absent: none is sent.
   */
  integration?: IntegrationApp;
  /** The Experience Cloud site (community) id; needed only for SEO properties. */
  communityId?: string;
  /** The store's inventory location group id; needed only to read stock (getInventoryLevels). */
  inventoryLocationGroupId?: string;
  /**
   * True in a Remix loader or action: polling helpers throw SSR_NO_POLLING instead of waiting, and retries follow
   * SERVER_RENDERING_RETRY unless `retry` is given.
   */
  serverRendering?: boolean;
  /**
   * Told of every finished method call: its name, how long it took, and the error it failed with. The storefront
   * times calls for Server-Timing and learns of a refused token (401) this way; a method's answer or error is
   * unchanged by it.
   */
  onCall?: (call: CallReport) => void;
  /**
   * Told when a catalog read (`resource`, e.g. "products/{id}") was answered from its last good copy because the API
   * could not answer (stale-if-error, cache.ts): the page should say that prices and stock are confirmed at checkout.
   */
  onStale?: (resource: string) => void;
  /**
   * Guard every call with its API host's circuit breaker and per-call time limits (breaker.ts). The storefront's
   * clients are guarded; default off, so a script or a test talking to the API sees every answer as it is.
   */
  guarded?: boolean;
}

export interface CallReport {
  /** The client's method, e.g. "getProduct". */
  name: string;
  ms: number;
  /** What the call threw; absent when it answered. */
  error?: unknown;
}

export function createWebstoreClient(opts: WebstoreClientOptions): WebstoreClient {
  const apiVersion = normalizeApiVersion(opts.apiVersion ?? DEFAULT_API_VERSION);
  const sleep = opts.sleep ?? defaultSleep;
  const baseUrl = opts.baseUrl.replace(/\/+$/, "");
  // The store's own setting is read from its application context, which this very client fetches (and caches).
  let self: ClientImpl | null = null;
  const highScaleFromContext = async () => {
    try {
      // Through the group itself: the client's own reads are not the caller's calls (never reported to onCall).
      return (await self!.group("context").getApplicationContext()).propertiesEx?.highScaleCartEnabled === true;
    } catch {
      return false;
    }
  };
  const http = createHttp({
    fetch: opts.fetch,
    baseUrl: (opts.apiUrl ?? baseUrl).replace(/\/+$/, ""),
    webstoreId: opts.webstoreId,
    apiVersion,
    accessToken: opts.accessToken,
    renewToken: opts.renewToken,
    clientAddress: opts.clientAddress,
    effectiveAccountId: opts.effectiveAccountId,
    currencyIsoCode: opts.currencyIsoCode,
    highScaleCart: opts.highScaleCart === "applicationContext" ? highScaleFromContext : opts.highScaleCart,
    retry: opts.retry ?? (opts.serverRendering ? SERVER_RENDERING_RETRY : DEFAULT_RETRY),
    sleep,
    now: opts.now,
    signal: opts.signal,
    guarded: opts.guarded,
  });
  const wait: AsyncWaitOptions = { ...opts.asyncWait, sleep, serverRendering: opts.serverRendering };
  const core: ClientCore = {
    http,
    apiVersion: versionNumber(apiVersion),
    caches: opts.caches ?? createWebstoreCaches({ now: opts.now }),
    accessToken: opts.accessToken,
    communityId: opts.communityId,
    webstoreId: opts.webstoreId,
    inventoryLocationGroupId: opts.inventoryLocationGroupId,
    effectiveAccountId: opts.effectiveAccountId,
    siteUrl: baseUrl,
    oauth: { ...opts.oauth },
    integration: opts.integration,
    cacheKey: (...parts) => [baseUrl, apiVersion, opts.webstoreId, ...parts].join("|"),
    catalogScope: catalogScopeOf(opts),
    onStale: opts.onStale,
    serverRendering: opts.serverRendering,
  };
  installMethods();
  self = new ClientImpl(core, wait, opts.onCall);
  return self as unknown as WebstoreClient;
}

/**
 * The client's methods come from the groups below (later groups win a name, as a spread would). A request builds a
 * client, often several: rather than creating every group's hundred closures for each, a client is one small
 * object on a shared prototype whose getters create a group the first time one of its methods is read.
 */
const GROUPS = {
  auth: (core: ClientCore) => authApi(core),
  context: (core: ClientCore) => contextApi(core),
  catalog: (core: ClientCore) => catalogApi(core),
  carts: (core: ClientCore, client: ClientImpl) =>
    cartsApi(core, { getApplicationContext: () => client.group("context").getApplicationContext() }),
  deliveryGroups: (core: ClientCore) => deliveryGroupsApi(core),
  checkouts: (core: ClientCore) => checkoutsApi(core),
  addresses: (core: ClientCore) => addressesApi(core),
  wishlists: (core: ClientCore) => wishlistsApi(core),
  orders: (core: ClientCore) => ordersApi(core),
  profile: (core: ClientCore) => profileApi(core),
  seo: (core: ClientCore) => seoApi(core),
  inventory: (core: ClientCore) => inventoryApi(core),
};
type GroupName = keyof typeof GROUPS;
type Group<G extends GroupName> = ReturnType<(typeof GROUPS)[G]>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AllMethods = UnionToIntersection<{ [G in GroupName]: Group<G> }[GroupName]>;

/**
 * A client's own state, in one property that is not a function. A plain name, not a symbol: a computed class member
 * would keep the class (and with it every group's imports) in bundles that never build a client.
 */
const STATE = "_clientState";

interface ClientState {
  core: ClientCore;
  wait: AsyncWaitOptions;
  groups: Partial<Record<GroupName, unknown>>;
  self: ClientImpl;
  onCall?: (call: CallReport) => void;
  /** The caller's methods that report to onCall, each made the first time it is read. */
  reported?: Map<string, unknown>;
}

function groupOf<G extends GroupName>(state: ClientState, name: G): Group<G> {
  return (state.groups[name] ??= GROUPS[name](state.core, state.self)) as Group<G>;
}

/**
 * `method`, telling `onCall` its name, its duration and the error it failed with; its answer or error unchanged.
 * Only the caller's calls are wrapped (the client's public methods): the groups call each other unwrapped.
 */
export function reportedMethod<A extends unknown[], R>(
  name: string,
  method: (...args: A) => Promise<R>,
  onCall: (call: CallReport) => void,
): (...args: A) => Promise<R> {
  return async (...args) => {
    const started = performance.now();
    let answer: R;
    try {
      answer = await method(...args);
    } catch (error) {
      onCall({ name, ms: performance.now() - started, error });
      throw error;
    }
    onCall({ name, ms: performance.now() - started });
    return answer;
  };
}

class ClientImpl {
  readonly _clientState: ClientState;

  constructor(core: ClientCore, wait: AsyncWaitOptions, onCall?: (call: CallReport) => void) {
    this[STATE] = { core, wait, groups: {}, self: this, onCall };
  }

  group<G extends GroupName>(name: G): Group<G> {
    return groupOf(this[STATE], name);
  }

  /** A server-side (Apex) method through the LWR endpoint `/lwr/apex/{version}/{class}/{method}`. */
  callApex<T = unknown>(
    className: string,
    methodName: string,
    params: unknown = {},
    options: { method?: "GET" | "POST" } = {},
  ): Promise<T> {
    return this[STATE].core.http.apex<T>(className, methodName, params, options.method ?? "POST");
  }

  /** Polls `load` on this client's wait schedule until it is no longer processing (see top of file). */
  waitForReady<T extends { processing: boolean }>(load: () => Promise<T>): Promise<T> {
    return waitForReady(load, this[STATE].wait);
  }

  /** The API version this client speaks, as a number (65 for "v65.0"). */
  get apiVersion(): number {
    return this[STATE].core.apiVersion;
  }
}

// One getter per method name on the shared prototype, found by building each group over a stand-in core (the
// groups only create closures when built). Done by the first createWebstoreClient, not when the module loads, so
// bundles that only import the adapter's types and rules (the browser's) leave the client out.
let methodsInstalled = false;

function installMethods() {
  if (methodsInstalled) return;
  methodsInstalled = true;
  const standIn = {} as ClientCore;
  for (const name of Object.keys(GROUPS) as GroupName[]) {
    for (const method of Object.keys(GROUPS[name](standIn, undefined as unknown as ClientImpl))) {
      Object.defineProperty(ClientImpl.prototype, method, {
        configurable: true,
        enumerable: true,
        get(this: ClientImpl) {
          const state = this[STATE];
          const value = (groupOf(state, name) as Record<string, unknown>)[method];
          if (!state.onCall || typeof value !== "function") return value;
          const reported = (state.reported ??= new Map());
          let wrapped = reported.get(method);
          if (!wrapped)
            reported.set(method, (wrapped = reportedMethod(method, value as () => Promise<unknown>, state.onCall)));
          return wrapped;
        },
      });
    }
  }
}

export type WebstoreClient = AllMethods & Pick<ClientImpl, "callApex" | "waitForReady" | "apiVersion">;

/** See WebstoreClientOptions.catalogScope; the currency is part of it. */
function catalogScopeOf(opts: WebstoreClientOptions): string | null {
  const scope =
    opts.catalogScope !== undefined
      ? opts.catalogScope
      : !isBlankAccountId(opts.effectiveAccountId)
        ? `account:${opts.effectiveAccountId}`
        : opts.accessToken
          ? null
          : "anonymous";
  return scope === null ? null : `${scope}|${opts.currencyIsoCode ?? ""}`;
}

/** "65.0" → "v65.0"; "v65.0" stays. */
export function normalizeApiVersion(version: string): string {
  const trimmed = version.trim();
  if (!/^v?\d+\.\d$/.test(trimmed)) throw new RangeError(`API version must look like 65.0, not "${version}"`);
  return trimmed.startsWith("v") ? trimmed : `v${trimmed}`;
}
