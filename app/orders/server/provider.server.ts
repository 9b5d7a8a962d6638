/**
 * The order provider: who may read an order and reading one through the documented lookup, shared by the lookup page,
 * the order page and "Buy again". Owns the session's `guestVerification` key (spec §6).
 *
 * Who may see an order is the API's decision: a signed-in buyer reads the orders of the accounts they may act for; a
 * guest reads an order after verifying it (e-mail + placeholder phone, kept in the session after a successful lookup).
 */
import { createHash } from "node:crypto";
import { isFetchError, type GuestVerification } from "../../../server/webstore/index";
import {
  GUEST_PHONE_PLACEHOLDER,
  orderProviderFailed,
  orderProviderKey,
  orderProviderLoaded,
  subscriptionProductIds,
  withTerms,
  type OrderDeliveryGroup,
  type OrderProviderState,
  type OrderShipments,
  type OrderStatusNames,
} from "~/orders/model";
import { sellingModelOptions } from "~/cart/model/subscriptions";
import type { CoreSessionData, SessionKeys, StoreSession } from "~/shop/session.server";
import type { ShopCore } from "~/shop/core.server";
import { caught } from "~/shop/errors.server";
import type { CheckoutSessionData, GuestUserContext } from "~/checkout/server/session.server";
import type { CartHandler } from "~/cart/cart.server";

/** What the provider reads of the request's shop. */
export interface OrdersSessionData {
  /** Guest order verification (spec §6): set after a successful guest order lookup. */
  guestVerification: GuestUserContext;
}

export const ORDERS_SESSION_KEYS: SessionKeys<OrdersSessionData> = { signedIn: [], guest: ["guestVerification"] };

/** The orders' view of the session: their own key, and the checkout's guest contact (a guest's order link). */
type OrdersSessionView = CoreSessionData & OrdersSessionData & Pick<CheckoutSessionData, "guestUserContext">;

/** What the orders ask of the cart, given by the composition (app/shop.server.ts), never imported. */
export type OrdersCartSibling = Pick<CartHandler, "keepGuestCart">;
export type OrdersSession = StoreSession<OrdersSessionView>;
export type OrdersCore = ShopCore<OrdersSessionView>;

export type OrderShop = Pick<OrdersCore, "client" | "session" | "shopper" | "appContext">;

/** The order provider's required fields: what the order page shows, added to the lookup's defaults. */
export const ORDER_REQUIRED_FIELDS = [
  "OrderSummary.OrderNumber",
  "OrderSummary.OrderedDate",
  "OrderSummary.CreatedDate",
  "OrderSummary.Status",
  "OrderSummary.OwnerId",
  "OrderSummary.CurrencyIsoCode",
  "OrderSummary.TotalProductAmount",
  "OrderSummary.TotalAdjustedProductAmount",
  "OrderSummary.TotalAdjustedDeliveryAmount",
  "OrderSummary.TotalTaxAmount",
  "OrderSummary.TotalAmount",
  "OrderSummary.GrandTotalAmount",
] as const;

export interface OrderLoad {
  state: OrderProviderState;
  /** HTTP status of the failure (404 unknown or not yours, 429 rate-limited, …); null when loaded. */
  status: number | null;
  key: string;
  /** A buyer's order (read from the order resources): its shipments, or why they can't be shown. */
  shipments?: OrderShipments;
}

/** A credential in a provider's key: never the credential itself. */
export const credentialDigest = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 16);

/** The guest's verification from the session, or null (signed-in buyers never send one). */
export function guestVerification({
  session,
  shopper,
}: Pick<OrderShop, "session" | "shopper">): GuestVerification | null {
  if (shopper.isLoggedIn) return null;
  const stored = session.get("guestVerification");
  if (!stored?.email) return null;
  const out: GuestVerification = {};
  // Spec §3: only non-blank strings are kept.
  for (const key of ["lastName", "email", "phoneNumber"] as const) {
    const value = stored[key];
    if (typeof value === "string" && value.trim() !== "") out[key] = value;
  }
  return out;
}

/** After a guest's successful lookup (or order): the e-mail and a placeholder phone number. */
export function rememberGuestVerification(session: OrdersSession, email: string): void {
  session.set("guestVerification", { email, phoneNumber: GUEST_PHONE_PLACEHOLDER });
}

/** Whether an order can be read for the shopper at all (a guest needs a verified lookup first). */
export const mayLoad = (shop: Pick<OrderShop, "session" | "shopper">) =>
  shop.shopper.isLoggedIn || guestVerification(shop) !== null;

/** The provider's key for this shopper: record, fields, a digest of the credentials, effective account. */
export function providerKeyFor(shop: Pick<OrderShop, "session" | "shopper">, recordId: string): string {
  const credentials = shop.shopper.isLoggedIn ? shop.session.get("accessToken") : guestVerification(shop)?.email;
  return orderProviderKey({
    recordId,
    fields: ORDER_REQUIRED_FIELDS,
    accessToken: credentials ? credentialDigest(credentials) : null,
    effectiveAccountId: shop.shopper.effectiveAccountId ?? null,
  });
}

/** The store's names for order statuses (application context), or none when the context can't be read. */
export async function statusNames(shop: Pick<OrderShop, "appContext">): Promise<OrderStatusNames> {
  return shop.appContext?.orderStatuses ?? null;
}

/**
 * Names each subscription line's term from its product's selling models (products/{id}: productSellingModels),
 * one call per product. A product that can't be read (no longer sold, not entitled) leaves its lines unnamed.
 */
export async function nameSubscriptionTerms(
  { client }: Pick<OrderShop, "client">,
  groups: OrderDeliveryGroup[],
): Promise<OrderDeliveryGroup[]> {
  const productIds = subscriptionProductIds(groups);
  if (productIds.length === 0) return groups;
  const names = new Map<string, string>();
  await Promise.all(
    productIds.map((productId) =>
      client.getProduct(productId, { fields: ["Name"] }).then(
        (product) => {
          for (const model of sellingModelOptions(product.productSellingModels)) names.set(model.id, model.name);
        },
        () => undefined,
      ),
    ),
  );
  return withTerms(groups, names);
}

/**
 * One order (by number or id): a buyer's as themselves, a guest's with the session's verification. Never throws
 * for an API refusal: the state says hasErrors and every data section is null.
 */
export async function loadOrder(shop: OrderShop, recordId: string): Promise<OrderLoad> {
  const key = providerKeyFor(shop, recordId);
  const verification = guestVerification(shop);
  try {
    const raw = await shop.client.lookupOrder(
      { orderSummaryIdOrRefNumber: recordId, ...(verification ? { verification } : {}) },
      { fields: [...ORDER_REQUIRED_FIELDS] },
    );
    const state = orderProviderLoaded(raw);
    if (!state.hasErrors && state.deliveryGroups)
      state.deliveryGroups = await nameSubscriptionTerms(shop, state.deliveryGroups);
    return { state, status: null, key };
  } catch (error) {
    const status = isFetchError(error) ? error.status : 500;
    if (status >= 500 || status === 0) console.error("Order lookup failed:", error);
    return { state: orderProviderFailed(caught(error)), status, key };
  }
}
