import { randomBytes } from "node:crypto";
import { checkoutPayment, openCheckout, touchCheckout, type CheckoutRow } from "./checkouts.js";
import { requireGuestFlag } from "./context.js";
import { isIsoCountry } from "./addresses.js";
import { rateCart, type CheckoutError } from "./delivery-groups.js";
import { ApiError, invalidInput } from "./errors.js";
import { json } from "./http.js";
import type { RequestContext, Router } from "./router.js";
import type { Emu, EmulatorModule } from "./state.js";

/**
 * The emulator's test payment gateway and the checkout payment resources: POST payments/token (card → token)
 * and POST checkouts/{id}/payments (authorise a token, or record a purchase order).
 *
 * Magic card numbers (any future expiry, any 3-digit CVV; 4 for American Express):
 *   4242 4242 4242 4242 → Success         4000 0000 0000 0002 → Decline
 *   4000 0000 0000 0119 → SystemError     any other number passing the Luhn check → Success
 *   a number failing the Luhn check → the token endpoint answers 400 INVALID_API_INPUT "Enter a valid card number."
 *   a card whose expiry month has passed (virtual clock) → its authorisation answers ValidationError
 * Card numbers are never stored or logged: a token keeps the brand, the last four digits and the outcome.
 */

export type GatewayOutcome = "Success" | "Decline" | "SystemError" | "ValidationError";

export const MAGIC_CARDS: Record<string, GatewayOutcome> = {
  "4242424242424242": "Success",
  "4000000000000002": "Decline",
  "4000000000000119": "SystemError",
};

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^3[47]/.test(digits)) return "AmericanExpress";
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "MasterCard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "Discover";
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return "JCB";
  return "Unknown";
}

export interface TokenizedCard {
  cardType: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  cardHolderName: string | null;
  outcome: GatewayOutcome;
}

/**
 * Checks a card as a gateway's tokeniser does and decides its outcome. Throws 400 INVALID_API_INPUT for what the
 * shopper must correct; the messages never repeat the card number.
 */
export function tokenizeCard(input: unknown): TokenizedCard {
  if (!input || typeof input !== "object" || Array.isArray(input)) throw invalidInput("paymentMethod is required: {cardNumber, expiryMonth, expiryYear, cvv, cardHolderName, cardType}.");
  const card = input as Record<string, unknown>;
  const raw = typeof card.cardNumber === "string" || typeof card.cardNumber === "number" ? String(card.cardNumber) : "";
  const digits = raw.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw invalidInput("Enter a valid card number.");
  const brand = cardBrand(digits);
  const cvv = typeof card.cvv === "string" || typeof card.cvv === "number" ? String(card.cvv) : "";
  if (!(brand === "AmericanExpress" ? /^\d{4}$/ : /^\d{3}$/).test(cvv)) throw invalidInput("Enter a valid security code.");
  const month = Number(card.expiryMonth);
  let year = Number(card.expiryYear);
  if (Number.isInteger(year) && year >= 0 && year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000 || year > 2100) {
    throw invalidInput("Enter a valid expiration date.");
  }
  const holder = typeof card.cardHolderName === "string" && card.cardHolderName.trim() ? card.cardHolderName.trim().slice(0, 255) : null;
  return { cardType: brand, last4: digits.slice(-4), expiryMonth: month, expiryYear: year, cardHolderName: holder, outcome: MAGIC_CARDS[digits] ?? "Success" };
}

/** A card is good through the last day of its expiry month. */
export function cardExpired(expiryMonth: number, expiryYear: number, now: number): boolean {
  const d = new Date(now);
  return expiryYear < d.getUTCFullYear() || (expiryYear === d.getUTCFullYear() && expiryMonth < d.getUTCMonth() + 1);
}

const paymentFailure = (title: string, detail: string, instance: string | null): CheckoutError => ({
  type: "/commerce/errors/payment-failure",
  title,
  detail,
  instance,
});

export const OUTCOME_ERRORS: Record<Exclude<GatewayOutcome, "Success">, { title: string; detail: string }> = {
  Decline: { title: "Your card was declined.", detail: "The card issuer declined the payment. Use another card or contact your bank." },
  SystemError: { title: "We couldn't process your payment.", detail: "The payment gateway isn't responding. Wait a moment and try again." },
  ValidationError: { title: "Check your payment information.", detail: "The payment information isn't valid." },
};

// ---------------------------------------------------------------------------------------------------------
// Payments

const REQUEST_TYPES = ["Auth", "PostAuth", "SimplePurchaseOrder", "ClientRequest"] as const;
type RequestType = (typeof REQUEST_TYPES)[number];
const PAYMENT_FIELDS = new Set(["requestType", "paymentToken", "billingAddress", "paymentsData", "registrationAccountId"]);
const BILLING_FIELDS = new Set(["name", "firstName", "lastName", "companyName", "street", "city", "region", "postalCode", "country", "id", "phoneNumber", "shipToPhoneNumber", "email"]);

interface PaymentInput {
  requestType: RequestType;
  paymentToken: string;
  billingAddress: string | null;
  paymentsData: string | null;
}

function parsePaymentInput(body: unknown): PaymentInput {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw invalidInput("The request body must be a JSON object.");
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) if (!PAYMENT_FIELDS.has(key)) throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}".`);
  if (!REQUEST_TYPES.includes(input.requestType as RequestType)) throw invalidInput(`requestType must be one of ${REQUEST_TYPES.join(", ")}.`);
  if (input.paymentToken !== undefined && input.paymentToken !== null && typeof input.paymentToken !== "string") throw invalidInput("paymentToken must be a string.");
  // paymentsData goes to the gateway adapter as text: a JSON document in a string, never an object.
  let paymentsData: string | null = null;
  if (input.paymentsData !== undefined && input.paymentsData !== null) {
    if (typeof input.paymentsData !== "string") throw invalidInput("paymentsData must be a string holding JSON, not an object.");
    try {
      JSON.parse(input.paymentsData);
    } catch {
      throw invalidInput("paymentsData must be a string holding valid JSON.");
    }
    paymentsData = input.paymentsData;
  }
  let billingAddress: string | null = null;
  if (input.billingAddress !== undefined && input.billingAddress !== null) {
    const a = input.billingAddress;
    if (typeof a !== "object" || Array.isArray(a)) throw invalidInput("billingAddress must be an address object.");
    for (const [key, value] of Object.entries(a)) {
      if (!BILLING_FIELDS.has(key)) throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}" in billingAddress.`);
      if (value !== null && typeof value !== "string") throw invalidInput(`billingAddress.${key} must be a string.`);
    }
    const country = (a as Record<string, string | null>).country;
    if (country && !isIsoCountry(country)) throw invalidInput(`billingAddress.country must be an ISO 3166 two-letter country code: ${JSON.stringify(country)}.`);
    billingAddress = JSON.stringify(a);
  }
  return { requestType: input.requestType as RequestType, paymentToken: ((input.paymentToken as string | undefined) ?? "").trim(), billingAddress, paymentsData };
}

/** Auth and PostAuth are one kind of payment (a card); a purchase order is the other. */
const kindOf = (t: RequestType) => (t === "SimplePurchaseOrder" ? "PurchaseOrder" : "Card");

interface AuthResult {
  outcome: GatewayOutcome;
  errors: CheckoutError[];
  paymentsData: string | null;
}

function authorize(ctx: RequestContext, checkout: CheckoutRow, input: PaymentInput, amountCents: number): AuthResult {
  const emu = ctx.emu;
  const fail = (outcome: Exclude<GatewayOutcome, "Success">, detail?: string): AuthResult => ({
    outcome,
    errors: [paymentFailure(OUTCOME_ERRORS[outcome].title, detail ?? OUTCOME_ERRORS[outcome].detail, checkout.id)],
    paymentsData: input.paymentsData,
  });
  const store = (values: { payment_token: string | null; purchase_order_number: string | null }) => {
    emu.db.prepare("DELETE FROM checkout_payments WHERE checkout_id = ?").run(checkout.id);
    emu.db
      .prepare(
        `INSERT INTO checkout_payments(checkout_id, id, request_type, payment_token, purchase_order_number, amount_cents, billing_address, payments_data, authorized_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(checkout.id, emu.ids("payment"), input.requestType, values.payment_token, values.purchase_order_number, amountCents, input.billingAddress, input.paymentsData, emu.clock.now());
  };

  if (input.requestType === "SimplePurchaseOrder") {
    if (!ctx.user || ctx.user.kind !== "B2B") {
      throw invalidInput("Purchase orders are available to signed-in business buyers only. Pay with a card.");
    }
    if (!input.paymentToken) return fail("ValidationError", "Enter a purchase order number.");
    if (input.paymentToken.length > 80) return fail("ValidationError", "A purchase order number can't be longer than 80 characters.");
    store({ payment_token: null, purchase_order_number: input.paymentToken });
    emu.db.prepare("UPDATE carts SET purchase_order_number = ? WHERE id = ?").run(input.paymentToken, checkout.cart_id);
    return { outcome: "Success", errors: [], paymentsData: input.paymentsData };
  }
  if (!input.paymentToken) return fail("ValidationError", "Enter your card details: paymentToken is required.");
  const token = emu.db.prepare("SELECT * FROM payment_tokens WHERE token = ? AND webstore_id = ?").get(input.paymentToken, ctx.webstoreId) as
    | { outcome: GatewayOutcome; expiry_month: number; expiry_year: number }
    | undefined;
  if (!token) return fail("ValidationError", "The payment token isn't known to the gateway. Enter your card details again.");
  if (token.outcome !== "Success") return fail(token.outcome);
  if (cardExpired(token.expiry_month, token.expiry_year, emu.clock.now())) return fail("ValidationError", "Your card has expired. Use another card.");
  store({ payment_token: input.paymentToken, purchase_order_number: null });
  return { outcome: "Success", errors: [], paymentsData: input.paymentsData };
}

export function paymentRoutes(r: Router, emu: Emu) {
  r.webstore("POST", "payments/token", { since: 55 }, async (ctx) => {
    requireGuestFlag(ctx, "guestCheckoutEnabled");
    const body = await ctx.json();
    if (!body || typeof body !== "object" || Array.isArray(body)) throw invalidInput("The request body must be a JSON object.");
    if (body.paymentGatewayId !== undefined && body.paymentGatewayId !== null && typeof body.paymentGatewayId !== "string") {
      throw invalidInput("paymentGatewayId must be a string.");
    }
    const card = tokenizeCard(body.paymentMethod);
    const token = `tok_${randomBytes(18).toString("base64url")}`;
    emu.db
      .prepare(
        `INSERT INTO payment_tokens(token, webstore_id, card_type, last4, expiry_month, expiry_year, card_holder_name, outcome, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(token, ctx.webstoreId, card.cardType, card.last4, card.expiryMonth, card.expiryYear, card.cardHolderName, card.outcome, emu.clock.now());
    return json({ token, last4: card.last4, cardType: card.cardType }, 201);
  });

  r.webstore("POST", "checkouts/:activeOrCheckoutId/payments", { since: 55 }, async (ctx) => {
    const input = parsePaymentInput(await ctx.json());
    const { checkout, cart } = openCheckout(ctx, ctx.params.activeOrCheckoutId);
    const result = emu.db.transaction((): AuthResult => {
      touchCheckout(emu, checkout.id);
      if (input.requestType === "ClientRequest") {
        // The client-side payment component starts from here; nothing is authorised yet.
        const clientToken = `ctok_${randomBytes(12).toString("base64url")}`;
        return { outcome: "Success", errors: [], paymentsData: JSON.stringify({ clientToken, gateway: "emulator-test-gateway" }) };
      }
      const previous = checkoutPayment(emu, checkout.id);
      if (previous && kindOf(previous.request_type) !== kindOf(input.requestType)) {
        throw invalidInput(`The checkout is paid by ${kindOf(previous.request_type) === "Card" ? "card" : "purchase order"}; the payment type can't change.`);
      }
      const amount = rateCart(emu, cart).grandTotalCents;
      const outcome = authorize(ctx, checkout, input, amount);
      // A failed replacement leaves no payment: the order can't go out on the card the shopper tried to replace.
      if (outcome.outcome !== "Success") emu.db.prepare("DELETE FROM checkout_payments WHERE checkout_id = ?").run(checkout.id);
      return outcome;
    })();
    return json({ salesforceResultCode: result.outcome, errors: result.errors, paymentsData: result.paymentsData }, 201);
  });
}

export const paymentsModule: EmulatorModule = { name: "payments", routes: paymentRoutes };
