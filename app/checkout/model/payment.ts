/** Paying: the order's number, the payment's outcome, the card form's fields and expiry choices. */
import { cardFieldOfMessage, cardInputField, type CardField } from "./card-fields";
import { CHECKOUT_MESSAGES, problemsFrom } from "./failures";
import { isObject, text, type Json } from "./read";

// ---------------------------------------------------------------------------------------------
// Payment

/** The order reference number of a place-order answer: v2's first action result, else v1's field (spec §3). */
export function orderNumberFrom(answer: Json | null): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const body = answer;
  if (Array.isArray(body.actions)) {
    const first = body.actions.find(
      (a) => typeof a === "object" && a !== null && typeof (a as Json).orderReferenceNumber === "string",
    );
    return first ? ((first as Json).orderReferenceNumber as string) : null;
  }
  return typeof body.orderReferenceNumber === "string" && body.orderReferenceNumber ? body.orderReferenceNumber : null;
}

export type PaymentMethod = "card" | "purchaseOrder";

export type PaymentOutcome =
  | { ok: true }
  | { ok: false; formError: string; field?: undefined }
  | { ok: false; field: CardField | "purchaseOrderNumber"; fieldError: string; formError?: undefined };

/** The shopper's reading of a payment answer (`salesforceResultCode` Success | Decline | SystemError | ValidationError). */
export function paymentOutcome(answer: Json | null, method: PaymentMethod): PaymentOutcome {
  const body = isObject(answer) ? answer : {};
  const code = text(body.salesforceResultCode) ?? "SystemError";
  if (code === "Success") return { ok: true };
  if (code === "Decline") return { ok: false, formError: CHECKOUT_MESSAGES.declined };
  if (code === "ValidationError") {
    const detail = problemsFrom(body.errors ?? [])[0]?.detail;
    if (method === "purchaseOrder")
      return { ok: false, field: "purchaseOrderNumber", fieldError: detail ?? CHECKOUT_MESSAGES.purchaseOrderInvalid };
    // The gateway's words say which card detail it refused: an expired card is about its expiry date, not its number.
    return detail
      ? { ok: false, field: cardFieldOfMessage(detail), fieldError: detail }
      : { ok: false, field: "cardNumber", fieldError: CHECKOUT_MESSAGES.cardInvalid };
  }
  return { ok: false, formError: CHECKOUT_MESSAGES.paymentSystemError };
}

export { cardFieldOfMessage, type CardField } from "./card-fields";

/** A refusal as the client reports it: the error's words and the input fields it names. */
export interface CardRefusal {
  message: string;
  invalidParameters?: readonly { name: string }[];
}

/**
 * The payment gateway's refusal of a card (payments/token answering 422), as errors on the form's fields: each
 * error goes on the fields its invalidParameters name, else on the field its words are about.
 */
export function cardFieldErrors(refusals: readonly CardRefusal[]): Partial<Record<CardField, string[]>> {
  const errors: Partial<Record<CardField, string[]>> = {};
  for (const refusal of refusals) {
    const message = refusal.message || CHECKOUT_MESSAGES.cardInvalid;
    const named = (refusal.invalidParameters ?? [])
      .map((p) => cardInputField(p.name))
      .filter((f): f is CardField => f !== undefined);
    for (const field of named.length > 0 ? named : [cardFieldOfMessage(message)]) {
      const list = (errors[field] ??= []);
      if (!list.includes(message)) list.push(message);
    }
  }
  return errors;
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

export function expiryYears(now: Date | number, count = 15): string[] {
  const year = new Date(typeof now === "number" ? now : now.getTime()).getUTCFullYear();
  return Array.from({ length: count }, (_, i) => String(year + i));
}

/**
 * The payment form's limits and names, shared by its schema, its server side and its components. The coupon limit
 * is the cart's too: server/webstore/limits' COUPON_CODE_MAX_LENGTH.
 */
export const PO_MAX_LENGTH = 80;
/** Never sent back to the page: a refused payment asks for the card number (and security code) again. */
export const SECRET_FIELDS = ["cardNumber", "cvv"];
/** The coupons' Remove buttons all belong to the payment form, so each one's intent names its coupon. */
export const REMOVE_COUPON = "removeCoupon:";
