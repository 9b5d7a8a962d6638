/**
 * Checkout step 2, delivery: per shipment the delivery method (name, fee or 'Free', transit time), a desired
 * delivery date (not before tomorrow), shipping instructions and, when the store's giftingConfig enables them,
 * the gift options (gift, who it is for — the delivery group's giftToName —, gift message, gift wrap). One POST form; 303 to payment, or 400 with every error.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { CheckoutLayout, CheckoutProcessing } from "~/checkout/ui/CheckoutLayout";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/checkout/ui/route-exports";
import { OrderSummary } from "~/checkout/ui/OrderSummary";
import { ErrorSummary, ProblemBanner } from "~/components/Problems";
import { ShipmentDelivery } from "~/checkout/ui/ShipmentDelivery";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { useZodForm } from "~/components/useZodForm";
import { serverTimingHeaders, withShop } from "~/shop.server";
import { readPage } from "~/lib/paging";
import { stepPath } from "~/lib/paths";
import { FORM_ID } from "~/checkout/forms/delivery";

const loadSchema = () => import("~/checkout/forms/delivery-schema");

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta("Delivery");

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) =>
    shop.reply(await shop.checkout.delivery.page({ linesPage: readPage(new URL(request.url).searchParams) })),
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const linesPage = readPage(new URL(request.url).searchParams);
    const done = await shop.checkout.delivery.submit(await request.formData(), { linesPage });
    return done instanceof Response ? done : shop.reply(done.data, { status: done.status });
  });
}

// ---------------------------------------------------------------------------------------------

export default function DeliveryStep() {
  const data = useLoaderData<typeof loader>();
  if (data.processing) return <CheckoutProcessing step="delivery" />;
  // Conform reads default values once: a new set of shipments (items moved, a shipment added) is a new form.
  return <DeliveryPage key={data.page.shipments.map((s) => s.id).join(" ")} data={data} />;
}

type PageData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { processing: true }>;

function DeliveryPage({ data }: { data: PageData }) {
  const { page, minDate, constraint, gifting, defaults } = data;
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(
    { constraint, load: loadSchema, select: (module) => module.deliverySchema(minDate) },
    { id: FORM_ID, lastResult: actionData?.result, defaultValue: defaults },
  );
  const shipmentFields = fields.shipments.getFieldList();
  const multiple = page.shipments.length > 1;
  const pending = useIsPending({ formAction: stepPath("delivery") });

  const labelOf = (name: string) => {
    const match = /^shipments\[(\d+)\]\.(\w+)$/.exec(name);
    if (!match) return undefined;
    const shipment = page.shipments.find(
      (s) => s.id === shipmentFields[Number(match[1])]?.getFieldset().groupId.initialValue,
    );
    const labels: Record<string, string> = {
      deliveryMethodId: "Delivery method",
      desiredDeliveryDate: "Desired delivery date",
      shippingInstructions: "Shipping instructions",
      giftMessage: "Gift message",
      giftToName: "Gift for",
    };
    const label = labels[match[2]];
    return label && multiple && shipment ? `${shipment.label} ${label.toLowerCase()}` : label;
  };

  return (
    <CheckoutLayout
      step="delivery"
      aside={<OrderSummary totals={page.totals} lines={page.lines} paging={page.linePaging} />}
    >
      <h2>Delivery</h2>
      <ProblemBanner messages={page.problems} cartLink={page.inventoryProblem} />
      <Form method="post" {...getFormProps(form)} className="checkout-form">
        <ErrorSummary
          formId={form.id}
          formErrors={form.errors?.filter((message) => !page.problems.includes(message))}
          fieldErrors={form.allErrors}
          labelOf={labelOf}
          cartLink={actionData?.cartLink}
          focusKey={actionData?.result}
        />
        {shipmentFields.map((field) => {
          const set = field.getFieldset();
          const shipment = page.shipments.find((s) => s.id === set.groupId.initialValue);
          if (!shipment) return null;
          return (
            <ShipmentDelivery
              key={field.key ?? shipment.id}
              shipment={shipment}
              multiple={multiple}
              minDate={minDate}
              gifting={gifting}
              groupIdName={set.groupId.name}
              method={set.deliveryMethodId}
              desiredDate={set.desiredDeliveryDate}
              instructions={set.shippingInstructions}
              isGift={set.isGift}
              giftToName={set.giftToName}
              giftMessage={set.giftMessage}
              giftWrap={set.giftWrap}
            />
          );
        })}
        <div className="checkout-actions">
          <Button size="large" pending={pending} pendingLabel="Saving…">
            Continue to payment
          </Button>
        </div>
      </Form>
    </CheckoutLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
