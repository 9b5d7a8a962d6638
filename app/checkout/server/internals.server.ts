/**
 * The checkout's own work for one request, under its face (../checkout.server.ts): the shopper's active checkout and
 * what the session keeps of it (`activeCheckoutId`, `checkoutProgress`, `lastOrder`, `paymentLinkId`), starting or
 * resuming it, the recovery from the API's failures (an expired checkout starts again, a gone one goes back to the
 * cart: `recover`), paying, placing the order once and payment links. The steps (./shipping.server and the others)
 * call it as `shop.checkout` of their StepShop.
 */
import type { ApplicationContext, Async, CartItemCollection, Checkout } from "../../../server/webstore/index";
import type { CheckoutFailure, CheckoutLine, GuestContact } from "~/checkout/model/index";
import type { PageKind } from "~/lib/request-paths";
import { readPage } from "~/lib/paging";
import {
  canPayByPurchaseOrder,
  changeCheckout,
  checkoutFailure,
  checkoutPageData,
  failureRedirect,
  mayCheckOut,
  readCheckoutItems,
  readSettled,
  requireActiveCheckout,
  startOrResumeCheckout,
  type CheckoutPageData,
  type LoadedCheckout,
} from "./active.server";
import { placeOrderOnce, prepareOrder, tokenizeCard, type CardDetails } from "./order.server";
import { cancelPaymentLink, createPaymentLink, paymentLinkCart, type CreatedPaymentLink } from "./payment-link.server";
import {
  progressOf,
  rememberOrder,
  saveGuestUserContext,
  updateProgress,
  type CheckoutSiblingDomains,
  type CheckoutProgress,
  type LastOrder,
} from "./session.server";
import type { ShopCore } from "~/shop/core.server";

export type { CheckoutPageData, LoadedCheckout } from "./active.server";
export type { CheckoutProgress, LastOrder } from "./session.server";

export interface CheckoutInternals {
  /** The application context (read once per request), or an empty one when it can't be read. */
  appContext(): Promise<ApplicationContext>;
  /** Spec §6: guests check out only when the store allows it; signed-in buyers always may. */
  mayCheckOut(): Promise<boolean>;
  /** Purchase orders are for business buyers. */
  canPayByPurchaseOrder(): boolean;
  /**
   * Resumes the session's checkout or starts one for the shopper's cart (or for `cartId`, a payment link's clone);
   * throws the redirect of a shopper who can't check out (no cart, a guest who must sign in).
   */
  start(options?: { cartId?: string }): Promise<LoadedCheckout>;
  /**
   * The active checkout, or a thrown redirect: none → /checkout; already placed → its confirmation; expired →
   * started again; gone → the cart.
   */
  active(): Promise<LoadedCheckout>;
  /**
   * On a checkout step's page, the header's cart count from the checkout the step reads anyway (the checkout's cart
   * summary is the cart's): null elsewhere, for a payment link's checkout (its cart is the link's clone) and when
   * that read doesn't say (processing, failed: the step reports it), where the cart's own summary is read instead.
   */
  stepCartCount(): Promise<number | null>;
  /** The checkout read again, waiting a moment while the API is still calculating it (readSettled). */
  read(checkoutId: string): Promise<Async<Checkout>>;
  /** A change of the checkout (PATCH), then a moment's wait for its calculators (changeCheckout). */
  change(checkoutId: string, change: Parameters<ShopCore["client"]["updateCheckout"]>[1]): Promise<Async<Checkout>>;
  /** Everything a step shows: the checkout plus its cart's lines, shipments and coupons. */
  page(loaded: LoadedCheckout): Promise<CheckoutPageData>;
  /** The shopper's reading of a failed call (`lines` name the products it is about). */
  failure(error: unknown, lines?: readonly CheckoutLine[]): CheckoutFailure;
  /** The redirect a failure ends in when the page can't go on (expired, missing, sign in), else null. */
  recover(failure: CheckoutFailure): Promise<Response | null>;
  progress(checkoutId: string): CheckoutProgress;
  updateProgress(checkoutId: string, change: Partial<Omit<CheckoutProgress, "checkoutId">>): void;
  /** The last order placed in this session. */
  lastOrder(): LastOrder | undefined;
  /** After the order: the active checkout forgotten, the order remembered, a guest's cart closed with it. */
  rememberOrder(checkoutId: string, orderNumber: string): void;
  /** Spec §3 guest user context, kept only when not blank. */
  saveGuestContact(contact: GuestContact): void;
  /** The card's gateway token (the card number is never kept or logged). */
  tokenizeCard(card: CardDetails): Promise<string>;
  /** Place-order v2's prepare, before the payment (nothing where the store places orders the v1 way). */
  prepareOrder(checkoutId: string): Promise<void>;
  /** Places the order once (v1, or v2's submit) and answers its number. */
  placeOrder(checkoutId: string): Promise<string>;
  /** Clones the shopper's cart as a payment link and remembers it. */
  createPaymentLink(): Promise<CreatedPaymentLink>;
  /** The payment link's cart, or a thrown 404 page. */
  paymentLinkCart(cartId: string): ReturnType<typeof paymentLinkCart>;
  /** Starts (or resumes) the checkout that pays the link; the link stays active until its order is placed. */
  payPaymentLink(cartId: string): Promise<LoadedCheckout>;
  cancelPaymentLink(cartId: string): ReturnType<typeof cancelPaymentLink>;
}

/**
 * What the checkout is given by the composition (app/shop.server.ts) beside the core: which page the request renders
 * (worked out once there, so no domain reads the URL to guess who else is reading) and what it asks of the cart and
 * the orders. Values from a sibling domain come this way, never by importing its server files.
 */
export interface CheckoutSiblings extends CheckoutSiblingDomains {
  page: PageKind;
}

export function createCheckoutInternals(shop: ShopCore, { page, ...siblings }: CheckoutSiblings): CheckoutInternals {
  // A step page's GET reads its checkout once: the step's loader and the root's header count (in parallel) share the
  // answer, instead of a checkout read plus a cart summary. Only a page's own GET shares it: after an action the page
  // must read the checkout it changed afresh, and only the step pages, which read the checkout anyway (a read keeps
  // a checkout from expiring: a shopper browsing the catalog meanwhile must not).
  let stepRead: { checkoutId: string; answer: Promise<Async<Checkout>> } | undefined;
  const onStepPage = () => page === "checkout-step";
  // Each read waits a moment for a checkout still processing (readSettled): the shared answer is the settled one.
  const settled = (checkoutId: string) => readSettled(() => shop.client.getCheckout(checkoutId));
  const readCheckout = (checkoutId: string): Promise<Async<Checkout>> => {
    if (!onStepPage()) return settled(checkoutId);
    if (stepRead?.checkoutId !== checkoutId) stepRead = { checkoutId, answer: settled(checkoutId) };
    return stepRead.answer;
  };

  // A step's cart items are read beside its checkout, not after it, when the session already names the checkout's
  // cart (a guest's cart, a payment link's clone): against a real org, one round trip fewer on every step's page and
  // action. A buyer's checkout names its cart only in its answer: the items wait for it. A read for a cart the
  // checkout turns out not to be for is dropped, and the items read again for the right one.
  let earlyItems: { cartId: string; answer: Promise<Async<CartItemCollection>> } | undefined;
  // The page of the cart's lines a step shows (`?page=`): a long cart's checkout shows its lines a page at a time.
  const linesPage = readPage(new URL(shop.request.url).searchParams);
  const knownCartOf = (checkoutId: string): string | undefined =>
    progressOf(shop.session, checkoutId).paymentLinkId ??
    (shop.shopper.isLoggedIn ? undefined : shop.session.get("guestCartId"));
  const readItemsEarly = () => {
    const checkoutId = shop.session.get("activeCheckoutId");
    const cartId = checkoutId ? knownCartOf(checkoutId) : undefined;
    earlyItems = undefined;
    if (!cartId) return;
    const answer = readCheckoutItems(shop, cartId, linesPage);
    // Not every page goes on to use it (a step that redirects): its failure is then nobody's to handle.
    answer.catch(() => undefined);
    earlyItems = { cartId, answer };
  };

  const handler: CheckoutInternals = {
    // Every flag reads as off when the store's context could not be read.
    appContext: async () => shop.appContext ?? ({} as ApplicationContext),
    mayCheckOut: async () => mayCheckOut(shop.shopper, await handler.appContext()),
    canPayByPurchaseOrder: () => canPayByPurchaseOrder(shop.shopper),
    start: (options) => startOrResumeCheckout(shop, siblings, options),
    active: () => {
      readItemsEarly();
      return requireActiveCheckout(shop, siblings, readCheckout);
    },
    async stepCartCount() {
      const checkoutId = shop.session.get("activeCheckoutId");
      if (!checkoutId || !onStepPage() || progressOf(shop.session, checkoutId).paymentLinkId) return null;
      try {
        const answer = await readCheckout(checkoutId);
        const count = answer.processing ? undefined : answer.data?.cartSummary?.totalProductCount;
        return count === undefined ? null : Math.max(0, Math.round(Number(count) || 0));
      } catch {
        return null;
      }
    },
    read: (checkoutId) => settled(checkoutId),
    change: (checkoutId, change) => changeCheckout(shop, checkoutId, change),
    page: (loaded) => {
      // Used once: a later page of the same request (after a change) reads the items afresh.
      const early = earlyItems;
      earlyItems = undefined;
      return checkoutPageData(shop, loaded, (cartId) =>
        early?.cartId === cartId ? early.answer : readCheckoutItems(shop, cartId, linesPage),
      );
    },
    failure: (error, lines) => checkoutFailure(error, lines),
    recover: (failure) => failureRedirect(shop, siblings, failure),
    progress: (checkoutId) => progressOf(shop.session, checkoutId),
    updateProgress: (checkoutId, change) => updateProgress(shop.session, checkoutId, change),
    lastOrder: () => shop.session.get("lastOrder"),
    rememberOrder: (checkoutId, orderNumber) => rememberOrder(shop, siblings.orders, checkoutId, orderNumber),
    saveGuestContact: (contact) => saveGuestUserContext(shop.session, contact),
    tokenizeCard: (card) => tokenizeCard(shop.client, card),
    prepareOrder: async (checkoutId) => prepareOrder(shop, checkoutId, await handler.appContext()),
    placeOrder: async (checkoutId) => placeOrderOnce(shop, checkoutId, await handler.appContext()),
    createPaymentLink: () => createPaymentLink(shop, siblings.cart),
    paymentLinkCart: (cartId) => paymentLinkCart(shop, cartId),
    async payPaymentLink(cartId) {
      const loaded = await startOrResumeCheckout(shop, siblings, { cartId });
      // The payment link stays active until its order is placed (session.server rememberOrder).
      shop.session.set("paymentLinkId", cartId);
      return loaded;
    },
    cancelPaymentLink: (cartId) => cancelPaymentLink(shop, cartId),
  };
  return handler;
}

/**
 * What a step's functions (./shipping.server and the others) work with: the request's core, with the checkout's
 * internals as `shop.checkout`. Made by the face once per request with `Object.create(core, …)`, not a copy: the
 * core's methods are closures (app/shop/core.server.ts), and it has getters a copy would read too early.
 */
export type StepShop = ShopCore & { checkout: CheckoutInternals };

/** A step's answer to a POST: a redirect (made with the core's `redirect`) or the page's data with its status. */
export type StepAnswer<T> = Response | { data: T; status: number };

/** The words of a step opened before the steps it needs (review's and payment's redirect). */
export const FINISH_STEP_FIRST = "Finish this step first.";

/**
 * A step's call that failed: the redirect it ends in when the page can't go on (an expired checkout started again,
 * a gone one, a shopper who must sign in: `recover`), else the failure the page shows, with its status (409 when the
 * cart changed or ran out of stock underneath, else 400).
 */
export async function failureAnswer(
  shop: StepShop,
  error: unknown,
  lines: readonly CheckoutLine[],
): Promise<Response | { failure: CheckoutFailure; status: number }> {
  const failure = shop.checkout.failure(error, lines);
  const redirect = await shop.checkout.recover(failure);
  if (redirect) return redirect;
  return { failure, status: failure.kind === "conflict" || failure.kind === "inventory" ? 409 : 400 };
}
