/**
 * Checkout step 3, payment. Entering it reserves the cart's stock (PUT inventory-reservations, at the API versions
 * that have it: 58.0-63.0) and the page says until when ("Items reserved until h:mm a", a live countdown with
 * JavaScript). Coupons are applied through the checkout (61.0-62.0) or its cart (other versions). The shopper pays by card (tokenised by the payment gateway, then authorised: requestType Auth) or, as
 * a business buyer, by purchase order (SimplePurchaseOrder), with the shipping address or another as billing
 * address. The card number is never echoed back, logged or kept: a refused payment keeps everything else typed.
 */
import { COUPON_MESSAGES } from "~/lib/api-errors";
import { getFormProps, parse, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { z } from "zod";
import { AddressForm, type AddressFieldsetMeta } from "~/components/AddressForm";
import { Button } from "~/components/Button";
import { CheckoutLayout, CheckoutProcessing } from "~/components/checkout/CheckoutLayout";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/components/checkout/route-exports";
import { OrderSummary } from "~/components/checkout/OrderSummary";
import { ErrorSummary, ProblemBanner } from "~/components/checkout/Problems";
import { RadioGroup, RadioOption } from "~/components/checkout/RadioGroup";
import { ReservationNotice } from "~/components/checkout/ReservationNotice";
import { Field, type FieldMeta } from "~/components/Field";
import { SelectField } from "~/components/SelectField";
import { Tooltip } from "~/components/Tooltip";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { useZodForm } from "~/components/useZodForm";
import {
  addressInput,
  applicationContext,
  asCheckoutAddress,
  billingAddressJson,
  canPayByPurchaseOrder,
  checkoutFailure,
  checkoutPageData,
  failureRedirect,
  progressOf,
  requireActiveCheckout,
  tokenizeCard,
  updateProgress,
  type CheckoutPageData,
} from "~/checkout.server";
import { addressLabels, createAddressSchema, type Address } from "~/lib/address";
import {
  addressLines,
  cardFieldErrors,
  CHECKOUT_MESSAGES,
  EXPIRY_MONTHS,
  expiryYears,
  firstIncompleteStep,
  paymentOutcome,
  stepPath,
  type PaymentMethod,
} from "~/lib/checkout";
// From lib/cards itself, not through lib/checkout: the pages that share lib/checkout (the cart) don't carry the
// card-brand table.
import { cardDigits, cardLabel } from "~/lib/cards";
import { tokenizeInBrowser } from "~/lib/client-tokenization";
import { optionalText, VALIDITY_MESSAGES } from "~/lib/validation";
import { toast, type ToastInput } from "~/toast.server";
import { errorMessage, getWebstore, rethrowResponse, serverTimingHeaders, type Webstore } from "~/webstore.server";
import { isFetchError } from "../../server/webstore/errors";
import { useStoreHref } from "~/components/store-href";

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta("Payment");

export const headers = serverTimingHeaders;

const FORM_ID = "payment";
const COUPON_MAX_LENGTH = 100;
const PO_MAX_LENGTH = 80;
/** Checkout coupons are served by API versions 61-62 only: elsewhere the cart's coupons are the way. */
const COUPONS_UNAVAILABLE = "Coupons can't be applied during checkout. Apply them in your cart.";
/** Never sent back to the page: a refused payment asks for the card number (and security code) again. */
const SECRET_FIELDS = ["cardNumber", "cvv"];
/** What lib/cards' cardLabel makes of a number: a brand (or "Card") and the last four digits. */
const CLIENT_CARD_LABEL = /^[A-Za-z][A-Za-z ]{0,30}( ending in \d{4})?$/;
/** The coupons' Remove buttons all belong to the payment form, so each one's intent names its coupon. */
const REMOVE_COUPON = "removeCoupon:";

interface PaymentOptions {
  allowPurchaseOrder: boolean;
  countries: string[];
  skipPhoneNumberValidation: boolean;
}

interface PaymentValues {
  paymentMethod: PaymentMethod;
  cardholderName?: string;
  cardNumber?: string;
  expiryMonth?: string;
  expiryYear?: string;
  cvv?: string;
  purchaseOrderNumber?: string;
  /** A token from the store's client-side gateway (JavaScript on): no card details came with it. */
  paymentToken?: string;
  /** How the browser names that card ("Visa ending in 4242"), for the review page. */
  cardLabel?: string;
  sameAsShipping?: boolean;
  billing: Address | null;
}

/** What the form submits (Conform's view of the fields). */
type PaymentInput = {
  paymentMethod: string;
  cardholderName?: string;
  cardNumber?: string;
  expiryMonth?: string;
  expiryYear?: string;
  cvv?: string;
  purchaseOrderNumber?: string;
  paymentToken?: string;
  cardLabel?: string;
  sameAsShipping?: string;
  billing?: Record<string, string>;
};

function paymentSchema(options: PaymentOptions) {
  const address = createAddressSchema({
    countries: options.countries,
    skipPhoneNumberValidation: options.skipPhoneNumberValidation,
  });
  const M = VALIDITY_MESSAGES;
  return z
    .object({
      paymentMethod: z.enum(["card", "purchaseOrder"], {
        required_error: M.valueMissing,
        invalid_type_error: M.badInput,
      }),
      cardholderName: optionalText({ max: 255 }),
      cardNumber: optionalText({ max: 23 }),
      expiryMonth: optionalText({ max: 2 }),
      expiryYear: optionalText({ max: 4 }),
      cvv: optionalText({ max: 4 }),
      purchaseOrderNumber: optionalText({ max: PO_MAX_LENGTH }),
      paymentToken: optionalText({ max: 200 }),
      cardLabel: optionalText({ max: 60 }),
      sameAsShipping: z.boolean().optional(),
      billing: z.unknown().optional(),
    })
    .transform((value, ctx) => {
      const problem = (path: string, message: string) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, message, path: [path] });
      if (value.paymentMethod === "card" && value.paymentToken) {
        // Tokenised in the browser by the store's client-side gateway: the card's details never came here.
        if (!value.cardholderName) problem("cardholderName", M.valueMissing);
      } else if (value.paymentMethod === "card") {
        if (!value.cardholderName) problem("cardholderName", M.valueMissing);
        if (!value.cardNumber) problem("cardNumber", M.valueMissing);
        else if (!/^\d{12,19}$/.test(cardDigits(value.cardNumber))) problem("cardNumber", M.patternMismatch);
        if (!value.expiryMonth) problem("expiryMonth", M.valueMissing);
        else if (!EXPIRY_MONTHS.includes(value.expiryMonth)) problem("expiryMonth", M.badInput);
        if (!value.expiryYear) problem("expiryYear", M.valueMissing);
        else if (!/^\d{4}$/.test(value.expiryYear)) problem("expiryYear", M.badInput);
        if (!value.cvv) problem("cvv", M.valueMissing);
        else if (!/^\d{3,4}$/.test(value.cvv)) problem("cvv", M.patternMismatch);
      } else if (!options.allowPurchaseOrder) {
        problem("paymentMethod", "Pay with a card.");
      } else if (!value.purchaseOrderNumber) {
        problem("purchaseOrderNumber", M.valueMissing);
      }
      let billing: Address | null = null;
      if (!value.sameAsShipping) {
        const parsed = address.safeParse(value.billing ?? {});
        if (parsed.success) billing = parsed.data;
        else
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: ["billing", ...issue.path] });
      }
      return { ...value, billing } as PaymentValues;
    }) as unknown as z.ZodType<PaymentValues, z.ZodTypeDef, PaymentInput>;
}

function paymentOptions(ws: Webstore, appContext: Awaited<ReturnType<typeof applicationContext>>): PaymentOptions {
  const countries = (appContext.shippingCountries ?? []).filter((c) => typeof c === "string" && c.trim() !== "");
  return {
    allowPurchaseOrder: canPayByPurchaseOrder(ws.shopper),
    countries: countries.length > 0 ? countries : ["US"],
    skipPhoneNumberValidation: appContext.skipPhoneNumberValidationEnabled === true,
  };
}

/**
 * Where the shopper's browser tokenises a card itself, when the store configures a client-side gateway that says
 * (application context `clientSidePaymentConfiguration.config.tokenizationUrl`: the config is the gateway's own map;
 * the emulator's test gateway defines this key, docs/emulator-checkout.md). Null: the server tokenises.
 */
function clientSideTokenizationUrl(appContext: Awaited<ReturnType<typeof applicationContext>>): string | null {
  const config = (
    appContext.clientSidePaymentConfiguration as { config?: { tokenizationUrl?: unknown } } | null | undefined
  )?.config;
  const url = config?.tokenizationUrl;
  return typeof url === "string" && (url.startsWith("/") || url.startsWith("https://")) ? url : null;
}

/**
 * The cart's stock is held while the shopper pays (PUT inventory-reservations, once per checkout while it lasts).
 * A product that ran out is named; any other failure leaves the page without a reservation (it is a convenience).
 */
async function reservation(
  ws: Webstore,
  page: CheckoutPageData,
): Promise<{ expiresAt: string | null; problem: string | null }> {
  if (!page.cartId) return { expiresAt: null, problem: null };
  const held = progressOf(ws.session, page.checkoutId).reservation;
  if (held && held.cartId === page.cartId && Date.parse(held.expiresAt) > Date.now())
    return { expiresAt: held.expiresAt, problem: null };
  try {
    // Null at an API version without inventory reservations (they are documented for 58.0-63.0 only).
    const answer = await ws.client.reserveInventory(page.cartId);
    const expiresAt = typeof answer?.expiresAt === "string" ? answer.expiresAt : null;
    updateProgress(ws.session, page.checkoutId, {
      reservation: expiresAt ? { cartId: page.cartId, expiresAt } : undefined,
    });
    return { expiresAt, problem: null };
  } catch (error) {
    rethrowResponse(error);
    const failure = checkoutFailure(error, page.lines);
    if (failure.kind === "inventory") return { expiresAt: null, problem: failure.message };
    console.warn("Reserving the cart's inventory failed:", error instanceof Error ? error.message : error);
    return { expiresAt: null, problem: null };
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const loaded = await requireActiveCheckout(ws);
  if (loaded.processing) return ws.reply({ processing: true as const });
  const [page, appContext] = await Promise.all([checkoutPageData(ws, loaded), applicationContext(ws)]);
  const todo = firstIncompleteStep({ shipments: page.shipments, needsContact: page.isGuest, contact: page.contact });
  if (todo !== "payment") throw await ws.redirect(stepPath(todo), toast("info", "Finish this step first."));
  const held = await reservation(ws, page);
  const shipping = page.shipments[0]?.address ?? null;
  const couponCode = (new URL(request.url).searchParams.get("coupon") ?? "").slice(0, COUPON_MAX_LENGTH);
  return ws.reply({
    processing: false as const,
    page,
    options: paymentOptions(ws, appContext),
    tokenizationUrl: clientSideTokenizationUrl(appContext),
    reservation: held.expiresAt,
    reservationProblem: held.problem,
    renderedAt: Date.now(),
    shippingAddress: addressLines(shipping),
    years: expiryYears(Date.now()),
    couponCode,
    defaults: {
      paymentMethod: "card",
      sameAsShipping: "on",
      cardholderName: shipping ? [shipping.firstName, shipping.lastName].filter(Boolean).join(" ") : "",
    },
  });
}

type ActionData =
  | { intent: "pay"; result: SubmissionResult<string[]>; attempt: number; cartLink: boolean }
  | { intent: "coupon"; result: SubmissionResult<string[]>; attempt: number; error: string | null; code: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const ws = await getWebstore(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "pay");
  const loaded = await requireActiveCheckout(ws);
  const page = await checkoutPageData(ws, loaded);
  if (intent === "applyCoupon") return applyCoupon(ws, formData, page);
  if (intent.startsWith(REMOVE_COUPON)) return removeCoupon(ws, formData, page, intent.slice(REMOVE_COUPON.length));
  // Without JavaScript, Enter in the coupon field submits the form's first button (Continue to review): a code
  // typed but never applied is applied then, as its own Apply button would, rather than paid without.
  if (String(formData.get("couponCode") ?? "").trim()) return applyCoupon(ws, formData, page);
  return pay(ws, formData, page);
}

async function applyCoupon(ws: Webstore, formData: FormData, page: CheckoutPageData) {
  const code = String(formData.get("couponCode") ?? "").trim();
  const refuse = (error: string) => couponReply(ws, formData, { error }, 400);
  if (!code) return refuse(VALIDITY_MESSAGES.valueMissing);
  if (code.length > COUPON_MAX_LENGTH) return refuse(VALIDITY_MESSAGES.tooLong);
  try {
    await ws.client.applyCheckoutCoupon(page, code);
  } catch (error) {
    const redirect = await couponFailureRedirect(ws, error, page);
    if (redirect) return redirect;
    return refuse(
      isFetchError(error) && error.status === 404
        ? COUPONS_UNAVAILABLE
        : errorMessage(error, "We couldn't apply that coupon.", COUPON_MESSAGES),
    );
  }
  updateProgress(ws.session, page.checkoutId, { payment: undefined });
  // The code is listed as applied now: the field is empty for the next one.
  return couponReply(ws, formData, { code: "", toast: toast("success", `Coupon ${code} applied.`) });
}

async function removeCoupon(ws: Webstore, formData: FormData, page: CheckoutPageData, couponId: string) {
  const code = page.coupons.find((coupon) => coupon.id === couponId)?.code;
  try {
    await ws.client.removeCheckoutCoupon(page, couponId);
  } catch (error) {
    const redirect = await couponFailureRedirect(ws, error, page);
    if (redirect) return redirect;
    return couponReply(
      ws,
      formData,
      { toast: toast("error", errorMessage(error, "We couldn't remove the coupon. Try again.")) },
      400,
    );
  }
  updateProgress(ws.session, page.checkoutId, { payment: undefined });
  return couponReply(ws, formData, { toast: toast("success", code ? `Coupon ${code} removed.` : "Coupon removed.") });
}

/**
 * A coupon change answers with the page itself rather than a redirect: the payment form came with it (its
 * Apply and Remove buttons are the form's), and what the shopper typed there is shown again, also without
 * JavaScript. Only the values: no errors, and no field counts as checked, so fields the shopper hasn't got to
 * don't turn red. The card number and security code are never sent back. `code` is what the coupon field shows
 * (by default the code as typed).
 */
async function couponReply(
  ws: Webstore,
  formData: FormData,
  outcome: { error?: string; code?: string; toast?: ToastInput },
  status = 200,
) {
  if (outcome.toast) ws.session.flashToast(outcome.toast);
  const typed = parse(formData, { resolve: () => ({ value: undefined }) }).reply({ hideFields: SECRET_FIELDS });
  const code = outcome.code ?? String(formData.get("couponCode") ?? "").slice(0, COUPON_MAX_LENGTH);
  return ws.reply<ActionData>(
    {
      intent: "coupon",
      result: { initialValue: typed.initialValue },
      attempt: Date.now(),
      error: outcome.error ?? null,
      code,
    },
    { status },
  );
}

/** A coupon call that failed because the checkout itself is gone or expired; other failures stay on the page. */
async function couponFailureRedirect(ws: Webstore, error: unknown, page: CheckoutPageData): Promise<Response | null> {
  rethrowResponse(error);
  const failure = checkoutFailure(error, page.lines);
  return failure.kind === "expired" || failure.kind === "signIn" ? failureRedirect(ws, failure) : null;
}

async function pay(ws: Webstore, formData: FormData, page: CheckoutPageData) {
  const options = paymentOptions(ws, await applicationContext(ws));
  const submission = parseWithZod(formData, { schema: paymentSchema(options) });
  const attempt = Date.now();
  const refuse = (
    reply: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
    cartLink = false,
    status = 400,
  ) =>
    ws.reply<ActionData>(
      { intent: "pay", result: submission.reply({ ...reply, hideFields: SECRET_FIELDS }), attempt, cartLink },
      { status },
    );
  if (submission.status !== "success") return refuse({});
  // Stock before money: a card is never authorised for an order that can't be placed, e.g. when another shopper
  // took the last unit since this page was shown (the action read the checkout afresh).
  if (page.inventoryProblem) return refuse({ formErrors: page.problems }, true, 409);
  const value = submission.value;
  const shipping = page.shipments[0]?.address ?? null;
  const billing = value.billing ? asCheckoutAddress(addressInput(value.billing)) : shipping;
  const billingAddress = billing ? billingAddressJson(billing) : undefined;

  const requestFailed = async (error: unknown) => {
    rethrowResponse(error);
    const failure = checkoutFailure(error, page.lines);
    const redirect = await failureRedirect(ws, failure);
    if (redirect) return redirect;
    // The API refused the request itself (e.g. purchase orders are for business buyers): its words, on the field.
    if (failure.kind === "invalid" && value.paymentMethod === "purchaseOrder")
      return refuse({ fieldErrors: { purchaseOrderNumber: [failure.message] } });
    return refuse(
      { formErrors: [failure.message] },
      failure.cartLink,
      failure.kind === "conflict" || failure.kind === "inventory" ? 409 : 400,
    );
  };

  let answer: unknown;
  let label: string;
  if (value.paymentMethod === "card" && value.paymentToken) {
    try {
      answer = await ws.client.makePayment(page.checkoutId, {
        requestType: "Auth",
        paymentToken: value.paymentToken,
        billingAddress,
      });
    } catch (error) {
      return requestFailed(error);
    }
    // The browser named the card from what was typed; only a well-formed name is shown back.
    label = value.cardLabel && CLIENT_CARD_LABEL.test(value.cardLabel) ? value.cardLabel : "Card";
  } else if (value.paymentMethod === "card") {
    const cardNumber = cardDigits(value.cardNumber ?? "");
    let token: string;
    try {
      token = await tokenizeCard(ws.client, {
        cardholderName: value.cardholderName ?? "",
        cardNumber,
        expiryMonth: value.expiryMonth ?? "",
        expiryYear: value.expiryYear ?? "",
        cvv: value.cvv ?? "",
      });
    } catch (error) {
      rethrowResponse(error);
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
    try {
      answer = await ws.client.makePayment(page.checkoutId, {
        requestType: "Auth",
        paymentToken: token,
        billingAddress,
      });
    } catch (error) {
      return requestFailed(error);
    }
    // What the shopper typed names the card: the API never echoes its brand or digits.
    label = cardLabel(cardNumber);
  } else {
    const number = value.purchaseOrderNumber ?? "";
    try {
      answer = await ws.client.makePayment(page.checkoutId, {
        requestType: "SimplePurchaseOrder",
        paymentToken: number,
        billingAddress,
      });
    } catch (error) {
      return requestFailed(error);
    }
    label = `Purchase order ${number}`;
  }

  const outcome = paymentOutcome(answer, value.paymentMethod);
  if (!outcome.ok) {
    return outcome.formError !== undefined
      ? refuse({ formErrors: [outcome.formError] })
      : refuse({ fieldErrors: { [outcome.field]: [outcome.fieldError] } });
  }
  updateProgress(ws.session, page.checkoutId, { payment: { method: value.paymentMethod, label } });
  return ws.redirect(stepPath("review"));
}

// ---------------------------------------------------------------------------------------------

export default function PaymentStep() {
  const data = useLoaderData<typeof loader>();
  if (data.processing) return <CheckoutProcessing step="payment" />;
  return <PaymentPage data={data} />;
}

type PageData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { processing: true }>;

function PaymentPage({ data }: { data: PageData }) {
  const {
    page,
    options,
    reservation,
    reservationProblem,
    renderedAt,
    shippingAddress,
    years,
    defaults,
    tokenizationUrl,
  } = data;
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const payResult = actionData?.intent === "pay" ? actionData : undefined;
  const couponResult = actionData?.intent === "coupon" ? actionData : undefined;
  const navigation = useNavigation();
  const schema = useMemo(() => paymentSchema(options), [options]);
  const [form, fields] = useZodForm(schema, { id: FORM_ID, lastResult: actionData?.result, defaultValue: defaults });
  const paymentAction = useStoreHref(stepPath("payment"));
  const paying =
    navigation.state !== "idle" &&
    navigation.formAction === paymentAction &&
    navigation.formData?.get("intent") === "pay";
  const method = fields.paymentMethod;
  const chosen = typeof method.initialValue === "string" ? method.initialValue : "card";
  // The client-side gateway's answer (JavaScript on, a gateway configured): its refusals, shown on the fields.
  const [gateway, setGateway] = useState<{
    fieldErrors: Record<string, string[]>;
    formError: string | null;
    attempt: number;
    pending: boolean;
  }>({
    fieldErrors: {},
    formError: null,
    attempt: 0,
    pending: false,
  });
  // A new key after each refused payment empties the card number and security code, also with JavaScript.
  const secretKey = Math.max(payResult?.attempt ?? 0, gateway.attempt);
  const submit = useSubmit();
  const formProps = getFormProps(form);
  // With a client-side gateway the card is tokenised here, in the browser, and only the token is posted: the card
  // number and security code never reach the store's server. Without JavaScript the form posts the card, and the
  // server tokenises it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented || !tokenizationUrl) return;
    const formElement = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const formData = new FormData(formElement);
    if (submitter?.name) formData.set(submitter.name, submitter.value);
    if ((formData.get("intent") ?? "pay") !== "pay" || formData.get("paymentMethod") !== "card") return;
    event.preventDefault();
    const text = (name: string) => String(formData.get(name) ?? "");
    setGateway((g) => ({ ...g, fieldErrors: {}, formError: null, pending: true }));
    void tokenizeInBrowser(tokenizationUrl, {
      cardholderName: text("cardholderName"),
      cardNumber: text("cardNumber"),
      expiryMonth: text("expiryMonth"),
      expiryYear: text("expiryYear"),
      cvv: text("cvv"),
    }).then((result) => {
      if (!result.ok) {
        setGateway({
          fieldErrors: result.fieldErrors,
          formError: result.formError,
          attempt: Date.now(),
          pending: false,
        });
        return;
      }
      setGateway((g) => ({ ...g, pending: false }));
      for (const name of SECRET_FIELDS) formData.delete(name);
      formData.set("paymentToken", result.token);
      formData.set("cardLabel", result.label);
      formData.set("intent", "pay");
      submit(formData, { method: "post" });
    });
  };

  const labelOf = (name: string) => {
    const labels: Record<string, string> = {
      paymentMethod: "Payment method",
      cardholderName: "Cardholder name",
      cardNumber: "Card number",
      expiryMonth: "Expiry month",
      expiryYear: "Expiry year",
      cvv: "CVV",
      purchaseOrderNumber: "Purchase order number",
    };
    if (labels[name]) return labels[name];
    const billing = /^billing\.(\w+)$/.exec(name);
    return billing
      ? `Billing ${(addressLabels(options.countries[0]) as Record<string, string>)[billing[1]] ?? billing[1]}`
      : undefined;
  };

  const summary = (
    <OrderSummary totals={page.totals} lines={page.lines}>
      <CouponSection
        formId={form.id}
        coupons={page.coupons}
        defaultCode={couponResult ? couponResult.code : data.couponCode}
        error={couponResult?.error ?? null}
        answerKey={couponResult?.attempt ?? 0}
      />
    </OrderSummary>
  );

  return (
    <CheckoutLayout step="payment" aside={summary}>
      <h2>Payment</h2>
      <ProblemBanner messages={page.problems} cartLink={page.inventoryProblem} />
      <ProblemBanner messages={reservationProblem ? [reservationProblem] : []} cartLink />
      {reservation ? <ReservationNotice expiresAt={reservation} renderedAt={renderedAt} /> : null}
      <Form method="post" {...formProps} onSubmit={onSubmit} className="checkout-form checkout-payment">
        <ErrorSummary
          formId={form.id}
          formErrors={[
            ...(form.errors?.filter((message) => !page.problems.includes(message)) ?? []),
            ...(gateway.formError ? [gateway.formError] : []),
          ]}
          fieldErrors={{ ...form.allErrors, ...gateway.fieldErrors }}
          labelOf={labelOf}
          cartLink={payResult?.cartLink}
          focusKey={gateway.attempt > (payResult?.attempt ?? 0) ? gateway.attempt : payResult?.result}
        />
        {options.allowPurchaseOrder ? (
          <RadioGroup id={method.id} legend="Payment method" errors={method.errors}>
            <RadioOption
              key={`card-${method.key ?? ""}`}
              id={method.id}
              name={method.name}
              value="card"
              defaultChecked={chosen === "card"}
              label="Credit card"
            />
            <RadioOption
              key={`po-${method.key ?? ""}`}
              id={`${method.id}-po`}
              name={method.name}
              value="purchaseOrder"
              defaultChecked={chosen === "purchaseOrder"}
              label="Purchase order"
            />
          </RadioGroup>
        ) : (
          <input type="hidden" name={method.name} value="card" />
        )}
        <fieldset className="checkout-fieldset checkout-card">
          <legend className="checkout-fieldset__legend">Card details</legend>
          <Field
            label="Cardholder name"
            meta={fields.cardholderName as FieldMeta}
            errors={gateway.fieldErrors.cardholderName}
            autoComplete="cc-name"
            maxLength={255}
            required
          />
          <Field
            key={`card-number-${secretKey}`}
            label="Card number"
            meta={fields.cardNumber as FieldMeta}
            errors={gateway.fieldErrors.cardNumber}
            defaultValue=""
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={23}
            limitNotice={false}
            required
          />
          <div className="checkout-card__row">
            <SelectField
              label="Expiry month"
              meta={fields.expiryMonth as FieldMeta}
              errors={gateway.fieldErrors.expiryMonth}
              options={EXPIRY_MONTHS.map((m) => ({ value: m, label: m }))}
              placeholder="MM"
              autoComplete="cc-exp-month"
              required
            />
            <SelectField
              label="Expiry year"
              meta={fields.expiryYear as FieldMeta}
              errors={gateway.fieldErrors.expiryYear}
              options={years.map((y) => ({ value: y, label: y }))}
              placeholder="YYYY"
              autoComplete="cc-exp-year"
              required
            />
            <Field
              key={`cvv-${secretKey}`}
              label="CVV"
              meta={fields.cvv as FieldMeta}
              errors={gateway.fieldErrors.cvv}
              defaultValue=""
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              limitNotice={false}
              className="checkout-card__cvv"
              required
            />
            <span className="checkout-card__help">
              <Tooltip label="What is the CVV?">
                The 3 digits on the back of your card; 4 on the front for American Express.
              </Tooltip>
            </span>
          </div>
        </fieldset>
        {options.allowPurchaseOrder ? (
          <fieldset className="checkout-fieldset checkout-po">
            <legend className="checkout-fieldset__legend">Purchase order</legend>
            <Field
              label="Purchase order number"
              meta={fields.purchaseOrderNumber as FieldMeta}
              maxLength={PO_MAX_LENGTH}
              autoComplete="off"
              required
            />
          </fieldset>
        ) : null}
        <fieldset className="checkout-fieldset checkout-billing">
          <legend className="checkout-fieldset__legend">Billing address</legend>
          <Field
            type="checkbox"
            value="on"
            label="Same as shipping address"
            meta={fields.sameAsShipping as FieldMeta}
          />
          {shippingAddress.length > 0 ? (
            <p className="checkout-billing__same store-muted">{shippingAddress.join(", ")}</p>
          ) : null}
          <div className="checkout-billing__form">
            <AddressForm
              meta={fields.billing as unknown as AddressFieldsetMeta}
              prefix="billing"
              countries={options.countries}
              legend="Billing address"
              hideLegend
              autoCompleteSection="billing"
            />
          </div>
        </fieldset>
        <div className="checkout-actions">
          <Button
            name="intent"
            value="pay"
            size="large"
            pending={paying || gateway.pending}
            pendingLabel="Checking your payment…"
          >
            Continue to review
          </Button>
        </div>
      </Form>
    </CheckoutLayout>
  );
}

/**
 * The coupon field and buttons belong to the payment form (its id in their form attribute: forms can't nest), so
 * applying or removing a coupon keeps what the shopper typed there, also without JavaScript.
 */
function CouponSection({
  formId,
  coupons,
  defaultCode,
  error,
  answerKey,
}: {
  formId: string;
  coupons: readonly { id: string; code: string }[];
  defaultCode: string;
  error: string | null;
  /** Changes with each answer to a coupon change. */
  answerKey: number;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const applyButton = useRef<HTMLButtonElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  // With JavaScript the page stays: the field shows the answer's code (empty once applied). It is set, not
  // re-created: a focused field that is removed blurs, and the blur would validate (submit) the payment form.
  useEffect(() => {
    if (answerKey && codeInput.current) codeInput.current.value = defaultCode;
    // Only a new answer sets the field; typing in it must not be undone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answerKey]);
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  // With JavaScript the form is sent without the card number and security code (a coupon has no use for them)
  // and without the form's own validation: the shopper may not have got to the card fields yet.
  const change = (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    if (!button.form) return;
    event.preventDefault();
    const formData = new FormData(button.form);
    for (const name of SECRET_FIELDS) formData.delete(name);
    formData.set(button.name, button.value);
    submit(formData, { method: "post" });
  };
  return (
    <section aria-labelledby="checkout-coupons-title" className="checkout-coupons">
      <h3 id="checkout-coupons-title">Coupons</h3>
      <div className="store-inline-form">
        <Field
          inputRef={codeInput}
          label="Coupon code"
          name="couponCode"
          form={formId}
          defaultValue={defaultCode}
          autoComplete="off"
          maxLength={COUPON_MAX_LENGTH}
          errors={error ? [error] : null}
          onKeyDown={(event) => {
            // Enter here means the code: the form's own first button, which Enter would press, is Continue to review.
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            event.preventDefault();
            applyButton.current?.click();
          }}
        />
        <Button
          buttonRef={applyButton}
          form={formId}
          name="intent"
          value="applyCoupon"
          variant="neutral"
          pending={busy("applyCoupon")}
          pendingLabel="Applying…"
          onClick={change}
        >
          Apply
        </Button>
      </div>
      {coupons.length > 0 ? (
        <ul className="store-coupons" aria-label="Applied coupons">
          {coupons.map((coupon) => (
            <li key={coupon.id} className="store-coupon">
              <span className="store-coupon__code">{coupon.code}</span>
              <Button
                form={formId}
                name="intent"
                value={`${REMOVE_COUPON}${coupon.id}`}
                variant="link"
                size="small"
                pending={busy(`${REMOVE_COUPON}${coupon.id}`)}
                onClick={change}
              >
                Remove<span className="kit-visually-hidden"> coupon {coupon.code}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
