/**
 * Checkout step 1, shipping: a guest's contact details (Email, Last Name, Phone: the spec's guest user context,
 * sent with PATCH contactInfo), the shipments (split shipment when the store allows it: add a shipment, move
 * items and quantities between shipments) and each shipment's address (a saved address or a new one, which a
 * buyer may save to their addresses).
 *
 * Every form is a POST with an `intent` (save, move, addShipment, removeShipment) that ends in a 303, or in a 400
 * with every field error at once and what the shopper typed.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { z } from "zod";
import { AddressForm, type AddressFieldsetMeta } from "~/components/AddressForm";
import { Button } from "~/components/Button";
import { CheckoutLayout, CheckoutProcessing } from "~/components/checkout/CheckoutLayout";
import { checkoutHandle, checkoutLinks, checkoutMeta } from "~/components/checkout/route-exports";
import { OrderSummary } from "~/components/checkout/OrderSummary";
import { ErrorSummary, ProblemBanner } from "~/components/checkout/Problems";
import { RadioGroup, RadioOption } from "~/components/checkout/RadioGroup";
import { Field, type FieldMeta } from "~/components/Field";
import { SelectField } from "~/components/SelectField";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { useZodForm } from "~/components/useZodForm";
import {
  addressInput,
  applicationContext,
  asCheckoutAddress,
  checkoutFailure,
  checkoutPageData,
  deliveryAddressJson,
  failureRedirect,
  requireActiveCheckout,
  saveGuestUserContext,
  updateProgress,
  type CheckoutPageData,
} from "~/checkout.server";
import { addressLabels, createAddressSchema, type Address } from "~/lib/address";
import {
  addressFormValues,
  arrangementFromForm,
  defaultAddressChoice,
  guestUserContextFrom,
  inventoryMessage,
  inventoryNames,
  isInventoryProblem,
  MOVE_FIELDS,
  NEW_ADDRESS,
  nextShipmentName,
  problemsFrom,
  sameAddress,
  savedAddressesFrom,
  stepPath,
  type SavedAddress,
  type Shipment,
} from "~/lib/checkout";
import { isPhone } from "~/lib/formats";
import { email, optionalText, requiredText, VALIDITY_MESSAGES } from "~/lib/validation";
import {
  errorMessage,
  getWebstore,
  rethrowResponse,
  serverTimingHeaders,
  type Webstore,
  toast,
} from "~/webstore.server";

export const handle = checkoutHandle;

export const links = checkoutLinks;

export const meta = checkoutMeta("Shipping");

export const headers = serverTimingHeaders;

const FORM_ID = "shipping";
const CONTACT_MAX = { lastName: 80, phone: 40 } as const;

interface ShippingOptions {
  guest: boolean;
  countries: string[];
  skipPhoneNumberValidation: boolean;
  phoneRequired: boolean;
}

/** What the form submits (Conform's view of the fields). */
type ShippingInput = {
  email?: string;
  lastName?: string;
  phone?: string;
  shipments: { groupId: string; addressChoice: string; address?: Record<string, string>; saveAddress?: string }[];
};

export interface ShippingValues {
  email?: string;
  lastName?: string;
  phone?: string;
  shipments: { groupId: string; addressChoice: string; address: Address | null; saveAddress?: boolean }[];
}

/** The step's form: the server's rule and the browser's instant feedback are the same schema. */
function shippingSchema(options: ShippingOptions) {
  const address = createAddressSchema({
    countries: options.countries,
    skipPhoneNumberValidation: options.skipPhoneNumberValidation,
  });
  const phoneRule = (value: string) => options.skipPhoneNumberValidation || isPhone(value);
  const shipment = z
    .object({
      groupId: requiredText(),
      addressChoice: requiredText(),
      // Checked below, only when the shopper chose to type a new address.
      address: z.unknown().optional(),
      saveAddress: z.boolean().optional(),
    })
    .transform((value, ctx) => {
      if (value.addressChoice !== NEW_ADDRESS) return { ...value, address: null };
      const parsed = address.safeParse(value.address ?? {});
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: ["address", ...issue.path] });
        }
        return z.NEVER;
      }
      return { ...value, address: parsed.data };
    });
  const shipments = z.array(shipment).min(1);
  const schema = options.guest
    ? z.object({
        email: email(),
        lastName: requiredText({ max: CONTACT_MAX.lastName }),
        phone: options.phoneRequired
          ? requiredText({ max: CONTACT_MAX.phone }).refine(phoneRule, VALIDITY_MESSAGES.patternMismatch)
          : optionalText({ max: CONTACT_MAX.phone }).refine(
              (v) => v === undefined || phoneRule(v),
              VALIDITY_MESSAGES.patternMismatch,
            ),
        shipments,
      })
    : z.object({ shipments });
  return schema as unknown as z.ZodType<ShippingValues, z.ZodTypeDef, ShippingInput>;
}

function shippingOptions(ws: Webstore, appContext: Awaited<ReturnType<typeof applicationContext>>): ShippingOptions {
  const countries = (appContext.shippingCountries ?? []).filter((c) => typeof c === "string" && c.trim() !== "");
  return {
    guest: !ws.shopper.isLoggedIn,
    countries: countries.length > 0 ? countries : ["US"],
    skipPhoneNumberValidation: appContext.skipPhoneNumberValidationEnabled === true,
    phoneRequired:
      (appContext.checkoutSettings as { isGuestCheckoutPhoneNumberRequired?: unknown } | null | undefined)
        ?.isGuestCheckoutPhoneNumberRequired === true,
  };
}

async function savedAddresses(ws: Webstore): Promise<SavedAddress[]> {
  if (!ws.shopper.isLoggedIn) return [];
  try {
    return savedAddressesFrom(await ws.client.getAddresses({ addressType: "Shipping", pageSize: 50 }));
  } catch (error) {
    rethrowResponse(error);
    // Spec §5 'CPA disabled' or a failed list: the buyer types a new address.
    return [];
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const loaded = await requireActiveCheckout(ws);
  if (loaded.processing) return ws.reply({ processing: true as const });
  const [page, appContext, saved] = await Promise.all([
    checkoutPageData(ws, loaded),
    applicationContext(ws),
    savedAddresses(ws),
  ]);
  const options = shippingOptions(ws, appContext);
  const remembered = ws.session.get("guestUserContext") ?? {};
  const defaults = {
    ...(options.guest
      ? {
          email: page.contact.email ?? remembered.email ?? "",
          lastName: page.contact.lastName ?? remembered.lastName ?? "",
          phone: page.contact.phoneNumber ?? remembered.phoneNumber ?? "",
        }
      : {}),
    shipments: page.shipments.map((shipment) => ({
      groupId: shipment.id,
      addressChoice: options.guest ? NEW_ADDRESS : defaultAddressChoice(shipment.address, saved),
      address: addressFormValues(shipment.address),
    })),
  };
  return ws.reply({
    processing: false as const,
    page,
    saved,
    options,
    defaults,
    splitShipmentEnabled: appContext.splitShipmentEnabled === true,
  });
}

type ActionData =
  | { intent: "save"; result: SubmissionResult<string[]>; cartLink: boolean }
  | { intent: "move"; lineId: string | null; error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const ws = await getWebstore(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "save");
  const loaded = await requireActiveCheckout(ws);
  const here = stepPath("shipping");
  if (loaded.processing && intent !== "save") return ws.redirect(here);
  const page = await checkoutPageData(ws, loaded);
  const cartId = page.cartId;
  if (!cartId) return ws.redirect("/cart", toast("info", "Your cart is empty."));

  switch (intent) {
    case "move":
      return moveItems(ws, formData, page, cartId);
    case "addShipment": {
      const name = nextShipmentName(page);
      try {
        await ws.client.createDeliveryGroup(cartId, { name });
      } catch (error) {
        return ws.redirect(here, toast("error", errorMessage(error, "We couldn't add a shipment. Try again.")));
      }
      return ws.redirect(here, toast("success", `${name} added. Move items to it.`));
    }
    case "removeShipment": {
      const groupId = String(formData.get("groupId") ?? "");
      const empty = page.emptyShipments.find((s) => s.id === groupId);
      if (!empty) return ws.redirect(here, toast("error", "Only a shipment without items can be removed."));
      try {
        await ws.client.deleteDeliveryGroup(cartId, groupId);
      } catch (error) {
        return ws.redirect(here, toast("error", errorMessage(error, "We couldn't remove the shipment. Try again.")));
      }
      return ws.redirect(here, toast("success", `${empty.label} removed.`));
    }
    default:
      return saveShipping(ws, formData, page, cartId, loaded.processing);
  }
}

async function moveItems(ws: Webstore, formData: FormData, page: CheckoutPageData, cartId: string) {
  const here = stepPath("shipping");
  const move = arrangementFromForm(formData, page);
  if (!move.ok)
    return ws.reply<ActionData>({ intent: "move", lineId: move.lineId, error: move.error }, { status: 400 });
  try {
    await ws.client.arrangeItems(cartId, [move.arrangement], { deleteEmptyDeliveryGroups: true });
  } catch (error) {
    rethrowResponse(error);
    const failure = checkoutFailure(error, page.lines);
    const redirect = await failureRedirect(ws, failure);
    if (redirect) return redirect;
    return ws.reply<ActionData>(
      { intent: "move", lineId: move.arrangement.cartItemId, error: failure.message },
      { status: 400 },
    );
  }
  const what = move.arrangement.quantity > 1 ? `${move.arrangement.quantity} × ${move.itemName}` : move.itemName;
  return ws.redirect(here, toast("success", `Moved ${what} to ${move.targetLabel}.`));
}

async function saveShipping(
  ws: Webstore,
  formData: FormData,
  page: CheckoutPageData,
  cartId: string,
  processing: boolean,
) {
  const appContext = await applicationContext(ws);
  const options = shippingOptions(ws, appContext);
  const submission = parseWithZod(formData, { schema: shippingSchema(options) });
  if (submission.status !== "success") {
    return ws.reply<ActionData>({ intent: "save", result: submission.reply(), cartLink: false }, { status: 400 });
  }
  const values = submission.value;
  const refuse = (message: string, cartLink = false, status = 400) =>
    ws.reply<ActionData>({ intent: "save", result: submission.reply({ formErrors: [message] }), cartLink }, { status });
  if (processing) return refuse("We're still saving your last change. Try again in a moment.", false, 409);

  const notes: string[] = [];
  try {
    if (options.guest) {
      const contact = guestUserContextFrom({
        lastName: values.lastName,
        email: values.email,
        phoneNumber: values.phone,
      });
      saveGuestUserContext(ws.session, contact);
      const current = page.contact;
      const changed =
        (contact.email ?? null) !== current.email ||
        (contact.lastName ?? null) !== current.lastName ||
        (contact.phoneNumber ?? null) !== current.phoneNumber;
      if (changed) {
        const firstName = values.shipments.map((s) => s.address?.firstName).find(Boolean);
        await ws.client.updateCheckout(page.checkoutId, {
          contactInfo: { ...contact, ...(firstName ? { firstName } : {}) },
        });
      }
    }

    for (const value of values.shipments) {
      const shipment = page.shipments.find((s) => s.id === value.groupId);
      // A shipment that emptied since the page was shown (items moved in another tab): nothing to ship there.
      if (!shipment) continue;
      const input = value.address ? addressInput(value.address) : { addressId: value.addressChoice };
      const wanted = value.address
        ? asCheckoutAddress(input)
        : { ...asCheckoutAddress(input), id: value.addressChoice };
      if (!sameAddress(shipment.address, wanted)) {
        // The default group's address is the checkout's (PATCH checkouts); other groups are the cart's.
        if (shipment.isDefault) await ws.client.updateCheckout(page.checkoutId, { deliveryAddress: input });
        else await ws.client.updateDeliveryGroup(cartId, shipment.id, { deliveryAddress: deliveryAddressJson(input) });
      }
      if (value.address && value.saveAddress && ws.shopper.isLoggedIn) {
        try {
          await ws.client.createAddress({
            name: `${value.address.firstName} ${value.address.lastName}`.trim(),
            addressType: "Shipping",
            firstName: value.address.firstName,
            lastName: value.address.lastName,
            companyName: value.address.companyName,
            street: value.address.street,
            city: value.address.city,
            region: value.address.region,
            postalCode: value.address.postalCode,
            country: value.address.country,
            phoneNumber: value.address.shipToPhoneNumber,
          });
          notes.push("The address was saved to your addresses.");
        } catch (error) {
          rethrowResponse(error);
          notes.push("We couldn't save the address to your addresses, but your order will ship there.");
        }
      }
    }

    // Shipments the shopper added but never filled are dropped (spec §4).
    for (const empty of page.emptyShipments) await ws.client.deleteDeliveryGroup(cartId, empty.id);

    // What the checkout says now: stock that ran out while the shopper was typing is named here.
    const latest = await ws.client.getCheckout(page.checkoutId);
    const problems = problemsFrom(latest.data?.errors ?? []);
    if (problems.some(isInventoryProblem)) {
      const lines = page.lines;
      return refuse(inventoryMessage(inventoryNames(problems, lines)), true, 409);
    }
  } catch (error) {
    rethrowResponse(error);
    const failure = checkoutFailure(error, page.lines);
    const redirect = await failureRedirect(ws, failure);
    if (redirect) return redirect;
    return refuse(
      failure.message,
      failure.cartLink,
      failure.kind === "conflict" || failure.kind === "inventory" ? 409 : 400,
    );
  }

  // A new address may change what the payment covers: it is entered again.
  updateProgress(ws.session, page.checkoutId, { payment: undefined });
  return ws.redirect(stepPath("delivery"), notes.length > 0 ? toast("info", notes.join(" ")) : null);
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
  const { page, saved, options, defaults, splitShipmentEnabled } = data;
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const schema = useMemo(() => shippingSchema(options), [options]);
  const lastResult = actionData?.intent === "save" ? actionData.result : undefined;
  const [form, fields] = useZodForm(schema, { id: FORM_ID, lastResult, defaultValue: defaults });
  const shipmentFields = fields.shipments.getFieldList();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const multiple = page.shipments.length > 1;

  const shipmentOf = (groupId: unknown) => page.shipments.find((s) => s.id === groupId);
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
    <CheckoutLayout step="shipping" aside={<OrderSummary totals={page.totals} lines={page.lines} />}>
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
            <Field label="Email" type="email" meta={fields.email as FieldMeta} autoComplete="email" required />
            <Field
              label="Last Name"
              meta={fields.lastName as FieldMeta}
              autoComplete="family-name"
              maxLength={CONTACT_MAX.lastName}
              required
            />
            <Field
              label="Phone"
              type="tel"
              meta={fields.phone as FieldMeta}
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
              choice={set.addressChoice as FieldMeta}
              address={set.address as unknown as AddressFieldsetMeta}
              save={set.saveAddress as FieldMeta}
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

function ShipmentAddress({
  shipment,
  multiple,
  saved,
  countries,
  guest,
  groupIdName,
  choice,
  address,
  save,
}: {
  shipment: Shipment;
  multiple: boolean;
  saved: readonly SavedAddress[];
  countries: readonly string[];
  guest: boolean;
  groupIdName: string;
  choice: FieldMeta;
  address: AddressFieldsetMeta;
  save: FieldMeta;
}) {
  const legend = multiple ? `Shipping address for ${shipment.label}` : "Shipping address";
  const items = shipment.items.map((line) => `${line.name} (${line.quantity})`).join(", ");
  const hidden = <input type="hidden" name={groupIdName} value={shipment.id} />;
  if (guest || saved.length === 0) {
    return (
      <div className="checkout-shipment-address">
        {hidden}
        <input type="hidden" name={choice.name} value={NEW_ADDRESS} />
        {multiple ? <p className="store-muted">{`${shipment.label}: ${items}`}</p> : null}
        <AddressForm meta={address} countries={countries} legend={legend} autoCompleteSection="shipping" />
        {guest ? null : <Field type="checkbox" value="on" label="Save to my addresses" meta={save} />}
      </div>
    );
  }
  const chosen = typeof choice.initialValue === "string" ? choice.initialValue : NEW_ADDRESS;
  return (
    <div className="checkout-shipment-address">
      {hidden}
      <RadioGroup
        id={choice.id}
        legend={legend}
        errors={choice.errors}
        className="checkout-address-choice checkout-address-choice--radios"
        help={multiple ? `${shipment.label}: ${items}` : undefined}
      >
        {saved.map((option, index) => (
          <RadioOption
            key={`${option.id}-${choice.key ?? ""}`}
            id={index === 0 ? choice.id : `${choice.id}-${index}`}
            name={choice.name}
            value={option.id}
            defaultChecked={chosen === option.id}
            label={option.label}
            detail={option.lines.join(", ")}
          />
        ))}
        <RadioOption
          key={`new-${choice.key ?? ""}`}
          id={`${choice.id}-new`}
          name={choice.name}
          value={NEW_ADDRESS}
          defaultChecked={chosen === NEW_ADDRESS}
          label="Use a new address"
          className="checkout-radio--new"
        />
        <div className="checkout-new-address">
          <AddressForm meta={address} countries={countries} legend="New address" autoCompleteSection="shipping" />
          <Field type="checkbox" value="on" label="Save to my addresses" meta={save} />
        </div>
      </RadioGroup>
    </div>
  );
}

/** Split shipment: each shipment's items, a "Move" form per line, "Add a shipment". Plain POST forms. */
function ShipmentsArrangement({
  page,
  moveError,
}: {
  page: CheckoutPageData;
  moveError: { lineId: string | null; error: string } | null;
}) {
  const navigation = useNavigation();
  const busy = (intent: string, key?: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (key === undefined ||
      navigation.formData?.get(MOVE_FIELDS.lineId) === key ||
      navigation.formData?.get("groupId") === key);
  const all = [...page.shipments.map((s) => ({ id: s.id, label: s.label })), ...page.emptyShipments];

  return (
    <section aria-labelledby="shipments-title" className="checkout-section checkout-shipments">
      <h3 id="shipments-title">Shipments</h3>
      <p className="store-muted">Send items to different addresses: add a shipment, then move items to it.</p>
      {page.shipments.map((shipment) => {
        const targets = all.filter((s) => s.id !== shipment.id);
        return (
          <div key={shipment.id} className="checkout-shipment">
            <h4>{shipment.label}</h4>
            <ul className="checkout-shipment__items">
              {shipment.items.map((line) => {
                const error = moveError && moveError.lineId === line.id ? moveError.error : null;
                return (
                  <li key={line.id} className="checkout-shipment__item">
                    <span className="checkout-shipment__name">
                      {line.name} <span className="store-muted">× {line.quantity}</span>
                    </span>
                    {targets.length > 0 ? (
                      <Form
                        method="post"
                        className="checkout-move"
                        aria-label={`Move ${line.name} from ${shipment.label}`}
                      >
                        <input type="hidden" name={MOVE_FIELDS.lineId} value={line.id} />
                        <SelectField
                          label="Move to"
                          name={MOVE_FIELDS.target}
                          options={targets.map((t) => ({ value: t.id, label: t.label }))}
                        />
                        <Field
                          label="Quantity to move"
                          name={MOVE_FIELDS.quantity}
                          defaultValue={String(line.quantity)}
                          inputMode="numeric"
                          maxLength={12}
                          limitNotice={false}
                          errors={error ? [error] : null}
                          className="kit-field--quantity"
                        />
                        <Button
                          name="intent"
                          value="move"
                          variant="neutral"
                          size="small"
                          pending={busy("move", line.id)}
                        >
                          Move
                        </Button>
                      </Form>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {page.emptyShipments.map((shipment) => (
        <div key={shipment.id} className="checkout-shipment checkout-shipment--empty">
          <h4>{shipment.label}</h4>
          <p className="store-muted">No items yet. Move items here from another shipment.</p>
          <Form method="post">
            <input type="hidden" name="groupId" value={shipment.id} />
            <Button
              name="intent"
              value="removeShipment"
              variant="link"
              size="small"
              pending={busy("removeShipment", shipment.id)}
            >
              Remove {shipment.label}
            </Button>
          </Form>
        </div>
      ))}
      <Form method="post" className="checkout-add-shipment">
        <Button
          name="intent"
          value="addShipment"
          variant="neutral"
          pending={busy("addShipment")}
          pendingLabel="Adding…"
        >
          Add a shipment
        </Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
