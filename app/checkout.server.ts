/**
 * Server helpers of the checkout pages: the shopper's active checkout (kept in the session, spec §4), loading it
 * with its lines and coupons, starting it, placing the order once, paying, and turning the API's failures into the
 * shopper's words (lib/checkout). Loaders and actions never poll: a checkout that is still processing is
 * answered as such and the page shows 'Loading' (spec SSR_NO_POLLING).
 */
import {
  isFetchError,
  isWebstoreError,
  NULL_CHECKOUTID,
  SESSION_NOT_LOADED,
  SSR_NO_POLLING,
  toCheckoutAddress,
  type ApplicationContext,
  type Checkout,
  type CheckoutAddressInput,
  type JsonObject,
  type WebstoreClient,
} from "../server/webstore/index";
import { rememberGuestVerification } from "./orders.server";
import { apiCardType, cardBrand } from "./lib/cards";
import { cartView } from "./components/store/cart-view";
import {
  addressFromApi,
  CHECKOUT_MESSAGES,
  CHECKOUT_START_PATH,
  checkoutLinesFrom,
  checkoutTotals,
  confirmationPath,
  describeCheckoutFailure,
  guestUserContextFrom,
  orderNumberFrom,
  postalFields,
  problemMessages,
  problemsFrom,
  shipmentsFrom,
  isInventoryProblem,
  stepPath,
  type CheckoutAddress,
  type CheckoutFailure,
  type CheckoutLine,
  type CheckoutProblem,
  type CheckoutTotals,
  type GuestContact,
  type PaymentMethod,
  type Shipment,
} from "./lib/checkout";
import type { StoreSession } from "./session.server";
import { toast } from "./toast.server";
import { loginPath, rethrowResponse, type Shopper, type Webstore } from "./webstore.server";

// ---------------------------------------------------------------------------------------------
// Session keys of the checkout (beside `activeCheckoutId` and `guestUserContext`, declared by session.server)

/** What the shopper has done in the active checkout that the API does not tell us back. */
export interface CheckoutProgress {
  checkoutId: string;
  /** The inventory reservation made when the shopper reached payment. */
  reservation?: { cartId: string; expiresAt: string };
  /** The authorised payment, as the review page names it (never the card number). */
  payment?: { method: PaymentMethod; label: string };
  /** The checkout pays this payment link (a PayNowReadOnly clone, payment-link.server). */
  paymentLinkId?: string;
}

/** The last order placed in this session: a repeated Place order, or a revisit, lands on its confirmation. */
export interface LastOrder {
  checkoutId: string;
  orderNumber: string;
}

declare module "./session.server" {
  interface StoreSessionData {
    checkoutProgress: CheckoutProgress;
    lastOrder: LastOrder;
  }
}

export function progressOf(session: StoreSession, checkoutId: string): CheckoutProgress {
  const progress = session.get("checkoutProgress");
  return progress?.checkoutId === checkoutId ? progress : { checkoutId };
}

export function updateProgress(
  session: StoreSession,
  checkoutId: string,
  change: Partial<Omit<CheckoutProgress, "checkoutId">>,
) {
  session.set("checkoutProgress", { ...progressOf(session, checkoutId), ...change, checkoutId });
}

function setActiveCheckout(session: StoreSession, checkoutId: string) {
  if (session.get("activeCheckoutId") !== checkoutId) session.unset("checkoutProgress");
  session.set("activeCheckoutId", checkoutId);
}

/** Forgets the active checkout (spec §4: cleared after the order is placed, or when it is gone). */
export function forgetCheckout(session: StoreSession) {
  session.unset("activeCheckoutId", "checkoutProgress");
}

/** After the order: the active checkout is cleared and the order remembered; a guest's cart is closed with it. */
export function rememberOrder(ws: Webstore, checkoutId: string, orderNumber: string) {
  // A paid payment link is no longer active (spec §4: the guest cart is preserved again at the next login).
  const paidLink = progressOf(ws.session, checkoutId).paymentLinkId;
  if (paidLink && paidLink === ws.session.get("paymentLinkId")) ws.session.unset("paymentLinkId");
  forgetCheckout(ws.session);
  ws.session.set("lastOrder", { checkoutId, orderNumber });
  if (!ws.shopper.isLoggedIn) {
    ws.session.unset("guestCartId");
    // The guest just proved who they are: the confirmation's link to the order summary opens without a lookup.
    const email = ws.session.get("guestUserContext")?.email;
    if (email) rememberGuestVerification(ws.session, email);
  }
}

/** Spec §3 guest user context: kept only when the strings are not blank. */
export function saveGuestUserContext(session: StoreSession, contact: GuestContact) {
  const kept = guestUserContextFrom({ ...contact });
  session.set("guestUserContext", Object.keys(kept).length > 0 ? kept : undefined);
}

// ---------------------------------------------------------------------------------------------
// Failures

function problemsOfError(error: unknown): CheckoutProblem[] {
  if (!isFetchError(error)) return [];
  const fromBody = problemsFrom(error.body);
  if (fromBody.length > 0) return fromBody;
  return error.errors.map((e) => ({ code: e.type, title: null, detail: e.message || null, instance: null }));
}

/** The shopper's reading of a failed call (Responses thrown by the client are rethrown). */
export function checkoutFailure(error: unknown, lines: readonly CheckoutLine[] = []): CheckoutFailure {
  rethrowResponse(error);
  if (isFetchError(error)) {
    return describeCheckoutFailure(
      { status: error.status, code: error.code, message: error.errors[0]?.message, problems: problemsOfError(error) },
      lines,
    );
  }
  if (isWebstoreError(error)) {
    if (error.code === SSR_NO_POLLING) return describeCheckoutFailure({ status: 409, code: "CHECKOUT_IN_PROGRESS" });
    if (error.code === SESSION_NOT_LOADED || error.code === NULL_CHECKOUTID)
      return describeCheckoutFailure({ status: 404 });
  }
  console.error("Checkout call failed:", error instanceof Error ? `${error.name}: ${error.message}` : error);
  return describeCheckoutFailure({});
}

/**
 * The redirect a failure ends in when the page itself can't go on: an expired checkout starts again (spec §4: at
 * the start the client restarts by itself; at later steps the checkout is started again and the shopper goes back
 * to its first step with a note), a missing one goes back to the cart, a guest who may not check out signs in.
 * Null for failures the page shows itself.
 */
export async function failureRedirect(ws: Webstore, failure: CheckoutFailure): Promise<Response | null> {
  switch (failure.kind) {
    case "expired": {
      // Started again at once (the client deletes the expired session and starts a new one), so the note reaches
      // the shipping step rather than being used up on a redirect in between. A payment link's checkout starts
      // again for the payment link.
      const paymentLinkId = ws.session.get("checkoutProgress")?.paymentLinkId;
      forgetCheckout(ws.session);
      await startOrResumeCheckout(ws, { cartId: paymentLinkId });
      return ws.redirect(stepPath("shipping"), toast("info", failure.message));
    }
    case "missing":
      forgetCheckout(ws.session);
      return ws.redirect("/cart", toast("info", failure.message));
    case "signIn":
      forgetCheckout(ws.session);
      return ws.redirect(loginPath(CHECKOUT_START_PATH), toast("info", failure.message));
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Loading the checkout

export interface LoadedCheckout {
  checkoutId: string;
  /** 200, 202 (processing) or 422 (ready, with problems; still usable). */
  status: number;
  processing: boolean;
  data: Checkout;
}

const orderNumberOf = (checkout: Checkout | null | undefined) =>
  typeof checkout?.orderReferenceNumber === "string" && checkout.orderReferenceNumber
    ? checkout.orderReferenceNumber
    : null;

/**
 * The shopper's active checkout, or a thrown redirect: none → /checkout (which starts one); already placed →
 * its confirmation; expired (410) → /checkout with a note; gone (404) → the cart.
 */
export async function requireActiveCheckout(ws: Webstore): Promise<LoadedCheckout> {
  const checkoutId = ws.session.get("activeCheckoutId");
  if (!checkoutId) throw await ws.redirect(CHECKOUT_START_PATH);
  try {
    const answer = await ws.client.getCheckout(checkoutId);
    if (!answer.data) throw await ws.redirect(CHECKOUT_START_PATH);
    const placed = orderNumberOf(answer.data);
    if (placed) {
      rememberOrder(ws, checkoutId, placed);
      throw await ws.redirect(confirmationPath(placed));
    }
    return { checkoutId, status: answer.status, processing: answer.processing, data: answer.data };
  } catch (error) {
    rethrowResponse(error);
    const redirect = await failureRedirect(ws, checkoutFailure(error));
    if (redirect) throw redirect;
    throw error;
  }
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
  lines: CheckoutLine[];
  coupons: { id: string; code: string }[];
  /** What the ready checkout reports (422), in the shopper's words. */
  problems: string[];
  /** One of the problems is stock: the page links back to the cart. */
  inventoryProblem: boolean;
}

/** Everything a checkout step shows: the checkout plus its cart's lines (names, shipments) and coupons. */
export async function checkoutPageData(ws: Webstore, loaded: LoadedCheckout): Promise<CheckoutPageData> {
  const { data } = loaded;
  const cartId = typeof data.cartSummary?.cartId === "string" ? data.cartSummary.cartId : null;
  let lines: CheckoutLine[] = [];
  let coupons: { id: string; code: string }[] = [];
  if (cartId) {
    try {
      const items = await ws.client.getCartItems(cartId, {
        pageSize: 100,
        includeCoupons: true,
        productFields: ["Name"],
      });
      lines = checkoutLinesFrom(items.data);
      coupons = cartView(items.data).coupons;
    } catch (error) {
      rethrowResponse(error);
      console.warn("Loading the checkout's cart items failed:", error instanceof Error ? error.message : error);
    }
  }
  const totals = checkoutTotals(data.cartSummary);
  const groups = data.deliveryGroups?.items ?? [];
  const { shipments, emptyShipments } = shipmentsFrom(groups, lines, totals.currency);
  const problems = problemsFrom(data.errors ?? []);
  const contact = (data.contactInfo ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
  return {
    checkoutId: loaded.checkoutId,
    cartId,
    processing: loaded.processing,
    isGuest: !ws.shopper.isLoggedIn,
    contact: { email: str(contact.email), lastName: str(contact.lastName), phoneNumber: str(contact.phoneNumber) },
    totals,
    shipments,
    emptyShipments,
    lines,
    coupons,
    problems: problemMessages(problems, lines),
    inventoryProblem: problems.some(isInventoryProblem),
  };
}

/** The application context, or an empty one when it can't be read (every flag then reads as off). */
export async function applicationContext(ws: Webstore): Promise<ApplicationContext> {
  try {
    return await ws.client.getApplicationContext();
  } catch (error) {
    rethrowResponse(error);
    return {} as ApplicationContext;
  }
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
export async function startOrResumeCheckout(ws: Webstore, options: { cartId?: string } = {}): Promise<LoadedCheckout> {
  const existing = ws.session.get("activeCheckoutId");
  if (existing) {
    try {
      const answer = await ws.client.getCheckout(existing);
      const placed = orderNumberOf(answer.data);
      if (placed) {
        rememberOrder(ws, existing, placed);
        throw await ws.redirect(confirmationPath(placed));
      }
      const ofCart = answer.data?.cartSummary?.cartId;
      const paysLink = !!ofCart && ofCart === progressOf(ws.session, existing).paymentLinkId;
      const hasOtherCart = ws.shopper.isLoggedIn || !!ws.session.get("guestCartId");
      const wanted = options.cartId ? ofCart === options.cartId : !(paysLink && hasOtherCart);
      if (answer.data && wanted)
        return { checkoutId: existing, status: answer.status, processing: answer.processing, data: answer.data };
    } catch (error) {
      rethrowResponse(error);
      const failure = checkoutFailure(error);
      if (failure.kind === "signIn") throw await failureRedirect(ws, failure);
      // Expired or gone: start a new one below (the client restarts an expired session by itself).
    }
    forgetCheckout(ws.session);
  }

  const cartId = options.cartId ?? (ws.shopper.isLoggedIn ? "active" : ws.session.get("guestCartId"));
  if (!cartId) throw await ws.redirect("/cart", toast("info", CHECKOUT_MESSAGES.emptyCart));
  try {
    const answer = await ws.client.startCheckout({ cartId });
    const checkoutId = answer.data.checkoutId as string;
    setActiveCheckout(ws.session, checkoutId);
    if (options.cartId) updateProgress(ws.session, checkoutId, { paymentLinkId: options.cartId });
    return { checkoutId, status: answer.status, processing: answer.processing, data: answer.data };
  } catch (error) {
    rethrowResponse(error);
    const failure = checkoutFailure(error);
    if (failure.kind === "signIn") throw await failureRedirect(ws, failure);
    // No cart (404), an empty cart or one that can't be checked out (400): back to the cart with the reason.
    if (isFetchError(error) && (error.status === 404 || error.status === 400)) {
      if (!ws.shopper.isLoggedIn && error.status === 404) ws.session.unset("guestCartId");
      throw await ws.redirect(
        "/cart",
        toast("info", error.status === 404 ? CHECKOUT_MESSAGES.emptyCart : failure.message),
      );
    }
    throw await ws.redirect("/cart", toast("error", failure.message));
  }
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** A typed address (the kit's AddressForm output) as the API's Checkout Address input. */
export function addressInput(address: {
  firstName: string;
  lastName: string;
  companyName?: string;
  street: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
  shipToPhoneNumber?: string;
}): CheckoutAddressInput {
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    ...postalFields(address),
    phoneNumber: address.shipToPhoneNumber,
  };
}

/** The checkout address the input will become, to compare with what the shipment has. */
export function asCheckoutAddress(input: CheckoutAddressInput): CheckoutAddress {
  return addressFromApi(toCheckoutAddress(input)) ?? ({} as CheckoutAddress);
}

/** A delivery group's address input for the cart API (phone as shipToPhoneNumber, saved address by id). */
export function deliveryAddressJson(input: CheckoutAddressInput): JsonObject {
  return Object.fromEntries(Object.entries(toCheckoutAddress(input)).filter(([, v]) => v !== undefined && v !== ""));
}

/** The billing address of a payment request: the fields the API takes, no ids. */
export function billingAddressJson(address: CheckoutAddress): JsonObject {
  const fields = {
    name: address.name ?? ([address.firstName, address.lastName].filter(Boolean).join(" ") || null),
    ...postalFields(address),
    phoneNumber: address.phoneNumber,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === "string" && v !== ""));
}

// ---------------------------------------------------------------------------------------------
// Paying and placing the order

export interface CardDetails {
  cardholderName: string;
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
}

/**
 * The card's gateway token (POST payments/token). The card number goes to the API once and is never logged or
 * kept; the API answers only the token, so what the page shows of the card (brand, last four) comes from what the
 * shopper typed (lib/cards). A refused card rejects with the client's FetchError (422, the refused fields in its
 * errors' invalidParameters).
 */
export async function tokenizeCard(client: WebstoreClient, card: CardDetails): Promise<string> {
  const cardType = apiCardType(cardBrand(card.cardNumber));
  const answer = await client.tokenizePayment({
    cardPaymentMethod: {
      cardHolderName: card.cardholderName,
      cardNumber: card.cardNumber,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      cvv: card.cvv,
      ...(cardType ? { cardType } : {}),
    },
  });
  if (!answer?.token) throw new Error("The payment gateway answered without a token.");
  return answer.token;
}

/**
 * Places the order once: v2 (prepare + submit) when `placeOrderV2Enabled` (and the API version has it), else v1. The API answers a repeated
 * submit with the same order; when two submits race and one is refused because the other placed the order, the
 * checkout is read again and its order is the answer.
 */
export async function placeOrderOnce(ws: Webstore, checkoutId: string, context: ApplicationContext): Promise<string> {
  try {
    const answer =
      // orders/actions exists from 64.0: an older API version places the order the v1 way whatever the store says.
      context.placeOrderV2Enabled === true && ws.client.apiVersion >= 64
        ? await ws.client.orderActions(checkoutId, [{ action: "prepare" }, { action: "submit" }])
        : await ws.client.placeOrder(checkoutId);
    const orderNumber = orderNumberFrom(answer);
    if (orderNumber) return orderNumber;
    throw new Error("The order was accepted without an order reference number.");
  } catch (error) {
    rethrowResponse(error);
    const placed = await ws.client.getCheckout(checkoutId).then(
      (answer) => orderNumberOf(answer.data),
      (readError: unknown) => {
        rethrowResponse(readError);
        return null;
      },
    );
    if (placed) return placed;
    throw error;
  }
}
