/**
 * Checkout step 1, shipping: a guest's contact details (Email, Last Name, Phone: the spec's guest user context,
 * sent with PATCH contactInfo), the shipments (split shipment when the store allows it: add a shipment, move
 * items and quantities between shipments) and each shipment's address (a saved address or a new one, which a
 * buyer may save to their addresses).
 *
 * Every form is a POST with an `intent` (save, move, addShipment, removeShipment) that ends in a 303, or in a 400
 * with every field error at once and what the shopper typed.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { CheckoutLayout, CheckoutProcessing } from "~/checkout/ui/CheckoutLayout";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/checkout/ui/route-exports";
import { OrderSummary } from "~/checkout/ui/OrderSummary";
import { ErrorSummary, ProblemBanner } from "~/components/Problems";
import { ShipmentAddress } from "~/checkout/ui/ShipmentAddress";
import { ShipmentsArrangement } from "~/checkout/ui/ShipmentsArrangement";
import { Field } from "~/components/Field";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { useZodForm } from "~/components/useZodForm";
import { serverTimingHeaders, withShop } from "~/shop.server";
import { readPage } from "~/lib/paging";
import { addressLabels } from "~/lib/address/address";
import { CONTACT_MAX, FORM_ID } from "~/checkout/forms/shipping";

const loadSchema = () => import("~/checkout/forms/shipping-schema");

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta("Shipping");

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) =>
    shop.reply(await shop.checkout.shipping.page({ linesPage: readPage(new URL(request.url).searchParams) })),
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const linesPage = readPage(new URL(request.url).searchParams);
    const done = await shop.checkout.shipping.submit(await request.formData(), { linesPage });
    return done instanceof Response ? done : shop.reply(done.data, { status: done.status });
  });
}

// ---------------------------------------------------------------------------------------------

export default function ShippingStep() {
  const data = useLoaderData<typeof loader>();
  if (data.processing) return <CheckoutProcessing step="shipping" />;
  // Conform reads default values once: a new set of shipments (items moved, a shipment added) is a new form.
  return <ShippingPage key={data.page.shipments.map((s) => s.id).join(" ")} data={data} />;
}

type PageData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { processing: true }>;

function ShippingPage({ data }: { data: PageData }) {
  const { page, saved, options, constraint, defaults, splitShipmentEnabled } = data;
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "save" ? actionData.result : undefined;
  const [form, fields] = useZodForm(
    { constraint, load: loadSchema, select: (module) => module.shippingSchema(options) },
    { id: FORM_ID, lastResult, defaultValue: defaults },
  );
  const shipmentFields = fields.shipments.getFieldList();
  const saving = useIsPending({ intent: "save" });
  const multiple = page.shipments.length > 1;

  const shipmentOf = (groupId: string | undefined) => page.shipments.find((s) => s.id === groupId);
  const labelOf = (name: string): string | undefined => {
    const contact: Record<string, string> = { email: "Email", lastName: "Last Name", phone: "Phone" };
    if (contact[name]) return contact[name];
    const match = /^shipments\[(\d+)\]\.(addressChoice|address\.(\w+))$/.exec(name);
    if (!match) return undefined;
    const field = shipmentFields[Number(match[1])];
    const shipment = shipmentOf(field?.getFieldset().groupId.initialValue);
    const prefix = multiple && shipment ? `${shipment.label} ` : "";
    if (match[2] === "addressChoice") return `${prefix}Shipping address`;
    const labels = addressLabels(shipment?.address?.country ?? options.countries[0]) as Record<string, string>;
    return `${prefix}${labels[match[3]] ?? match[3]}`;
  };

  return (
    <CheckoutLayout
      step="shipping"
      aside={<OrderSummary totals={page.totals} lines={page.lines} paging={page.linePaging} />}
    >
      <h2>Shipping</h2>
      <ProblemBanner messages={page.problems} cartLink={page.inventoryProblem} />
      {splitShipmentEnabled ? (
        <ShipmentsArrangement page={page} moveError={actionData?.intent === "move" ? actionData : null} />
      ) : null}
      <Form method="post" {...getFormProps(form)} className="checkout-form">
        <ErrorSummary
          formId={form.id}
          formErrors={form.errors?.filter((message) => !page.problems.includes(message))}
          fieldErrors={form.allErrors}
          labelOf={labelOf}
          cartLink={actionData?.intent === "save" && actionData.cartLink}
          focusKey={lastResult}
        />
        {options.guest ? (
          <fieldset className="checkout-fieldset">
            <legend className="checkout-fieldset__legend">Contact information</legend>
            <Field label="Email" type="email" meta={fields.email} autoComplete="email" required />
            <Field
              label="Last Name"
              meta={fields.lastName}
              autoComplete="family-name"
              maxLength={CONTACT_MAX.lastName}
              required
            />
            <Field
              label="Phone"
              type="tel"
              meta={fields.phone}
              autoComplete="tel"
              maxLength={CONTACT_MAX.phone}
              required={options.phoneRequired}
              help={options.skipPhoneNumberValidation ? undefined : "For delivery questions, e.g. (512) 555-0100."}
            />
          </fieldset>
        ) : null}
        {shipmentFields.map((field) => {
          const set = field.getFieldset();
          const shipment = shipmentOf(set.groupId.initialValue);
          if (!shipment) return null;
          return (
            <ShipmentAddress
              key={field.key ?? shipment.id}
              shipment={shipment}
              multiple={multiple}
              saved={saved}
              countries={options.countries}
              guest={options.guest}
              groupIdName={set.groupId.name}
              choice={set.addressChoice}
              address={set.address}
              save={set.saveAddress}
            />
          );
        })}
        <div className="checkout-actions">
          <Button name="intent" value="save" size="large" pending={saving} pendingLabel="Saving…">
            Continue to delivery
          </Button>
        </div>
      </Form>
    </CheckoutLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
