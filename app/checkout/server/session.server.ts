/**
 * The checkout's session keys (spec §4): `activeCheckoutId`, `checkoutProgress` (what the shopper did in the active
 * checkout that the API does not tell back), `lastOrder`, `paymentLinkId` and the guest's `guestUserContext`.
 */
import { guestUserContextFrom, type GuestContact, type PaymentMethod } from "~/checkout/model/index";
import type { CoreSessionData, SessionKeys, StoreSession } from "~/shop/session.server";
import type { ShopCore } from "~/shop/core.server";
import type { CartSessionData } from "~/cart/server/session.server";
import type { FetchError } from "../../../server/webstore/index";

/** What the shopper has done in the active checkout that the API does not tell us back. */
export interface CheckoutProgress {
  checkoutId: string;
  /** The inventory reservation made when the shopper reached payment. */
  reservation?: { cartId: string; expiresAt: string };
  /** The authorised payment, as the review page names it (never the card number). */
  payment?: { method: PaymentMethod; label: string };
  /** The checkout pays this payment link (a PayNowReadOnly clone, checkout/server/payment-link.server.ts). */
  paymentLinkId?: string;
}

/** The last order placed in this session: a repeated Place order, or a revisit, lands on its confirmation. */
export interface LastOrder {
  checkoutId: string;
  orderNumber: string;
}

/** Spec §3 guest user context: what a guest told the checkout about themselves (non-blank strings only). */
export interface GuestUserContext {
  lastName?: string;
  email?: string;
  phoneNumber?: string;
}

export interface CheckoutSessionData {
  activeCheckoutId: string;
  paymentLinkId: string;
  checkoutProgress: CheckoutProgress;
  lastOrder: LastOrder;
  guestUserContext: GuestUserContext;
}

export const CHECKOUT_SESSION_KEYS: SessionKeys<CheckoutSessionData> = {
  signedIn: ["activeCheckoutId", "checkoutProgress", "lastOrder", "paymentLinkId"],
  guest: ["guestUserContext"],
};

/**
 * The checkout's view of the session: its own keys and the guest's cart, which it closes with the guest's order (the
 * cart's key: the checkout is handed the cart's functions for everything else).
 */
type CheckoutSessionView = CoreSessionData & CheckoutSessionData & Pick<CartSessionData, "guestCartId">;
export type CheckoutSession = StoreSession<CheckoutSessionView>;
export type CheckoutCore = ShopCore<CheckoutSessionView>;

/** What the checkout's session work needs of the request's shop (a unit test's fake has just these). */
export type CheckoutShop = Pick<CheckoutCore, "client" | "session" | "shopper" | "redirect">;

/** What the checkout asks of the cart, given by the composition (app/shop.server.ts), never imported. */
export interface CartSibling {
  /** The cart the shopper's calls go to: "current" for a buyer, the guest cart's id, or null (no cart yet). */
  ref(): string | null;
  /** A guest cart the API no longer knows is forgotten (true when it was). */
  forgetGoneGuestCart(failure: FetchError | null): boolean;
}

/** What the checkout asks of the orders, given by the composition. */
export interface OrdersSibling {
  /** A guest who just ordered has proved who they are: their order's page opens without a lookup. */
  rememberGuestVerification(email: string): void;
  /** A guest's access token for one order (its confirmation links the order page with it), or null. */
  guestAccessToken(orderNumber: string): Promise<string | null>;
}

/** The sibling domains the checkout asks things of. */
export interface CheckoutSiblingDomains {
  cart: CartSibling;
  orders: OrdersSibling;
}

export function progressOf(session: CheckoutSession, checkoutId: string): CheckoutProgress {
  const progress = session.get("checkoutProgress");
  return progress?.checkoutId === checkoutId ? progress : { checkoutId };
}

export function updateProgress(
  session: CheckoutSession,
  checkoutId: string,
  change: Partial<Omit<CheckoutProgress, "checkoutId">>,
) {
  session.set("checkoutProgress", { ...progressOf(session, checkoutId), ...change, checkoutId });
}

export function setActiveCheckout(session: CheckoutSession, checkoutId: string) {
  if (session.get("activeCheckoutId") !== checkoutId) session.unset("checkoutProgress");
  session.set("activeCheckoutId", checkoutId);
}

/** Forgets the active checkout (spec §4: cleared after the order is placed, or when it is gone). */
export function forgetCheckout(session: CheckoutSession) {
  session.unset("activeCheckoutId", "checkoutProgress");
}

/** After the order: the active checkout is cleared and the order remembered; a guest's cart is closed with it. */
export function rememberOrder(
  shop: Pick<CheckoutShop, "session" | "shopper">,
  orders: Pick<OrdersSibling, "rememberGuestVerification">,
  checkoutId: string,
  orderNumber: string,
) {
  // A paid payment link is no longer active (spec §4: the guest cart is preserved again at the next login).
  const paidLink = progressOf(shop.session, checkoutId).paymentLinkId;
  if (paidLink && paidLink === shop.session.get("paymentLinkId")) shop.session.unset("paymentLinkId");
  forgetCheckout(shop.session);
  shop.session.set("lastOrder", { checkoutId, orderNumber });
  if (!shop.shopper.isLoggedIn) {
    shop.session.unset("guestCartId");
    // The guest just proved who they are: the confirmation's link to the order summary opens without a lookup.
    const email = shop.session.get("guestUserContext")?.email;
    if (email) orders.rememberGuestVerification(email);
  }
}

/** Spec §3 guest user context: kept only when the strings are not blank. */
export function saveGuestUserContext(session: CheckoutSession, contact: GuestContact) {
  const kept = guestUserContextFrom({ ...contact });
  session.set("guestUserContext", Object.keys(kept).length > 0 ? kept : undefined);
}
