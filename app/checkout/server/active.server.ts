/**
 * The shopper's active checkout: starting or resuming it, loading it with its cart's lines and coupons, and the
 * recovery from the API's failures (an expired checkout starts again, a gone one goes back to the cart). Loaders
 * and actions wait a second at most for a checkout the API is still calculating (readSettled: the LWR client's
 * schedule's first second, decision 020); one still processing after that is answered as such and the page shows
 * 'Loading' (spec SSR_NO_POLLING past the short wait), which the browser refreshes until it is ready.
 */
import {
  CART_ITEMS_PAGE_SIZE,
  isFetchError,
  isWebstoreError,
  NULL_CHECKOUTID,
  SESSION_NOT_LOADED,
  SSR_CHECKOUT_RETRY,
  SSR_FAST_CHECKOUT,
  SSR_NO_POLLING,
  type ApplicationContext,
  asyncWaitDelay,
  defaultSleep,
  PAGE_WAIT_ATTEMPTS,
  PAGE_WAIT_BUDGET_MS,
  type Async,
  type CartItemCollection,
  type Checkout,
  type FetchError,
} from "../../../server/webstore/index";
import { cartView } from "~/cart/model/view";
import { pagingFromPages, type Paging } from "~/lib/paging";
import {
  CHECKOUT_MESSAGES,
  checkoutLinesFrom,
  checkoutTotals,
  describeCheckoutFailure,
  isPlaceOrderUrl,
  isInventoryProblem,
  problemMessages,
  problemsFrom,
  shipmentsFrom,
  type CheckoutFailure,
  type CheckoutLine,
  type CheckoutProblem,
  type CheckoutTotals,
  type Shipment,
} from "~/checkout/model/index";
import { CHECKOUT_START_PATH, confirmationPath, stepPath, loginPath } from "~/lib/paths";
import { toast } from "~/shop/toast.server";
import type { Shopper } from "~/shop/tokens.server";
import {
  forgetCheckout,
  progressOf,
  rememberOrder,
  setActiveCheckout,
  updateProgress,
  type CheckoutShop,
  type CheckoutSiblingDomains,
} from "./session.server";
import { caught, type Caught } from "~/shop/errors.server";

// ---------------------------------------------------------------------------------------------
// Failures

function problemsOfError(error: FetchError): CheckoutProblem[] {
  const fromBody = problemsFrom(error.body);
  if (fromBody.length > 0) return fromBody;
  return error.errors.map((e) => ({ code: e.type, title: null, detail: e.message || null, instance: null }));
}

/**
 * The shopper's reading of a failed call. API calls never throw Responses; a Response here is a redirect thrown by
 * our own code inside the same `try` (e.g. a restarted checkout's), no failure to describe: it goes on.
 */
export function checkoutFailure(failure: Caught, lines: readonly CheckoutLine[] = []): CheckoutFailure {
  if (failure.response) throw failure.response;
  const error = failure.api;
  if (error) {
    return describeCheckoutFailure(
      {
        status: error.status,
        code: error.code,
        message: error.errors[0]?.message,
        problems: problemsOfError(error),
        placing: isPlaceOrderUrl(error.url) ? true : /\/checkouts(?:[/?#]|$)/.test(error.url) ? false : undefined,
      },
      lines,
    );
  }
  const other = failure.error;
  if (isWebstoreError(other)) {
    if (other.code === SSR_NO_POLLING) return describeCheckoutFailure({ status: 409, placing: false });
    if (other.code === SESSION_NOT_LOADED || other.code === NULL_CHECKOUTID || other.code === SSR_FAST_CHECKOUT)
      return describeCheckoutFailure({ status: 404 });
    // The API couldn't answer the start; the shopper's next try starts it (the default: 'Try again').
    if (other.code === SSR_CHECKOUT_RETRY) return describeCheckoutFailure({});
  }
  console.error("Checkout call failed:", other ? `${other.name}: ${other.message}` : failure.thrown);
  return describeCheckoutFailure({});
}

/**
 * The redirect a failure ends in when the page itself can't go on: an expired checkout starts again (spec §4: at
 * the start the client restarts by itself; at later steps the checkout is started again and the shopper goes back
 * to its first step with a note), a missing one goes back to the cart, a guest who may not check out signs in.
 * Null for failures the page shows itself.
 */
export async function failureRedirect(
  shop: CheckoutShop,
  siblings: CheckoutSiblingDomains,
  failure: CheckoutFailure,
): Promise<Response | null> {
  switch (failure.kind) {
    case "expired": {
      // Started again at once (the client deletes the expired session and starts a new one), so the note reaches
      // the shipping step rather than being used up on a redirect in between. A payment link's checkout starts
      // again for the payment link.
      const paymentLinkId = shop.session.get("checkoutProgress")?.paymentLinkId;
      forgetCheckout(shop.session);
      await startOrResumeCheckout(shop, siblings, { cartId: paymentLinkId });
      return shop.redirect(stepPath("shipping"), toast("info", failure.message));
    }
    case "missing":
      forgetCheckout(shop.session);
      return shop.redirect("/cart", toast("info", failure.message));
    case "signIn":
      forgetCheckout(shop.session);
      return shop.redirect(loginPath(CHECKOUT_START_PATH), toast("info", failure.message));
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Loading the checkout

/**
 * Reads a checkout until it is no longer processing (202), pausing between reads as Salesforce's storefront client
 * does (asyncWaitDelay: five reads at once, then 100, 200, 300, 400 ms), for the schedule's first second only
 * (PAGE_WAIT_ATTEMPTS within PAGE_WAIT_BUDGET_MS, decision 020): an org's reads after a start or a change answer 202
 * while its calculators run, and a checkout still calculating after that second renders 'Loading', which the browser
 * refreshes on the rest of the schedule. Answers the last read, processing or not; throws what a read throws.
 */
export async function readSettled<T extends { processing: boolean }>(
  read: () => Promise<T>,
  { sleep = defaultSleep, now = Date.now }: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<T> {
  const started = now();
  let answer = await read();
  for (let attempt = 1; answer.processing && attempt < PAGE_WAIT_ATTEMPTS; attempt++) {
    const pause = asyncWaitDelay(attempt);
    // The API's own round trips count against the second too: no read starts after it.
    if (now() - started + pause > PAGE_WAIT_BUDGET_MS) break;
    if (pause > 0) await sleep(pause);
    answer = await read();
  }
  return answer;
}

/** How many times a change refused 409 (still calculating) is sent again after waiting, as the LWR client does. */
export const CONFLICT_RETRIES = 3;

/**
 * A change of the checkout (PATCH), then reads until its calculators are done: the guide asks for no other checkout
 * call until the previous one answers 200 (Checkout Calculators: "Don't invoke another Checkout API until the previous
 * request returns 200 OK"), so the next change or the next page finds it ready. A change refused 409 because the last
 * one is still calculating is sent again once a wait finds the checkout ready, up to CONFLICT_RETRIES times, as
 * Salesforce's storefront client does (`waitAndRetryUpdateOnConflict`, docs/emulator-checkout.md "Async"); one
 * still refused after that throws the 409.
 */
export async function changeCheckout(
  shop: Pick<CheckoutShop, "client">,
  checkoutId: string,
  change: Parameters<CheckoutShop["client"]["updateCheckout"]>[1],
  wait: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<Async<Checkout>> {
  for (let retries = 0; ; retries++) {
    let accepted: Async<Checkout>;
    try {
      accepted = await shop.client.updateCheckout(checkoutId, change);
    } catch (error) {
      if (!(isFetchError(error) && error.status === 409) || retries >= CONFLICT_RETRIES) throw error;
      const settled = await readSettled(() => shop.client.getCheckout(checkoutId), wait);
      if (settled.processing) throw error;
      continue;
    }
    if (!accepted.processing) return accepted;
    return readSettled(() => shop.client.getCheckout(checkoutId), wait);
  }
}

export interface LoadedCheckout {
  checkoutId: string;
  /** 200, 202 (processing) or 422 (ready, with problems; still usable). */
  status: number;
  processing: boolean;
  data: Checkout;
}

export const orderNumberOf = (checkout: Checkout | null | undefined) => checkout?.orderReferenceNumber || null;

/**
 * The shopper's active checkout, or a thrown redirect: none → /checkout (which starts one); already placed →
 * its confirmation; expired (410) → /checkout with a note; gone (404) → the cart. `read` waits a moment for a
 * checkout still processing (readSettled).
 */
export async function requireActiveCheckout(
  shop: CheckoutShop,
  siblings: CheckoutSiblingDomains,
  read: (checkoutId: string) => Promise<Async<Checkout>> = (checkoutId) =>
    readSettled(() => shop.client.getCheckout(checkoutId)),
): Promise<LoadedCheckout> {
  const checkoutId = shop.session.get("activeCheckoutId");
  if (!checkoutId) throw await shop.redirect(CHECKOUT_START_PATH);
  let answer;
  try {
    answer = await read(checkoutId);
  } catch (error) {
    const redirect = await failureRedirect(shop, siblings, checkoutFailure(caught(error)));
    if (redirect) throw redirect;
    throw error;
  }
  if (!answer.data) throw await shop.redirect(CHECKOUT_START_PATH);
  const placed = orderNumberOf(answer.data);
  if (placed) {
    rememberOrder(shop, siblings.orders, checkoutId, placed);
    throw await shop.redirect(confirmationPath(placed));
  }
  return { checkoutId, status: answer.status, processing: answer.processing, data: answer.data };
}

export interface CheckoutPageData {
  checkoutId: string;
  cartId: string | null;
  processing: boolean;
  isGuest: boolean;
  contact: { email: string | null; lastName: string | null; phoneNumber: string | null };
  totals: CheckoutTotals;
  shipments: Shipment[];
  emptyShipments: { id: string; label: string }[];
  /**
   * One page of the cart's lines (the cart's page size, 25): a long cart's checkout never shows all its lines at once.
   * Totals, shipments' item counts and the checkout itself are the whole cart's.
   */
  lines: CheckoutLine[];
  /** Which page of the cart's lines `lines` is, and how many lines the cart has. */
  linePaging: Paging & { totalLines: number; pageSize: number };
  coupons: { id: string; code: string }[];
  /** What the ready checkout reports (422), in the shopper's words. */
  problems: string[];
  /** One of the problems is stock: the page links back to the cart. */
  inventoryProblem: boolean;
}

/** A contact field as the page shows it: null when blank. */
const filled = (value: string | null | undefined) => (value?.trim() ? value : null);

/**
 * A page of the lines (with their names) and the coupons of a checkout's cart, as a step shows them: the cart page's
 * size (25), the page the step's URL asks for (`?page=2`), in the order the cart page lists them.
 */
export function readCheckoutItems(shop: CheckoutShop, cartId: string, page = 1): Promise<Async<CartItemCollection>> {
  return shop.client.getCartItems(cartId, {
    pageSize: CART_ITEMS_PAGE_SIZE,
    pageNumber: page,
    includeCoupons: true,
    productFields: ["Name"],
  });
}

/**
 * Everything a checkout step shows: the checkout plus its cart's lines (names, shipments) and coupons. `readItems`
 * reads the cart's items (a read already under way, when the caller knew the cart before the checkout said it).
 */
export async function checkoutPageData(
  shop: CheckoutShop,
  loaded: LoadedCheckout,
  readItems: (cartId: string) => Promise<Async<CartItemCollection>> = (cartId) => readCheckoutItems(shop, cartId),
): Promise<CheckoutPageData> {
  const { data } = loaded;
  const cartId = data.cartSummary?.cartId ?? null;
  let lines: CheckoutLine[] = [];
  let coupons: { id: string; code: string }[] = [];
  let linePaging: CheckoutPageData["linePaging"] = {
    ...pagingFromPages(1, 1),
    totalLines: 0,
    pageSize: CART_ITEMS_PAGE_SIZE,
  };
  if (cartId) {
    try {
      const items = await readItems(cartId);
      lines = checkoutLinesFrom(items.data);
      coupons = cartView(items.data).coupons;
      linePaging = {
        ...pagingFromPages(items.data.currentPage ?? 1, items.data.totalNumberOfPages ?? 1),
        totalLines: items.data.totalItemCount ?? lines.length,
        pageSize: CART_ITEMS_PAGE_SIZE,
      };
    } catch (error) {
      console.warn("Loading the checkout's cart items failed:", error instanceof Error ? error.message : error);
    }
  }
  const totals = checkoutTotals(data.cartSummary);
  const groups = data.deliveryGroups?.items ?? [];
  const { shipments, emptyShipments } = shipmentsFrom(groups, lines, totals.currency, linePaging.totalPages <= 1);
  const problems = problemsFrom(data.errors ?? []);
  const contact = data.contactInfo;
  return {
    checkoutId: loaded.checkoutId,
    cartId,
    processing: loaded.processing,
    isGuest: !shop.shopper.isLoggedIn,
    contact: {
      email: filled(contact?.email),
      lastName: filled(contact?.lastName),
      phoneNumber: filled(contact?.phoneNumber),
    },
    totals,
    shipments,
    emptyShipments,
    lines,
    linePaging,
    coupons,
    problems: problemMessages(problems, lines),
    inventoryProblem: problems.some(isInventoryProblem),
  };
}

/** Spec §6: guests check out only when the store allows it; signed-in buyers always may. */
export function mayCheckOut(shopper: Shopper, context: ApplicationContext): boolean {
  return shopper.isLoggedIn || context.guestCheckoutEnabled === true;
}

/**
 * Purchase orders (requestType SimplePurchaseOrder) are for business buyers: a signed-in buyer whose account is no
 * person account — with one account or several. When the API didn't say what the account is, a buyer who acts for
 * several accounts is a business buyer; a buyer the API does not treat as one gets its refusal on the field.
 */
export function canPayByPurchaseOrder(shopper: Shopper): boolean {
  if (!shopper.isLoggedIn) return false;
  return shopper.businessBuyer ?? shopper.canSwitchAccount === true;
}

/**
 * Resumes the session's checkout or starts one for the shopper's cart (PUT checkouts; the client deletes and
 * restarts once on 410/422). Throws the redirects of a shopper who can't check out.
 *
 * `cartId` checks out that cart instead: a payment link (its PayNowReadOnly clone). Without it, a payment link's
 * checkout is resumed only when the shopper has no other cart to check out (a guest's cart went with the clone).
 */
export async function startOrResumeCheckout(
  shop: CheckoutShop,
  siblings: CheckoutSiblingDomains,
  options: { cartId?: string } = {},
): Promise<LoadedCheckout> {
  const existing = shop.session.get("activeCheckoutId");
  if (existing) {
    const resumed = await resumeCheckout(shop, siblings, existing, options);
    if (resumed) return resumed;
    forgetCheckout(shop.session);
  }

  const cartId = options.cartId ?? (shop.shopper.isLoggedIn ? "active" : shop.session.get("guestCartId"));
  if (!cartId) throw await shop.redirect("/cart", toast("info", CHECKOUT_MESSAGES.emptyCart));
  try {
    const answer = await shop.client.startCheckout({ cartId });
    const checkoutId = answer.data.checkoutId as string;
    setActiveCheckout(shop.session, checkoutId);
    if (options.cartId) updateProgress(shop.session, checkoutId, { paymentLinkId: options.cartId });
    return { checkoutId, status: answer.status, processing: answer.processing, data: answer.data };
  } catch (error) {
    const failure = checkoutFailure(caught(error));
    if (failure.kind === "signIn") throw await failureRedirect(shop, siblings, failure);
    // No cart (404), an empty cart or one that can't be checked out (400): back to the cart with the reason.
    if (isFetchError(error) && (error.status === 404 || error.status === 400)) {
      siblings.cart.forgetGoneGuestCart(caught(error).api);
      throw await shop.redirect(
        "/cart",
        toast("info", error.status === 404 ? CHECKOUT_MESSAGES.emptyCart : failure.message),
      );
    }
    throw await shop.redirect("/cart", toast("error", failure.message));
  }
}

/** The session's checkout when it is still the one wanted, null when a new one is to start. */
async function resumeCheckout(
  shop: CheckoutShop,
  siblings: CheckoutSiblingDomains,
  existing: string,
  options: { cartId?: string },
): Promise<LoadedCheckout | null> {
  let answer;
  try {
    answer = await readSettled(() => shop.client.getCheckout(existing));
  } catch (error) {
    const failure = checkoutFailure(caught(error));
    if (failure.kind === "signIn") throw await failureRedirect(shop, siblings, failure);
    // Expired or gone: a new one starts (the client restarts an expired session by itself).
    return null;
  }
  const placed = orderNumberOf(answer.data);
  if (placed) {
    rememberOrder(shop, siblings.orders, existing, placed);
    throw await shop.redirect(confirmationPath(placed));
  }
  const ofCart = answer.data?.cartSummary?.cartId;
  const paysLink = !!ofCart && ofCart === progressOf(shop.session, existing).paymentLinkId;
  const hasOtherCart = shop.shopper.isLoggedIn || !!shop.session.get("guestCartId");
  const wanted = options.cartId ? ofCart === options.cartId : !(paysLink && hasOtherCart);
  if (answer.data && wanted)
    return { checkoutId: existing, status: answer.status, processing: answer.processing, data: answer.data };
  return null;
}

/**
 * What the address forms of the shipping and payment steps allow: the store's shipping countries (the US when it
 * names none) and whether phone numbers go unchecked (application context).
 */
export function addressOptions(appContext: ApplicationContext) {
  const countries = (appContext.shippingCountries ?? []).filter((c) => c.trim() !== "");
  return {
    countries: countries.length > 0 ? countries : ["US"],
    skipPhoneNumberValidation: appContext.skipPhoneNumberValidationEnabled === true,
  };
}
