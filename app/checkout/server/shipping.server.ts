/**
 * The shipping step's server side: the page's data (a guest's contact details, each shipment's address, a buyer's
 * saved addresses), saving them, and the split-shipment forms (move items, add or remove a shipment).
 * Every form is a POST with an `intent` (save, move, addShipment, removeShipment): `submitShipping` answers each.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ApplicationContext, Async, Checkout } from "../../../server/webstore/index";
import { failureAnswer, type StepAnswer, type StepParts } from "./step.server";
import type { CheckoutPageData } from "./active.server";
import { addressInput, asCheckoutAddress, deliveryAddressJson } from "./order.server";
import { addressOptions } from "./active.server";
import {
  addressFormValues,
  CHECKOUT_MESSAGES,
  defaultAddressChoice,
  guestUserContextFrom,
  inventoryMessage,
  inventoryNames,
  isInventoryProblem,
  NEW_ADDRESS,
  nextShipmentName,
  problemsFrom,
  sameAddress,
  savedAddressesFrom,
  type GuestContact,
  type SavedAddress,
} from "~/checkout/model/index";
import { arrangementFrom } from "~/checkout/model/arrangement";
import { stepPath } from "~/lib/paths";
import { caught, errorMessage } from "~/shop/errors.server";
import { toast } from "~/shop/toast.server";
import { formConstraint } from "~/lib/validation/constraint.server";
import {
  moveSchema,
  removeShipmentSchema,
  shippingIntentSchema,
  shippingSchema,
  type ShippingOptions,
} from "~/checkout/forms/shipping-schema";
import type { CheckoutCore } from "~/checkout/server/session.server";

/** What the shipping step asks of the checkout beyond a step's parts. */
export interface ShippingParts extends StepParts {
  /** The checkout read again, waiting a moment while the API is still calculating it. */
  read(checkoutId: string): Promise<Async<Checkout>>;
  /** A change of the checkout (PATCH), then a moment's wait for its calculators. */
  change(checkoutId: string, change: Parameters<CheckoutCore["client"]["updateCheckout"]>[1]): Promise<Async<Checkout>>;
  /** Spec §3 guest user context, kept only when not blank. */
  saveGuestContact(contact: GuestContact): void;
}

export type ShippingActionData =
  | { intent: "save"; result: SubmissionResult<string[]>; cartLink: boolean }
  | { intent: "move"; lineId: string | null; error: string };

export function shippingOptions(shop: Pick<CheckoutCore, "shopper">, appContext: ApplicationContext): ShippingOptions {
  return {
    guest: !shop.shopper.isLoggedIn,
    ...addressOptions(appContext),
    phoneRequired: appContext.checkoutSettings?.isGuestCheckoutPhoneNumberRequired === true,
  };
}

async function savedAddresses(shop: CheckoutCore): Promise<SavedAddress[]> {
  if (!shop.shopper.isLoggedIn) return [];
  try {
    return savedAddressesFrom(await shop.client.getAddresses({ addressType: "Shipping", pageSize: 50 }));
  } catch {
    // Spec §5 'CPA disabled' or a failed list: the buyer types a new address.
    return [];
  }
}

/** Which of the step's forms was sent: an unknown intent is the address form's (as is none: Enter in a field). */
function shippingIntent(formData: FormData) {
  const parsed = parseWithZod(formData, { schema: shippingIntentSchema() });
  return parsed.status === "success" ? parsed.value.intent : "save";
}

/** The page's data, with the form's values from what the checkout (or the session) already knows. */
export async function shippingPage(shop: CheckoutCore, checkout: ShippingParts) {
  const loaded = await checkout.active();
  if (loaded.processing) return { processing: true as const };
  const [page, appContext, saved] = await Promise.all([
    checkout.page(loaded),
    checkout.appContext(),
    savedAddresses(shop),
  ]);
  const options = shippingOptions(shop, appContext);
  const remembered = shop.session.get("guestUserContext") ?? {};
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
  return {
    processing: false as const,
    page,
    saved,
    options,
    constraint: formConstraint(shippingSchema(options)),
    defaults,
    splitShipmentEnabled: appContext.splitShipmentEnabled === true,
  };
}

export type ShippingPage = Awaited<ReturnType<typeof shippingPage>>;

const here = stepPath("shipping");

/** The step's POST: the form its `intent` names, on the active checkout. */
export async function submitShipping(
  shop: CheckoutCore,
  checkout: ShippingParts,
  formData: FormData,
): Promise<StepAnswer<ShippingActionData>> {
  const intent = shippingIntent(formData);
  const loaded = await checkout.active();
  if (loaded.processing && intent !== "save") return shop.redirect(here);
  const page = await checkout.page(loaded);
  const cartId = page.cartId;
  if (!cartId) return shop.redirect("/cart", toast("info", CHECKOUT_MESSAGES.emptyCart));
  // A store with split shipment off ships an order to one address: adding a shipment or moving items to one is
  // not offered, and such a form posted from an older page (or by hand) changes nothing.
  if ((intent === "move" || intent === "addShipment") && (await checkout.appContext()).splitShipmentEnabled !== true)
    return shop.redirect(here, toast("info", "This store ships each order to one address."));
  switch (intent) {
    case "move":
      return moveItems(shop, checkout, formData, page, cartId);
    case "addShipment":
      return addShipment(shop, page, cartId);
    case "removeShipment":
      return removeShipment(shop, formData, page, cartId);
    default:
      return saveShipping(shop, checkout, formData, page, cartId, loaded.processing);
  }
}

async function addShipment(shop: CheckoutCore, page: CheckoutPageData, cartId: string) {
  const name = nextShipmentName(page);
  try {
    await shop.client.createDeliveryGroup(cartId, { name });
  } catch (error) {
    return shop.redirect(here, toast("error", errorMessage(caught(error), "We couldn't add a shipment. Try again.")));
  }
  return shop.redirect(here, toast("success", `${name} added. Move items to it.`));
}

async function removeShipment(shop: CheckoutCore, formData: FormData, page: CheckoutPageData, cartId: string) {
  const submission = parseWithZod(formData, { schema: removeShipmentSchema() });
  const groupId = submission.status === "success" ? submission.value.groupId : "";
  const empty = page.emptyShipments.find((s) => s.id === groupId);
  if (!empty) return shop.redirect(here, toast("error", "Only a shipment without items can be removed."));
  try {
    await shop.client.deleteDeliveryGroup(cartId, groupId);
  } catch (error) {
    return shop.redirect(
      here,
      toast("error", errorMessage(caught(error), "We couldn't remove the shipment. Try again.")),
    );
  }
  return shop.redirect(here, toast("success", `${empty.label} removed.`));
}

async function moveItems(
  shop: CheckoutCore,
  checkout: ShippingParts,
  formData: FormData,
  page: CheckoutPageData,
  cartId: string,
): Promise<StepAnswer<ShippingActionData>> {
  const submission = parseWithZod(formData, { schema: moveSchema() });
  const move = arrangementFrom(submission.status === "success" ? submission.value : {}, page);
  if (!move.ok) return { data: { intent: "move", lineId: move.lineId, error: move.error }, status: 400 };
  try {
    await shop.client.arrangeItems(cartId, [move.arrangement], { deleteEmptyDeliveryGroups: true });
  } catch (error) {
    const failure = checkout.failure(caught(error), page.lines);
    const redirect = await checkout.recover(failure);
    if (redirect) return redirect;
    return { data: { intent: "move", lineId: move.arrangement.cartItemId, error: failure.message }, status: 400 };
  }
  const what = move.arrangement.quantity > 1 ? `${move.arrangement.quantity} × ${move.itemName}` : move.itemName;
  return shop.redirect(here, toast("success", `Moved ${what} to ${move.targetLabel}.`));
}

async function saveShipping(
  shop: CheckoutCore,
  checkout: ShippingParts,
  formData: FormData,
  page: CheckoutPageData,
  cartId: string,
  processing: boolean,
): Promise<StepAnswer<ShippingActionData>> {
  const options = shippingOptions(shop, await checkout.appContext());
  const submission = parseWithZod(formData, { schema: shippingSchema(options) });
  if (submission.status !== "success") {
    return { data: { intent: "save", result: submission.reply(), cartLink: false }, status: 400 };
  }
  const values = submission.value;
  const refuse = (message: string, cartLink = false, status = 400): StepAnswer<ShippingActionData> => ({
    data: { intent: "save", result: submission.reply({ formErrors: [message] }), cartLink },
    status,
  });
  if (processing) return refuse(CHECKOUT_MESSAGES.inProgress, false, 409);

  const notes: string[] = [];
  try {
    if (options.guest) {
      const contact = guestUserContextFrom({
        lastName: values.lastName,
        email: values.email,
        phoneNumber: values.phone,
      });
      checkout.saveGuestContact(contact);
      const current = page.contact;
      const changed =
        (contact.email ?? null) !== current.email ||
        (contact.lastName ?? null) !== current.lastName ||
        (contact.phoneNumber ?? null) !== current.phoneNumber;
      if (changed) {
        const firstName = values.shipments.map((s) => s.address?.firstName).find(Boolean);
        await checkout.change(page.checkoutId, {
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
        if (shipment.isDefault) await checkout.change(page.checkoutId, { deliveryAddress: input });
        else
          await shop.client.updateDeliveryGroup(cartId, shipment.id, { deliveryAddress: deliveryAddressJson(input) });
      }
      if (value.address && value.saveAddress && shop.shopper.isLoggedIn) {
        try {
          await shop.client.createAddress({
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
        } catch {
          notes.push("We couldn't save the address to your addresses, but your order will ship there.");
        }
      }
    }

    // Shipments the shopper added but never filled are dropped (spec §4).
    for (const empty of page.emptyShipments) await shop.client.deleteDeliveryGroup(cartId, empty.id);

    // What the checkout says now: stock that ran out while the shopper was typing is named here.
    const latest = await checkout.read(page.checkoutId);
    const problems = problemsFrom(latest.data?.errors ?? []);
    if (problems.some(isInventoryProblem))
      return refuse(inventoryMessage(inventoryNames(problems, page.lines)), true, 409);
  } catch (error) {
    const failed = await failureAnswer(checkout, caught(error), page.lines);
    if (failed instanceof Response) return failed;
    return refuse(failed.failure.message, failed.failure.cartLink, failed.status);
  }

  // A new address may change what the payment covers: it is entered again.
  checkout.updateProgress(page.checkoutId, { payment: undefined });
  return shop.redirect(stepPath("delivery"), notes.length > 0 ? toast("info", notes.join(" ")) : null);
}
