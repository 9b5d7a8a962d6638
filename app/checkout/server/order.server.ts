/**
 * Addresses as the API takes them, paying (the card's gateway token) and placing the order once.
 */
import {
  toCheckoutAddress,
  type ApplicationContext,
  type CheckoutAddressInput,
  type JsonObject,
  type WebstoreClient,
} from "../../../server/webstore/index";
import { addressFromApi, orderNumberFrom, postalFields, type CheckoutAddress } from "~/checkout/model/index";
import { apiCardType, cardBrand } from "~/checkout/model/cards";
import { orderNumberOf } from "./active.server";
import type { CheckoutShop } from "./session.server";

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

/**
 * The billing address of a payment request: a Checkout Address Input's fields (Checkout Payment Input), no ids and
 * no phone (the page says a phone, `shipToPhoneNumber`, is ignored in a payment request; `phoneNumber` and `email`
 * are no field of it, and an org refuses unknown fields).
 */
export function billingAddressJson(address: CheckoutAddress): JsonObject {
  const fields = {
    name: address.name ?? ([address.firstName, address.lastName].filter(Boolean).join(" ") || null),
    ...postalFields(address),
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
 * shopper typed (checkout/model/cards). A refused card rejects with the client's FetchError (422, the refused fields in its
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

/** Place-order v2 at this API version and store: `placeOrderV2Enabled`, and orders/actions exists (64.0+). */
export function placesOrderByActions(shop: Pick<CheckoutShop, "client">, context: ApplicationContext): boolean {
  return context.placeOrderV2Enabled === true && shop.client.apiVersion >= 64;
}

/**
 * Place-order v2's first step, before the payment (b2b-comm-checkout-place-order-action-api: "Call Prepare before
 * payments. Process payments. Call Submit after payments."), one action in its own request: the API validates the
 * checkout and holds its stock. A failure (422, the failed action's errors in the body) rejects with the client's
 * FetchError. Nothing is sent where the store places orders the v1 way.
 */
export async function prepareOrder(
  shop: Pick<CheckoutShop, "client">,
  checkoutId: string,
  context: ApplicationContext,
): Promise<void> {
  if (!placesOrderByActions(shop, context)) return;
  await shop.client.orderActions(checkoutId, [{ action: "prepare" }]);
}

/**
 * Places the order once, after the payment: v2's submit on its own (prepared before paying) when the store places
 * orders by actions, else v1. The API answers a repeated submit with the same order; when two submits race and one
 * is refused because the other placed the order, the checkout is read again and its order is the answer.
 */
export async function placeOrderOnce(
  shop: Pick<CheckoutShop, "client">,
  checkoutId: string,
  context: ApplicationContext,
): Promise<string> {
  try {
    const answer = placesOrderByActions(shop, context)
      ? await shop.client.orderActions(checkoutId, [{ action: "submit" }])
      : await shop.client.placeOrder(checkoutId);
    const orderNumber = orderNumberFrom(answer);
    if (orderNumber) return orderNumber;
    throw new Error("The order was accepted without an order reference number.");
  } catch (error) {
    const placed = await shop.client.getCheckout(checkoutId).then(
      (answer) => orderNumberOf(answer.data),
      () => null,
    );
    if (placed) return placed;
    throw error;
  }
}
