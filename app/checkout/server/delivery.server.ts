/** The delivery step's server side: the page's data and saving each shipment's delivery choices. */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ApplicationContext, Async, Checkout } from "../../../server/webstore/index";
import { failureAnswer, type StepAnswer, type StepParts } from "./step.server";
import {
  CHECKOUT_MESSAGES,
  composeInstructions,
  firstIncompleteStep,
  tomorrowIso,
  type Gifting,
} from "~/checkout/model/index";
import { stepPath } from "~/lib/paths";
import { toast } from "~/shop/toast.server";
import { caught } from "~/shop/errors.server";
import { formConstraint } from "~/lib/validation/constraint.server";
import { deliverySchema, type DeliveryValues } from "~/checkout/forms/delivery-schema";
import type { ShopCore } from "~/shop/core.server";

/** What the delivery step asks of the checkout beyond a step's parts. */
export interface DeliveryParts extends StepParts {
  /** A change of the checkout (PATCH), then a moment's wait for its calculators. */
  change(checkoutId: string, change: Parameters<ShopCore["client"]["updateCheckout"]>[1]): Promise<Async<Checkout>>;
}

export type DeliveryActionData = { result: SubmissionResult<string[]>; cartLink: boolean };

function giftingOf(appContext: ApplicationContext): Gifting {
  const config = appContext.giftingConfig ?? {};
  const gift = config.isGiftingEnabled === true;
  return {
    gift,
    message: gift && config.isGiftMessageEnabled === true,
    wrap: gift && config.isGiftWrapEnabled === true,
  };
}

/** The page's data, or the redirect to the shipping step when it is not done. */
export async function deliveryPage(shop: ShopCore, checkout: DeliveryParts) {
  const loaded = await checkout.active();
  if (loaded.processing) return { processing: true as const };
  const [page, appContext] = await Promise.all([checkout.page(loaded), checkout.appContext()]);
  const todo = firstIncompleteStep({ shipments: page.shipments, needsContact: page.isGuest, contact: page.contact });
  if (todo === "shipping")
    throw await shop.redirect(stepPath("shipping"), toast("info", "Enter your shipping details first."));
  const minDate = tomorrowIso(Date.now());
  const on = (value: boolean) => (value ? "on" : undefined);
  return {
    processing: false as const,
    page,
    minDate,
    constraint: formConstraint(deliverySchema(minDate)),
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
  };
}

export type DeliveryPage = Awaited<ReturnType<typeof deliveryPage>>;

/** The step's POST: the delivery form (a desired date from tomorrow on), saved. */
export function submitDelivery(
  shop: ShopCore,
  checkout: DeliveryParts,
  formData: FormData,
): Promise<StepAnswer<DeliveryActionData>> {
  return saveDelivery(shop, checkout, parseWithZod(formData, { schema: deliverySchema(tomorrowIso(Date.now())) }));
}

/** Saves what changed of each shipment: 303 to payment, or the form again with every error. */
async function saveDelivery(
  shop: ShopCore,
  checkout: DeliveryParts,
  submission: Submission<DeliveryValues>,
): Promise<StepAnswer<DeliveryActionData>> {
  if (submission.status !== "success") return { data: { result: submission.reply(), cartLink: false }, status: 400 };
  const loaded = await checkout.active();
  const refuse = (
    reply: Parameters<typeof submission.reply>[0],
    cartLink = false,
    status = 400,
  ): StepAnswer<DeliveryActionData> => ({ data: { result: submission.reply(reply), cartLink }, status });
  if (loaded.processing) return refuse({ formErrors: [CHECKOUT_MESSAGES.inProgress] }, false, 409);
  const [page, appContext] = await Promise.all([checkout.page(loaded), checkout.appContext()]);
  const gifting = giftingOf(appContext);
  const cartId = page.cartId;
  if (!cartId) return shop.redirect("/cart", toast("info", CHECKOUT_MESSAGES.emptyCart));

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
      const changes: Parameters<typeof shop.client.updateDeliveryGroup>[2] = {};
      if (value.deliveryMethodId !== shipment.selectedMethodId) {
        // The default shipment's method is the checkout's (PATCH checkouts); other shipments are the cart's.
        if (shipment.isDefault) await checkout.change(page.checkoutId, { deliveryMethodId: value.deliveryMethodId });
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
      if (Object.keys(changes).length > 0) await shop.client.updateDeliveryGroup(cartId, shipment.id, changes);
    }
  } catch (error) {
    const failed = await failureAnswer(checkout, caught(error), page.lines);
    if (failed instanceof Response) return failed;
    return refuse({ formErrors: [failed.failure.message] }, failed.failure.cartLink, failed.status);
  }
  // A method change clears the payment (its amount changed): it is entered again.
  checkout.updateProgress(page.checkoutId, { payment: undefined });
  return shop.redirect(stepPath("payment"));
}
