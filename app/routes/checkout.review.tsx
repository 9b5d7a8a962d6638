/**
 * Checkout step 4, review: contact details, every shipment (address, method, date, instructions, gift), the
 * payment and the API's totals; "Place order" is a POST form (intent=placeOrder). Placing happens once: the API
 * answers a repeated submit with the same order, a second POST after the first lands on the same confirmation
 * (the session remembers the order), and with JavaScript the button is disabled while the order is placed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { CheckoutLayout, CheckoutProcessing } from "~/checkout/ui/CheckoutLayout";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/checkout/ui/route-exports";
import { OrderSummary } from "~/checkout/ui/OrderSummary";
import { ProblemBanner } from "~/components/Problems";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { useStoreLocale } from "~/components/StoreLocale";
import { serverTimingHeaders, withShop } from "~/shop.server";
import { readPage } from "~/lib/paging";
import { addressLines, moreItemsNote, shippingFeeText } from "~/checkout/model/shipments";
import { stepPath } from "~/lib/paths";
import { formatDate, formatPhone } from "~/lib/format/formats";
import { PLACE_ORDER_INTENT } from "~/checkout/forms/review";

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta("Review");

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) =>
    shop.reply(await shop.checkout.review.page({ linesPage: readPage(new URL(request.url).searchParams) })),
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const done = await shop.checkout.review.submit(await request.formData());
    return done instanceof Response ? done : shop.reply(done.data, { status: done.status });
  });
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
  const actionData = useActionData<typeof action>();
  const placing = useIsPending({ intent: PLACE_ORDER_INTENT });
  const multiple = page.shipments.length > 1;

  return (
    <CheckoutLayout
      step="review"
      aside={<OrderSummary totals={page.totals} lines={page.lines} paging={page.linePaging} />}
    >
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
                  {[
                    ...shipment.items.map(
                      (line) => `${line.name}${line.term ? `, ${line.term}` : ""} (${line.quantity})`,
                    ),
                    moreItemsNote(shipment),
                  ]
                    .filter(Boolean)
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
