import { randomBytes } from "node:crypto";
import { openCheckout } from "./session.js";
import { requireGuestFlag } from "../core/context.js";
import { isIsoCountry } from "../accounts/addresses.js";
import { rateCart, type CheckoutError } from "./delivery-group-rating.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { inWriteTransaction } from "../core/db.js";
import { json } from "../core/http.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";
import {
  checkoutPayment,
  touchCheckout,
  insertPaymentToken,
  clearPayment,
  insertCheckoutPayment,
  setCartPurchaseOrderNumber,
  paymentToken,
  type CheckoutRow,
} from "./store.js";

/**
 * The emulator's test payment gateway and the checkout payment resources: POST payments/token (card → token)
 * and POST checkouts/{id}/payments (authorise a token, or record a purchase order).
 *
 * payments/token follows "Commerce Webstore Payments Token" (developer.salesforce.com, chatterapi
 * connect_resources_commerce_webstore_token): body `{cardPaymentMethod: Card Payment Method Tokenization Input,
 * billingAddress?}` → 201 `{token, errors: []}`. Nothing of the card is echoed back.
 *
 * Magic card numbers (any future expiry, any 3-digit CVV; 4 for American Express):
 *   4242 4242 4242 4242 → Success         4000 0000 0000 0002 → Decline
 *   4000 0000 0000 0119 → SystemError     any other number passing the Luhn check → Success
 *   a number failing the Luhn check, a bad CVV or expiry date → the token endpoint refuses the card: 422 with
 *     payment-failure errors naming the refused field in invalidParameters
 *   a card whose expiry month has passed (virtual clock) → its authorisation answers ValidationError
 * Card numbers are never stored or logged: a token keeps the brand, the last four digits, the expiry date and the
 * outcome.
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
  outcome: GatewayOutcome;
}

/** The Card Payment Method Tokenization Input's fields (docs/emulator-checkout.md cites the page). */
const CARD_FIELDS = new Set([
  "cardHolderName",
  "cardNumber",
  "cvv",
  "expiryMonth",
  "expiryYear",
  "cardType",
  "cardCategory",
  "nickName",
]);
/** cardType values the tokenization input documents. */
export const CARD_TYPES = ["AmericanExpress", "MasterCard", "Visa"] as const;
const CARD_CATEGORIES = ["CreditCard", "DebitCard"] as const;

/** A card detail the gateway refuses: the field of the input it is about and what the shopper must do. */
export interface CardRefusal {
  field: "cardHolderName" | "cardNumber" | "cvv" | "expiryMonth" | "expiryYear" | "cardType";
  message: string;
}

/** The gateway refused the card (answered 422 with payment-failure errors); the messages never repeat the number. */
export class CardRefused extends Error {
  constructor(readonly refusals: CardRefusal[]) {
    super(refusals.map((r) => r.message).join(" "));
    this.name = "CardRefused";
  }
}

const scalar = (value: unknown): string | null =>
  typeof value === "string" || typeof value === "number" ? String(value) : null;

/**
 * Checks a card as a gateway's tokeniser does and decides its outcome. A malformed input (missing field, wrong
 * type, unknown field or value) throws the API's 400; card details the gateway refuses throw CardRefused, every
 * refused field at once. Neither message repeats the card number.
 */
export function tokenizeCard(input: unknown): TokenizedCard {
  if (!input || typeof input !== "object" || Array.isArray(input))
    throw invalidInput("cardPaymentMethod is required: {cardHolderName, cardNumber, cvv, expiryMonth, expiryYear}.");
  const card = input as Record<string, unknown>;
  for (const key of Object.keys(card))
    if (!CARD_FIELDS.has(key))
      throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}" in cardPaymentMethod.`);
  for (const key of ["cardHolderName", "cardNumber", "cvv", "expiryMonth", "expiryYear"] as const) {
    if (card[key] === undefined || card[key] === null) throw invalidInput(`cardPaymentMethod.${key} is required.`);
    if (key === "cardHolderName" ? typeof card[key] !== "string" : scalar(card[key]) === null)
      throw invalidInput(
        `cardPaymentMethod.${key} must be a ${key === "cardHolderName" ? "string" : "string or a number"}.`,
      );
  }
  if (
    card.cardType !== undefined &&
    card.cardType !== null &&
    !CARD_TYPES.includes(card.cardType as (typeof CARD_TYPES)[number])
  ) {
    throw invalidInput(`cardPaymentMethod.cardType must be one of ${CARD_TYPES.join(", ")}.`);
  }
  if (
    card.cardCategory !== undefined &&
    card.cardCategory !== null &&
    !CARD_CATEGORIES.includes(card.cardCategory as (typeof CARD_CATEGORIES)[number])
  ) {
    throw invalidInput(`cardPaymentMethod.cardCategory must be one of ${CARD_CATEGORIES.join(", ")}.`);
  }
  if (card.nickName !== undefined && card.nickName !== null && typeof card.nickName !== "string")
    throw invalidInput("cardPaymentMethod.nickName must be a string.");

  const refusals: CardRefusal[] = [];
  if (!(card.cardHolderName as string).trim())
    refusals.push({ field: "cardHolderName", message: "Enter the name on the card." });
  const digits = (scalar(card.cardNumber) ?? "").replace(/[\s-]/g, "");
  const numberValid = /^\d{12,19}$/.test(digits) && luhnValid(digits);
  const brand = numberValid ? cardBrand(digits) : "Unknown";
  if (!numberValid) refusals.push({ field: "cardNumber", message: "Enter a valid card number." });
  else if (card.cardType && brand !== card.cardType)
    refusals.push({ field: "cardType", message: "The card number doesn't match the card type." });
  const cvv = scalar(card.cvv) ?? "";
  if (!(brand === "AmericanExpress" ? /^\d{4}$/ : /^\d{3}$/).test(cvv))
    refusals.push({ field: "cvv", message: "Enter a valid security code." });
  const month = Number(scalar(card.expiryMonth));
  let year = Number(scalar(card.expiryYear));
  if (Number.isInteger(year) && year >= 0 && year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12)
    refusals.push({ field: "expiryMonth", message: "Enter a valid expiration date." });
  if (!Number.isInteger(year) || year < 2000 || year > 2100)
    refusals.push({ field: "expiryYear", message: "Enter a valid expiration date." });
  if (refusals.length > 0) throw new CardRefused(refusals);
  return {
    cardType: brand,
    last4: digits.slice(-4),
    expiryMonth: month,
    expiryYear: year,
    outcome: MAGIC_CARDS[digits] ?? "Success",
  };
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
  Decline: {
    title: "Your card was declined.",
    detail: "The card issuer declined the payment. Use another card or contact your bank.",
  },
  SystemError: {
    title: "We couldn't process your payment.",
    detail: "The payment gateway isn't responding. Wait a moment and try again.",
  },
  ValidationError: { title: "Check your payment information.", detail: "The payment information isn't valid." },
};

/** The token endpoint's 422: one payment-failure error per refused field, named in invalidParameters [I]. */
export function refusalBody(refused: CardRefused) {
  return {
    errors: refused.refusals.map((r) => ({
      ...paymentFailure(OUTCOME_ERRORS.ValidationError.title, r.message, null),
      invalidParameters: [{ name: `cardPaymentMethod.${r.field}`, reason: r.message }],
    })),
  };
}

/** Keeps what a token stands for (never the card number) and answers the token. */
/**
 * A card the gateway took: `tok_…` a token for an Auth (tokenised, not yet authorised), `pi_…` a payment the
 * gateway authorised in the shopper's browser, for a PostAuth (emulator-only prefixes: the test gateway's own ids).
 */
function storeToken(emu: Emu, webstoreId: string, card: TokenizedCard, prefix: "tok" | "pi" = "tok"): string {
  const token = `${prefix}_${randomBytes(18).toString("base64url")}`;
  insertPaymentToken(
    emu,
    token,
    webstoreId,
    card.cardType,
    card.last4,
    card.expiryMonth,
    card.expiryYear,
    card.outcome,
    emu.clock.now(),
  );
  return token;
}

// ---------------------------------------------------------------------------------------------------------
// Payments

const REQUEST_TYPES = ["Auth", "PostAuth", "SimplePurchaseOrder", "ClientRequest"] as const;
type RequestType = (typeof REQUEST_TYPES)[number];
const PAYMENT_FIELDS = new Set([
  "requestType",
  "paymentToken",
  "billingAddress",
  "paymentsData",
  "registrationAccountId",
]);
const TOKEN_FIELDS = new Set(["cardPaymentMethod", "billingAddress"]);
/**
 * The Checkout Address Input's fields (docs/emulator-checkout.md, "Addresses"), the billing address's type on the
 * Checkout Payment Input page: a phone goes only as `shipToPhoneNumber`, which the page says is ignored in a payment
 * request (it is not kept), and an address has no e-mail. Anything else is an unknown field, as everywhere.
 */
const BILLING_FIELDS = new Set([
  "name",
  "firstName",
  "lastName",
  "companyName",
  "street",
  "city",
  "region",
  "postalCode",
  "country",
  "id",
  "shipToPhoneNumber",
]);

/**
 * English names of the countries whose ISO codes the emulator knows ("United States"). A payment's billing address
 * takes either: the Checkout Payment Input page's own example sends `"country":"United States"` with a `countryCode`
 * (https://developer.salesforce.com/docs/atlas.en-us.240.0.chatterapi.meta/chatterapi/connect_requests_checkout_payment_input.htm),
 * and orgs take it.
 */
let countryNames: Set<string> | undefined;
function isCountryName(value: string): boolean {
  if (!countryNames) {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    countryNames = new Set();
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (const a of letters)
      for (const b of letters) if (isIsoCountry(a + b)) countryNames.add((names.of(a + b) ?? "").toLowerCase());
  }
  return countryNames.has(value.trim().toLowerCase());
}

/** A Checkout Address Input as JSON text, or null when absent. */
function parseBillingAddress(a: unknown): string | null {
  if (a === undefined || a === null) return null;
  if (typeof a !== "object" || Array.isArray(a)) throw invalidInput("billingAddress must be an address object.");
  for (const [key, value] of Object.entries(a)) {
    if (!BILLING_FIELDS.has(key))
      throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}" in billingAddress.`);
    if (value !== null && typeof value !== "string") throw invalidInput(`billingAddress.${key} must be a string.`);
  }
  const country = (a as Record<string, string | null>).country;
  if (country && !isIsoCountry(country) && !isCountryName(country))
    throw invalidInput(
      `billingAddress.country must be an ISO 3166 two-letter country code or a country's name: ${JSON.stringify(country)}.`,
    );
  // "Don't include a value for shipToPhoneNumber … This field is ignored in the payment request."
  const { shipToPhoneNumber: _ignored, ...kept } = a as Record<string, string | null>;
  return JSON.stringify(kept);
}

interface PaymentInput {
  requestType: RequestType;
  paymentToken: string;
  billingAddress: string | null;
  paymentsData: string | null;
}

function parsePaymentInput(body: unknown): PaymentInput {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The request body must be a JSON object.");
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input))
    if (!PAYMENT_FIELDS.has(key)) throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}".`);
  if (!REQUEST_TYPES.includes(input.requestType as RequestType))
    throw invalidInput(`requestType must be one of ${REQUEST_TYPES.join(", ")}.`);
  if (input.paymentToken !== undefined && input.paymentToken !== null && typeof input.paymentToken !== "string")
    throw invalidInput("paymentToken must be a string.");
  // paymentsData goes to the gateway adapter as text: a JSON document in a string, never an object.
  let paymentsData: string | null = null;
  if (input.paymentsData !== undefined && input.paymentsData !== null) {
    if (typeof input.paymentsData !== "string")
      throw invalidInput("paymentsData must be a string holding JSON, not an object.");
    try {
      JSON.parse(input.paymentsData);
    } catch {
      throw invalidInput("paymentsData must be a string holding valid JSON.");
    }
    paymentsData = input.paymentsData;
  }
  // "This property is required when requestType is ClientRequest" (Checkout Payment Input, 55.0 and later).
  if (input.requestType === "ClientRequest" && paymentsData === null)
    throw invalidInput("paymentsData is required when requestType is ClientRequest.");
  // A documented field whose use the pages don't describe further: taken when it is text, and not kept.
  if (
    input.registrationAccountId !== undefined &&
    input.registrationAccountId !== null &&
    typeof input.registrationAccountId !== "string"
  )
    throw invalidInput("registrationAccountId must be a string.");
  const billingAddress = parseBillingAddress(input.billingAddress);
  return {
    requestType: input.requestType as RequestType,
    paymentToken: ((input.paymentToken as string | undefined) ?? "").trim(),
    billingAddress,
    paymentsData,
  };
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
    clearPayment(emu, checkout.id);
    insertCheckoutPayment(
      emu,
      checkout.id,
      emu.ids("payment"),
      input.requestType,
      values.payment_token,
      values.purchase_order_number,
      amountCents,
      input.billingAddress,
      input.paymentsData,
      emu.clock.now(),
    );
  };

  if (input.requestType === "SimplePurchaseOrder") {
    if (!ctx.user || ctx.user.kind !== "B2B") {
      throw invalidInput("Purchase orders are available to signed-in business buyers only. Pay with a card.");
    }
    if (!input.paymentToken) return fail("ValidationError", "Enter a purchase order number.");
    if (input.paymentToken.length > 80)
      return fail("ValidationError", "A purchase order number can't be longer than 80 characters.");
    store({ payment_token: null, purchase_order_number: input.paymentToken });
    setCartPurchaseOrderNumber(emu, input.paymentToken, checkout.cart_id);
    return { outcome: "Success", errors: [], paymentsData: input.paymentsData };
  }
  if (!input.paymentToken) return fail("ValidationError", "Enter your card details: paymentToken is required.");
  // Auth takes a tokenised card (the card payment method), PostAuth a payment the gateway already authorised in the
  // browser (its PostAuth handler confirms it): the test gateway's ids say which (tok_… / pi_…).
  if (input.requestType === "PostAuth" && !input.paymentToken.startsWith("pi_"))
    return fail("ValidationError", "The payment token isn't an authorization the gateway made. Pay again.");
  if (input.requestType === "Auth" && input.paymentToken.startsWith("pi_"))
    return fail("ValidationError", "The gateway authorized this payment already: confirm it with PostAuth.");
  const token = paymentToken(emu, input.paymentToken, ctx.webstoreId) as
    { outcome: GatewayOutcome; expiry_month: number; expiry_year: number } | undefined;
  if (!token)
    return fail("ValidationError", "The payment token isn't known to the gateway. Enter your card details again.");
  if (token.outcome !== "Success") return fail(token.outcome);
  if (cardExpired(token.expiry_month, token.expiry_year, emu.clock.now()))
    return fail("ValidationError", "Your card has expired. Use another card.");
  store({ payment_token: input.paymentToken, purchase_order_number: null });
  return { outcome: "Success", errors: [], paymentsData: input.paymentsData };
}

export function paymentRoutes(r: Router, emu: Emu) {
  r.webstore("POST", "payments/token", { since: 55 }, async (ctx) => {
    requireGuestFlag(ctx, "guestCheckoutEnabled");
    const body = await ctx.json();
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw invalidInput("The request body must be a JSON object.");
    // hasSubscriptionProduct is documented from API version 67.0: at v65.0 it is an unknown field, as any other.
    for (const key of Object.keys(body))
      if (!TOKEN_FIELDS.has(key)) throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}".`);
    // The billing address is checked like the payment's, then ignored, as the documentation says of this resource.
    parseBillingAddress(body.billingAddress);
    let card: TokenizedCard;
    try {
      card = tokenizeCard(body.cardPaymentMethod);
    } catch (err) {
      if (err instanceof CardRefused) return json(refusalBody(err), 422);
      throw err;
    }
    return json({ token: storeToken(emu, ctx.webstoreId, card), errors: [] }, 201);
  });

  /**
   * Emulator-only: the test gateway's own tokenisation endpoint, which a shopper's browser calls directly (the way a
   * gateway's client-side SDK, e.g. Stripe.js with a publishable key, tokenises a card without the card ever passing
   * through the merchant's server). The store names it in its application context's
   * `clientSidePaymentConfiguration.config.tokenizationUrl` (the config map is the gateway's to define: the
   * Application Context output's "Client-Side Payment Configuration"). No Salesforce resource does
   * this: Salesforce leaves client-side tokenisation to the gateway's component. Same body and answers as POST
   * payments/token; no token needed (a gateway's browser endpoint has none of the store's), so it answers only
   * for a webstore that configured it. The token is then authorised as any other (POST checkouts/{id}/payments).
   */
  r.raw("POST", "/services/emulator-gateway/:webstoreId/tokens", async (ctx) => {
    const webstoreId = ctx.params.webstoreId;
    if (!emu.store.webstoreExists(webstoreId))
      throw new ApiError(404, "NOT_FOUND", "The requested resource does not exist");
    const configured = emu.store.applicationContext(webstoreId).clientSidePaymentConfiguration as
      { config?: { tokenizationUrl?: unknown } } | null | undefined;
    if (typeof configured?.config?.tokenizationUrl !== "string")
      throw new ApiError(404, "NOT_FOUND", "The store has no client-side payment gateway.");
    const body = await ctx.json();
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw invalidInput("The request body must be a JSON object.");
    for (const key of Object.keys(body))
      if (!TOKEN_FIELDS.has(key)) throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}".`);
    parseBillingAddress(body.billingAddress);
    let card: TokenizedCard;
    try {
      card = tokenizeCard(body.cardPaymentMethod);
    } catch (err) {
      if (err instanceof CardRefused) return json(refusalBody(err), 422);
      throw err;
    }
    return json({ token: storeToken(emu, webstoreId, card), errors: [] }, 201);
  });

  /**
   * Emulator-only: the test gateway's browser endpoint that authorises a payment there and then (what a gateway's
   * client-side component does before the store confirms it with a PostAuth). Named in the store's
   * `clientSidePaymentConfiguration.config.authorizationUrl`; the body is payments/token's plus the `clientToken`
   * a ClientRequest answered in its `paymentsData`. Answers 201 `{authorizationId: "pi_…"}`, the PostAuth's
   * paymentToken; the card's outcome (declined, system error) is the PostAuth's answer, as for an Auth.
   */
  r.raw("POST", "/services/emulator-gateway/:webstoreId/authorizations", async (ctx) => {
    const webstoreId = ctx.params.webstoreId;
    if (!emu.store.webstoreExists(webstoreId))
      throw new ApiError(404, "NOT_FOUND", "The requested resource does not exist");
    const configured = emu.store.applicationContext(webstoreId).clientSidePaymentConfiguration as
      { config?: { authorizationUrl?: unknown } } | null | undefined;
    if (typeof configured?.config?.authorizationUrl !== "string")
      throw new ApiError(404, "NOT_FOUND", "The store's gateway doesn't authorize in the browser.");
    const body = await ctx.json();
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw invalidInput("The request body must be a JSON object.");
    const { clientToken, ...rest } = body as Record<string, unknown>;
    if (typeof clientToken !== "string" || !clientToken.startsWith("ctok_"))
      throw invalidInput("clientToken is required: the one a ClientRequest payment answered.");
    for (const key of Object.keys(rest))
      if (!TOKEN_FIELDS.has(key)) throw new ApiError(400, "JSON_PARSER_ERROR", `Unrecognized field "${key}".`);
    parseBillingAddress(rest.billingAddress);
    let card: TokenizedCard;
    try {
      card = tokenizeCard(rest.cardPaymentMethod);
    } catch (err) {
      if (err instanceof CardRefused) return json(refusalBody(err), 422);
      throw err;
    }
    return json({ authorizationId: storeToken(emu, webstoreId, card, "pi"), errors: [] }, 201);
  });

  r.webstore("POST", "checkouts/:activeOrCheckoutId/payments", { since: 55 }, async (ctx) => {
    const input = parsePaymentInput(await ctx.json());
    // The lookup and the authorisation in one write transaction (inWriteTransaction); the authorisation is a
    // savepoint inside it, so a refused change of payment type leaves no trace (not even the touch).
    const result = inWriteTransaction(emu.db, () => {
      const { checkout, cart } = openCheckout(ctx, ctx.params.activeOrCheckoutId);
      return emu.db.transaction((): AuthResult => {
        touchCheckout(emu, checkout.id);
        if (input.requestType === "ClientRequest") {
          // The client-side payment component starts from here; nothing is authorised yet.
          const clientToken = `ctok_${randomBytes(12).toString("base64url")}`;
          return {
            outcome: "Success",
            errors: [],
            paymentsData: JSON.stringify({ clientToken, gateway: "emulator-test-gateway" }),
          };
        }
        const previous = checkoutPayment(emu, checkout.id);
        if (previous && kindOf(previous.request_type) !== kindOf(input.requestType)) {
          throw invalidInput(
            `The checkout is paid by ${kindOf(previous.request_type) === "Card" ? "card" : "purchase order"}; the payment type can't change.`,
          );
        }
        const amount = rateCart(emu, cart).grandTotalCents;
        const outcome = authorize(ctx, checkout, input, amount);
        // A failed replacement leaves no payment: the order can't go out on the card the shopper tried to replace.
        if (outcome.outcome !== "Success") clearPayment(emu, checkout.id);
        return outcome;
      })();
    });
    return json(
      { salesforceResultCode: result.outcome, errors: result.errors, paymentsData: result.paymentsData },
      201,
    );
  });
}

export const paymentsModule: EmulatorModule = { name: "payments", routes: paymentRoutes };
