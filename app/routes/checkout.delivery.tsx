/**
 * Checkout step 2, delivery: per shipment the delivery method (name, fee or 'Free', transit time), a desired
 * delivery date (not before tomorrow), shipping instructions and, when the store's giftingConfig enables them,
 * the gift options (gift, who it is for — the delivery group's giftToName —, gift message, gift wrap). One POST form; 303 to payment, or 400 with every error.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { z } from "zod";
import { Button } from "~/components/Button";
import { CheckoutLayout, CheckoutProcessing } from "~/components/checkout/CheckoutLayout";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/components/checkout/route-exports";
import { OrderSummary } from "~/components/checkout/OrderSummary";
import { ErrorSummary, ProblemBanner } from "~/components/checkout/Problems";
import { RadioGroup, RadioOption } from "~/components/checkout/RadioGroup";
import { DatePicker } from "~/components/DatePicker";
import { Field, type FieldMeta } from "~/components/Field";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { useZodForm } from "~/components/useZodForm";
import {
  applicationContext,
  checkoutFailure,
  checkoutPageData,
  failureRedirect,
  requireActiveCheckout,
  updateProgress,
} from "~/checkout.server";
import {
  addressLines,
  composeInstructions,
  firstIncompleteStep,
  shippingFeeText,
  stepPath,
  tomorrowIso,
  type Shipment,
} from "~/lib/checkout";
import { date, optionalText, requiredText } from "~/lib/validation";
import { getWebstore, rethrowResponse, serverTimingHeaders, toast } from "~/webstore.server";
import { useStoreHref } from "~/components/store-href";
import { useStoreLocale } from "~/components/StoreLocale";

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta("Delivery");

export const headers = serverTimingHeaders;

const FORM_ID = "delivery";
const TEXT_MAX = 255;

interface Gifting {
  gift: boolean;
  message: boolean;
  wrap: boolean;
}

interface DeliveryValues {
  shipments: {
    groupId: string;
    deliveryMethodId: string;
    desiredDeliveryDate?: string;
    shippingInstructions?: string;
    isGift?: boolean;
    giftToName?: string;
    giftMessage?: string;
    giftWrap?: boolean;
  }[];
}

/** What the form submits (Conform's view of the fields). */
type DeliveryInput = {
  shipments: {
    groupId: string;
    deliveryMethodId: string;
    desiredDeliveryDate?: string;
    shippingInstructions?: string;
    isGift?: string;
    giftToName?: string;
    giftMessage?: string;
    giftWrap?: string;
  }[];
};

function deliverySchema(minDate: string) {
  return z.object({
    shipments: z
      .array(
        z.object({
          groupId: requiredText(),
          deliveryMethodId: requiredText(),
          desiredDeliveryDate: date({ min: minDate, required: false }),
          shippingInstructions: optionalText({ max: TEXT_MAX }),
          isGift: z.boolean().optional(),
          giftToName: optionalText({ max: TEXT_MAX }),
          giftMessage: optionalText({ max: TEXT_MAX }),
          giftWrap: z.boolean().optional(),
        }),
      )
      .min(1),
  }) as unknown as z.ZodType<DeliveryValues, z.ZodTypeDef, DeliveryInput>;
}

function giftingOf(appContext: Awaited<ReturnType<typeof applicationContext>>): Gifting {
  const config = appContext.giftingConfig ?? {};
  const gift = config.isGiftingEnabled === true;
  return {
    gift,
    message: gift && config.isGiftMessageEnabled === true,
    wrap: gift && config.isGiftWrapEnabled === true,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const loaded = await requireActiveCheckout(ws);
  if (loaded.processing) return ws.reply({ processing: true as const });
  const [page, appContext] = await Promise.all([checkoutPageData(ws, loaded), applicationContext(ws)]);
  const todo = firstIncompleteStep({ shipments: page.shipments, needsContact: page.isGuest, contact: page.contact });
  if (todo === "shipping")
    throw await ws.redirect(stepPath("shipping"), toast("info", "Enter your shipping details first."));
  const minDate = tomorrowIso(Date.now());
  const on = (value: boolean) => (value ? "on" : undefined);
  return ws.reply({
    processing: false as const,
    page,
    minDate,
    gifting: giftingOf(appContext),
    defaults: {
      shipments: page.shipments.map((s) => ({
        groupId: s.id,
        deliveryMethodId: s.selectedMethodId ?? "",
        desiredDeliveryDate: s.desiredDeliveryDate ?? "",
        shippingInstructions: s.shippingInstructions ?? "",
        isGift: on(s.isGift),
        giftToName: s.giftToName ?? "",
        giftMessage: s.giftMessage ?? "",
        giftWrap: on(s.giftWrap),
      })),
    },
  });
}

type ActionData = { result: SubmissionResult<string[]>; cartLink: boolean };

export async function action({ request, context }: ActionFunctionArgs) {
  const ws = await getWebstore(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: deliverySchema(tomorrowIso(Date.now())) });
  if (submission.status !== "success") {
    return ws.reply<ActionData>({ result: submission.reply(), cartLink: false }, { status: 400 });
  }
  const loaded = await requireActiveCheckout(ws);
  const refuse = (reply: Parameters<typeof submission.reply>[0], cartLink = false, status = 400) =>
    ws.reply<ActionData>({ result: submission.reply(reply), cartLink }, { status });
  if (loaded.processing)
    return refuse({ formErrors: ["We're still saving your last change. Try again in a moment."] }, false, 409);
  const [page, appContext] = await Promise.all([checkoutPageData(ws, loaded), applicationContext(ws)]);
  const gifting = giftingOf(appContext);
  const cartId = page.cartId;
  if (!cartId) return ws.redirect("/cart", toast("info", "Your cart is empty."));

  // Every method must be one the shipment offers now (a changed address changes the list).
  const fieldErrors: Record<string, string[]> = {};
  submission.value.shipments.forEach((value, index) => {
    const shipment = page.shipments.find((s) => s.id === value.groupId);
    if (shipment && !shipment.methods.some((m) => m.id === value.deliveryMethodId)) {
      fieldErrors[`shipments[${index}].deliveryMethodId`] = ["Choose one of the delivery methods shown."];
    }
  });
  if (Object.keys(fieldErrors).length > 0) return refuse({ fieldErrors });

  try {
    for (const value of submission.value.shipments) {
      const shipment = page.shipments.find((s) => s.id === value.groupId);
      if (!shipment) continue;
      const changes: Parameters<typeof ws.client.updateDeliveryGroup>[2] = {};
      if (value.deliveryMethodId !== shipment.selectedMethodId) {
        // The default shipment's method is the checkout's (PATCH checkouts); other shipments are the cart's.
        if (shipment.isDefault)
          await ws.client.updateCheckout(page.checkoutId, { deliveryMethodId: value.deliveryMethodId });
        else changes.deliveryMethodId = value.deliveryMethodId;
      }
      const desired = value.desiredDeliveryDate ?? null;
      if (desired !== shipment.desiredDeliveryDate) changes.desiredDeliveryDate = desired ?? "";
      const isGift = gifting.gift ? value.isGift === true : shipment.isGift;
      const giftWrap = gifting.wrap ? isGift && value.giftWrap === true : shipment.giftWrap;
      const instructions = composeInstructions(value.shippingInstructions, giftWrap);
      if (instructions !== composeInstructions(shipment.shippingInstructions, shipment.giftWrap))
        changes.shippingInstructions = instructions;
      if (gifting.gift && isGift !== shipment.isGift) changes.isGift = isGift;
      const giftMessage =
        gifting.message && isGift ? (value.giftMessage ?? null) : gifting.message ? null : shipment.giftMessage;
      if (giftMessage !== shipment.giftMessage) changes.giftMessage = giftMessage ?? "";
      // Who the gift is for: only for a gift; unchecking "Send as a gift" clears it.
      const giftToName = gifting.gift ? (isGift ? (value.giftToName ?? null) : null) : shipment.giftToName;
      if (giftToName !== shipment.giftToName) changes.giftToName = giftToName ?? "";
      if (Object.keys(changes).length > 0) await ws.client.updateDeliveryGroup(cartId, shipment.id, changes);
    }
  } catch (error) {
    rethrowResponse(error);
    const failure = checkoutFailure(error, page.lines);
    const redirect = await failureRedirect(ws, failure);
    if (redirect) return redirect;
    return refuse(
      { formErrors: [failure.message] },
      failure.cartLink,
      failure.kind === "conflict" || failure.kind === "inventory" ? 409 : 400,
    );
  }
  // A method change clears the payment (its amount changed): it is entered again.
  updateProgress(ws.session, page.checkoutId, { payment: undefined });
  return ws.redirect(stepPath("payment"));
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
  const { page, minDate, gifting, defaults } = data;
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const schema = useMemo(() => deliverySchema(minDate), [minDate]);
  const [form, fields] = useZodForm(schema, { id: FORM_ID, lastResult: actionData?.result, defaultValue: defaults });
  const shipmentFields = fields.shipments.getFieldList();
  const multiple = page.shipments.length > 1;
  const deliveryAction = useStoreHref(stepPath("delivery"));
  const pending = navigation.state !== "idle" && navigation.formAction === deliveryAction;

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
    <CheckoutLayout step="delivery" aside={<OrderSummary totals={page.totals} lines={page.lines} />}>
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
              method={set.deliveryMethodId as FieldMeta}
              desiredDate={set.desiredDeliveryDate as FieldMeta}
              instructions={set.shippingInstructions as FieldMeta}
              isGift={set.isGift as FieldMeta}
              giftToName={set.giftToName as FieldMeta}
              giftMessage={set.giftMessage as FieldMeta}
              giftWrap={set.giftWrap as FieldMeta}
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

function ShipmentDelivery(props: {
  shipment: Shipment;
  multiple: boolean;
  minDate: string;
  gifting: Gifting;
  groupIdName: string;
  method: FieldMeta;
  desiredDate: FieldMeta;
  instructions: FieldMeta;
  isGift: FieldMeta;
  giftToName: FieldMeta;
  giftMessage: FieldMeta;
  giftWrap: FieldMeta;
}) {
  const { shipment, multiple, gifting, method } = props;
  const locale = useStoreLocale();
  const headingId = `${method.id}-heading`;
  const chosen = typeof method.initialValue === "string" ? method.initialValue : "";
  return (
    <section aria-labelledby={headingId} className="checkout-section checkout-delivery">
      <input type="hidden" name={props.groupIdName} value={shipment.id} />
      <h3 id={headingId}>{multiple ? shipment.label : "Your shipment"}</h3>
      <p className="checkout-delivery__to">
        <span className="store-muted">Ships to </span>
        {addressLines(shipment.address).join(", ")}{" "}
        <Link to={stepPath("shipping")}>
          Change<span className="kit-visually-hidden"> the address of {shipment.label}</span>
        </Link>
      </p>
      {shipment.items.length > 0 ? (
        <p className="store-muted">
          {shipment.items
            .map((line) => `${line.name}${line.term ? `, ${line.term}` : ""} (${line.quantity})`)
            .join("; ")}
        </p>
      ) : null}
      {shipment.methods.length === 0 ? (
        <p role="alert" className="store-form-error">
          No delivery method ships to this address. <Link to={stepPath("shipping")}>Choose another address</Link>.
        </p>
      ) : (
        <RadioGroup
          id={method.id}
          legend={multiple ? `Delivery method for ${shipment.label}` : "Delivery method"}
          errors={method.errors}
        >
          {shipment.methods.map((option, index) => (
            <RadioOption
              key={`${option.id}-${method.key ?? ""}`}
              id={index === 0 ? method.id : `${method.id}-${index}`}
              name={method.name}
              value={option.id}
              defaultChecked={chosen === option.id}
              invalid={!!method.errors?.length}
              label={
                <>
                  {option.name}{" "}
                  <span className="checkout-radio__fee">{shippingFeeText(option.fee, option.currency, locale)}</span>
                </>
              }
              detail={[option.carrier, option.transit].filter(Boolean).join(", ")}
            />
          ))}
        </RadioGroup>
      )}
      <DatePicker label="Desired delivery date" meta={props.desiredDate} min={props.minDate} />
      <Field label="Shipping instructions" meta={props.instructions} maxLength={TEXT_MAX} autoComplete="off" />
      {gifting.gift ? (
        <div className="checkout-gift">
          <Field
            type="checkbox"
            value="on"
            label="Send as a gift"
            meta={props.isGift}
            inputClassName="checkout-gift__toggle"
          />
          <div className="checkout-gift__options">
            <Field
              label="Gift for"
              help="The recipient's name, for the gift note."
              meta={props.giftToName}
              maxLength={TEXT_MAX}
              autoComplete="off"
            />
            {gifting.message ? (
              <Field label="Gift message" meta={props.giftMessage} maxLength={TEXT_MAX} autoComplete="off" />
            ) : null}
            {gifting.wrap ? <Field type="checkbox" value="on" label="Gift wrap" meta={props.giftWrap} /> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
