/**
 * Checkout step 4, review: contact details, every shipment (address, method, date, instructions, gift), the
 * payment and the API's totals; "Place order" is a POST form (intent=placeOrder). Placing happens once: the API
 * answers a repeated submit with the same order, a second POST after the first lands on the same confirmation
 * (the session remembers the order), and with JavaScript the button is disabled while the order is placed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/Button";
import { CheckoutLayout, CheckoutProcessing } from "~/components/checkout/CheckoutLayout";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/components/checkout/route-exports";
import { OrderSummary } from "~/components/checkout/OrderSummary";
import { ProblemBanner } from "~/components/checkout/Problems";
import { RouteErrorBoundary } from "~/components/store/PageError";
import {
  applicationContext,
  checkoutFailure,
  checkoutPageData,
  failureRedirect,
  placeOrderOnce,
  progressOf,
  rememberOrder,
  requireActiveCheckout,
  updateProgress,
} from "~/checkout.server";
import {
  addressLines,
  CHECKOUT_START_PATH,
  checkoutLinesFrom,
  confirmationPath,
  firstIncompleteStep,
  problemsFrom,
  shippingFeeText,
  stepPath,
  type CheckoutLine,
} from "~/lib/checkout";
import { formatDate, formatPhone } from "~/lib/formats";
import { getWebstore, rethrowResponse, serverTimingHeaders, type Webstore, toast } from "~/webstore.server";
import { isFetchError } from "../../server/webstore/errors";
import { useStoreLocale } from "~/components/StoreLocale";

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta("Review");

export const headers = serverTimingHeaders;

export const PLACE_ORDER_INTENT = "placeOrder";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const loaded = await requireActiveCheckout(ws);
  if (loaded.processing) return ws.reply({ processing: true as const });
  const page = await checkoutPageData(ws, loaded);
  const todo = firstIncompleteStep({ shipments: page.shipments, needsContact: page.isGuest, contact: page.contact });
  if (todo !== "payment") throw await ws.redirect(stepPath(todo), toast("info", "Finish this step first."));
  const payment = progressOf(ws.session, page.checkoutId).payment;
  if (!payment) throw await ws.redirect(stepPath("payment"), toast("info", "Enter your payment details first."));
  return ws.reply({ processing: false as const, page, payment });
}

/** The cart's lines, to name the products a failure is about (best effort). */
async function linesOf(ws: Webstore, checkoutId: string): Promise<CheckoutLine[]> {
  try {
    const checkout = await ws.client.getCheckout(checkoutId);
    const cartId = checkout.data?.cartSummary?.cartId;
    if (typeof cartId !== "string") return [];
    return checkoutLinesFrom((await ws.client.getCartItems(cartId, { pageSize: 100, productFields: ["Name"] })).data);
  } catch (error) {
    rethrowResponse(error);
    return [];
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ws = await getWebstore(request, context);
  const formData = await request.formData();
  if (formData.get("intent") !== PLACE_ORDER_INTENT)
    return ws.redirect(stepPath("review"), toast("error", "Choose an action."));
  const posted = String(formData.get("checkoutId") ?? "");

  // The same form posted again after the order was placed: the same confirmation, no second order.
  const last = ws.session.get("lastOrder");
  if (last && posted && last.checkoutId === posted) return ws.redirect(confirmationPath(last.orderNumber));

  const active = ws.session.get("activeCheckoutId");
  if (!active && !posted) return ws.redirect(CHECKOUT_START_PATH);
  if (active && posted && active !== posted) {
    return ws.redirect(
      stepPath("review"),
      toast("info", "Your checkout changed. Review it before you place your order."),
    );
  }
  const checkoutId = active ?? posted;

  let orderNumber: string;
  try {
    orderNumber = await placeOrderOnce(ws, checkoutId, await applicationContext(ws));
  } catch (error) {
    rethrowResponse(error);
    const failure = checkoutFailure(error, failureNeedsNames(error) ? await linesOf(ws, checkoutId) : []);
    const redirect = await failureRedirect(ws, failure);
    if (redirect) return redirect;
    const paymentProblem = isFetchError(error) && problemsFrom(error.body).some((p) => /payment-failure$/.test(p.code));
    if (failure.kind === "conflict" || paymentProblem) {
      // The authorised payment no longer fits the order (or is missing): the shopper pays again.
      updateProgress(ws.session, checkoutId, { payment: undefined });
      return ws.redirect(stepPath("payment"), toast("error", failure.message));
    }
    return ws.reply(
      { failure: { message: failure.message, cartLink: failure.cartLink } },
      { status: failure.kind === "inventory" ? 409 : 400 },
    );
  }
  rememberOrder(ws, checkoutId, orderNumber);
  return ws.redirect(confirmationPath(orderNumber));
}

function failureNeedsNames(error: unknown): boolean {
  return isFetchError(error) && (error.code === "INSUFFICIENT_INVENTORY" || problemsFrom(error.body).length > 0);
}

// ---------------------------------------------------------------------------------------------

export default function ReviewStep() {
  const data = useLoaderData<typeof loader>();
  if (data.processing) return <CheckoutProcessing step="review" />;
  return <ReviewPage data={data} />;
}

type PageData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { processing: true }>;

function ReviewPage({ data }: { data: PageData }) {
  const locale = useStoreLocale();
  const { page, payment } = data;
  const actionData = useActionData<typeof action>() as { failure?: { message: string; cartLink: boolean } } | undefined;
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === PLACE_ORDER_INTENT;
  const multiple = page.shipments.length > 1;

  return (
    <CheckoutLayout step="review" aside={<OrderSummary totals={page.totals} lines={page.lines} />}>
      <h2>Review your order</h2>
      <ProblemBanner messages={page.problems} cartLink={page.inventoryProblem} />
      {actionData?.failure ? (
        <ProblemBanner messages={[actionData.failure.message]} cartLink={actionData.failure.cartLink} />
      ) : null}

      {page.isGuest ? (
        <section aria-labelledby="review-contact" className="checkout-section">
          <h3 id="review-contact">Contact information</h3>
          <dl className="store-details checkout-review__details">
            <div>
              <dt>Email</dt>
              <dd>{page.contact.email}</dd>
            </div>
            <div>
              <dt>Last name</dt>
              <dd>{page.contact.lastName}</dd>
            </div>
            {page.contact.phoneNumber ? (
              <div>
                <dt>Phone</dt>
                <dd>{formatPhone(page.contact.phoneNumber)}</dd>
              </div>
            ) : null}
          </dl>
          <p>
            <Link to={stepPath("shipping")}>Change contact information</Link>
          </p>
        </section>
      ) : null}

      {page.shipments.map((shipment) => {
        const method = shipment.methods.find((m) => m.id === shipment.selectedMethodId);
        const headingId = `review-${shipment.id}`;
        return (
          <section key={shipment.id} aria-labelledby={headingId} className="checkout-section">
            <h3 id={headingId}>{multiple ? shipment.label : "Shipping"}</h3>
            <dl className="store-details checkout-review__details">
              <div>
                <dt>Ships to</dt>
                <dd>{addressLines(shipment.address).join(", ")}</dd>
              </div>
              <div>
                <dt>Delivery method</dt>
                <dd>{method ? `${method.name} (${shippingFeeText(method.fee, method.currency, locale)})` : "—"}</dd>
              </div>
              {shipment.desiredDeliveryDate ? (
                <div>
                  <dt>Desired delivery date</dt>
                  <dd>{formatDate(shipment.desiredDeliveryDate, "medium", { locale })}</dd>
                </div>
              ) : null}
              {shipment.shippingInstructions ? (
                <div>
                  <dt>Shipping instructions</dt>
                  <dd>{shipment.shippingInstructions}</dd>
                </div>
              ) : null}
              {shipment.isGift ? (
                <div>
                  <dt>Gift</dt>
                  <dd>
                    {[
                      shipment.giftToName ? `For ${shipment.giftToName}` : "Yes",
                      shipment.giftWrap ? "gift wrapped" : null,
                      shipment.giftMessage ? `“${shipment.giftMessage}”` : null,
                    ]
                      .filter(Boolean)
                      .join(", ")}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Items</dt>
                <dd>
                  {shipment.items
                    .map((line) => `${line.name}${line.term ? `, ${line.term}` : ""} (${line.quantity})`)
                    .join("; ")}
                </dd>
              </div>
            </dl>
            <p>
              <Link to={stepPath("delivery")}>
                Change delivery<span className="kit-visually-hidden"> of {shipment.label}</span>
              </Link>
            </p>
          </section>
        );
      })}

      <section aria-labelledby="review-payment" className="checkout-section">
        <h3 id="review-payment">Payment</h3>
        <p>{payment.label}</p>
        <p>
          <Link to={stepPath("payment")}>Change payment</Link>
        </p>
      </section>

      <Form method="post" className="checkout-place-order">
        <input type="hidden" name="checkoutId" value={page.checkoutId} />
        <Button
          name="intent"
          value={PLACE_ORDER_INTENT}
          size="large"
          pending={placing}
          pendingLabel="Placing your order…"
        >
          Place order
        </Button>
      </Form>
    </CheckoutLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
