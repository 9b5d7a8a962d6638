/** The review step's server side: what the page shows, and placing the order once. */
import { parseWithZod } from "@conform-to/zod";
import { isFetchError, type FetchError } from "../../../server/webstore/index";
import { FINISH_STEP_FIRST, type StepAnswer, type StepParts } from "./step.server";
import type { LastOrder } from "./session.server";
import { CHECKOUT_START_PATH, confirmationPath, stepPath } from "~/lib/paths";
import { checkoutLinesFrom, firstIncompleteStep, problemsFrom, type CheckoutLine } from "~/checkout/model/index";
import { toast } from "~/shop/toast.server";
import { reviewSchema } from "~/checkout/forms/review-schema";
import type { CheckoutCore } from "~/checkout/server/session.server";
import { caught } from "~/shop/errors.server";

/** What the review step asks of the checkout beyond a step's parts: placing the order once. */
export interface ReviewParts extends StepParts {
  /** The last order placed in this session. */
  lastOrder(): LastOrder | undefined;
  /** Places the order once (v1, or v2's submit) and answers its number. */
  placeOrder(checkoutId: string): Promise<string>;
  /** After the order: the active checkout forgotten, the order remembered, a guest's cart closed with it. */
  rememberOrder(checkoutId: string, orderNumber: string): void;
}

/** The review page's data, or the redirect to the first step still to do. */
export async function reviewPage(shop: CheckoutCore, checkout: ReviewParts) {
  const loaded = await checkout.active();
  if (loaded.processing) return { processing: true as const };
  const page = await checkout.page(loaded);
  const todo = firstIncompleteStep({ shipments: page.shipments, needsContact: page.isGuest, contact: page.contact });
  if (todo !== "payment") throw await shop.redirect(stepPath(todo), toast("info", FINISH_STEP_FIRST));
  const payment = checkout.progress(page.checkoutId).payment;
  if (!payment) throw await shop.redirect(stepPath("payment"), toast("info", "Enter your payment details first."));
  return { processing: false as const, page, payment };
}

export type ReviewPage = Awaited<ReturnType<typeof reviewPage>>;

/** What the page shows when placing the order failed and the shopper stays on it. */
export type ReviewActionData = { failure: { message: string; cartLink: boolean } };

/** The cart's lines, to name the products a failure is about (best effort). */
async function linesOf(shop: CheckoutCore, checkoutId: string): Promise<CheckoutLine[]> {
  try {
    const checkout = await shop.client.getCheckout(checkoutId);
    const cartId = checkout.data?.cartSummary?.cartId;
    if (typeof cartId !== "string") return [];
    return checkoutLinesFrom((await shop.client.getCartItems(cartId, { pageSize: 100, productFields: ["Name"] })).data);
  } catch {
    return [];
  }
}

function failureNeedsNames(failure: FetchError | null): boolean {
  return !!failure && (failure.code === "INSUFFICIENT_INVENTORY" || problemsFrom(failure.body).length > 0);
}

/**
 * Places the order of the checkout the shopper reviewed (the form's `checkoutId`): a redirect (the confirmation, a
 * step to redo), or the failure the page shows. The form is parsed here, on the server: the page's bundle then
 * carries no validator.
 */
export async function placeOrder(
  shop: CheckoutCore,
  checkout: Omit<ReviewParts, "active" | "page">,
  formData: FormData,
): Promise<StepAnswer<ReviewActionData>> {
  const submission = parseWithZod(formData, { schema: reviewSchema() });
  if (submission.status !== "success") return shop.redirect(stepPath("review"), toast("error", "Choose an action."));
  const posted = submission.value.checkoutId ?? "";

  // The same form posted again after the order was placed: the same confirmation, no second order.
  const last = checkout.lastOrder();
  if (last && posted && last.checkoutId === posted) return shop.redirect(confirmationPath(last.orderNumber));

  const active = shop.session.get("activeCheckoutId");
  if (!active && !posted) return shop.redirect(CHECKOUT_START_PATH);
  if (active && posted && active !== posted) {
    return shop.redirect(
      stepPath("review"),
      toast("info", "Your checkout changed. Review it before you place your order."),
    );
  }
  const checkoutId = active ?? posted;

  let orderNumber: string;
  try {
    orderNumber = await checkout.placeOrder(checkoutId);
  } catch (error) {
    const failure = checkout.failure(
      caught(error),
      failureNeedsNames(caught(error).api) ? await linesOf(shop, checkoutId) : [],
    );
    const redirect = await checkout.recover(failure);
    if (redirect) return redirect;
    const paymentProblem = isFetchError(error) && problemsFrom(error.body).some((p) => /payment-failure$/.test(p.code));
    if (failure.kind === "conflict" || paymentProblem) {
      // The authorised payment no longer fits the order (or is missing): the shopper pays again.
      checkout.updateProgress(checkoutId, { payment: undefined });
      return shop.redirect(stepPath("payment"), toast("error", failure.message));
    }
    return {
      data: { failure: { message: failure.message, cartLink: failure.cartLink } },
      status: failure.kind === "inventory" ? 409 : 400,
    };
  }
  checkout.rememberOrder(checkoutId, orderNumber);
  return shop.redirect(confirmationPath(orderNumber));
}
