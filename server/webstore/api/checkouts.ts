/** Checkout sessions, payments and order placement (spec §7 "Checkouts"). Ids default to `active`. */
import type { Async } from "../async-wait.js";
import { type ClientCore, documentedAt, required, send, sendAsync } from "../core.js";
import {
  NULL_CHECKOUTID,
  SESSION_NOT_LOADED,
  SSR_CHECKOUT_RETRY,
  SSR_FAST_CHECKOUT,
  WebstoreError,
  isFetchError,
  isUnavailable,
} from "../errors.js";
import { path } from "../http.js";
import type { Checkout, JsonObject, JsonValue, PaymentToken, PostalAddressFields } from "../types/index.js";

/** `phoneNumber` is sent as `shipToPhoneNumber`, the API's name for it on delivery addresses. */
export interface CheckoutAddressInput extends PostalAddressFields {
  id?: string;
  /** The saved address's id; sent as `id`. */
  addressId?: string;
  shouldUseDefaultAddress?: boolean;
}

/** A checkout and the cart it is for (absent: the active cart, which checkouts are usually started on). */
export interface CheckoutCartRef {
  checkoutId: string;
  cartId?: string | null;
}

/** The API takes exactly one group of changes per PATCH. */
export type CheckoutUpdate =
  | { contactInfo: { firstName?: string; lastName?: string; email?: string; phoneNumber?: string } }
  | { deliveryAddress: CheckoutAddressInput; desiredDeliveryDate?: string; shippingInstructions?: string }
  | { deliveryMethodId: string };

export interface PaymentRequest {
  requestType: "Auth" | "PostAuth" | "SimplePurchaseOrder" | "ClientRequest";
  /** The gateway token, or the purchase order number for SimplePurchaseOrder. */
  paymentToken?: string;
  billingAddress?: JsonObject;
  /** A JSON string, passed through to the payment gateway adapter. */
  paymentsData?: string;
  registrationAccountId?: string;
}

/**
 * Card Payment Method Tokenization Input: the card as the shopper typed it. The number goes to the API once, in this
 * request, and is never logged or kept.
 */
export interface CardPaymentMethodInput {
  cardHolderName: string;
  cardNumber: string;
  cvv: string;
  expiryMonth: string;
  expiryYear: string;
  /** The values the tokenization input documents; leave it out for other brands. */
  cardType?: "AmericanExpress" | "MasterCard" | "Visa";
  cardCategory?: "CreditCard" | "DebitCard";
  nickName?: string;
}

/** POST payments/token's body (Payment Token Input). The API ignores `billingAddress` here. */
export interface PaymentTokenInput {
  cardPaymentMethod: CardPaymentMethodInput;
  billingAddress?: JsonObject;
}

export interface OrderAction {
  action: "prepare" | "submit";
  parameters?: JsonObject;
}

export function toCheckoutAddress(address: CheckoutAddressInput): JsonObject {
  const { addressId, phoneNumber, ...rest } = address;
  return {
    ...rest,
    ...(addressId && !rest.id ? { id: addressId } : {}),
    ...(phoneNumber ? { shipToPhoneNumber: phoneNumber } : {}),
  };
}

const checkout = (checkoutId: string) => required(checkoutId, "checkoutId is required");
const isRecord = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
/** Spec §4: a start answered 410 (expired) or 422 (unusable) is retried once after deleting the old session. */
const RESTART_STATUSES = [410, 422];

export function checkoutsApi(core: ClientCore) {
  const deleteCheckout = async (checkoutId: string) => {
    await send(core, { method: "DELETE", path: path`checkouts/${checkout(checkoutId)}` });
  };

  return {
    /** PUT checkouts: returns the cart's existing session or starts one (202 while calculating). */
    async startCheckout(
      input: { cartId?: string; deliveryAddress?: CheckoutAddressInput } = {},
    ): Promise<Async<Checkout>> {
      const start = () =>
        sendAsync<Checkout>(core, {
          method: "PUT",
          path: "checkouts",
          body: {
            cartId: input.cartId ?? "active",
            ...(input.deliveryAddress ? { deliveryAddressInput: toCheckoutAddress(input.deliveryAddress) } : {}),
          },
        });
      let answer: Async<Checkout>;
      try {
        try {
          answer = await start();
        } catch (error) {
          if (!isFetchError(error) || !RESTART_STATUSES.includes(error.status)) throw error;
          const stale =
            isRecord(error.body) && typeof error.body.checkoutId === "string" ? error.body.checkoutId : "active";
          await deleteCheckout(stale);
          answer = await start();
        }
      } catch (error) {
        // Spec §8 SSR_CHECKOUT_RETRY: a page can't wait out an API that can't answer (the server's short retry
        // schedule is spent): the start is left for the shopper's next try, the failure kept as its cause.
        if (core.serverRendering && isUnavailable(error))
          throw new WebstoreError(SSR_CHECKOUT_RETRY, "The checkout could not start; try again", error);
        throw error;
      }
      if (!answer.data?.checkoutId) {
        throw new WebstoreError(NULL_CHECKOUTID, "The checkout answer has no checkoutId", answer);
      }
      return answer;
    },

    /** 200 ready, 202 processing, 422 ready with integration errors (still usable, spec §4); 404 throws. */
    async getCheckout(checkoutId = "active"): Promise<Async<Checkout>> {
      let answer: Async<Checkout | null>;
      try {
        answer = await sendAsync(core, { path: path`checkouts/${checkout(checkoutId)}`, acceptStatuses: [422] });
      } catch (error) {
        // Spec §8 SSR_FAST_CHECKOUT: a checkout the API doesn't know (404) while a page renders; the 404 is its cause.
        if (core.serverRendering && isFetchError(error) && error.status === 404)
          throw new WebstoreError(SSR_FAST_CHECKOUT, "No checkout to render", error);
        throw error;
      }
      // Spec §8 SESSION_NOT_LOADED: an answer without the checkout's data is no checkout to show.
      if (!answer.data) throw new WebstoreError(SESSION_NOT_LOADED, "The checkout answer has no checkout data", answer);
      return answer as Async<Checkout>;
    },

    async updateCheckout(checkoutId: string, update: CheckoutUpdate): Promise<Async<Checkout>> {
      const body =
        "deliveryAddress" in update
          ? { ...update, deliveryAddress: toCheckoutAddress(update.deliveryAddress) }
          : update;
      return sendAsync(core, { method: "PATCH", path: path`checkouts/${checkout(checkoutId)}`, body });
    },

    deleteCheckout,

    /**
     * Applies a coupon while the shopper is in checkout. The checkout's own coupons exist at 61.0–62.0 only
     * (connect_resources_commerce_webstore_coupons.htm); at other versions the code goes to the checkout's cart
     * (cart-coupons, which 63.0 documents in their place). Answers the coupons of the cart.
     */
    async applyCheckoutCoupon(at: CheckoutCartRef, couponCode: string): Promise<JsonObject> {
      const code = required(couponCode, "couponCode is required");
      if (documentedAt(core, 61, 62)) {
        return send(core, {
          method: "POST",
          path: path`checkouts/${checkout(at.checkoutId)}/coupons`,
          body: { couponCodes: [code] },
        });
      }
      return send(core, {
        method: "POST",
        path: path`carts/${at.cartId || "active"}/cart-coupons`,
        body: { couponCode: code },
      });
    },

    /** Removes a coupon during checkout: from the checkout at 61.0–62.0 (202, recalculating), else from its cart. */
    async removeCheckoutCoupon(at: CheckoutCartRef, couponId: string): Promise<Async<null>> {
      const id = required(couponId, "couponId is required");
      if (documentedAt(core, 61, 62)) {
        return sendAsync(core, { method: "DELETE", path: path`checkouts/${checkout(at.checkoutId)}/coupons/${id}` });
      }
      return sendAsync(core, { method: "DELETE", path: path`carts/${at.cartId || "active"}/cart-coupons/${id}` });
    },

    /**
     * Turns card details into the gateway's token (POST payments/token → 201 `{token, errors}`). The card number
     * travels once, to the API; only the token is used afterwards, and nothing of the card comes back. A card the
     * gateway refuses answers 422: the FetchError's `errors` are its payment-failure errors, each with the
     * refused input fields in `invalidParameters` (e.g. `cardPaymentMethod.cvv`).
     */
    async tokenizePayment(input: PaymentTokenInput): Promise<PaymentToken> {
      return send(core, { method: "POST", path: "payments/token", body: input });
    },

    async makePayment(checkoutId: string, request: PaymentRequest): Promise<JsonObject> {
      return send(core, { method: "POST", path: path`checkouts/${checkout(checkoutId)}/payments`, body: request });
    },

    /** Place-order v2 (`placeOrderV2Enabled`): prepare, then submit. A failure answers 422 and throws. */
    async orderActions(checkoutId: string, actions: readonly OrderAction[]): Promise<JsonObject> {
      return send(core, {
        method: "POST",
        path: path`checkouts/${checkout(checkoutId)}/orders/actions`,
        body: { actions },
      });
    },

    /** Place-order v1: answers the order reference number. */
    async placeOrder(checkoutId: string): Promise<{ orderReferenceNumber?: string; errors?: JsonValue[] }> {
      return send(core, { method: "POST", path: path`checkouts/${checkout(checkoutId)}/orders` });
    },
  };
}
