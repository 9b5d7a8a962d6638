/**
 * The checkout slice's one server face: what the routes call, as `shop.checkout` (app/shop.server.ts wires it over the
 * request's core with the siblings it needs). A step's route is parse → one call here → a reply or a redirect:
 * `page()` for its loader, `submit(form)` for its action, which answers a redirect or the page's data with its
 * status (StepAnswer). The steps' work is in ./server/<step>.server.ts, each taking the core and the parts of the
 * request's checkout it declares (`ShippingParts`, …); those parts are made here, once per request, because the
 * request shares some of their reads (a step page's checkout with the header's count, its cart's items read beside
 * the checkout). The checkout's own work under them (the active checkout, its session keys, recovering from the API's
 * failures, placing the order, payment links) is in ./server/active, session, order and payment-link.
 */
import { data } from "@remix-run/node";
import type {
  ApplicationContext,
  Async,
  CartItemCollection,
  Checkout as ApiCheckout,
} from "../../server/webstore/index";
import { toast } from "~/shop/toast.server";
import type { PageKind } from "~/lib/request-paths";
import { CHECKOUT_START_PATH, loginPath, orderAccessPath, stepPath } from "~/lib/paths";
import { CHECKOUT_MESSAGES } from "~/checkout/model/failures";
import type { StepAnswer } from "~/checkout/server/step.server";
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
} from "~/checkout/server/active.server";
import { placeOrderOnce, prepareOrder, tokenizeCard } from "~/checkout/server/order.server";
import { cancelPaymentLink, createPaymentLink, paymentLinkCart } from "~/checkout/server/payment-link.server";
import type { CreatedPaymentLink } from "~/checkout/server/payment-link.server";
import {
  progressOf,
  rememberOrder,
  saveGuestUserContext,
  updateProgress,
  type CheckoutSiblingDomains,
  type CheckoutCore,
} from "~/checkout/server/session.server";
import {
  shippingPage,
  submitShipping,
  type ShippingActionData,
  type ShippingPage,
  type ShippingParts,
} from "~/checkout/server/shipping.server";
import {
  deliveryPage,
  submitDelivery,
  type DeliveryActionData,
  type DeliveryPage,
  type DeliveryParts,
} from "~/checkout/server/delivery.server";
import {
  paymentPage,
  submitPayment,
  type PaymentActionData,
  type PaymentPage,
  type PaymentParts,
} from "~/checkout/server/payment.server";
import {
  placeOrder,
  reviewPage,
  type ReviewActionData,
  type ReviewPage,
  type ReviewParts,
} from "~/checkout/server/review.server";
import { payNowAction, payNowPage, type PayNowPage, type PayNowParts } from "~/checkout/server/pay-now.server";

export type { CheckoutPageData, LoadedCheckout } from "~/checkout/server/active.server";
export type { StepAnswer } from "~/checkout/server/step.server";
export type { CartSibling, OrdersSibling } from "~/checkout/server/session.server";

/**
 * What the checkout is given by the composition (app/shop.server.ts) beside the core: which page the request renders
 * (worked out once there, so no domain reads the URL to guess who else is reading) and what it asks of the cart and
 * the orders. Values from a sibling domain come this way, never by importing its server files.
 */
export interface CheckoutSiblings extends CheckoutSiblingDomains {
  page: PageKind;
}

/**
 * What a step's URL asks, read by its route: the page of the cart's lines the step shows (`?page=`, lib/paging
 * readPage): a long cart's checkout shows its lines a page at a time. A step's form is answered with the same page.
 */
export interface StepQuery {
  linesPage: number;
}

/** The steps, each a page and its form's answer. */
export interface CheckoutSteps {
  /** /checkout: starts or resumes the shopper's checkout; always throws a redirect (shipping, or sign in first). */
  begin(): Promise<never>;
  /** The confirmation of the order placed in this session, or a thrown 404 page for any other number. */
  confirmation(orderNumber: string): Promise<Confirmation>;
  shipping: {
    page(query: StepQuery): Promise<ShippingPage>;
    submit(form: FormData, query: StepQuery): Promise<StepAnswer<ShippingActionData>>;
  };
  delivery: {
    page(query: StepQuery): Promise<DeliveryPage>;
    submit(form: FormData, query: StepQuery): Promise<StepAnswer<DeliveryActionData>>;
  };
  /** `couponCode`: a refused coupon's code, given back to the field (the page's `?coupon=`, without JavaScript). */
  payment: {
    page(query: StepQuery & { couponCode: string }): Promise<PaymentPage>;
    submit(form: FormData, query: StepQuery): Promise<StepAnswer<PaymentActionData>>;
  };
  /** `submit` places the order once: the confirmation (or a step to redo), or the failure the page shows. */
  review: {
    page(query: StepQuery): Promise<ReviewPage>;
    submit(form: FormData): Promise<StepAnswer<ReviewActionData>>;
  };
  /**
   * A payment link's page (`origin` makes the link to copy; `linesPage`, the page of the link's cart's lines shown)
   * and its Pay now and Cancel buttons (always a redirect).
   */
  payNow: {
    page(cartId: string, query: StepQuery & { origin: string }): Promise<PayNowPage>;
    submit(cartId: string, form: FormData): Promise<Response>;
  };
}

/** The checkout's face: its steps, plus what the composition asks of it for the other domains. */
export interface Checkout extends CheckoutSteps {
  /**
   * On a checkout step's page, the header's cart count from the checkout the step reads anyway (the checkout's cart
   * summary is the cart's): null elsewhere, for a payment link's checkout (its cart is the link's clone) and when
   * that read doesn't say (processing, failed: the step reports it), where the cart's own summary is read instead.
   */
  stepCartCount(): Promise<number | null>;
  /** Clones the shopper's cart as a payment link and remembers it (the cart page's "pay now" form). */
  createPaymentLink(): Promise<CreatedPaymentLink>;
}

export interface Confirmation {
  orderNumber: string;
  isGuest: boolean;
  /** A guest's link to the order's page, authorised by the contact they gave at checkout: no retyping later. */
  orderLink: string | null;
}

/** Every part a step asks of the request's checkout: the union of what each step's file declares. */
type CheckoutParts = ShippingParts & DeliveryParts & PaymentParts & ReviewParts & PayNowParts;

export function createCheckout(core: CheckoutCore, { page: pageKind, ...siblings }: CheckoutSiblings): Checkout {
  // A step page's GET reads its checkout once: the step's loader and the root's header count (in parallel) share the
  // answer, instead of a checkout read plus a cart summary. Only a page's own GET shares it: after an action the page
  // must read the checkout it changed afresh, and only the step pages, which read the checkout anyway (a read keeps
  // a checkout from expiring: a shopper browsing the catalog meanwhile must not).
  let stepRead: { checkoutId: string; answer: Promise<Async<ApiCheckout>> } | undefined;
  const onStepPage = () => pageKind === "checkout-step";
  // Each read waits a moment for a checkout still processing (readSettled): the shared answer is the settled one.
  const settled = (checkoutId: string) => readSettled(() => core.client.getCheckout(checkoutId));
  const readCheckout = (checkoutId: string): Promise<Async<ApiCheckout>> => {
    if (!onStepPage()) return settled(checkoutId);
    if (stepRead?.checkoutId !== checkoutId) stepRead = { checkoutId, answer: settled(checkoutId) };
    return stepRead.answer;
  };

  // A step's cart items are read beside its checkout, not after it, when the session already names the checkout's
  // cart (a guest's cart, a payment link's clone): against a real org, one round trip fewer on every step's page and
  // action. A buyer's checkout names its cart only in its answer: the items wait for it. A read for a cart the
  // checkout turns out not to be for is dropped, and the items read again for the right one.
  let earlyItems: { cartId: string; answer: Promise<Async<CartItemCollection>> } | undefined;
  const knownCartOf = (checkoutId: string): string | undefined =>
    progressOf(core.session, checkoutId).paymentLinkId ??
    (core.shopper.isLoggedIn ? undefined : core.session.get("guestCartId"));
  const readItemsEarly = (linesPage: number) => {
    const checkoutId = core.session.get("activeCheckoutId");
    const cartId = checkoutId ? knownCartOf(checkoutId) : undefined;
    earlyItems = undefined;
    if (!cartId) return;
    const answer = readCheckoutItems(core, cartId, linesPage);
    // Not every page goes on to use it (a step that redirects): its failure is then nobody's to handle.
    answer.catch(() => undefined);
    earlyItems = { cartId, answer };
  };

  // Every flag reads as off when the store's context could not be read.
  const appContext = async () => core.appContext ?? ({} as ApplicationContext);
  // What a step asks beyond reading the active checkout and its page of lines, which depend on the step's query.
  const parts: Omit<CheckoutParts, "active" | "page"> = {
    appContext,
    read: (checkoutId) => settled(checkoutId),
    change: (checkoutId, change) => changeCheckout(core, checkoutId, change),
    failure: (error, lines) => checkoutFailure(error, lines),
    recover: (failure) => failureRedirect(core, siblings, failure),
    progress: (checkoutId) => progressOf(core.session, checkoutId),
    updateProgress: (checkoutId, change) => updateProgress(core.session, checkoutId, change),
    saveGuestContact: (contact) => saveGuestUserContext(core.session, contact),
    canPayByPurchaseOrder: () => canPayByPurchaseOrder(core.shopper),
    tokenizeCard: (card) => tokenizeCard(core.client, card),
    prepareOrder: async (checkoutId) => prepareOrder(core, checkoutId, await appContext()),
    lastOrder: () => core.session.get("lastOrder"),
    placeOrder: async (checkoutId) => placeOrderOnce(core, checkoutId, await appContext()),
    rememberOrder: (checkoutId, orderNumber) => rememberOrder(core, siblings.orders, checkoutId, orderNumber),
    mayCheckOut: async () => mayCheckOut(core.shopper, await appContext()),
    paymentLinkCart: (cartId) => paymentLinkCart(core, cartId),
    cancelPaymentLink: (cartId) => cancelPaymentLink(core, cartId),
    async payPaymentLink(cartId) {
      const loaded = await startOrResumeCheckout(core, siblings, { cartId });
      // The payment link stays active until its order is placed (session.server rememberOrder).
      core.session.set("paymentLinkId", cartId);
      return loaded;
    },
  };

  // The parts a step of the active checkout works with: its page of the cart's lines is the one its URL asks for.
  const stepParts = ({ linesPage }: StepQuery): CheckoutParts => ({
    ...parts,
    active: () => {
      readItemsEarly(linesPage);
      return requireActiveCheckout(core, siblings, readCheckout);
    },
    page: (loaded) => {
      // Used once: a later page of the same request (after a change) reads the items afresh.
      const early = earlyItems;
      earlyItems = undefined;
      return checkoutPageData(core, loaded, (cartId) =>
        early?.cartId === cartId ? early.answer : readCheckoutItems(core, cartId, linesPage),
      );
    },
  });

  return {
    async begin() {
      // Guests check out only when the store allows it (application context guestCheckoutEnabled).
      if (!(await parts.mayCheckOut())) {
        throw await core.redirect(loginPath(CHECKOUT_START_PATH), toast("info", CHECKOUT_MESSAGES.signIn));
      }
      await startOrResumeCheckout(core, siblings);
      // Every checkout begins with the shipping step, filled in with what the checkout already knows. A start the
      // API is still calculating (202) goes there too, as a payment link's does: the step reads the checkout again
      // and shows 'Loading' itself while it is processing, so a shopper no longer stops on /checkout for a page that
      // refreshes in a second (and the server reads the checkout once less) only to be redirected on.
      throw await core.redirect(stepPath("shipping"));
    },
    async confirmation(orderNumber) {
      const last = parts.lastOrder();
      if (!last || last.orderNumber !== orderNumber) throw data("Order not found", { status: 404 });
      const isGuest = !core.shopper.isLoggedIn;
      const accessToken = isGuest ? await siblings.orders.guestAccessToken(orderNumber) : null;
      return { orderNumber, isGuest, orderLink: accessToken ? orderAccessPath(orderNumber, accessToken) : null };
    },
    shipping: {
      page: (query) => shippingPage(core, stepParts(query)),
      submit: (form, query) => submitShipping(core, stepParts(query), form),
    },
    delivery: {
      page: (query) => deliveryPage(core, stepParts(query)),
      submit: (form, query) => submitDelivery(core, stepParts(query), form),
    },
    payment: {
      page: (query) => paymentPage(core, stepParts(query), query.couponCode),
      submit: (form, query) => submitPayment(core, stepParts(query), form),
    },
    review: { page: (query) => reviewPage(core, stepParts(query)), submit: (form) => placeOrder(core, parts, form) },
    payNow: {
      page: (cartId, { origin, linesPage }) => payNowPage(core, parts, cartId, origin, linesPage),
      submit: (cartId, form) => payNowAction(core, parts, cartId, form),
    },
    async stepCartCount() {
      const checkoutId = core.session.get("activeCheckoutId");
      if (!checkoutId || !onStepPage() || progressOf(core.session, checkoutId).paymentLinkId) return null;
      try {
        const answer = await readCheckout(checkoutId);
        const count = answer.processing ? undefined : answer.data?.cartSummary?.totalProductCount;
        return count === undefined ? null : Math.max(0, Math.round(Number(count) || 0));
      } catch {
        return null;
      }
    },
    createPaymentLink: () => createPaymentLink(core, siblings.cart),
  };
}
