import {
  cartById,
  cartOwner,
  findPrimaryCart,
  keepCheckoutAfterCouponChange,
  ownsCart,
  requireCart,
  type CartRow,
} from "../carts/store.js";
import { cartSummaryJson } from "../carts/view.js";
import { requireGuestFlag } from "../core/context.js";
import {
  defaultGroup,
  deliveryGroupJson,
  hasAddress,
  methodForCountry,
  parseDeliveryAddress,
  parseDesiredDate,
  rateCart,
  selectCheapestMethod,
  updateGroup,
  type CheckoutError,
  type RatedCart,
} from "./delivery-groups.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { json, noContent } from "../core/http.js";
import {
  availableFor,
  inventoryEnabled,
  releaseReservation,
  reservationSeconds,
  reserve,
} from "../catalog/inventory.js";
import { money } from "../core/money.js";
import { insertOrder, nextOrderNumber, findOrderByCheckout, type OrderInput } from "../orders/store.js";
import { recordId } from "../core/record-ids.js";
import { webstoreBase, type RequestContext, type Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";

/**
 * Checkout sessions: start (PUT/POST checkouts), read (GET, with 202 / 404 / 410 / 422), update (PATCH, one group
 * of changes per call), delete, checkout coupons, and placing the order (orders, orders/actions).
 *
 * Life of a session: Open → Placed, or Open → Expired (idle longer than CHECKOUT_IDLE_SECONDS on the virtual
 * clock) / Cancelled (its cart was edited: the cart resources bump carts.revision). Expired and cancelled
 * sessions answer 410 until deleted, so the client's "delete and start again" path is the way out.
 */

export const CHECKOUT_IDLE_SECONDS = 30 * 60;
export const checkoutKey = (checkoutId: string) => `checkout:${checkoutId}`;

export interface CheckoutRow {
  id: string;
  cart_id: string;
  webstore_id: string;
  status: "Open" | "Expired" | "Cancelled" | "Placed";
  cart_revision: number;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  contact_phone_number: string | null;
  custom_fields: string | null;
  created_at: number;
  last_activity_at: number;
  prepared_at: number | null;
  order_reference_number: string | null;
}

export interface PaymentRow {
  checkout_id: string;
  id: string;
  request_type: "Auth" | "PostAuth" | "SimplePurchaseOrder";
  payment_token: string | null;
  purchase_order_number: string | null;
  amount_cents: number;
  billing_address: string | null;
  payments_data: string | null;
  authorized_at: number;
}

export const checkoutNotFound = (what = "There is no checkout.") => new ApiError(404, "CHECKOUT_NOT_FOUND", what);

function checkoutRow(emu: Emu, id: string): CheckoutRow | undefined {
  return emu.db.prepare("SELECT * FROM checkouts WHERE id = ?").get(id) as CheckoutRow | undefined;
}

export function checkoutPayment(emu: Emu, checkoutId: string): PaymentRow | undefined {
  return emu.db.prepare("SELECT * FROM checkout_payments WHERE checkout_id = ?").get(checkoutId) as
    PaymentRow | undefined;
}

function clearPayment(emu: Emu, checkoutId: string) {
  emu.db.prepare("DELETE FROM checkout_payments WHERE checkout_id = ?").run(checkoutId);
}

/** Ends an open session: its reservation goes, and its cart is an ordinary active cart again. */
function endSession(emu: Emu, checkout: CheckoutRow, status: "Expired" | "Cancelled") {
  emu.db.prepare("UPDATE checkouts SET status = ? WHERE id = ?").run(status, checkout.id);
  releaseReservation(emu, checkout.cart_id);
  emu.db.prepare("UPDATE carts SET status = 'Active' WHERE id = ? AND status = 'Checkout'").run(checkout.cart_id);
}

/**
 * Ends every open session idle past its time, so the stock its reservation holds is free for others even when
 * its shopper never comes back. Runs before anything that weighs stock.
 */
/**
 * Ends idle sessions in a transaction of their own, opened only when there is one: most placements find none, and
 * an empty write transaction still takes the write lock and commits.
 */
function expireIdleCheckoutsFirst(emu: Emu) {
  const idle = emu.db
    .prepare("SELECT 1 FROM checkouts WHERE status = 'Open' AND last_activity_at < ? LIMIT 1")
    .get(emu.clock.now() - CHECKOUT_IDLE_SECONDS * 1000);
  if (idle) emu.db.transaction(() => expireIdleCheckouts(emu)).immediate();
}

export function expireIdleCheckouts(emu: Emu) {
  const stale = emu.db
    .prepare("SELECT * FROM checkouts WHERE status = 'Open' AND last_activity_at < ?")
    .all(emu.clock.now() - CHECKOUT_IDLE_SECONDS * 1000) as CheckoutRow[];
  for (const checkout of stale) endSession(emu, checkout, "Expired");
}

/** Applies the clock and cart edits to an open session (expiry, cancellation) and answers its current status. */
function refreshLifecycle(emu: Emu, checkout: CheckoutRow, cart: CartRow | undefined): CheckoutRow["status"] {
  if (checkout.status !== "Open") return checkout.status;
  const edited = !cart || cart.revision !== checkout.cart_revision || !["Active", "Checkout"].includes(cart.status);
  const idle = checkout.last_activity_at < emu.clock.now() - CHECKOUT_IDLE_SECONDS * 1000;
  if (!edited && !idle) return "Open";
  const status = edited ? "Cancelled" : "Expired";
  emu.db.transaction(() => endSession(emu, checkout, status))();
  return status;
}

/**
 * `{activeOrCheckoutId}` → the caller's session. `active` is the session of the shopper's primary cart. Somebody
 * else's session is answered like a missing one (404), so ids don't leak.
 */
function findCheckout(ctx: RequestContext, token: string): { checkout: CheckoutRow; cart: CartRow | undefined } {
  requireGuestFlag(ctx, "guestCheckoutEnabled");
  const emu = ctx.emu;
  const owner = cartOwner(ctx);
  let checkout: CheckoutRow | undefined;
  if (token === "active" || token === "current") {
    const cart = findPrimaryCart(emu, ctx.webstoreId, owner);
    checkout = cart
      ? (emu.db.prepare("SELECT * FROM checkouts WHERE cart_id = ?").get(cart.id) as CheckoutRow | undefined)
      : undefined;
    if (!checkout) throw checkoutNotFound("There is no active checkout.");
  } else {
    const id = recordId(token, "checkout", "activeOrCheckoutId");
    checkout = checkoutRow(emu, id);
  }
  const cart = checkout ? cartById(emu, checkout.cart_id) : undefined;
  if (!checkout || checkout.webstore_id !== ctx.webstoreId || !cart || !ownsCart(owner, cart)) {
    throw checkoutNotFound(`Checkout not found: ${token}`);
  }
  return { checkout, cart };
}

const gone = (checkout: CheckoutRow, status: CheckoutRow["status"]) =>
  status === "Expired"
    ? new ApiError(
        410,
        "CHECKOUT_EXPIRED",
        `The checkout ${checkout.id} expired after ${CHECKOUT_IDLE_SECONDS / 60} idle minutes. Delete it and start again.`,
      )
    : new ApiError(
        410,
        "CHECKOUT_CANCELLED",
        `The checkout ${checkout.id} was cancelled because its cart changed. Delete it and start again.`,
      );

/** A session that can still be read: open or placed. Expired and cancelled ones answer 410. */
export function liveCheckout(ctx: RequestContext, token: string): { checkout: CheckoutRow; cart: CartRow } {
  const { checkout, cart } = findCheckout(ctx, token);
  const status = refreshLifecycle(ctx.emu, checkout, cart);
  if (status === "Expired" || status === "Cancelled") throw gone(checkout, status);
  return { checkout: checkoutRow(ctx.emu, checkout.id)!, cart: cart! };
}

/** A session that can still change: open, and not in the middle of processing an earlier change (409). */
export function openCheckout(ctx: RequestContext, token: string): { checkout: CheckoutRow; cart: CartRow } {
  const found = liveCheckout(ctx, token);
  if (found.checkout.status === "Placed") {
    throw invalidInput(
      `The order for checkout ${found.checkout.id} has already been placed (${found.checkout.order_reference_number}).`,
    );
  }
  if (ctx.emu.async.isProcessing(checkoutKey(found.checkout.id))) {
    throw new ApiError(
      409,
      "CHECKOUT_IN_PROGRESS",
      "The previous checkout operation is still processing. Try again when it's done.",
    );
  }
  return found;
}

export function touchCheckout(emu: Emu, checkoutId: string) {
  emu.db.prepare("UPDATE checkouts SET last_activity_at = ? WHERE id = ?").run(emu.clock.now(), checkoutId);
}

// ---------------------------------------------------------------------------------------------------------
// Problems: what the checkout reports in `errors`, and what stops an order

/** A Checkout Error is exactly `{type, title, detail, instance}` (no errorCode: the title names what failed). */
function checkoutError(
  type: "checkout" | "shipping" | "payment",
  title: string,
  detail: string,
  instance: string | null,
): CheckoutError {
  return { type: `/commerce/errors/${type}-failure`, title, detail, instance };
}

/** The cart's quantity of each product, over all its lines (a split line counts once per group). */
function wantedByProduct(rated: RatedCart) {
  const wanted = new Map<string, { quantity: number; name: string; itemId: string }>();
  for (const l of rated.view.lines) {
    const w = wanted.get(l.item.product_id) ?? { quantity: 0, name: l.product.name, itemId: l.item.id };
    w.quantity += l.item.quantity;
    wanted.set(l.item.product_id, w);
  }
  return wanted;
}

/** Products the cart holds more of than stock (minus other carts' live reservations) allows. */
export function inventoryErrors(emu: Emu, rated: RatedCart): CheckoutError[] {
  const cart = rated.view.cart;
  if (!inventoryEnabled(emu, cart.webstore_id)) return [];
  const errors: CheckoutError[] = [];
  for (const [productId, w] of wantedByProduct(rated)) {
    const available = availableFor(emu, productId, cart.id);
    if (available !== null && available < w.quantity) {
      errors.push(
        checkoutError(
          "checkout",
          "INSUFFICIENT_INVENTORY",
          `Not enough inventory for ${w.name}: ${w.quantity} requested, ${available} available.`,
          w.itemId,
        ),
      );
    }
  }
  return errors;
}

/** Everything `errors` lists for a ready checkout (GET answers 422 when there is any). */
function integrationErrors(emu: Emu, rated: RatedCart): CheckoutError[] {
  return [...inventoryErrors(emu, rated), ...rated.groups.flatMap((g) => g.errors)];
}

/** A failure of placing the order, answered with the checkout-style body `{orderReferenceNumber, errors}`. */
export class PlaceOrderError extends Error {
  constructor(
    readonly status: 409 | 412 | 422,
    readonly errors: CheckoutError[],
  ) {
    super(errors[0]?.detail ?? "The order can't be placed.");
  }
}

/**
 * Why the order can't be placed yet, checked in the order a shopper fixes things: what is missing (422), who to
 * contact (412), whether the authorised payment still covers the total (409). Stock is checked when it is taken.
 */
function placementProblem(emu: Emu, checkout: CheckoutRow, rated: RatedCart): PlaceOrderError | null {
  const missing: CheckoutError[] = [];
  if (!rated.view.lines.length)
    missing.push(
      checkoutError(
        "checkout",
        "Your cart is empty.",
        "Add items to the cart before placing the order.",
        checkout.cart_id,
      ),
    );
  for (const g of rated.groups.filter((x) => x.lines.length)) {
    if (!hasAddress(g.row))
      missing.push(
        checkoutError("shipping", "Enter a shipping address.", `${g.row.name} has no delivery address.`, g.row.id),
      );
    else if (!g.selected)
      missing.push(
        checkoutError("shipping", "Choose a shipping method.", `${g.row.name} has no delivery method.`, g.row.id),
      );
  }
  missing.push(...rated.groups.flatMap((g) => g.errors));
  const payment = checkoutPayment(emu, checkout.id);
  if (!payment)
    missing.push(
      checkoutError(
        "payment",
        "Enter your payment information.",
        "The checkout has no authorized payment.",
        checkout.id,
      ),
    );
  if (missing.length) return new PlaceOrderError(422, missing);

  const cart = rated.view.cart;
  if (!cart.user_id) {
    const needsPhone =
      emu.store.applicationContext(cart.webstore_id).checkoutSettings?.isGuestCheckoutPhoneNumberRequired === true;
    const absent = [
      !checkout.contact_email && "email",
      !checkout.contact_last_name && "last name",
      needsPhone && !checkout.contact_phone_number && "phone number",
    ].filter(Boolean);
    if (absent.length) {
      return new PlaceOrderError(412, [
        checkoutError(
          "checkout",
          "Enter your contact information.",
          `A guest order needs your ${absent.join(", ")}.`,
          checkout.id,
        ),
      ]);
    }
  }
  if (payment!.amount_cents !== rated.grandTotalCents) {
    return new PlaceOrderError(409, [
      checkoutError(
        "payment",
        "Your order total changed after your payment was authorized.",
        `Authorized ${money(payment!.amount_cents)}, the total is now ${money(rated.grandTotalCents)}. Enter your payment information again.`,
        checkout.id,
      ),
    ]);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Placing the order

function orderInput(emu: Emu, checkout: CheckoutRow, rated: RatedCart, payment: PaymentRow): OrderInput {
  const { view } = rated;
  const cart = view.cart;
  const net = rated.taxType === "Net";
  const itemPromotion = (names: string[]) =>
    view.pricing.promotions.find((p) => p.rule.targetType === "Item" && names.includes(p.rule.displayName));
  const token = payment.payment_token
    ? (emu.db.prepare("SELECT card_type, last4 FROM payment_tokens WHERE token = ?").get(payment.payment_token) as {
        card_type: string;
        last4: string;
      })
    : null;
  return {
    webstoreId: cart.webstore_id,
    ownerUserId: cart.user_id,
    accountId: cart.account_id,
    checkoutId: checkout.id,
    cartId: cart.id,
    currencyIsoCode: cart.currency_iso_code,
    contact: {
      email: checkout.contact_email,
      firstName: checkout.contact_first_name,
      lastName: checkout.contact_last_name,
      phone: checkout.contact_phone_number,
    },
    deliveryGroups: rated.groups
      .filter((g) => g.lines.length)
      .map((g) => ({
        name: g.row.name,
        deliverTo: {
          name: g.row.address_name,
          street: g.row.address_street,
          city: g.row.address_city,
          state: g.row.address_region,
          postalCode: g.row.address_postal_code,
          country: g.row.address_country,
          companyName: g.row.address_company_name,
          phone: g.row.address_phone_number,
        },
        deliveryMethod: { id: g.selected!.id, name: g.selected!.name, carrier: g.selected!.carrier },
        desiredDeliveryDate: g.row.desired_delivery_date?.slice(0, 10) ?? null,
        shippingInstructions: g.row.shipping_instructions,
        isGift: g.row.is_gift === 1,
        giftMessage: g.row.gift_message,
        deliveryCharge:
          g.shippingCents > 0
            ? { amountCents: g.shippingCents, taxCents: net ? g.shippingTaxCents : 0, name: g.selected!.name }
            : null,
        lines: g.lines.map((l) => {
          const promo = itemPromotion(l.priced.promotionDisplayNames);
          return {
            productId: l.item.product_id,
            quantity: l.item.quantity,
            unitPriceCents: l.product.unit_price_cents ?? 0,
            listPriceCents: l.product.list_price_cents,
            // Gross prices already hold their tax, so the order adds none on top.
            taxCents: net ? (g.lineTaxCents.get(l.item.id) ?? 0) : 0,
            productSellingModelId: l.item.product_selling_model_id,
            adjustments:
              l.priced.itemAdjustmentCents < 0
                ? [
                    {
                      displayName: l.priced.promotionDisplayNames.join(", "),
                      amountCents: l.priced.itemAdjustmentCents,
                      promotionId: promo?.rule.id ?? null,
                    },
                  ]
                : [],
          };
        }),
      })),
    adjustments: view.pricing.promotions
      .filter((p) => p.rule.targetType === "Cart" && p.adjustmentCents < 0)
      .map((p) => ({
        displayName: p.rule.displayName,
        amountCents: p.adjustmentCents,
        promotionId: p.rule.id,
        couponCode: p.rule.couponCode,
      })),
    payments: [
      payment.request_type === "SimplePurchaseOrder"
        ? {
            type: "PurchaseOrder",
            purchaseOrderNumber: payment.purchase_order_number,
            amountCents: payment.amount_cents,
          }
        : {
            type: "CreditCard",
            cardBrand: token?.card_type ?? null,
            last4: token?.last4 ?? null,
            gatewayReference: payment.payment_token,
            amountCents: payment.amount_cents,
          },
    ],
  };
}

/**
 * Places the checkout's order, all or nothing, in one IMMEDIATE transaction (it takes SQLite's write lock first,
 * so two placements never interleave, in this process or another on the same file):
 * a session that already has an order answers its number again (idempotent); otherwise it validates, takes the
 * stock (never below what other carts' live reservations hold, never below zero), writes the order, releases the
 * cart's reservation, closes the cart and records the order number on the session.
 */
export function placeOrder(emu: Emu, checkoutId: string): string {
  // On its own: a failed placement must not bring idle sessions' reservations back.
  expireIdleCheckoutsFirst(emu);
  return emu.db
    .transaction(() => {
      const checkout = checkoutRow(emu, checkoutId)!;
      if (checkout.order_reference_number) return checkout.order_reference_number;
      const previous = findOrderByCheckout(emu, checkoutId);
      if (previous) return previous.order_number;

      const cart = cartById(emu, checkout.cart_id)!;
      const rated = rateCart(emu, cart);
      const problem = placementProblem(emu, checkout, rated);
      if (problem) throw problem;

      // A store without inventory tracking sells regardless and leaves the stock figures alone.
      if (inventoryEnabled(emu, cart.webstore_id)) {
        const shortages = inventoryErrors(emu, rated);
        if (shortages.length) throw new PlaceOrderError(412, shortages);
        // The schema's CHECK (on_hand >= 0) is the last guard: were the check above ever wrong, this throws and
        // the whole placement rolls back.
        const take = emu.db.prepare("UPDATE inventory SET on_hand = on_hand - ? WHERE product_id = ?");
        for (const [productId, w] of wantedByProduct(rated)) take.run(w.quantity, productId);
      }

      const orderNumber = nextOrderNumber(emu);
      insertOrder(emu, { ...orderInput(emu, checkout, rated, checkoutPayment(emu, checkout.id)!), orderNumber });
      releaseReservation(emu, cart.id);
      emu.db.prepare("UPDATE carts SET status = 'Closed', updated_at = ? WHERE id = ?").run(emu.clock.now(), cart.id);
      emu.db
        .prepare(
          "UPDATE checkouts SET status = 'Placed', order_reference_number = ?, last_activity_at = ? WHERE id = ?",
        )
        .run(orderNumber, emu.clock.now(), checkout.id);
      return orderNumber;
    })
    .immediate();
}

/** orders/actions "prepare": the checks of placing, then a reservation of the cart's stock. */
function prepareOrder(emu: Emu, checkout: CheckoutRow) {
  expireIdleCheckoutsFirst(emu);
  emu.db
    .transaction(() => {
      const cart = cartById(emu, checkout.cart_id)!;
      const rated = rateCart(emu, cart);
      const problem = placementProblem(emu, checkout, rated);
      if (problem) throw problem;
      if (inventoryEnabled(emu, cart.webstore_id)) {
        try {
          reserve(emu, cart.id, wantedByProduct(rated), reservationSeconds(emu, cart.webstore_id, undefined));
        } catch (err) {
          if (err instanceof ApiError && err.errorCode === "INSUFFICIENT_INVENTORY") {
            throw new PlaceOrderError(412, [checkoutError("checkout", "INSUFFICIENT_INVENTORY", err.message, cart.id)]);
          }
          throw err;
        }
      }
      emu.db.prepare("UPDATE checkouts SET prepared_at = ? WHERE id = ?").run(emu.clock.now(), checkout.id);
    })
    .immediate();
}

// ---------------------------------------------------------------------------------------------------------
// JSON

export function checkoutJson(
  emu: Emu,
  checkout: CheckoutRow,
  rated: RatedCart,
  statusCode: number,
  errors: CheckoutError[],
) {
  const m = (cents: number) => (rated.view.processing ? null : money(cents));
  const { customFields: _omitted, ...summary } = cartSummaryJson(rated.view);
  const now = emu.clock.now();
  return {
    checkoutId: checkout.id,
    cartSummary: {
      ...summary,
      totalChargeAmount: m(rated.shippingCents),
      totalTaxAmount: m(rated.taxCents),
      grandTotalAmount: m(rated.grandTotalCents),
      firstPymtGrandTotalAmount: m(rated.grandTotalCents),
      firstPymtTotalTaxAmount: m(rated.taxCents),
    },
    contactInfo: {
      firstName: checkout.contact_first_name,
      lastName: checkout.contact_last_name,
      email: checkout.contact_email,
      phoneNumber: checkout.contact_phone_number,
    },
    deliveryGroups: {
      count: rated.groups.length,
      items: rated.groups.map((g) => deliveryGroupJson(rated, g, 0, now)),
    },
    errors,
    orderReferenceNumber: checkout.order_reference_number,
    statusCode: String(statusCode),
    customFields: checkout.custom_fields ? JSON.parse(checkout.custom_fields) : [],
  };
}

/**
 * The checkout as the API answers it. A write (start, update) always answers 202: the shipping, tax and pricing
 * calculators run asynchronously on a real org, and its answer is not the calculated checkout (clients poll GET,
 * as the LWR checkout does). A read answers 202 while processing (each read counts as one poll: `asyncPolls`,
 * 0 by default, so the read right after a write finds the calculation done), 422 when ready but with integration
 * errors (the body is still the checkout), else 200.
 */
function respond(ctx: RequestContext, checkout: CheckoutRow, cart: CartRow, mode: "read" | "write") {
  const emu = ctx.emu;
  const key = checkoutKey(checkout.id);
  const processing = mode === "read" ? emu.async.poll(key) : true;
  const rated = emu.db.transaction(() => rateCart(emu, cartById(emu, cart.id)!, processing))();
  const fresh = checkoutRow(emu, checkout.id)!;
  const errors = processing || fresh.status !== "Open" ? [] : integrationErrors(emu, rated);
  const status = processing ? 202 : mode === "read" && errors.length ? 422 : 200;
  const headers: Record<string, string> = processing
    ? { Location: `${webstoreBase(ctx)}/checkouts/${checkout.id}`, "Retry-After": "1" }
    : {};
  return json(checkoutJson(emu, fresh, rated, status, errors), status, headers);
}

// ---------------------------------------------------------------------------------------------------------
// Inputs

const CONTACT_FIELDS = ["firstName", "lastName", "email", "phoneNumber"] as const;
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

function parseContactInfo(emu: Emu, webstoreId: string, input: unknown) {
  if (!input || typeof input !== "object" || Array.isArray(input)) throw invalidInput("contactInfo must be an object.");
  const c = input as Record<string, unknown>;
  for (const key of Object.keys(c)) {
    if (!(CONTACT_FIELDS as readonly string[]).includes(key))
      throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}" in contactInfo.`);
  }
  const out: Record<string, string | null> = {};
  for (const field of CONTACT_FIELDS) {
    const v = c[field];
    if (v === undefined) continue;
    if (v !== null && typeof v !== "string") throw invalidInput(`contactInfo.${field} must be a string.`);
    const trimmed = v?.trim() || null;
    if (trimmed && trimmed.length > (field === "email" ? 80 : 255))
      throw invalidInput(`contactInfo.${field} is too long.`);
    out[field] = trimmed;
  }
  if (out.email && !EMAIL.test(out.email))
    throw invalidInput(`Enter a valid email address, such as name@example.com: ${JSON.stringify(out.email)}.`);
  const skipPhone = emu.store.applicationContext(webstoreId).skipPhoneNumberValidationEnabled === true;
  if (out.phoneNumber && !skipPhone) {
    const digits = out.phoneNumber.replace(/\D/g, "");
    if (!/^[+\d\s().-]+$/.test(out.phoneNumber) || digits.length < 7 || digits.length > 15) {
      throw invalidInput(`Enter a valid phone number: ${JSON.stringify(out.phoneNumber)}.`);
    }
  }
  return out;
}

const ADDRESS_GROUP = ["deliveryAddress", "desiredDeliveryDate", "shippingInstructions"];
const PATCH_GROUPS: Record<string, string[]> = {
  contactInfo: ["contactInfo"],
  address: ADDRESS_GROUP,
  method: ["deliveryMethodId"],
};

/** Exactly one group of changes per PATCH (plus optional customFields); a mixed body is a 400. */
function patchGroup(body: Record<string, unknown>): keyof typeof PATCH_GROUPS | null {
  const keys = Object.keys(body).filter((k) => k !== "customFields");
  for (const k of keys) {
    if (!Object.values(PATCH_GROUPS).flat().includes(k))
      throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${k}".`);
  }
  const groups = Object.keys(PATCH_GROUPS).filter((g) => keys.some((k) => PATCH_GROUPS[g].includes(k)));
  if (groups.length > 1) {
    throw invalidInput(
      "Update one group per request: contactInfo, or deliveryAddress (with desiredDeliveryDate and shippingInstructions), or deliveryMethodId.",
    );
  }
  return (groups[0] as keyof typeof PATCH_GROUPS) ?? null;
}

function parseCustomFields(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalidInput("customFields must be a list.");
  return JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------------------
// Routes

/** Starts a session for the cart, or answers the one it has (410 when that one expired or was cancelled). */
async function startCheckout(ctx: RequestContext) {
  const emu = ctx.emu;
  requireGuestFlag(ctx, "guestCheckoutEnabled");
  const body = await ctx.json();
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The request body must be a JSON object.");
  const cartToken = typeof body.cartId === "string" ? body.cartId.trim() : "";
  if (!cartToken) throw invalidInput("Missing required field: cartId (a cart id or active).");
  const addressInput = body.deliveryAddressInput ?? body.deliveryAddress;
  const customFields = parseCustomFields(body.customFields);

  const cart = requireCart(ctx, cartToken === "current" ? "active" : cartToken);
  const existing = emu.db.prepare("SELECT * FROM checkouts WHERE cart_id = ?").get(cart.id) as CheckoutRow | undefined;
  if (existing) {
    // Ending a stale session is kept even though the answer is an error: the cart is free again.
    const status = refreshLifecycle(emu, existing, cart);
    if (status === "Expired" || status === "Cancelled") throw gone(existing, status);
    touchCheckout(emu, existing.id);
    return respond(ctx, existing, cart, "write");
  }
  const checkout = emu.db.transaction(() => {
    // A PayNowReadOnly cart is checked out like any other: it is the "clone … that the customer can check out with
    // using the Pay Now feature" (ConnectApi.CartType); read-only means its items and coupons, not its checkout.
    if (!["Active", "Checkout"].includes(cart.status)) {
      throw invalidInput(`The cart ${cart.id} is ${cart.status} and can't be checked out.`);
    }
    const lineCount = (
      emu.db.prepare("SELECT count(*) AS n FROM cart_items WHERE cart_id = ?").get(cart.id) as { n: number }
    ).n;
    if (lineCount === 0) throw invalidInput("The cart is empty: add items before starting a checkout.");
    const id = emu.ids("checkout");
    const now = emu.clock.now();
    // A buyer's contact details default to their own; a guest gives them with PATCH contactInfo.
    const user = cart.user_id ? emu.store.user(cart.user_id) : undefined;
    emu.db
      .prepare(
        `INSERT INTO checkouts(id, cart_id, webstore_id, cart_revision, contact_first_name, contact_last_name, contact_email,
           contact_phone_number, custom_fields, created_at, last_activity_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        cart.id,
        cart.webstore_id,
        cart.revision,
        user?.first_name ?? null,
        user?.last_name ?? null,
        user?.email ?? null,
        user?.phone ?? null,
        customFields ?? null,
        now,
        now,
      );
    emu.db.prepare("UPDATE carts SET status = 'Checkout', updated_at = ? WHERE id = ?").run(now, cart.id);
    const target = defaultGroup(emu, cart.id);
    if (addressInput !== undefined && addressInput !== null) {
      updateGroup(emu, target.id, parseDeliveryAddress(emu, cart, addressInput, "deliveryAddressInput"));
    }
    // Groups with an address but no usable method are rated with the cheapest one, as the shipping calculator does.
    const rated = rateCart(emu, cartById(emu, cart.id)!);
    for (const g of rated.groups) if (hasAddress(g.row) && !g.selected) selectCheapestMethod(emu, rated.view, g.row);
    emu.async.begin(checkoutKey(id));
    return checkoutRow(emu, id)!;
  })();
  return respond(ctx, checkout, cart, "write");
}

async function patchCheckout(ctx: RequestContext) {
  const emu = ctx.emu;
  const body = await ctx.json();
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The request body must be a JSON object.");
  const group = patchGroup(body);
  const customFields = parseCustomFields(body.customFields);
  if (!group && customFields === undefined)
    throw invalidInput("Nothing to update: send contactInfo, deliveryAddress or deliveryMethodId.");
  const { checkout, cart } = openCheckout(ctx, ctx.params.activeOrCheckoutId);
  emu.db.transaction(() => {
    if (group === "contactInfo") {
      const c = parseContactInfo(emu, ctx.webstoreId, body.contactInfo);
      const columns: Record<string, string> = {
        firstName: "contact_first_name",
        lastName: "contact_last_name",
        email: "contact_email",
        phoneNumber: "contact_phone_number",
      };
      for (const [field, value] of Object.entries(c))
        emu.db.prepare(`UPDATE checkouts SET ${columns[field]} = ? WHERE id = ?`).run(value, checkout.id);
    }
    if (group === "address") {
      const target = defaultGroup(emu, cart.id);
      const changes: Record<string, unknown> = {};
      if (body.deliveryAddress !== undefined)
        Object.assign(changes, parseDeliveryAddress(emu, cart, body.deliveryAddress));
      if (body.desiredDeliveryDate !== undefined)
        changes.desired_delivery_date = parseDesiredDate(body.desiredDeliveryDate);
      if (body.shippingInstructions !== undefined) {
        if (body.shippingInstructions !== null && typeof body.shippingInstructions !== "string")
          throw invalidInput("shippingInstructions must be a string.");
        changes.shipping_instructions = body.shippingInstructions?.trim() || null;
      }
      updateGroup(emu, target.id, changes);
      // A new address re-rates the shipment: the cheapest method that ships there is selected.
      if (body.deliveryAddress !== undefined) {
        const rated = rateCart(emu, cart);
        selectCheapestMethod(emu, rated.view, rated.groups.find((g) => g.row.id === target.id)!.row);
      }
    }
    if (group === "method") {
      const target = defaultGroup(emu, cart.id);
      const method = methodForCountry(emu, body.deliveryMethodId, target.address_country);
      updateGroup(emu, target.id, { delivery_method_id: method.id });
      // Another method means another total: the authorised payment no longer matches.
      clearPayment(emu, checkout.id);
    }
    if (customFields !== undefined)
      emu.db.prepare("UPDATE checkouts SET custom_fields = ? WHERE id = ?").run(customFields, checkout.id);
    touchCheckout(emu, checkout.id);
  })();
  emu.async.begin(checkoutKey(checkout.id));
  return respond(ctx, checkout, cart, "write");
}

/** Checkout coupons are the cart's coupons: the request goes to the cart-coupons resource of the checkout's cart. */
async function delegateToCartCoupons(
  r: Router,
  ctx: RequestContext,
  method: "POST" | "DELETE",
  cart: CartRow,
  couponId?: string,
  body?: unknown,
) {
  const path = `${webstoreBase(ctx)}/carts/${cart.id}/cart-coupons${couponId ? `/${encodeURIComponent(couponId)}` : ""}`;
  const { hit } = r.match(method, path);
  if (!hit) throw new ApiError(404, "NOT_FOUND", "The requested resource does not exist");
  return hit.route.handler({
    ...ctx,
    params: hit.params,
    json: (() => Promise.resolve(body)) as RequestContext["json"],
  });
}

function orderFailure(err: PlaceOrderError) {
  return json({ orderReferenceNumber: null, errors: err.errors }, err.status);
}

export function checkoutRoutes(r: Router, emu: Emu) {
  r.webstore("PUT", "checkouts", { since: 57 }, startCheckout);
  r.webstore("POST", "checkouts", { since: 55 }, startCheckout);

  r.webstore("GET", "checkouts/:activeOrCheckoutId", { since: 55 }, (ctx) => {
    const { checkout, cart } = liveCheckout(ctx, ctx.params.activeOrCheckoutId);
    touchCheckout(emu, checkout.id);
    return respond(ctx, checkout, cart, "read");
  });

  r.webstore("PATCH", "checkouts/:activeOrCheckoutId", { since: 55 }, patchCheckout);

  // Deleting also clears the payment and billing address (they live on the session) and hands the cart back.
  r.webstore("DELETE", "checkouts/:activeOrCheckoutId", { since: 55 }, (ctx) => {
    const { checkout } = findCheckout(ctx, ctx.params.activeOrCheckoutId);
    emu.db.transaction(() => {
      if (checkout.status === "Placed") return; // the order stays answerable by its session
      emu.db.prepare("DELETE FROM checkouts WHERE id = ?").run(checkout.id);
      releaseReservation(emu, checkout.cart_id);
      emu.db.prepare("UPDATE carts SET status = 'Active' WHERE id = ? AND status = 'Checkout'").run(checkout.cart_id);
    })();
    return noContent();
  });

  r.webstore("POST", "checkouts/:activeOrCheckoutId/coupons", { since: 61, until: 62 }, async (ctx) => {
    // Checkout Coupon Input is {"couponCodes": ["X"]}: a list that takes a single code.
    const body = await ctx.json();
    if (!Array.isArray(body?.couponCodes) || body.couponCodes.length === 0)
      throw invalidInput("couponCodes is required: a list with one coupon code.");
    if (body.couponCodes.length > 1) throw invalidInput("Only a single coupon code is supported.");
    const code = body.couponCodes[0];
    const { checkout, cart } = openCheckout(ctx, ctx.params.activeOrCheckoutId);
    const res = await delegateToCartCoupons(r, ctx, "POST", cart, undefined, { couponCode: code });
    // Before 63.0 the cart's coupons cancel a checkout; through the checkout a coupon change never does.
    emu.db.transaction(() => keepCheckoutAfterCouponChange(emu, cart))();
    emu.async.begin(checkoutKey(checkout.id));
    // Applying a coupon recalculates the checkout: accepted (202) once the cart took the coupon.
    return json(await res.json(), res.ok ? 202 : res.status);
  });

  r.webstore("DELETE", "checkouts/:activeOrCheckoutId/coupons/:couponId", { since: 61, until: 62 }, async (ctx) => {
    const { checkout, cart } = openCheckout(ctx, ctx.params.activeOrCheckoutId);
    const res = await delegateToCartCoupons(r, ctx, "DELETE", cart, ctx.params.couponId);
    emu.db.transaction(() => keepCheckoutAfterCouponChange(emu, cart))();
    emu.async.begin(checkoutKey(checkout.id));
    // "202: Accepted DELETE" (connect_resources_commerce_webstore_coupon_delete.htm): the checkout recalculates.
    return res.ok ? new Response(null, { status: 202 }) : res;
  });

  r.webstore("POST", "checkouts/:activeOrCheckoutId/orders", { since: 55 }, (ctx) => {
    const { checkout } = liveCheckout(ctx, ctx.params.activeOrCheckoutId);
    // A placed session answers its order again before anything else: a retried request never fails.
    if (checkout.order_reference_number)
      return json({ orderReferenceNumber: checkout.order_reference_number, errors: [] }, 201);
    openCheckout(ctx, checkout.id);
    try {
      return json({ orderReferenceNumber: placeOrder(emu, checkout.id), errors: [] }, 201);
    } catch (err) {
      if (err instanceof PlaceOrderError) return orderFailure(err);
      throw err;
    }
  });

  r.webstore("POST", "checkouts/:activeOrCheckoutId/orders/actions", { since: 64 }, async (ctx) => {
    if (emu.store.applicationContext(ctx.webstoreId).placeOrderV2Enabled !== true) {
      throw new ApiError(
        403,
        "API_DISABLED_FOR_ORG",
        "Place order actions need placeOrderV2Enabled in the store's checkout settings.",
      );
    }
    const body = await ctx.json();
    const actions = body?.actions;
    if (!Array.isArray(actions) || actions.length === 0 || actions.length > 2)
      throw invalidInput("actions is required: one or two of {action: prepare | submit, parameters?}.");
    for (const [i, a] of actions.entries()) {
      if (!a || (a.action !== "prepare" && a.action !== "submit"))
        throw invalidInput(`actions[${i}].action must be prepare or submit.`);
      if (
        a.parameters !== undefined &&
        (a.parameters === null || typeof a.parameters !== "object" || Array.isArray(a.parameters))
      ) {
        throw invalidInput(`actions[${i}].parameters must be an object.`);
      }
    }
    const { checkout } = liveCheckout(ctx, ctx.params.activeOrCheckoutId);
    const results: {
      action: string;
      status: "Success" | "Failed";
      orderReferenceNumber: string | null;
      errors: CheckoutError[];
    }[] = [];
    let orderReferenceNumber = checkout.order_reference_number;
    for (const { action } of actions as { action: "prepare" | "submit" }[]) {
      try {
        if (!orderReferenceNumber) {
          openCheckout(ctx, checkout.id);
          if (action === "prepare") prepareOrder(emu, checkoutRow(emu, checkout.id)!);
          else orderReferenceNumber = placeOrder(emu, checkout.id);
        }
        results.push({ action, status: "Success", orderReferenceNumber: null, errors: [] });
      } catch (err) {
        if (!(err instanceof PlaceOrderError) && !(err instanceof ApiError)) throw err;
        const errors =
          err instanceof PlaceOrderError
            ? err.errors
            : [checkoutError("checkout", err.errorCode, err.message, checkout.id)];
        results.push({ action, status: "Failed", orderReferenceNumber: null, errors });
        break; // a later action builds on this one
      }
    }
    touchCheckout(emu, checkout.id);
    // Once the order exists every successful result names it: clients read it from the first result.
    for (const res of results) if (res.status === "Success") res.orderReferenceNumber = orderReferenceNumber;
    const failed = results.some((x) => x.status === "Failed");
    return json({ actions: results }, failed ? 422 : 200);
  });
}

export const checkoutsModule: EmulatorModule = { name: "checkouts", routes: checkoutRoutes };
