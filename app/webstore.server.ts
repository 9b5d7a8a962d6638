/**
 * How every loader and action reaches the webstore: `getWebstore(request, context)` gives the request's client
 * (scoped to the shopper in the session), the session, what the page needs to know about the shopper, and the
 * helpers that send the session back (Set-Cookie) and the cost of the API calls (Server-Timing).
 *
 *   const ws = await getWebstore(request, context);
 *   const product = await ws.client.getProduct(id);
 *   return ws.reply({ product });
 *
 * An expired or refused buyer token (API 401, or past its expiry) never reaches the page: the client throws a
 * redirect to /login with the spec's timeout toast, having cleared the buyer from the session.
 */
import { data, redirect, type AppLoadContext, type HeadersFunction } from "@remix-run/node";
import type { ShopperScope } from "../server/load-context";
import {
  chooseCurrency,
  isBlankAccountId,
  isFetchError,
  newUvid,
  type ApplicationContext,
  type TokenSet,
  type WebstoreClient,
} from "../server/webstore/index";
import { STORE_LOCALE } from "./lib/money";
import { stripLocaleSegment } from "./lib/links";
import { shopperMessageFor } from "./lib/api-errors";
import { TOAST_MESSAGES } from "./lib/toast";
import { getStoreSession, type StoreSession } from "./session.server";
import { redirectWithToast, toast, type ToastInput } from "./toast.server";

// Routes take `toast` from here with the rest of their server helpers: a browser bundle then carries one stand-in
// for this server-only module instead of one per server module a route names.
export { toast };
import { safeRedirect } from "./components/store/urls";
import { stripBasePath } from "./lib/links";

/** The path the store lives under ("/shop", or "" at the site root: BASE_PATH; server/main.ts). */
export function basePathOf(context: AppLoadContext): string {
  return context.storefront.basePath ?? "";
}

/**
 * The store path of the request ("/cart" for /shop/cart): what the app's routes and links speak. Loaders and
 * actions read `request.url` through this, never its pathname as it is.
 */
export function requestPath(request: Request, context: AppLoadContext): string {
  return pagePath(new URL(request.url).pathname, basePathOf(context));
}

export interface Shopper {
  isLoggedIn: boolean;
  userId?: string;
  firstName?: string;
  effectiveAccountId?: string;
  effectiveAccountName?: string;
  /** The buyer may act for several accounts (B2B): the account switcher is offered. */
  canSwitchAccount?: boolean;
  /** The buyer's account is a business account (true), a person account (false), or the API didn't say. */
  businessBuyer?: boolean;
}

/** Durations of the API calls of one request, for the Server-Timing header. */
export class ServerTiming {
  private readonly entries: { name: string; ms: number }[] = [];

  record(name: string, ms: number) {
    this.entries.push({ name, ms });
  }

  header(): string {
    return this.entries
      .map(({ name, ms }) => `api;desc="${name.replace(/[^\w.-]/g, "")}";dur=${ms.toFixed(1)}`)
      .join(", ");
  }
}

export interface Webstore {
  /** The shopper's client: buyer token, guest cart session and effective account from the session. */
  client: WebstoreClient;
  session: StoreSession;
  shopper: Shopper;
  /** The buyer's token is past its expiry: every call of `client` ends in the session-expired redirect. */
  tokenExpired: boolean;
  timing: ServerTiming;
  /** The currency sent on cart and price calls (spec §4), undefined when the session drives it. */
  currencyIsoCode: string | undefined;
  /** A client with a different scope (e.g. the token just received at login), instrumented the same way. */
  clientWith(scope: Partial<ShopperScope>): WebstoreClient;
  /** Set-Cookie (when the session changed) and Server-Timing, plus `init`. */
  headers(init?: HeadersInit): Promise<Headers>;
  /** `data(payload)` with the headers above. */
  reply<T>(payload: T, init?: ResponseInit): Promise<ReturnType<typeof data<T>>>;
  /** The path the store lives under ("/shop", or "" at the site root). */
  basePath: string;
  /**
   * 303 to `url` (a store path such as "/cart") with an optional flash toast. Remix's router puts a store path's
   * redirect under the base path itself (its basename), as it does every <Link>.
   */
  redirect(url: string, toastInput?: ToastInput | null, init?: ResponseInit): Promise<Response>;
}

export function shopperOf(session: StoreSession): Shopper {
  const accessToken = session.get("accessToken");
  if (!accessToken) return { isLoggedIn: false };
  return {
    isLoggedIn: true,
    userId: session.get("userId"),
    firstName: session.get("firstName"),
    effectiveAccountId: session.get("effectiveAccountId"),
    effectiveAccountName: session.get("effectiveAccountName"),
    canSwitchAccount: (session.get("managedAccountCount") ?? 0) > 1,
    businessBuyer: session.get("businessBuyer"),
  };
}

/**
 * A request's path as the app's routes know it: without the store's base path and without the locale segment
 * (/shop/en-GB/cart → /cart). Remix serves a page with both as its basename and puts them back in front of every
 * redirect, so a path read from the request must lose them before it is redirected to, or they would come out twice.
 */
export function pagePath(pathname: string, basePath: string): string {
  return stripLocaleSegment(stripBasePath(pathname, basePath));
}

/** Where to come back to after signing in again: the page itself (GET) or the page the form was on (a store path). */
export function returnPath(request: Request, basePath: string): string {
  const url = new URL(request.url);
  let path = `${pagePath(url.pathname, basePath)}${url.search}`;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const referer = request.headers.get("Referer");
    try {
      const from = referer ? new URL(referer) : null;
      path =
        from && from.origin === url.origin
          ? `${pagePath(from.pathname, basePath)}${from.search}`
          : pagePath(url.pathname, basePath);
    } catch {
      path = pagePath(url.pathname, basePath);
    }
  }
  path = safeRedirect(path, "/");
  return path.startsWith("/login") || path.startsWith("/logout") || path.includes("/webruntime/logout") ? "/" : path;
}

/** The login page's URL that comes back to `path` afterwards. */
export function loginPath(path: string): string {
  return path === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: path })}`;
}

export function isSessionExpiredError(error: unknown): boolean {
  return isFetchError(error) && error.status === 401;
}

/**
 * The redirect an expired buyer session ends in: auth cleared, the spec's toast, back to the page after login.
 */
export async function sessionExpiredRedirect(
  request: Request,
  session: StoreSession,
  basePath: string,
): Promise<Response> {
  session.clearAuth();
  return redirectWithToast(loginPath(returnPath(request, basePath)), toast("warning", TOAST_MESSAGES.sessionTimedOut), {
    session,
  });
}

/**
 * Wraps every method of the client: times it, and turns a refused buyer token into the session-expired
 * redirect (thrown, so loaders and actions need no code for it; a `catch` must rethrow Responses).
 */
function instrument(
  client: WebstoreClient,
  options: { timing: ServerTiming; onUnauthorized: () => Promise<Response> | null },
): WebstoreClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      const name = String(property);
      return async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (error) {
          if (isSessionExpiredError(error)) {
            const redirectResponse = options.onUnauthorized();
            if (redirectResponse) throw await redirectResponse;
          }
          throw error;
        } finally {
          options.timing.record(name, performance.now() - started);
        }
      };
    },
  });
}

export interface GetWebstoreOptions {
  /**
   * The page is catalog browsing (spec §6: guest browsing depends on guestBrowsingEnabled): a guest whose read
   * the API refuses (401) is sent to sign in instead of seeing an error.
   */
  browsing?: boolean;
}

/** A buyer's token is renewed (refresh token) when a request comes within this of its expiry. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** A guest token is replaced when a request comes within this of its expiry. */
const GUEST_TOKEN_MARGIN_MS = 60_000;

/** The buyer's tokens into the session (login, refresh). */
export function keepBuyerTokens(session: StoreSession, tokens: TokenSet) {
  session.set("accessToken", tokens.accessToken);
  session.set("refreshToken", tokens.refreshToken);
  session.set("apiUrl", tokens.apiUrl || undefined);
  session.set("tokenExpiresAt", tokens.expiresAt ?? undefined);
}

/**
 * Makes sure the shopper's session holds a usable token before the request's API calls, once per request (the
 * root and page loaders run in parallel):
 * - a guest gets a UVID (minted here, kept in the session) and a guest token for it (Headless Guest Flow);
 * - a buyer whose token is about to expire gets a new one from the refresh token. An expired buyer token is
 *   not renewed: the session timed out (spec §2), and every API call ends in the sign-in redirect.
 * Failures leave the session as it is: the API's 401 then decides, as for any other refused token.
 */
const identityReady = new WeakMap<object, Promise<void>>();

export function ensureIdentity(context: AppLoadContext, session: StoreSession): Promise<void> {
  let ready = identityReady.get(context);
  if (!ready) {
    ready = (async () => {
      const now = Date.now();
      if (session.get("accessToken")) {
        const expiresAt = session.get("tokenExpiresAt");
        const refreshToken = session.get("refreshToken");
        if (typeof expiresAt !== "number" || expiresAt <= now || expiresAt - now > REFRESH_MARGIN_MS || !refreshToken)
          return;
        try {
          keepBuyerTokens(session, await context.webstore({}).refreshAccessToken(refreshToken));
        } catch (error) {
          if (!isFetchError(error)) throw error;
          console.warn("Refreshing the buyer's token failed:", error.message);
        }
        return;
      }
      await renewGuestToken(context, session, { onlyIfDue: true, now });
    })();
    identityReady.set(context, ready);
  }
  return ready;
}

/** A (new) guest token for the session's UVID; with `onlyIfDue`, only when there is none or it is expiring. */
export async function renewGuestToken(
  context: AppLoadContext,
  session: StoreSession,
  options: { onlyIfDue?: boolean; now?: number } = {},
) {
  const now = options.now ?? Date.now();
  const expiresAt = session.get("guestTokenExpiresAt");
  const current = session.get("guestToken");
  if (options.onlyIfDue && current && (typeof expiresAt !== "number" || expiresAt - now > GUEST_TOKEN_MARGIN_MS))
    return current;
  let uvid = session.get("uvid");
  if (!uvid) {
    uvid = newUvid();
    session.set("uvid", uvid);
  }
  try {
    const tokens = await context.webstore({}).guestLogin(uvid);
    session.set("guestToken", tokens.accessToken);
    session.set("guestTokenExpiresAt", tokens.expiresAt ?? undefined);
    return tokens.accessToken;
  } catch (error) {
    if (!isFetchError(error)) throw error;
    console.warn("The guest token could not be had:", error.message);
    return undefined;
  }
}

const baseClients = new WeakMap<object, Map<string, WebstoreClient>>();

/** The request's client for the session's scope, built once per request and scope (an action may sign in). */
function baseClient(context: AppLoadContext, scope: ShopperScope): WebstoreClient {
  let clients = baseClients.get(context);
  if (!clients) baseClients.set(context, (clients = new Map()));
  const key = [
    scope.accessToken,
    scope.apiUrl,
    scope.effectiveAccountId,
    scope.catalogScope,
    scope.currencyIsoCode,
    scope.renewToken ? "guest" : "buyer",
  ].join("|");
  let client = clients.get(key);
  if (!client) clients.set(key, (client = context.webstore(scope)));
  return client;
}

/**
 * The currency of the shopper's cart calls (spec §4): none when the session drives currency; else the one the shopper
 * chose in the switcher, while the store still supports it; else the rule's choice for the page's locale (the only
 * currency, the locale's market currency, the default).
 */
export function shopperCurrency(
  appContext: ApplicationContext,
  chosen: string | undefined,
  locale: string | undefined,
): string | undefined {
  if (appContext.sessionDrivenCurrency) return undefined;
  if (chosen && (appContext.supportedCurrencies ?? []).includes(chosen)) return chosen;
  return chooseCurrency(appContext, locale ?? STORE_LOCALE);
}

export async function getWebstore(
  request: Request,
  context: AppLoadContext,
  options: GetWebstoreOptions = {},
): Promise<Webstore> {
  const session = await getStoreSession(request, context);
  const basePath = basePathOf(context);
  await ensureIdentity(context, session);
  const shopper = shopperOf(session);
  const timing = new ServerTiming();

  const expiresAt = session.get("tokenExpiresAt");
  const tokenExpired = shopper.isLoggedIn && typeof expiresAt === "number" && expiresAt <= Date.now();

  // Catalog answers are shared by shoppers who see the same catalog: every guest, or the buyers of one account.
  const baseScope: ShopperScope = shopper.isLoggedIn
    ? {
        accessToken: session.get("accessToken"),
        apiUrl: session.get("apiUrl"),
        effectiveAccountId: session.get("effectiveAccountId"),
        catalogScope: isBlankAccountId(session.get("effectiveAccountId"))
          ? `user:${session.get("userId") ?? session.get("accessToken")}`
          : `account:${session.get("effectiveAccountId")}`,
        signal: request.signal,
      }
    : {
        accessToken: session.get("guestToken"),
        catalogScope: "guest",
        // A guest token the API refuses (expired early, the emulator reset) is replaced once and the call repeated.
        renewToken: () => renewGuestToken(context, session),
        signal: request.signal,
      };

  const build = (scope: ShopperScope) => {
    // The root's and the page's loaders run in parallel: they share one client of the session's scope (and so one
    // renewed guest token, if it comes to that) instead of building one each.
    const raw = scope === baseScope ? baseClient(context, scope) : context.webstore(scope);
    const loggedIn = !!scope.accessToken && !scope.renewToken;
    const client = instrument(raw, {
      timing,
      onUnauthorized: () =>
        loggedIn
          ? sessionExpiredRedirect(request, session, basePath)
          : options.browsing
            ? signInToBrowseRedirect(request, session, basePath)
            : null,
    });
    if (!tokenExpired || !loggedIn || scope.accessToken !== baseScope.accessToken) return client;
    // Past its expiry the token is not even sent: every call ends in the session-expired redirect.
    return new Proxy(client, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        return async () => {
          throw await sessionExpiredRedirect(request, session, basePath);
        };
      },
    });
  };

  // Spec §4 currency choice, sent as currencyIsoCode on cart (and price) calls: the application context is cached,
  // so knowing it costs nothing after the first page.
  // Read through the uninstrumented client: the page's Server-Timing lists the page's own calls.
  const appContext =
    tokenExpired && shopper.isLoggedIn
      ? null
      : await baseClient(context, baseScope)
          .getApplicationContext()
          .catch(() => null);
  const currencyIsoCode = appContext ? shopperCurrency(appContext, session.get("currency"), context.locale) : undefined;
  if (currencyIsoCode) baseScope.currencyIsoCode = currencyIsoCode;
  const client = build(baseScope);

  const headers = async (init?: HeadersInit) => {
    const result = new Headers(init);
    if (session.dirty) result.append("Set-Cookie", await session.commit());
    // The API calls' durations tell a visitor how the store works inside: only in development or when asked for.
    const serverTiming = context.storefront.serverTiming ? timing.header() : "";
    if (serverTiming) result.append("Server-Timing", serverTiming);
    return result;
  };

  return {
    client,
    session,
    shopper,
    tokenExpired,
    timing,
    currencyIsoCode,
    clientWith: (scope) => build({ ...baseScope, ...scope }),
    headers,
    async reply(payload, init) {
      return data(payload, { ...init, headers: await headers(init?.headers) });
    },
    basePath,
    async redirect(url, toastInput, init) {
      if (toastInput) session.flashToast(toastInput);
      return redirect(url, { status: 303, ...init, headers: await headers(init?.headers) });
    },
  };
}

export const SIGN_IN_TO_BROWSE = "Sign in to browse the store.";

function signInToBrowseRedirect(request: Request, session: StoreSession, basePath: string): Promise<Response> {
  return redirectWithToast(loginPath(returnPath(request, basePath)), toast("info", SIGN_IN_TO_BROWSE), { session });
}

/**
 * The webstore for a catalog page (home, category, search, product). A guest is sent to sign in, and back here
 * afterwards, when the store does not let guests browse: known from the application context, or learnt from the
 * API's 401 when the cached context is behind.
 */
export async function getBrowsingWebstore(request: Request, context: AppLoadContext): Promise<Webstore> {
  const ws = await getWebstore(request, context, { browsing: true });
  if (ws.shopper.isLoggedIn) return ws;
  const appContext = await ws.client.getApplicationContext().catch((error: unknown) => {
    rethrowResponse(error);
    return null;
  });
  if (appContext?.guestBrowsingEnabled === false) throw await signInToBrowseRedirect(request, ws.session, ws.basePath);
  return ws;
}

/** Rethrows Remix responses (redirects thrown by the client) so a `catch` only handles API failures. */
export function rethrowResponse(error: unknown): void {
  if (error instanceof Response) throw error;
}

/**
 * The message to show for a failed call: our words for the API's error code (lib/api-errors), else the fallback.
 * The API's own words never reach a shopper: they are for developers, and a server failure's may leak internals.
 */
export function errorMessage(
  error: unknown,
  fallback = "Something went wrong. Try again.",
  byCode?: Readonly<Record<string, string>>,
): string {
  rethrowResponse(error);
  if (isFetchError(error)) return shopperMessageFor(error, byCode) ?? fallback;
  if (error instanceof Error)
    return shopperMessageFor({ code: (error as { code?: string }).code, message: error.message }) ?? fallback;
  return fallback;
}

/**
 * The `headers` export of routes whose loaders call the API: passes on Server-Timing (cookies pass on their own),
 * which loaders only write when the server is told to (development, SERVER_TIMING=1).
 */
export const serverTimingHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const headers = new Headers();
  const timing = [parentHeaders, loaderHeaders, actionHeaders]
    .map((h) => h.get("Server-Timing"))
    .filter(Boolean)
    .join(", ");
  if (timing) headers.set("Server-Timing", timing);
  return headers;
};

// The cart moved to handlers/cart.server.ts; these names stay here until every importer takes them from there.
export {
  addToCart,
  cartCount,
  cartRef,
  GuestCartDisabledError,
  isGuestCartDisabledError,
} from "./handlers/cart.server";

// Identity's functions live in handlers/identity.server.ts; this re-export serves tests/unit/app/webstore.test.ts.
export { isBusinessAccount } from "./handlers/identity.server";
