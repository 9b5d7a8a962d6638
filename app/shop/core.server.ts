/**
 * The shop core: what every domain is built on, for one request — the request, the shopper's session and flashed
 * toast, their identity and webstore client, the store's application context, timing, and how a reply or a redirect
 * is made. It imports no domain (cart, catalog, checkout, identity, orders, wishlists): app/shop.server.ts wires the
 * domains over it (decision 016).
 *
 * It also decides how a request ends early (`refusalBefore`, `refusalAfter`, used by `withShop`): API calls never
 * throw redirects, so a domain's `catch` sees API errors only.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { ShopperScope } from "../../server/load-context";
import { createRequestScope, REVALIDATE_MARKER } from "../../server/request-scope";
import {
  chooseCurrency,
  describeSetupProblem,
  isBlankAccountId,
  isFetchError,
  type ApplicationContext,
  type CallReport,
  type WebstoreClient,
} from "../../server/webstore/index";
import { getStoreSession, type CoreSessionData, type SessionKeys, type StoreSession } from "./session.server";
import { getFlashToasts, toast, type FlashToasts, type ToastInput } from "./toast.server";
import { isUnavailable, retryAfter } from "./errors.server";
import { STALE_CATALOG_NOTICE } from "~/lib/store-trouble";
import { TOAST_MESSAGES } from "~/lib/toast";
import { STORE_LOCALE } from "~/lib/format/money";
import { basePathOf, returnPath } from "~/lib/request-paths";
import { loginPath } from "~/lib/paths";
import {
  browsingToken,
  ensureIdentity,
  guestExchangeFailed,
  guestScope,
  renewBrowsingToken,
  shopperOf,
  type Shopper,
} from "./tokens.server";
import { ServerTiming } from "./timing.server";

/**
 * Why the request ends in a sign-in page (or, for "guest-unavailable", a page saying the store can't serve guests
 * right now) instead of what the route made (decided by withShop).
 */
export type Refusal = "session-expired" | "sign-in-to-browse" | "guest-unavailable";

/**
 * What every domain is built on: the request, the shopper and their client. `Data` is the session's keys as the
 * domain sees them: the core's, and those of the slice (each slice names its own; the composition holds them all).
 */
export interface ShopCore<Data extends CoreSessionData = CoreSessionData> {
  request: Request;
  context: AppLoadContext;
  /** The shopper's client: buyer token, guest cart session and effective account from the session. */
  client: WebstoreClient;
  session: StoreSession<Data>;
  /** The toast flashed for this page (the root shows it), and the one this request leaves for the next page. */
  toasts: FlashToasts;
  shopper: Shopper;
  /** The buyer's token is past its expiry: the request ends in the sign-in redirect before any route code runs. */
  tokenExpired: boolean;
  timing: ServerTiming;
  /** The currency sent on cart and price calls (spec §4), undefined when the session drives it. */
  currencyIsoCode: string | undefined;
  /**
   * The store's application context as this request read it, once (its flags decide the currency, guest browsing,
   * guest carts and checkout, gifting…); null when it could not be read or the buyer's token is past its expiry.
   */
  appContext: ApplicationContext | null;
  /** The path the store lives under ("/shop", or "" at the site root). */
  basePath: string;
  /**
   * The site's origin as this request reached it ("https://store.example"): what a page's absolute URLs (canonical,
   * alternates, structured data) start with, read from the request once, as the base path is read from the host.
   */
  origin: string;
  /** A client with a different scope (e.g. the token just received at login), reporting to this shop the same way. */
  clientWith(scope: Partial<ShopperScope>): WebstoreClient;
  /**
   * Server-Timing and `init`, and the revalidation marker when this request changed the shopper's cookies (the host
   * writes them after the app has answered: server/remix-handler.ts).
   */
  headers(init?: HeadersInit): Promise<Headers>;
  /** `data(payload)` with the headers above. */
  reply<T>(payload: T, init?: ResponseInit): Promise<ReturnType<typeof data<T>>>;
  /**
   * 303 to `url` (a store path such as "/cart") with an optional flash toast. Remix's router puts a store path's
   * redirect under the base path itself (its basename), as it does every <Link>.
   */
  redirect(url: string, toastInput?: ToastInput | null, init?: ResponseInit): Promise<Response>;
  /** Set when the API refused the shopper's token during this request; see the top of this file. */
  readonly refusal: Refusal | null;
  /**
   * A toast about what this request did by itself (the cart moved into the page's currency): shown on the page a GET
   * renders, beside the one flashed before it (the root reads `notices` once its own reads are done); a request that
   * renders no page (an action) flashes it for the next one.
   */
  notify(toastInput: ToastInput): void;
  /** The toasts `notify` kept for the page this request renders. */
  readonly notices: readonly ToastInput[];
  /** A call of this request failed because the API could not answer (down, unreachable, too slow). */
  readonly unavailable: boolean;
  /**
   * A catalog read of this request was answered from the last good copy while the API could not answer: `reply`
   * adds `catalogStale` (the notice's words) to its payload, and the page shows that prices and stock are confirmed
   * at checkout.
   */
  readonly servedStale: boolean;
}

/** What the composition tells the core of the session's other keys (the core names none of them). */
export interface CoreSessionOptions<Data extends CoreSessionData> {
  /** Every part's key lists, joined: what `clearAuth` and `clearGuest` drop. */
  keys: SessionKeys<Data>;
  /** The currency the shopper chose (the locale's key), which cart and price calls are made in. */
  chosenCurrency(session: StoreSession<Data>): string | undefined;
  /**
   * What the core inherits from: the composition's domains, as getters made once for every request's core
   * (app/shop.server.ts). Getters of a request's own object would keep it, and all it reaches, past the garbage
   * collector's young generation (docs/performance.md "What a request leaves behind").
   */
  domains?: object;
}

/** What the core's API calls tell it as they answer: the fields ShopCore shows read-only. */
type CoreStatus = { refusal: Refusal | null; unavailable: boolean; servedStale: boolean };

/** The request's core, made once per request by the composition (app/shop.server.ts getShop). */
export async function openCore<Data extends CoreSessionData>(
  request: Request,
  context: AppLoadContext,
  options: CoreSessionOptions<Data>,
): Promise<ShopCore<Data>> {
  const [session, toasts] = await Promise.all([
    getStoreSession(request, context, options.keys),
    getFlashToasts(request, context),
  ]);
  const basePath = basePathOf(context);
  const origin = new URL(request.url).origin;
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
        // Their own token, or the browsing identity's on a page view; replaced once when the API refuses it (expired
        // early, the emulator reset), and the call repeated.
        ...(await guestScope(context, session, request)),
        catalogScope: "guest",
        signal: request.signal,
      };

  const build = (scope: ShopperScope): WebstoreClient => {
    const buyer = !!scope.accessToken && !scope.renewToken;
    return context.webstore({
      ...scope,
      // Calls are made once the core exists: these set its fields.
      onCall(call: CallReport) {
        timing.record(call.name, call.ms);
        if (isUnavailable(call.error)) core.unavailable = true;
        if (isFetchError(call.error) && call.error.status === 401)
          core.refusal ??= buyer ? "session-expired" : "sign-in-to-browse";
        // A guest the store doesn't know: the org gives its guest buyer profile no buyer group (or WEBSTORE_ID is
        // wrong). The operator's to fix; the guest is told the store can't serve guests right now.
        if (!buyer && isFetchError(call.error) && call.error.code === "WEBSTORE_NOT_FOUND" && core.refusal === null) {
          console.error(describeSetupProblem("A guest's store call", call.error));
          core.refusal = "guest-unavailable";
        }
      },
      onStale() {
        core.servedStale = true;
      },
    });
  };

  // Spec §4 currency choice, sent as currencyIsoCode on cart (and price) calls. The application context is cached,
  // so knowing it costs nothing after the first page; read through a client that reports nothing: the page's
  // Server-Timing lists the page's own calls, and an unreadable context is no refusal.
  // A visitor acting before they have a token of their own reads it as the browsing identity: the store's context is
  // nobody's own, so it makes no identity for them.
  const browsing = baseScope.accessToken || shopper.isLoggedIn ? undefined : await browsingToken(context);
  const contextScope = browsing
    ? { ...baseScope, accessToken: browsing, renewToken: () => renewBrowsingToken(context, browsing) }
    : baseScope;
  const appContext = tokenExpired
    ? null
    : await context
        .webstore(contextScope)
        .getApplicationContext()
        .catch(() => null);
  const currencyIsoCode = appContext
    ? shopperCurrency(appContext, options.chosenCurrency(session), context.locale)
    : undefined;
  if (currencyIsoCode) baseScope.currencyIsoCode = currencyIsoCode;

  const headers = async (init?: HeadersInit) => {
    const result = new Headers(init);
    if (session.dirty || toasts.changed) result.set(REVALIDATE_MARKER, "yes");
    // The API calls' durations tell a visitor how the store works inside: only in development or when asked for.
    const serverTiming = context.storefront.serverTiming ? timing.takeHeader() : "";
    if (serverTiming) result.append("Server-Timing", serverTiming);
    return result;
  };

  const notices: ToastInput[] = [];
  // Plain fields only (no getters): see `domains` above.
  const core = Object.create(options.domains ?? Object.prototype) as ShopCore<Data> & CoreStatus;
  Object.assign(core, {
    request,
    context,
    client: build(baseScope),
    session,
    toasts,
    shopper,
    tokenExpired,
    timing,
    currencyIsoCode,
    appContext,
    basePath,
    origin,
    clientWith: (scope) => build({ ...baseScope, ...scope }),
    headers,
    async reply(payload, init) {
      let marked =
        core.servedStale && isPlainObject(payload) ? { ...payload, catalogStale: STALE_CATALOG_NOTICE } : payload;
      // A page a guest sees without a guest session (the exchange failed): what it could show, and why the rest is
      // missing (refusalAfter lets such a page stand).
      if (!shopper.isLoggedIn && guestExchangeFailed(context) && isPlainObject(marked))
        marked = { ...marked, guestUnavailable: GUEST_PAGE_NOTICE };
      return data(marked, { ...init, headers: await headers(init?.headers) });
    },
    async redirect(url, toastInput, init) {
      if (toastInput) toasts.flash(toastInput);
      return redirect(url, { status: 303, ...init, headers: await headers(init?.headers) });
    },
    refusal: null,
    notify(toastInput) {
      if (request.method === "GET" || request.method === "HEAD") notices.push(toastInput);
      else toasts.flash(toastInput);
    },
    notices,
    unavailable: false,
    servedStale: false,
  } satisfies ShopCore<Data> & CoreStatus);
  return core;
}

/**
 * What a document made for every visitor alike reads the store with (robots.txt, sitemaps, llms.txt): the server's
 * browsing identity, and no session opened, so the answer is nobody's own (a shared cache may keep it; the session's
 * `Cache-Control: private, no-store` is not set). Its catalog reads stay out of the shoppers' shared catalog cache
 * (`catalogScope: null`): a sitemap walks the whole catalog once, and would push out the pages shoppers read.
 */
export interface Crawler {
  context: AppLoadContext;
  client: WebstoreClient;
  appContext: ApplicationContext | null;
  basePath: string;
  /** The site's origin, as the shop core's. */
  origin: string;
}

export async function openCrawler(request: Request, context: AppLoadContext): Promise<Crawler> {
  const token = await browsingToken(context);
  const client = context.webstore({
    accessToken: token,
    renewToken: () => renewBrowsingToken(context, token),
    catalogScope: null,
    signal: request.signal,
  });
  const appContext = await client.getApplicationContext().catch(() => null);
  return { context, client, appContext, basePath: basePathOf(context), origin: new URL(request.url).origin };
}

/** True for a route's payload written as an object literal (not an array, a Response or a class instance). */
const isPlainObject = <T>(value: T): value is T & Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A failed answer (4xx, 5xx) a route made of a call the API could not answer is the store's trouble, not the
 * shopper's: its status becomes 503 with Retry-After, the page (a form with what was typed, and the message) as it was.
 */
export function unavailableStatus<T>(result: T): T {
  if (typeof result !== "object" || result === null) return result;
  const made = result as { type?: unknown; init?: ResponseInit | null };
  if (made.type !== "DataWithResponseInit" || !made.init || (made.init.status ?? 200) < 400) return result;
  const headers = new Headers(made.init.headers);
  headers.set("Retry-After", retryAfter());
  made.init = { ...made.init, status: 503, headers };
  return result;
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

export const SIGN_IN_TO_BROWSE = "Sign in to browse the store.";
/** What a guest reads when the store can't give them a guest session (the operator's log says why). */
export const GUEST_UNAVAILABLE_MESSAGE =
  "The store can't open a guest session right now. Please try again later, or sign in if you have an account.";
/** The same, above a page that could still show some of itself (the store's parts that need no API call). */
export const GUEST_PAGE_NOTICE =
  "The store can't open a guest session right now, so parts of this page are missing. Please try again later, or sign in if you have an account.";

/** The redirect an expired buyer session ends in: auth cleared, the spec's toast, back to the page after login. */
export function sessionExpiredRedirect(shop: Pick<ShopCore, "request" | "session" | "basePath" | "redirect">) {
  shop.session.clearAuth();
  return shop.redirect(
    loginPath(returnPath(shop.request, shop.basePath)),
    toast("warning", TOAST_MESSAGES.sessionTimedOut),
  );
}

/** A guest who may not browse the store: to sign in, and back to this page afterwards. */
export function signInToBrowseRedirect(shop: Pick<ShopCore, "request" | "basePath" | "redirect">) {
  return shop.redirect(loginPath(returnPath(shop.request, shop.basePath)), toast("info", SIGN_IN_TO_BROWSE));
}

export interface ShopRouteOptions {
  /**
   * A catalog page (spec §6: guest browsing depends on guestBrowsingEnabled): a guest of a store that lets no guest
   * browse, or whose read the API refuses (401), is sent to sign in instead of seeing the page or an error.
   */
  browsing?: boolean;
}

/** The redirect a request ends in before any route code runs, or null. */
export async function refusalBefore(shop: ShopCore, options: ShopRouteOptions): Promise<Response | null> {
  if (shop.tokenExpired) return sessionExpiredRedirect(shop);
  if (options.browsing && !shop.shopper.isLoggedIn) {
    if (shop.appContext?.guestBrowsingEnabled === false) return signInToBrowseRedirect(shop);
  }
  return null;
}

/**
 * The redirect that replaces what the route made of a refused call, or null. `rendered`: the route made a page of
 * what it could read (a page view that didn't fail).
 */
export function refusalAfter(shop: ShopCore, options: ShopRouteOptions, rendered = false): Promise<Response> | null {
  if (shop.refusal === "session-expired") return sessionExpiredRedirect(shop);
  // A page a guest views while the store can't give them a guest session (the exchange failed, logged with its
  // cause) shows what it could, and says why the rest is missing (reply's guestUnavailable), rather than a 503 for
  // every anonymous page [I: docs/emulator-identity.md, "Misconfigured orgs"].
  const pageView = shop.request.method === "GET" || shop.request.method === "HEAD";
  if (rendered && pageView && guestExchangeFailed(shop.context) && shop.refusal !== "guest-unavailable") return null;
  // A guest refused because their guest token couldn't be had was not asked to sign in by the store: it is the store
  // that can't serve guests right now, and the page says so.
  if (
    shop.refusal === "guest-unavailable" ||
    (shop.refusal === "sign-in-to-browse" && guestExchangeFailed(shop.context))
  )
    return Promise.resolve(new Response(GUEST_UNAVAILABLE_MESSAGE, { status: 503 }));
  if (shop.refusal === "sign-in-to-browse" && options.browsing) return signInToBrowseRedirect(shop);
  return null;
}

/**
 * A load context of its own for store work that reaches the app other than as one of the host's requests (an agent's
 * tool call, app/agent/): a fresh request scope, and its last step, which the host runs for a request once the app
 * has answered (what the work leaves the shopper, such as the session's cookie, is written into `headers`).
 */
export function ownRequestContext(context: AppLoadContext): {
  context: AppLoadContext;
  finish(headers: Headers): Promise<void>;
} {
  const scope = createRequestScope();
  return {
    context: { ...context, perRequest: scope.scope },
    finish: (headers) => scope.finish(headers, { redirect: false }),
  };
}
