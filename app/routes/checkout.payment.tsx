/**
 * Checkout step 3, payment. Entering it reserves the cart's stock (PUT inventory-reservations, at the API versions
 * that have it: 58.0-63.0) and the page says until when ("Items reserved until h:mm a", a live countdown with
 * JavaScript). Coupons are applied through the checkout (61.0-62.0) or its cart (other versions). The shopper pays by card (tokenised by the payment gateway, then authorised: requestType Auth) or, as
 * a business buyer, by purchase order (SimplePurchaseOrder), with the shipping address or another as billing
 * address. The card number is never echoed back, logged or kept: a refused payment keeps everything else typed.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { AddressForm } from "~/components/AddressForm";
import { CardFields } from "~/checkout/ui/CardFields";
import { CheckoutLayout, CheckoutProcessing } from "~/checkout/ui/CheckoutLayout";
import { CouponSection } from "~/checkout/ui/CouponSection";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/checkout/ui/route-exports";
import { OrderSummary } from "~/checkout/ui/OrderSummary";
import { ErrorSummary, ProblemBanner } from "~/components/Problems";
import { RadioGroup, RadioOption } from "~/components/RadioGroup";
import { ReservationNotice } from "~/checkout/ui/ReservationNotice";
import { useBrowserTokenization } from "~/checkout/ui/useBrowserTokenization";
import { Field } from "~/components/Field";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { useZodForm } from "~/components/useZodForm";
import { serverTimingHeaders, withShop } from "~/shop.server";
import { readPage } from "~/lib/paging";
import { addressLabels } from "~/lib/address/address";
import { PO_MAX_LENGTH } from "~/checkout/model/index";
import { stepPath } from "~/lib/paths";
import { FORM_ID } from "~/checkout/forms/payment";

const loadSchema = () => import("~/checkout/forms/payment-schema");

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta("Payment");

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const query = new URL(request.url).searchParams;
    const couponCode = query.get("coupon") ?? "";
    return shop.reply(await shop.checkout.payment.page({ linesPage: readPage(query), couponCode }));
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const linesPage = readPage(new URL(request.url).searchParams);
    const done = await shop.checkout.payment.submit(await request.formData(), { linesPage });
    return done instanceof Response ? done : shop.reply(done.data, { status: done.status });
  });
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
    constraint,
    reservation,
    reservationProblem,
    renderedAt,
    shippingAddress,
    years,
    defaults,
    tokenizationUrl,
    authorization,
  } = data;
  const actionData = useActionData<typeof action>();
  const payResult = actionData?.intent === "pay" ? actionData : undefined;
  const couponResult = actionData?.intent === "coupon" ? actionData : undefined;
  const [form, fields] = useZodForm(
    { constraint, load: loadSchema, select: (module) => module.paymentSchema(options) },
    { id: FORM_ID, lastResult: actionData?.result, defaultValue: defaults },
  );
  const paying = useIsPending({ formAction: stepPath("payment"), intent: "pay" });
  const method = fields.paymentMethod;
  const chosen = typeof method.initialValue === "string" ? method.initialValue : "card";
  const formProps = getFormProps(form);
  // The client-side gateway's answer (JavaScript on, a gateway configured): its refusals, shown on the fields.
  const { gateway, onSubmit } = useBrowserTokenization(
    authorization?.url ?? tokenizationUrl,
    formProps.onSubmit,
    authorization?.clientToken,
  );
  // A new key after each refused payment empties the card number and security code, also with JavaScript.
  const secretKey = Math.max(payResult?.attempt ?? 0, gateway.attempt);

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
    <OrderSummary totals={page.totals} lines={page.lines} paging={page.linePaging}>
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
        <CardFields
          fields={{
            cardholderName: fields.cardholderName,
            cardNumber: fields.cardNumber,
            expiryMonth: fields.expiryMonth,
            expiryYear: fields.expiryYear,
            cvv: fields.cvv,
          }}
          gatewayErrors={gateway.fieldErrors}
          secretKey={secretKey}
          years={years}
        />
        {options.allowPurchaseOrder ? (
          <fieldset className="checkout-fieldset checkout-po">
            <legend className="checkout-fieldset__legend">Purchase order</legend>
            <Field
              label="Purchase order number"
              meta={fields.purchaseOrderNumber}
              maxLength={PO_MAX_LENGTH}
              autoComplete="off"
              required
            />
          </fieldset>
        ) : null}
        <fieldset className="checkout-fieldset checkout-billing">
          <legend className="checkout-fieldset__legend">Billing address</legend>
          <Field type="checkbox" value="on" label="Same as shipping address" meta={fields.sameAsShipping} />
          {shippingAddress.length > 0 ? (
            <p className="checkout-billing__same store-muted">{shippingAddress.join(", ")}</p>
          ) : null}
          <div className="checkout-billing__form">
            <AddressForm
              meta={fields.billing}
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

export const ErrorBoundary = RouteErrorBoundary;
