import { cartById, type CartRow, closeCart } from "../carts/store.js";
import { rateCart, type CheckoutError, type RatedCart } from "./delivery-group-rating.js";
import { ApiError } from "../core/errors.js";
import { inventoryEnabled, releaseReservation, reservationSeconds, reserve } from "../catalog/inventory.js";
import { money } from "../core/money.js";
import { writeOrder, nextOrderNumber, findOrderByCheckout, type OrderInput } from "../orders/store.js";
import type { Emu } from "../core/state.js";
import { expireIdleCheckoutsFirst, expireIdleCheckoutsHere } from "./session.js";
import {
  hasAddress,
  checkoutPayment,
  checkoutRow,
  paymentTokenCard,
  stockTake,
  markCheckoutPlaced,
  markCheckoutPrepared,
  type CheckoutRow,
  type PaymentRow,
} from "./store.js";

/**
 * Placing the order (orders, orders/actions): the problems a checkout reports in `errors` and those that stop an
 * order, then the one transaction that writes the order, takes the stock and closes the session.
 */

// ---------------------------------------------------------------------------------------------------------
// Problems: what the checkout reports in `errors`, and what stops an order

/** A Checkout Error is exactly `{type, title, detail, instance}` (no errorCode: the title names what failed). */
export function checkoutError(
  type: "checkout" | "shipping" | "payment",
  title: string,
  detail: string,
  instance: string | null,
): CheckoutError {
  return { type: `/commerce/errors/${type}-failure`, title, detail, instance };
}

/**
 * The cart's quantity of each product, over all its lines (a split line counts once per group), with what the
 * cart view found available of it (the same for every line of a product).
 */
function wantedByProduct(rated: RatedCart) {
  const wanted = new Map<string, { quantity: number; name: string; itemId: string; available: number | null }>();
  for (const l of rated.view.lines) {
    const w = wanted.get(l.item.product_id) ?? {
      quantity: 0,
      name: l.product.name,
      itemId: l.item.id,
      available: l.available,
    };
    w.quantity += l.item.quantity;
    wanted.set(l.item.product_id, w);
  }
  return wanted;
}

/**
 * Products the cart holds more of than stock (minus other carts' live reservations) allows. The cart view read
 * what is available in this request (in placeOrder's transaction, with nothing written since), so it isn't read
 * again here; a store that doesn't track stock has none.
 */
export function inventoryErrors(rated: RatedCart): CheckoutError[] {
  if (!rated.view.tracksStock) return [];
  const errors: CheckoutError[] = [];
  for (const w of wantedByProduct(rated).values()) {
    const available = w.available;
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
export function integrationErrors(rated: RatedCart): CheckoutError[] {
  return [...inventoryErrors(rated), ...rated.groups.flatMap((g) => g.errors)];
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
function placementProblem(
  emu: Emu,
  checkout: CheckoutRow,
  rated: RatedCart,
  payment = checkoutPayment(emu, checkout.id),
  paymentDue = true,
): PlaceOrderError | null {
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
  if (paymentDue && !payment)
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
  // A payment authorised before a prepare (a client that orders them so) is still checked against the total.
  if (payment && payment.amount_cents !== rated.grandTotalCents) {
    return new PlaceOrderError(409, [
      checkoutError(
        "payment",
        "Your order total changed after your payment was authorized.",
        `Authorized ${money(payment.amount_cents)}, the total is now ${money(rated.grandTotalCents)}. Enter your payment information again.`,
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
  const token = payment.payment_token ? paymentTokenCard(emu, payment.payment_token) : null;
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
        giftToName: g.row.gift_to_name,
        deliveryCharge:
          g.shippingCents > 0
            ? { amountCents: g.shippingCents, taxCents: net ? g.shippingTaxCents : 0, name: g.selected!.name }
            : null,
        lines: g.lines.map((l) => {
          const promo = itemPromotion(l.priced.promotionDisplayNames);
          return {
            productId: l.item.product_id,
            // The catalog row the cart view read in this transaction: the order keeps its name and SKU.
            name: l.product.name,
            sku: l.product.sku,
            quantity: l.item.quantity,
            unitPriceCents: l.product.unit_price_cents ?? 0,
            listPriceCents: l.product.list_price_cents,
            // Gross prices already hold their tax, so the order adds none on top.
            taxCents: net ? (g.lineTaxCents.get(l.item.id) ?? 0) : 0,
            productSellingModelId: l.item.product_selling_model_id,
            subscriptionTerm: l.item.subscription_term,
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
      return placeLocked(emu, checkout, cartById(emu, checkout.cart_id)!);
    })
    .immediate();
}

/**
 * placeOrder inside the caller's IMMEDIATE transaction, for an open session (no order yet) and its cart that the
 * caller read in that transaction: they are still current unless the idle sessions' expiry changed something,
 * so they are read again only then. The caller rolls back whole when this throws, and then ends the idle sessions
 * again with the same `activeSince` (expireIdleCheckoutsFirst), as placeOrder's expiry is committed on its own.
 */
export function placeOrderHere(emu: Emu, checkout: CheckoutRow, cart: CartRow, activeSince: number): string {
  if (expireIdleCheckoutsHere(emu, activeSince)) {
    checkout = checkoutRow(emu, checkout.id)!;
    if (checkout.order_reference_number) return checkout.order_reference_number;
    cart = cartById(emu, checkout.cart_id)!;
  }
  return placeLocked(emu, checkout, cart);
}

/** The placement of an open session's order, in the write transaction that read `checkout` and `cart`. */
function placeLocked(emu: Emu, checkout: CheckoutRow, cart: CartRow): string {
  const previous = findOrderByCheckout(emu, checkout.id);
  if (previous) return previous.order_number;

  const rated = rateCart(emu, cart);
  // Read once: checked here, written into the order below (nothing in between touches it).
  const payment = checkoutPayment(emu, checkout.id);
  const problem = placementProblem(emu, checkout, rated, payment);
  if (problem) throw problem;

  // A store without inventory tracking sells regardless and leaves the stock figures alone.
  if (rated.view.tracksStock) {
    const shortages = inventoryErrors(rated);
    if (shortages.length) throw new PlaceOrderError(412, shortages);
    // The schema's CHECK (on_hand >= 0) is the last guard: were the check above ever wrong, this throws and
    // the whole placement rolls back.
    const take = stockTake(emu);
    for (const [productId, w] of wantedByProduct(rated)) take.run(w.quantity, productId);
  }

  const orderNumber = nextOrderNumber(emu);
  // Within this transaction, which rolls back whole if the order can't be written (no savepoint needed).
  writeOrder(emu, { ...orderInput(emu, checkout, rated, payment!), orderNumber });
  releaseReservation(emu, cart.id);
  closeCart(emu, cart.id, emu.clock.now());
  markCheckoutPlaced(emu, orderNumber, emu.clock.now(), checkout.id);
  return orderNumber;
}

/** orders/actions "prepare": the checks of placing, then a reservation of the cart's stock. */
export function prepareOrder(emu: Emu, checkout: CheckoutRow) {
  expireIdleCheckoutsFirst(emu);
  emu.db
    .transaction(() => {
      const cart = cartById(emu, checkout.cart_id)!;
      const rated = rateCart(emu, cart);
      // The guide orders prepare before the payment (b2b-comm-checkout-place-order-action-api: "Call Prepare before
      // payments. Process payments. Call Submit after payments."): only submit needs an authorised payment.
      const problem = placementProblem(emu, checkout, rated, undefined, false);
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
      markCheckoutPrepared(emu, emu.clock.now(), checkout.id);
    })
    .immediate();
}
