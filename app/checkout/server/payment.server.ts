/**
 * The payment step's server side: the page's data (with the inventory reservation), coupons, and paying by card
 * (tokenised here, or in the browser by a client-side gateway) or purchase order.
 */
import { parse, type Submission, type SubmissionResult } from "@conform-to/react";
import { isFetchError, type ApplicationContext } from "../../../server/webstore/index";
import { failureAnswer, FINISH_STEP_FIRST, type StepAnswer, type StepParts } from "./step.server";
import type { CheckoutPageData } from "./active.server";
import type { CardDetails } from "./order.server";
import { addressInput, asCheckoutAddress, billingAddressJson } from "./order.server";
import type { Json } from "~/lib/json";
import { addressOptions } from "./active.server";
import { COUPON_MESSAGES } from "~/lib/api-errors";
import {
  addressLines,
  cardFieldErrors,
  CHECKOUT_MESSAGES,
  expiryYears,
  firstIncompleteStep,
  paymentOutcome,
  SECRET_FIELDS,
} from "~/checkout/model/index";
import { stepPath } from "~/lib/paths";
import { COUPON_WORDS, couponCodeProblem, keptCouponCode } from "~/cart/model/coupon";
import { cardDigits, cardLabel } from "~/checkout/model/cards";
import { toast, type ToastInput } from "~/shop/toast.server";
import { caught, errorMessage, type Caught } from "~/shop/errors.server";
import { parseWithZod } from "@conform-to/zod";
import { formConstraint } from "~/lib/validation/constraint.server";
import {
  paymentIntentSchema,
  paymentSchema,
  type PaymentOptions,
  type PaymentValues,
} from "~/checkout/forms/payment-schema";
import type { ShopCore } from "~/shop/core.server";

/** What the payment step asks of the checkout beyond a step's parts. */
export interface PaymentParts extends StepParts {
  /** Purchase orders are for business buyers. */
  canPayByPurchaseOrder(): boolean;
  /** The card's gateway token (the card number is never kept or logged). */
  tokenizeCard(card: CardDetails): Promise<string>;
  /** Place-order v2's prepare, before the payment (nothing where the store places orders the v1 way). */
  prepareOrder(checkoutId: string): Promise<void>;
}

/** What checkout/model/cards' cardLabel makes of a number: a brand (or "Card") and the last four digits. */
const CLIENT_CARD_LABEL = /^[A-Za-z][A-Za-z ]{0,30}( ending in \d{4})?$/;

export type PaymentActionData =
  | { intent: "pay"; result: SubmissionResult<string[]>; attempt: number; cartLink: boolean }
  | { intent: "coupon"; result: SubmissionResult<string[]>; attempt: number; error: string | null; code: string };

function paymentOptions(
  checkout: Pick<PaymentParts, "canPayByPurchaseOrder">,
  appContext: ApplicationContext,
): PaymentOptions {
  return { allowPurchaseOrder: checkout.canPayByPurchaseOrder(), ...addressOptions(appContext) };
}

/**
 * A client-side gateway's URL, when the store configures one that names it (application context
 * `clientSidePaymentConfiguration.config`: the config is the gateway's own map; the emulator's test gateway defines
 * these keys, docs/emulator-checkout.md), else null:
 * - `tokenizationUrl`: where the shopper's browser tokenises a card itself (null: the server tokenises);
 * - `authorizationUrl`: where the browser authorises the payment at the gateway itself; the store then confirms that
 *   authorisation with a PostAuth.
 */
function gatewayUrl(appContext: ApplicationContext, key: "tokenizationUrl" | "authorizationUrl"): string | null {
  const config = appContext.clientSidePaymentConfiguration?.config;
  const url = typeof config === "object" && config !== null ? (config as Record<string, unknown>)[key] : null;
  return typeof url === "string" && (url.startsWith("/") || url.startsWith("https://")) ? url : null;
}

/**
 * A gateway that authorises in the browser starts from the store: a ClientRequest payment (its `paymentsData`, a
 * JSON string, names the component asking) answers the gateway's client token in its `paymentsData`, which the
 * browser hands the gateway with the card. Null when the store has no such gateway or the request fails: the page
 * then pays the server's way (a typed card, tokenised and authorised with Auth).
 */
async function clientAuthorization(
  shop: ShopCore,
  page: CheckoutPageData,
  appContext: ApplicationContext,
): Promise<{ url: string; clientToken: string } | null> {
  const url = gatewayUrl(appContext, "authorizationUrl");
  if (!url) return null;
  try {
    const answer = await shop.client.makePayment(page.checkoutId, {
      requestType: "ClientRequest",
      paymentsData: JSON.stringify({ componentName: appContext.clientSidePaymentConfiguration?.componentName ?? null }),
    });
    const data: unknown = typeof answer.paymentsData === "string" ? JSON.parse(answer.paymentsData) : null;
    const clientToken =
      typeof data === "object" && data !== null && "clientToken" in data
        ? (data as { clientToken: unknown }).clientToken
        : null;
    return typeof clientToken === "string" && clientToken ? { url, clientToken } : null;
  } catch (error) {
    console.warn("Starting the client-side payment failed:", error instanceof Error ? error.message : error);
    return null;
  }
}

/**
 * The cart's stock is held while the shopper pays (PUT inventory-reservations, once per checkout while it lasts).
 * A product that ran out is named; any other failure leaves the page without a reservation (it is a convenience).
 */
async function reservation(
  shop: ShopCore,
  checkout: PaymentParts,
  page: CheckoutPageData,
): Promise<{ expiresAt: string | null; problem: string | null }> {
  if (!page.cartId) return { expiresAt: null, problem: null };
  const held = checkout.progress(page.checkoutId).reservation;
  if (held && held.cartId === page.cartId && Date.parse(held.expiresAt) > Date.now())
    return { expiresAt: held.expiresAt, problem: null };
  try {
    // Null at an API version without inventory reservations (they are documented for 58.0-63.0 only).
    const answer = await shop.client.reserveInventory(page.cartId);
    const expiresAt = typeof answer?.expiresAt === "string" ? answer.expiresAt : null;
    checkout.updateProgress(page.checkoutId, {
      reservation: expiresAt ? { cartId: page.cartId, expiresAt } : undefined,
    });
    return { expiresAt, problem: null };
  } catch (error) {
    const failure = checkout.failure(caught(error), page.lines);
    if (failure.kind === "inventory") return { expiresAt: null, problem: failure.message };
    console.warn("Reserving the cart's inventory failed:", error instanceof Error ? error.message : error);
    return { expiresAt: null, problem: null };
  }
}

/** Which of the step's forms was sent: a coupon's apply or remove, or Pay (as is none: Enter in a field). */
function paymentIntent(formData: FormData) {
  const parsed = parseWithZod(formData, { schema: paymentIntentSchema() });
  return parsed.status === "success" ? parsed.value : { intent: "pay" as const, couponCode: "" };
}

/** The step's POST: a coupon applied or removed, or the payment, on the active checkout as it is now. */
export async function submitPayment(
  shop: ShopCore,
  checkout: PaymentParts,
  formData: FormData,
): Promise<StepAnswer<PaymentActionData>> {
  const ask = paymentIntent(formData);
  const page = await checkout.page(await checkout.active());
  if (ask.intent === "applyCoupon") return applyCoupon(shop, checkout, formData, page, ask.couponCode);
  if (ask.intent === "removeCoupon") return removeCoupon(shop, checkout, formData, page, ask.couponId, ask.couponCode);
  const options = paymentOptions(checkout, await checkout.appContext());
  return pay(shop, checkout, parseWithZod(formData, { schema: paymentSchema(options) }), page);
}

/** The page's data, or the redirect to the first step still to do. */
export async function paymentPage(shop: ShopCore, checkout: PaymentParts, couponCode: string) {
  const loaded = await checkout.active();
  if (loaded.processing) return { processing: true as const };
  const [page, appContext] = await Promise.all([checkout.page(loaded), checkout.appContext()]);
  const todo = firstIncompleteStep({ shipments: page.shipments, needsContact: page.isGuest, contact: page.contact });
  if (todo !== "payment") throw await shop.redirect(stepPath(todo), toast("info", FINISH_STEP_FIRST));
  const [held, authorization] = await Promise.all([
    reservation(shop, checkout, page),
    clientAuthorization(shop, page, appContext),
  ]);
  const shipping = page.shipments[0]?.address ?? null;
  const options = paymentOptions(checkout, appContext);
  return {
    processing: false as const,
    page,
    options,
    constraint: formConstraint(paymentSchema(options)),
    tokenizationUrl: gatewayUrl(appContext, "tokenizationUrl"),
    authorization,
    reservation: held.expiresAt,
    reservationProblem: held.problem,
    renderedAt: Date.now(),
    shippingAddress: addressLines(shipping),
    years: expiryYears(Date.now()),
    couponCode: keptCouponCode(couponCode),
    defaults: {
      paymentMethod: "card",
      sameAsShipping: "on",
      cardholderName: shipping ? [shipping.firstName, shipping.lastName].filter(Boolean).join(" ") : "",
    },
  };
}

export type PaymentPage = Awaited<ReturnType<typeof paymentPage>>;

// ---------------------------------------------------------------------------------------------
// Coupons

async function applyCoupon(
  shop: ShopCore,
  checkout: PaymentParts,
  formData: FormData,
  page: CheckoutPageData,
  typed: string,
) {
  const code = typed.trim();
  const refuse = (error: string) => couponReply(shop, formData, typed, { error }, 400);
  const problem = couponCodeProblem(typed);
  if (problem) return refuse(problem);
  try {
    await shop.client.applyCheckoutCoupon(page, code);
  } catch (error) {
    const redirect = await couponFailureRedirect(checkout, caught(error), page);
    if (redirect) return redirect;
    return refuse(
      isFetchError(error) && error.status === 404
        ? COUPON_WORDS.unavailableAtCheckout
        : errorMessage(caught(error), COUPON_WORDS.applyFailed, COUPON_MESSAGES),
    );
  }
  checkout.updateProgress(page.checkoutId, { payment: undefined });
  // The code is listed as applied now: the field is empty for the next one.
  return couponReply(shop, formData, typed, { code: "", toast: toast("success", COUPON_WORDS.applied(code)) });
}

async function removeCoupon(
  shop: ShopCore,
  checkout: PaymentParts,
  formData: FormData,
  page: CheckoutPageData,
  couponId: string,
  typed: string,
) {
  const code = page.coupons.find((coupon) => coupon.id === couponId)?.code;
  try {
    await shop.client.removeCheckoutCoupon(page, couponId);
  } catch (error) {
    const redirect = await couponFailureRedirect(checkout, caught(error), page);
    if (redirect) return redirect;
    return couponReply(
      shop,
      formData,
      typed,
      { toast: toast("error", errorMessage(caught(error), COUPON_WORDS.removeFailed)) },
      400,
    );
  }
  checkout.updateProgress(page.checkoutId, { payment: undefined });
  return couponReply(shop, formData, typed, {
    toast: toast("success", COUPON_WORDS.removed(code)),
  });
}

/**
 * A coupon change answers with the page itself rather than a redirect: the payment form came with it (its
 * Apply and Remove buttons are the form's), and what the shopper typed there is shown again, also without
 * JavaScript. Only the values: no errors, and no field counts as checked, so fields the shopper hasn't got to
 * don't turn red. The card number and security code are never sent back. `code` is what the coupon field shows
 * (by default the code as typed).
 */
async function couponReply(
  shop: ShopCore,
  formData: FormData,
  typedCode: string,
  outcome: { error?: string; code?: string; toast?: ToastInput },
  status = 200,
): Promise<StepAnswer<PaymentActionData>> {
  if (outcome.toast) shop.toasts.flash(outcome.toast);
  const typed = parse(formData, { resolve: () => ({ value: undefined }) }).reply({ hideFields: SECRET_FIELDS });
  const code = outcome.code ?? keptCouponCode(typedCode);
  return {
    data: {
      intent: "coupon",
      result: { initialValue: typed.initialValue },
      attempt: Date.now(),
      error: outcome.error ?? null,
      code,
    },
    status,
  };
}

/** A coupon call that failed because the checkout itself is gone or expired; other failures stay on the page. */
async function couponFailureRedirect(
  checkout: PaymentParts,
  error: Caught,
  page: CheckoutPageData,
): Promise<Response | null> {
  const failure = checkout.failure(error, page.lines);
  return failure.kind === "expired" || failure.kind === "signIn" ? checkout.recover(failure) : null;
}

// ---------------------------------------------------------------------------------------------
// Paying

async function pay(
  shop: ShopCore,
  checkout: PaymentParts,
  submission: Submission<PaymentValues>,
  page: CheckoutPageData,
): Promise<StepAnswer<PaymentActionData>> {
  const attempt = Date.now();
  const refuse = (
    reply: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
    cartLink = false,
    status = 400,
  ): StepAnswer<PaymentActionData> => ({
    data: { intent: "pay", result: submission.reply({ ...reply, hideFields: SECRET_FIELDS }), attempt, cartLink },
    status,
  });
  if (submission.status !== "success") return refuse({});
  // Stock before money: a card is never authorised for an order that can't be placed, e.g. when another shopper
  // took the last unit since this page was shown (the action read the checkout afresh).
  if (page.inventoryProblem) return refuse({ formErrors: page.problems }, true, 409);
  const value = submission.value;
  const shipping = page.shipments[0]?.address ?? null;
  const billing = value.billing ? asCheckoutAddress(addressInput(value.billing)) : shipping;
  const billingAddress = billing ? billingAddressJson(billing) : undefined;

  const requestFailed = async (error: Caught) => {
    const failed = await failureAnswer(checkout, error, page.lines);
    if (failed instanceof Response) return failed;
    const { failure } = failed;
    // The API refused the request itself (e.g. purchase orders are for business buyers): its words, on the field.
    if (failure.kind === "invalid" && value.paymentMethod === "purchaseOrder")
      return refuse({ fieldErrors: { purchaseOrderNumber: [failure.message] } });
    return refuse({ formErrors: [failure.message] }, failure.cartLink, failed.status);
  };

  let request: { requestType: "Auth" | "PostAuth" | "SimplePurchaseOrder"; paymentToken: string };
  let label: string;
  if (value.paymentMethod === "card" && value.paymentToken) {
    // A gateway that authorises in the browser posted its authorisation: the store confirms it (PostAuth);
    // otherwise the browser tokenised the card, which the store authorises (Auth).
    const authorizedInBrowser = gatewayUrl(await checkout.appContext(), "authorizationUrl") !== null;
    request = { requestType: authorizedInBrowser ? "PostAuth" : "Auth", paymentToken: value.paymentToken };
    // The browser named the card from what was typed; only a well-formed name is shown back.
    label = value.cardLabel && CLIENT_CARD_LABEL.test(value.cardLabel) ? value.cardLabel : "Card";
  } else if (value.paymentMethod === "card") {
    const cardNumber = cardDigits(value.cardNumber ?? "");
    try {
      const token = await checkout.tokenizeCard({
        cardholderName: value.cardholderName ?? "",
        cardNumber,
        expiryMonth: value.expiryMonth ?? "",
        expiryYear: value.expiryYear ?? "",
        cvv: value.cvv ?? "",
      });
      request = { requestType: "Auth", paymentToken: token };
    } catch (error) {
      // The gateway refused the card details themselves (422; a 400 from an API that words it so): each message
      // goes on the field it names.
      if (isFetchError(error) && (error.status === 422 || error.status === 400) && error.errors.length > 0) {
        return refuse({ fieldErrors: cardFieldErrors(error.errors) });
      }
      // Only the status and message: a request body with the card number is never logged.
      console.error(
        "Tokenising a card failed:",
        isFetchError(error) ? `${error.status} ${error.message}` : (error as Error).message,
      );
      return refuse({ formErrors: [CHECKOUT_MESSAGES.paymentSystemError] });
    }
    // What the shopper typed names the card: the API never echoes its brand or digits.
    label = cardLabel(cardNumber);
  } else {
    const number = value.purchaseOrderNumber ?? "";
    request = { requestType: "SimplePurchaseOrder", paymentToken: number };
    label = `Purchase order ${number}`;
  }

  let answer: Json;
  try {
    // Place-order v2 prepares before the money moves (validations, the stock held), then the payment.
    await checkout.prepareOrder(page.checkoutId);
    answer = await shop.client.makePayment(page.checkoutId, { ...request, billingAddress });
  } catch (error) {
    return requestFailed(caught(error));
  }
  const outcome = paymentOutcome(answer, value.paymentMethod);
  if (!outcome.ok) {
    return outcome.formError !== undefined
      ? refuse({ formErrors: [outcome.formError] })
      : refuse({ fieldErrors: { [outcome.field]: [outcome.fieldError] } });
  }
  checkout.updateProgress(page.checkoutId, { payment: { method: value.paymentMethod, label } });
  return shop.redirect(stepPath("review"));
}
