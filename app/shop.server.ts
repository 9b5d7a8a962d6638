/**
 * The composition: the request's shop is the shop core (app/shop/core.server.ts: the shopper's webstore client,
 * session and identity) with one handler per domain (cart, checkout, orders, wishlists, account, catalog) wired over
 * it, built once per request and shared by every loader and action of it (Hydrogen's `context.cart`; decisions 009
 * and 016). This is the only module that imports every domain. Routes are parse → call a handler → reply:
 *
 *   export async function loader(args: LoaderFunctionArgs) {
 *     return withShop(args, async ({ shop }) => {
 *       const cart = await shop.cart.view();
 *       return shop.reply({ cart });
 *     });
 *   }
 *
 * A loader or action stays a function declaration (or an arrow) that calls `withShop` inside: never
 * `export const loader = withShop(...)`-style wrapping at module level, so every route reads the same way and a
 * route's other top-level code never calls the shop. (Remix's Vite plugin takes `loader` and `action` out of the
 * browser's route module whatever they hold; scripts/js-budget.mjs fails a browser file that names the shop.)
 *
 * How a request ends early is decided here (with the core's refusals), at the top of every loader and action, and
 * nowhere else:
 * - before it runs: a buyer whose token is past its expiry goes to sign in again (the spec's timeout toast); on a
 *   catalog page, so does a guest of a store that lets no guest browse;
 * - after it ran (answered or threw): when the API refused the buyer's token during the request (401), the same
 *   redirect replaces whatever the route made of the failed call; on a catalog page, a refused guest signs in.
 * API calls never throw redirects: a handler's `catch` sees API errors only.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { caught, isUnavailable, storeUnavailable } from "~/shop/errors.server";
import { isLimitReachedError, refusalHeaders } from "~/shop/limits.server";
import {
  openCore,
  refusalAfter,
  refusalBefore,
  unavailableStatus,
  type ShopCore as CoreOf,
  type ShopRouteOptions,
} from "~/shop/core.server";
import { CORE_SESSION_KEYS, joinSessionKeys, type CoreSessionData } from "~/shop/session.server";
import { createCartHandler, type CartHandler } from "~/cart/cart.server";
import { CART_SESSION_KEYS, type CartSessionData } from "~/cart/server/session.server";
import { CHECKOUT_SESSION_KEYS, type CheckoutSessionData } from "~/checkout/server/session.server";
import { ORDERS_SESSION_KEYS, type OrdersSessionData } from "~/orders/server/provider.server";
import { ACCOUNT_SESSION_KEYS, type AccountSessionData } from "~/account/server/profile.server";
import { WISHLISTS_SESSION_KEYS, type WishlistsSessionData } from "~/wishlists/wishlists.server";
import { LOCALE_SESSION_KEYS, type LocaleSessionData } from "~/locale/locale.server";
import { createCatalogHandler, type CatalogHandler } from "~/catalog/catalog.server";
import { createCheckout, type Checkout } from "~/checkout/checkout.server";
import { isCheckoutRequest, pageKind, type PageKind } from "~/lib/request-paths";
import { readPage } from "~/lib/paging";
import { createAccountHandler, type AccountHandler } from "~/account/account.server";
import { createOrdersHandler, type OrdersHandler } from "~/orders/orders.server";
import { createWishlistsHandler, type WishlistsHandler } from "~/wishlists/wishlists.server";
import { createLocale, type LocaleHandler } from "~/locale/locale.server";
import { createConsent, type Consent } from "~/locale/consent.server";
import { createSeo, type SeoHandler } from "~/seo/seo.server";
import { createAgentHandler, type AgentHandler } from "~/agent/agent.server";
import { handleAgentRequest as agentRequest } from "~/agent/endpoint.server";

/** The shopper's session as the cookie holds it: the core's keys and every slice's, each declared by its owner. */
export type StoreSessionData = CoreSessionData &
  CartSessionData &
  CheckoutSessionData &
  OrdersSessionData &
  AccountSessionData &
  WishlistsSessionData &
  LocaleSessionData;

/** Which keys go at sign-out and which are a guest's only: the core's lists and each slice's, joined. */
export const STORE_SESSION_KEYS = joinSessionKeys<StoreSessionData>(
  CORE_SESSION_KEYS,
  CART_SESSION_KEYS,
  CHECKOUT_SESSION_KEYS,
  ORDERS_SESSION_KEYS,
  ACCOUNT_SESSION_KEYS,
  WISHLISTS_SESSION_KEYS,
  LOCALE_SESSION_KEYS,
);

/** The core as the composition holds it: the session with every slice's keys. */
export type ShopCore = CoreOf<StoreSessionData>;

export interface Shop extends ShopCore {
  readonly cart: CartHandler;
  readonly catalog: CatalogHandler;
  readonly checkout: Checkout;
  readonly account: AccountHandler;
  readonly orders: OrdersHandler;
  readonly wishlists: WishlistsHandler;
  /** The root page's: the locale segment's check, the header's switcher and its form. */
  readonly locale: LocaleHandler;
  /** The root page's: the cookie consent banner's remembered choice. */
  readonly consent: Consent;
  /** The catalog pages' canonical URLs, alternates, social and structured data, and their markdown views. */
  readonly seo: SeoHandler;
  /** What a person's browser does with a payment link an agent made (its hand-off). */
  readonly agent: AgentHandler;
}

const SHOP = Symbol("shop");

/**
 * The request's shop, built on first use and shared by the root's and the page's loaders (which run in parallel
 * with the same load context, and must share one session and one renewed guest token): kept in the request's scope.
 */
export function getShop(request: Request, context: AppLoadContext): Promise<Shop> {
  return context.perRequest.once(
    SHOP,
    () =>
      openCore(request, context, {
        keys: STORE_SESSION_KEYS,
        chosenCurrency: (session) => session.get("currency"),
        domains: DOMAINS,
      }) as Promise<Shop>,
  );
}

/** What a request's shop keeps of its domains: each one once built, and which page the request renders. */
type Built = { -readonly [Name in keyof Shop]?: Shop[Name] } & { page?: PageKind };
const BUILT = Symbol("built domains");
type ShopBuilding = Shop & { [BUILT]?: Built };

const built = (shop: ShopBuilding): Built => (shop[BUILT] ??= {});
/** Which page the request renders, worked out once for every domain that asks. */
const pageOf = (shop: ShopBuilding): PageKind => (built(shop).page ??= pageKind(shop.request, shop.context));

/** A domain's getter: builds the domain from the request's shop the first time it is asked for, and keeps it there. */
function domain<Name extends keyof Built & keyof Shop>(name: Name, create: (shop: Shop) => Shop[Name]) {
  return {
    get(this: ShopBuilding): Shop[Name] {
      return (built(this)[name] ??= create(this)) as Shop[Name];
    },
  };
}

/**
 * The domains wired over the core, each built the first time a route asks for it. Their getters are made once, here,
 * and every request's core inherits them (`domains` in openCore): getters defined on each request's own object kept
 * the whole request past the garbage collector's young generation (docs/performance.md "What a request leaves
 * behind"), and copying the core's properties showed in every page's profile. Each domain is given the core and the
 * siblings it needs by name, never the whole shop; which domain answers what another asks is decided here (the
 * header's cart count on a checkout step is the checkout's).
 */
const DOMAINS: object = Object.defineProperties(
  {},
  {
    cart: domain("cart", (shop) =>
      createCartHandler(shop, {
        page: pageOf(shop),
        // Read here, not by the cart page's route: the root's count, whose loader starts first, shares the page's read.
        linesPage: readPage(new URL(shop.request.url).searchParams),
        onCheckout: isCheckoutRequest(shop.request, shop.context),
        // Only a checkout step's checkout has the header's count: on any other page the checkout is not built for it.
        pageCount: pageOf(shop) === "checkout-step" ? () => shop.checkout.stepCartCount() : undefined,
        paymentLink: () => shop.checkout.createPaymentLink(),
        boughtTogether: (productIds, shown) => shop.catalog.boughtTogether(productIds, shown),
      }),
    ),
    catalog: domain("catalog", (shop) => createCatalogHandler(shop)),
    checkout: domain("checkout", (shop) =>
      createCheckout(shop, {
        page: pageOf(shop),
        cart: { ref: () => shop.cart.ref(), forgetGoneGuestCart: (failure) => shop.cart.forgetGoneGuestCart(failure) },
        orders: {
          rememberGuestVerification: (email) => shop.orders.rememberGuestVerification(email),
          guestAccessToken: (orderNumber) => shop.orders.guestAccessToken(orderNumber),
        },
      }),
    ),
    account: domain("account", (shop) => createAccountHandler(shop)),
    orders: domain("orders", (shop) =>
      createOrdersHandler(shop, { cart: { keepGuestCart: (id) => shop.cart.keepGuestCart(id) } }),
    ),
    wishlists: domain("wishlists", (shop) => createWishlistsHandler(shop)),
    locale: domain("locale", (shop) => createLocale(shop, { cart: shop.cart })),
    consent: domain("consent", (shop) => createConsent(shop)),
    seo: domain("seo", (shop) => createSeo(shop)),
    agent: domain("agent", (shop) => createAgentHandler(shop)),
  },
);

type WithShop<Args> = Args & { shop: Shop };

/**
 * Runs a loader's or an action's work with the request's shop; see the top of this file for how it may end early.
 * `options.browsing` marks a catalog page.
 */
export async function withShop<Args extends LoaderFunctionArgs | ActionFunctionArgs, T>(
  args: Args,
  run: (args: WithShop<Args>) => Promise<T>,
  options: ShopRouteOptions = {},
): Promise<T> {
  let shop: Shop;
  try {
    shop = await getShop(args.request, args.context);
  } catch (error) {
    if (isUnavailable(error)) throw storeUnavailable(new Headers());
    throw error;
  }
  const before = await refusalBefore(shop, options);
  if (before) throw before;
  let result: T;
  try {
    result = await run({ ...args, shop });
  } catch (error) {
    const after = refusalAfter(shop, options);
    if (after) throw await after;
    // The API could not answer: the store's own 503 page, never a 500 (which stays for the store's own bugs).
    if (isUnavailable(error)) throw storeUnavailable(await shop.headers());
    // A limit no form answered itself (requests racing past the count together): its status, never a 500.
    const limit = caught(error).error;
    if (isLimitReachedError(limit)) {
      const { refusal } = limit;
      throw new Response(refusal.message, { status: refusal.status, headers: refusalHeaders(refusal) });
    }
    throw error;
  }
  const after = refusalAfter(shop, options, true);
  if (after) throw await after;
  return shop.unavailable ? unavailableStatus(result) : result;
}

// What a route needs on the server besides its shop, from the one server module it imports (decision 018: a route
// names the composition only).
export { serverTimingHeaders } from "~/shop/timing.server";
export { toast } from "~/shop/toast.server";
export { refusalHeaders };
// The documents for crawlers and agents (robots.txt, sitemaps, llms.txt): made for every visitor alike, no session.
export { llmsDocument, robotsDocument, sitemapIndexDocument, sitemapShardDocument } from "~/seo/seo.server";

/** The agents' MCP endpoint (/api/mcp): a session's tools open the request's shop as its guest. */
export const handleAgentRequest = (request: Request, context: AppLoadContext) =>
  agentRequest(request, context, getShop);

// The core's types, for the routes that speak of a refusal.
export type { ShopRouteOptions, Refusal } from "~/shop/core.server";
