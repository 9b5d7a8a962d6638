import { cartById, keepCheckoutAfterCouponChange, requireCart, type CartRow } from "../carts/store.js";
import { cartSummaryJson, summaryOf } from "../carts/view.js";
import { requireGuestFlag } from "../core/context.js";
import {
  defaultGroup,
  updateGroup,
  hasAddress,
  checkoutRow,
  touchCheckout,
  clearPayment,
  checkoutOfCart,
  cartLineCount,
  insertCheckout,
  cartIntoCheckout,
  setCheckoutColumn,
  setCheckoutCustomFields,
  deleteCheckout,
  cartOutOfCheckout,
  type CheckoutRow,
} from "./store.js";
import {
  groupRatingJson,
  rateCart,
  rateCheckout,
  type CheckoutError,
  type CheckoutRating,
  type RatedCart,
} from "./delivery-group-rating.js";
import {
  methodForCountry,
  parseDeliveryAddress,
  parseDesiredDate,
  selectCheapestMethod,
} from "./delivery-group-inputs.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { inWriteTransaction } from "../core/db.js";
import { json, noContent } from "../core/http.js";
import { releaseReservation } from "../catalog/inventory.js";
import { money } from "../core/money.js";
import { webstoreBase, type RequestContext, type Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";
import {
  integrationErrors,
  PlaceOrderError,
  placeOrder,
  placeOrderHere,
  prepareOrder,
  checkoutError,
} from "./place-order.js";
import {
  beginCalculation,
  checkoutKey,
  refreshLifecycle,
  gone,
  openCheckout,
  requireChangeable,
  liveCheckout,
  findCheckout,
  expireIdleCheckoutsFirst,
  idleCutoff,
} from "./session.js";

/**
 * Checkout sessions: start (PUT/POST checkouts), read (GET, with 202 / 404 / 410 / 422), update (PATCH, one group
 * of changes per call), delete, checkout coupons, and placing the order (orders, orders/actions).
 *
 * Life of a session: Open → Placed, or Open → Expired (idle longer than CHECKOUT_IDLE_SECONDS on the virtual
 * clock) / Cancelled (its cart was edited: the cart resources bump carts.revision). Expired and cancelled
 * sessions answer 410 until deleted, so the client's "delete and start again" path is the way out.
 *
 * The routes and shapes are here; the lifecycle is session.ts, the order's checks and writing place-order.ts.
 */

// ---------------------------------------------------------------------------------------------------------
// JSON

/** The checkout's rating from the cart's full view (rateCart): what a cart short of stock is rated with. */
function checkoutRatingOf(rated: RatedCart): CheckoutRating {
  return {
    cart: rated.view.cart,
    processing: rated.view.processing,
    summary: summaryOf(rated.view),
    groups: rated.groups,
    shippingCents: rated.shippingCents,
    taxCents: rated.taxCents,
    grandTotalCents: rated.grandTotalCents,
    taxType: rated.taxType,
    errors: integrationErrors(rated),
  };
}

export function checkoutJson(
  emu: Emu,
  checkout: CheckoutRow,
  rating: CheckoutRating,
  statusCode: number,
  errors: CheckoutError[],
) {
  const m = (cents: number) => (rating.processing ? null : money(cents));
  const { customFields: _omitted, ...summary } = cartSummaryJson(rating.summary);
  const now = emu.clock.now();
  return {
    checkoutId: checkout.id,
    cartSummary: {
      ...summary,
      totalChargeAmount: m(rating.shippingCents),
      totalTaxAmount: m(rating.taxCents),
      grandTotalAmount: m(rating.grandTotalCents),
      firstPymtGrandTotalAmount: m(rating.grandTotalCents),
      firstPymtTotalTaxAmount: m(rating.taxCents),
    },
    contactInfo: {
      firstName: checkout.contact_first_name,
      lastName: checkout.contact_last_name,
      email: checkout.contact_email,
      phoneNumber: checkout.contact_phone_number,
    },
    deliveryGroups: {
      count: rating.groups.length,
      items: rating.groups.map((g) => groupRatingJson(rating, g, now, null)),
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
 * as the LWR checkout does). A read answers 202 while the calculation lasts (`checkoutSeconds` of the virtual clock
 * or `checkoutPolls` reads, whichever runs out first; by default it is over by the next call, as an org's:
 * docs/emulator-checkout.md, "Async"), 422 when ready but with integration errors (the body is still the checkout),
 * else 200.
 */
function respond(ctx: RequestContext, checkout: CheckoutRow, cart: CartRow, mode: "read" | "write") {
  const emu = ctx.emu;
  const key = checkoutKey(checkout.id);
  const processing = mode === "read" ? emu.async.poll(key) : true;
  // A write changed the rows since they were read (a started session's cart is in Checkout; an update changed the
  // session), so they are read again. A read answers from the rows its lookup read in the same transaction: only
  // the session's last activity changed since, which the answer doesn't show.
  const current = mode === "write" ? cartById(emu, cart.id)! : cart;
  // Rated from the cart's running totals and recorded prices (rateCheckout): a long cart's read costs no catalog reads.
  const rated = inWriteTransaction(emu.db, () => rateCheckout(emu, current, processing, checkoutRatingOf));
  const fresh = mode === "write" ? checkoutRow(emu, checkout.id)! : checkout;
  const errors = processing || fresh.status !== "Open" ? [] : rated.errors;
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

  // The lookups, the new session's writes and the answer's rating in one write transaction (inWriteTransaction).
  return inWriteTransaction(emu.db, () => {
    const cart = requireCart(ctx, cartToken === "current" ? "active" : cartToken);
    const existing = checkoutOfCart(emu, cart.id);
    if (existing) {
      // Ending a stale session is kept even though the answer is an error: the cart is free again.
      const status = refreshLifecycle(emu, existing, cart);
      if (status === "Expired" || status === "Cancelled") throw gone(existing, status);
      touchCheckout(emu, existing.id);
      return respond(ctx, existing, cart, "write");
    }
    // A new session: every check comes before the first write, so a refused one leaves nothing (no savepoint needed).
    // A PayNowReadOnly cart is checked out like any other: it is the "clone … that the customer can check out with
    // using the Pay Now feature" (ConnectApi.CartType); read-only means its items and coupons, not its checkout.
    if (!["Active", "Checkout"].includes(cart.status)) {
      throw invalidInput(`The cart ${cart.id} is ${cart.status} and can't be checked out.`);
    }
    const lineCount = cartLineCount(emu, cart.id);
    if (lineCount === 0) throw invalidInput("The cart is empty: add items before starting a checkout.");
    const address =
      addressInput !== undefined && addressInput !== null
        ? parseDeliveryAddress(emu, cart, addressInput, "deliveryAddressInput")
        : null;
    const id = emu.ids("checkout");
    const now = emu.clock.now();
    // A buyer's contact details default to their own; a guest gives them with PATCH contactInfo.
    const user = cart.user_id ? emu.store.user(cart.user_id) : undefined;
    insertCheckout(
      emu,
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
    cartIntoCheckout(emu, now, cart.id);
    const target = defaultGroup(emu, cart.id);
    if (address) updateGroup(emu, target.id, address);
    // Groups with an address but no usable method are rated with the cheapest one, as the shipping calculator does.
    const rated = rateCart(emu, cartById(emu, cart.id)!);
    for (const g of rated.groups) if (hasAddress(g.row) && !g.selected) selectCheapestMethod(emu, rated.view, g.row);
    beginCalculation(emu, id);
    return respond(ctx, checkoutRow(emu, id)!, cart, "write");
  });
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
  // The lookup, the update and the answer's rating in one write transaction (inWriteTransaction); the update is a
  // savepoint inside it, so an invalid input still leaves none of its writes.
  return inWriteTransaction(emu.db, () => {
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
        for (const [field, value] of Object.entries(c)) setCheckoutColumn(emu, columns[field], value, checkout.id);
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
      if (customFields !== undefined) setCheckoutCustomFields(emu, customFields, checkout.id);
      touchCheckout(emu, checkout.id);
    })();
    // Contact information "triggers no calculators" (Update Checkout Information): nothing is left processing.
    // An address runs shipping and tax, a delivery method tax: the reads after them answer 202 for a while.
    if (group !== "contactInfo") beginCalculation(emu, checkout.id);
    return respond(ctx, checkout, cart, "write");
  });
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

/** A placement that threw, carrying what it threw out of the transaction it rolls back. */
class PlacementFailed extends Error {
  constructor(readonly cause: unknown) {
    super("placing the order failed");
  }
}

function orderFailure(err: PlaceOrderError) {
  return json({ orderReferenceNumber: null, errors: err.errors }, err.status);
}

export function checkoutRoutes(r: Router, emu: Emu) {
  r.webstore("PUT", "checkouts", { since: 57 }, startCheckout);
  r.webstore("POST", "checkouts", { since: 55 }, startCheckout);

  // Lookup, touch and rating in one write transaction (inWriteTransaction): a dozen reads share its lock, and the
  // rows the lookup read are the ones the answer shows.
  r.webstore("GET", "checkouts/:activeOrCheckoutId", { since: 55 }, (ctx) =>
    inWriteTransaction(emu.db, () => {
      const { checkout, cart } = liveCheckout(ctx, ctx.params.activeOrCheckoutId);
      touchCheckout(emu, checkout.id);
      return respond(ctx, checkout, cart, "read");
    }),
  );

  r.webstore("PATCH", "checkouts/:activeOrCheckoutId", { since: 55 }, patchCheckout);

  // Deleting also clears the payment and billing address (they live on the session) and hands the cart back.
  r.webstore("DELETE", "checkouts/:activeOrCheckoutId", { since: 55 }, (ctx) => {
    const { checkout } = findCheckout(ctx, ctx.params.activeOrCheckoutId);
    emu.db.transaction(() => {
      if (checkout.status === "Placed") return; // the order stays answerable by its session
      deleteCheckout(emu, checkout.id);
      releaseReservation(emu, checkout.cart_id);
      cartOutOfCheckout(emu, checkout.cart_id);
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
    beginCalculation(emu, checkout.id);
    // Applying a coupon recalculates the checkout: accepted (202) once the cart took the coupon.
    return json(await res.json(), res.ok ? 202 : res.status);
  });

  r.webstore("DELETE", "checkouts/:activeOrCheckoutId/coupons/:couponId", { since: 61, until: 62 }, async (ctx) => {
    const { checkout, cart } = openCheckout(ctx, ctx.params.activeOrCheckoutId);
    const res = await delegateToCartCoupons(r, ctx, "DELETE", cart, ctx.params.couponId);
    emu.db.transaction(() => keepCheckoutAfterCouponChange(emu, cart))();
    beginCalculation(emu, checkout.id);
    // "202: Accepted DELETE" (connect_resources_commerce_webstore_coupon_delete.htm): the checkout recalculates.
    return res.ok ? new Response(null, { status: 202 }) : res;
  });

  // The lookup and the placement in one write transaction (inWriteTransaction): the placement uses the session and
  // cart rows the lookup read instead of reading them again, and a dozen reads share the write's lock. What
  // placeOrder does in two transactions (idle sessions' expiry committed, then the placement, all or nothing) holds:
  // a placement that throws rolls the whole transaction back, and the expiry is then done again on its own.
  r.webstore("POST", "checkouts/:activeOrCheckoutId/orders", { since: 55 }, (ctx) => {
    let activeSince: number | undefined;
    try {
      return inWriteTransaction(emu.db, () => {
        const { checkout, cart } = liveCheckout(ctx, ctx.params.activeOrCheckoutId);
        // A placed session answers its order again before anything else: a retried request never fails.
        if (checkout.order_reference_number)
          return json({ orderReferenceNumber: checkout.order_reference_number, errors: [] }, 201);
        // Nothing ran since the lookup: openCheckout's checks on the same row, instead of finding the session again.
        requireChangeable(emu, checkout);
        activeSince = idleCutoff(emu);
        try {
          return json({ orderReferenceNumber: placeOrderHere(emu, checkout, cart, activeSince), errors: [] }, 201);
        } catch (err) {
          // Not an ApiError, whatever it wraps: inWriteTransaction rolls back (an ApiError would commit).
          throw new PlacementFailed(err);
        }
      });
    } catch (err) {
      if (!(err instanceof PlacementFailed)) throw err;
      expireIdleCheckoutsFirst(emu, activeSince);
      if (err.cause instanceof PlaceOrderError) return orderFailure(err.cause);
      throw err.cause;
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
    // One action a request: the guide's "The request must include an action in the body: prepare or submit", to be
    // called apart ("Call Prepare before payments. Process payments. Call Submit after payments."), and the list
    // input's `actions` holds "Details of the action" (Checkout Order Action List Input). The message is [I].
    if (!Array.isArray(actions) || actions.length !== 1)
      throw invalidInput("actions is required: exactly one {action: prepare | submit, parameters?}.");
    const [{ action, parameters }] = actions as { action?: unknown; parameters?: unknown }[];
    if (action !== "prepare" && action !== "submit") throw invalidInput("actions[0].action must be prepare or submit.");
    if (
      parameters !== undefined &&
      (parameters === null || typeof parameters !== "object" || Array.isArray(parameters))
    )
      throw invalidInput("actions[0].parameters must be an object.");
    const { checkout } = liveCheckout(ctx, ctx.params.activeOrCheckoutId);
    let orderReferenceNumber = checkout.order_reference_number;
    let errors: CheckoutError[] = [];
    // Still calculating: 409 CHECKOUT_CONFLICT, as every checkout call then ("Handle Asynchronous Processing").
    if (!orderReferenceNumber) openCheckout(ctx, checkout.id);
    try {
      // A placed session answers its order again: a repeated submit (or a prepare after it) succeeds.
      if (!orderReferenceNumber) {
        if (action === "prepare") prepareOrder(emu, checkoutRow(emu, checkout.id)!);
        else orderReferenceNumber = placeOrder(emu, checkout.id);
      }
    } catch (err) {
      if (!(err instanceof PlaceOrderError) && !(err instanceof ApiError)) throw err;
      errors =
        err instanceof PlaceOrderError
          ? err.errors
          : [checkoutError("checkout", err.errorCode, err.message, checkout.id)];
    }
    touchCheckout(emu, checkout.id);
    const failed = errors.length > 0;
    const result = {
      action,
      status: failed ? "Failed" : "Success",
      // Once the order exists a successful result names it.
      orderReferenceNumber: failed ? null : orderReferenceNumber,
      errors,
    };
    return json({ actions: [result] }, failed ? 422 : 200);
  });
}

export const checkoutsModule: EmulatorModule = { name: "checkouts", routes: checkoutRoutes };
