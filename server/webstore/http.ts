/**
 * Request building (spec §7), the retry policy (spec §4, in retry.ts) and turning answers into data or errors
 * (spec §8). Everything goes through one `fetch(Request, { signal })`: the platform fetch for the real API or the
 * emulator over HTTP, or the emulator's own in-process fetch.
 */
import { AbortedError, FetchError, parseErrorBody } from "./errors.js";
import { breakerFor, breakerSettings } from "./breaker.js";
import { type FetchLike, type RetryPolicy, fetchWithRetry } from "./retry.js";
import type { JsonValue } from "./types/index.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | readonly string[] | null | undefined;
export type Query = Record<string, QueryValue>;

/** Salesforce's placeholder for "no account". */
export const NO_ACCOUNT_ID = "000000000000000";
export const isBlankAccountId = (id: string | null | undefined): boolean =>
  !id || id.trim() === "" || id.startsWith(NO_ACCOUNT_ID);

export interface HttpOptions {
  fetch: FetchLike;
  baseUrl: string;
  webstoreId: string;
  apiVersion: string;
  accessToken?: string;
  /**
   * Called once when the API refuses the token (401): answers a fresh token to retry the request with, or
   * undefined to let the 401 through. Guests renew their guest token this way; a buyer's 401 ends the session.
   */
  renewToken?: () => Promise<string | undefined>;
  clientAddress?: string;
  effectiveAccountId?: string;
  currencyIsoCode?: string;
  /** On: every cart call carries `X-Highscale: true`; a function is asked once per cart call (the store's setting). */
  highScaleCart?: boolean | (() => Promise<boolean>);
  retry: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  /** The clock of the retry policy's `maxRetryMs`; default Date.now. */
  now?: () => number;
  signal?: AbortSignal;
  /**
   * Guard every call with its host's circuit breaker and the per-call time limits (breaker.ts): the storefront's
   * clients do; a script or a test talking to the API directly sees every answer as it is.
   */
  guarded?: boolean;
}

export interface WebstoreRequest {
  method?: HttpMethod;
  /** Relative to the webstore base, e.g. `carts/current/cart-items`; build it with `path`. */
  path: string;
  /** 'data' resolves `path` against `/services/data/{version}/` instead (Connect resources outside the webstore). */
  scope?: "webstore" | "data";
  query?: Query;
  body?: unknown;
  /** Non-2xx statuses that still carry a usable answer (a checkout with integration errors answers 422). */
  acceptStatuses?: readonly number[];
  /** Headers a resource needs besides the session's (the recommendations' cqcid cookie). */
  headers?: Record<string, string>;
  /** Spec §8: some resources (effective account, wishlists, orders) fail with the HTTP status text. */
  statusTextAsMessage?: boolean;
}

export interface HttpAnswer<T = unknown> {
  url: string;
  status: number;
  headers: Headers;
  /** Parsed JSON; null for an empty body (204, or the "no-op" answers of preserve). */
  data: T;
}

export interface Http {
  /** A call of the Connect API: relative to the webstore base (default) or to `/services/data/{version}/`. */
  request<T>(request: WebstoreRequest): Promise<HttpAnswer<T>>;
  apex<T>(className: string, methodName: string, params: unknown, method: "GET" | "POST"): Promise<T>;
  /**
   * A form-encoded POST outside the webstore base (the site's OAuth endpoints). Redirects are not followed: an
   * accepted 302 (the authorize endpoint's answer) comes back with its Location header.
   */
  postForm<T>(
    url: string,
    fields: Record<string, string>,
    options?: { headers?: Record<string, string>; acceptStatuses?: readonly number[] },
  ): Promise<HttpAnswer<T>>;
  /** A GET of an absolute URL with the caller's token (the site's userinfo endpoint). */
  getAbsolute<T>(url: string): Promise<HttpAnswer<T>>;
  /**
   * A JSON POST outside the webstore base, without the caller's token (the site's Headless Registration and Forgot
   * Password APIs); `headers` adds the integration user's token where the site requires it.
   */
  postJsonAbsolute<T>(
    url: string,
    body: unknown,
    options?: { headers?: Record<string, string> },
  ): Promise<HttpAnswer<T>>;
}

/** Builds a relative path, URL-encoding every interpolated value: path`carts/${cartId}/cart-items`. */
export function path(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(values[i]) : ""), "");
}

function webstoreBaseUrl(baseUrl: string, apiVersion: string, webstoreId: string): string {
  return `${trimSlash(baseUrl)}/services/data/${apiVersion}/commerce/webstores/${encodeURIComponent(webstoreId)}/`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

const isCartPath = (relativePath: string): boolean => /^carts(\/|\?|$)/.test(relativePath);
/**
 * Resources that get no `effectiveAccountId` (docs/emulator.md, "Parameters the storefront sends"): Payments Token
 * (`payments/token`: a body only), Commerce Webstore Account Addresses (`accounts/{accountId}/addresses…`: the account
 * is in the path, and Salesforce's storefront client sends none there), the store's sort rules (`search/sort-rules`:
 * `getSortRules(webstoreId)` takes the store alone) and My Profile (`myprofile…`: the signed-in user's own details,
 * whatever account they act for; its pages list no parameter). Every checkout call gets it, as Salesforce's
 * storefront client sends it (`prefixUrl` in its checkoutApiDataSource.ts: start, `checkouts/{id}` GET / PATCH /
 * DELETE, `orders`, `payments`), so a buyer acting for another account reaches that account's checkout.
 */
const takesNoAccount = (relativePath: string): boolean =>
  /^(payments\/token|search\/sort-rules)(\?|$)/.test(relativePath) ||
  /^myprofile(\/|\?|$)/.test(relativePath) ||
  /^accounts\/[^/?]+\/addresses(\/|\?|$)/.test(relativePath);
/**
 * Price reads take the currency too (ConnectApi.CommerceStorePricing getProductPrices(…, currencyIsoCode)): a shopper
 * shopping in GBP sees the GBP price book's prices on product pages, as the cart will charge them.
 */
/** Priced reads: the product prices, and the recommendations that carry prices (currencyIsoCode, 56.0). */
const isPricingPath = (relativePath: string): boolean =>
  /^(pricing\/products|ai\/recommendations)(\/|\?|$)/.test(relativePath);

function appendQuery(url: URL, query: Query): void {
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
}

// In-process Responses often carry no status text; the spec's messages need one.
const REASON_PHRASES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  412: "Precondition Failed",
  422: "Unprocessable Entity",
  423: "Locked",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export const reasonPhrase = (status: number): string => REASON_PHRASES[status] ?? "";

const statusTextOf = (response: Response) => response.statusText || reasonPhrase(response.status);

const isAbortLike = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";

function parseJson(text: string): JsonValue {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

export function createHttp(options: HttpOptions): Http {
  const { signal, retry, sleep } = options;
  const webstoreBase = webstoreBaseUrl(options.baseUrl, options.apiVersion, options.webstoreId);
  const dataBase = `${trimSlash(options.baseUrl)}/services/data/${options.apiVersion}/`;
  let accessToken = options.accessToken;
  let renewal: Promise<string | undefined> | null = null;

  function sessionHeaders(): Record<string, string> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    if (options.clientAddress) headers["X-Forwarded-For"] = options.clientAddress;
    return headers;
  }

  const retrying = { fetch: options.fetch, retry, sleep, now: options.now ?? Date.now, signal };
  const guardOf = (method: HttpMethod, href: string) => {
    if (!options.guarded) return retrying;
    const settings = breakerSettings();
    const timeoutMs = method === "GET" ? settings.readTimeoutMs : settings.writeTimeoutMs;
    return { ...retrying, breaker: breakerFor(href), timeoutMs };
  };

  async function exchange<T>(
    method: HttpMethod,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
    request: Pick<WebstoreRequest, "acceptStatuses" | "statusTextAsMessage"> & {
      authenticated?: boolean;
      redirect?: RequestRedirect;
    } = {},
  ): Promise<HttpAnswer<T>> {
    const href = url.toString();
    // No token yet, but a way to get one (a visitor's first action): get it before the call. Sent without one, the
    // call would reach a site whose guests may use the API as the site's guest user, every visitor alike (their cart
    // would be everybody's), where the emulator refuses it (401) and the renewal below would repair it.
    if (request.authenticated && !headers.Authorization && options.renewToken) {
      const renewToken = options.renewToken;
      renewal ??= renewToken().then((fresh) => {
        if (fresh) accessToken = fresh;
        return fresh;
      });
      const fresh = await renewal;
      if (fresh) headers.Authorization = `Bearer ${fresh}`;
    }
    // No signal here: fetchWithRetry gives fetch the attempt's own beside the Request (retry.ts, FetchLike).
    const build = () =>
      new Request(href, { method, headers, body, credentials: "same-origin", redirect: request.redirect });
    const guard = guardOf(method, href);
    let response = await fetchWithRetry(guard, method, build, href);

    // A refused token is renewed once per client (guests), and the request sent again with the new one: a 401
    // means the API did nothing, so even a write is safe to repeat. Calls made in parallel with the old token
    // (a page's loaders share the request's client) wait for the same renewal and repeat with its token.
    if (response.status === 401 && request.authenticated && options.renewToken) {
      const sent = headers.Authorization;
      const renewToken = options.renewToken;
      renewal ??= renewToken().then((fresh) => {
        if (fresh) accessToken = fresh;
        return fresh;
      });
      const fresh = await renewal;
      if (fresh && `Bearer ${fresh}` !== sent) {
        await response.body?.cancel();
        headers.Authorization = `Bearer ${fresh}`;
        response = await fetchWithRetry(guard, method, build, href);
      }
    }

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (signal?.aborted || isAbortLike(error)) throw new AbortedError(href, error);
      throw error;
    }
    const data = parseJson(text);
    if (!response.ok && !request.acceptStatuses?.includes(response.status)) {
      const statusText = statusTextOf(response);
      throw new FetchError({
        url: href,
        status: response.status,
        statusText,
        errors: parseErrorBody(data),
        body: data,
        message: request.statusTextAsMessage ? statusText : undefined,
      });
    }
    return { url: href, status: response.status, headers: response.headers, data: data as T };
  }

  return {
    async request<T>(request: WebstoreRequest) {
      const method = request.method ?? "GET";
      const inWebstore = request.scope !== "data";
      const url = new URL(request.path, inWebstore ? webstoreBase : dataBase);
      const query: Query = { ...request.query };
      if (
        inWebstore &&
        query.effectiveAccountId == null &&
        !isBlankAccountId(options.effectiveAccountId) &&
        !takesNoAccount(request.path)
      ) {
        query.effectiveAccountId = options.effectiveAccountId;
      }
      const cartCall = inWebstore && isCartPath(request.path);
      const currencyCall = (cartCall && method !== "DELETE") || (inWebstore && isPricingPath(request.path));
      if (currencyCall && query.currencyIsoCode == null && options.currencyIsoCode) {
        query.currencyIsoCode = options.currencyIsoCode;
      }
      appendQuery(url, query);

      const headers = { ...request.headers, ...sessionHeaders() };
      if (request.body !== undefined) headers["Content-Type"] = "application/json";
      const highScale =
        typeof options.highScaleCart === "function"
          ? cartCall && (await options.highScaleCart())
          : options.highScaleCart;
      if (cartCall && highScale) headers["X-Highscale"] = "true";
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      return exchange<T>(method, url, headers, body, { ...request, authenticated: true });
    },

    async apex<T>(className: string, methodName: string, params: unknown, method: "GET" | "POST") {
      const url = new URL(
        `${trimSlash(options.baseUrl)}/lwr/apex/${options.apiVersion}/${encodeURIComponent(className)}/${encodeURIComponent(methodName)}`,
      );
      // Continuations (long-running Apex callouts) need the Aura runtime, which this storefront does not run.
      const headers = { ...sessionHeaders(), "X-SFDC-Allow-Continuation": "false" };
      if (method === "GET") {
        url.searchParams.set("methodParams", JSON.stringify(params ?? {}));
        return (await exchange<T>("GET", url, headers, undefined, { authenticated: true })).data;
      }
      const body = JSON.stringify(params ?? {});
      return (
        await exchange<T>("POST", url, { ...headers, "Content-Type": "application/json" }, body, {
          authenticated: true,
        })
      ).data;
    },

    postForm<T>(
      url: string,
      fields: Record<string, string>,
      extra: { headers?: Record<string, string>; acceptStatuses?: readonly number[] } = {},
    ) {
      const headers = {
        Accept: "application/json",
        ...extra.headers,
        "Content-Type": "application/x-www-form-urlencoded",
      };
      return exchange<T>("POST", new URL(url), headers, new URLSearchParams(fields).toString(), {
        acceptStatuses: extra.acceptStatuses,
        redirect: "manual",
      });
    },

    getAbsolute<T>(url: string) {
      return exchange<T>("GET", new URL(url), sessionHeaders(), undefined);
    },

    postJsonAbsolute<T>(url: string, body: unknown, options: { headers?: Record<string, string> } = {}) {
      const headers = { Accept: "application/json", "Content-Type": "application/json", ...options.headers };
      return exchange<T>("POST", new URL(url), headers, JSON.stringify(body));
    },
  };
}
