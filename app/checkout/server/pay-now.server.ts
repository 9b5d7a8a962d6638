/** A payment link's page, server side: its cart, and the Pay now and Cancel buttons. */
import { CART_ITEMS_PAGE_SIZE } from "../../../server/webstore/index";
import { parseWithZod } from "@conform-to/zod";
import type { LoadedCheckout } from "./active.server";
import type { cancelPaymentLink, paymentLinkCart } from "./payment-link.server";
import { CHECKOUT_MESSAGES, checkoutLinesFrom, checkoutTotals } from "~/checkout/model/index";
import { stepPath, payPath, loginPath } from "~/lib/paths";
import { PAYMENT_LINK_MESSAGES } from "~/checkout/model/payment-link";
import { caught, errorMessage } from "~/shop/errors.server";
import { toast } from "~/shop/toast.server";
import { payNowSchema } from "~/checkout/forms/pay-now-schema";
import { pagingFromPages } from "~/lib/paging";
import type { ShopCore } from "~/shop/core.server";

/** What a payment link's page asks of the checkout. */
export interface PayNowParts {
  /** The payment link's cart, or a thrown 404 page. */
  paymentLinkCart(cartId: string): ReturnType<typeof paymentLinkCart>;
  cancelPaymentLink(cartId: string): ReturnType<typeof cancelPaymentLink>;
  /** Spec §6: guests check out only when the store allows it; signed-in buyers always may. */
  mayCheckOut(): Promise<boolean>;
  /** Starts (or resumes) the checkout that pays the link; the link stays active until its order is placed. */
  payPaymentLink(cartId: string): Promise<LoadedCheckout>;
}

/**
 * The link's cart read-only, or the 404 page (another shopper's link, not a payment link): its lines a page at a time
 * (`linesPage`, the page's `?page=`; the cart's page size), its totals the whole cart's.
 */
export async function payNowPage(
  shop: ShopCore,
  checkout: PayNowParts,
  cartId: string,
  origin: string,
  linesPage: number,
) {
  const cart = await checkout.paymentLinkCart(cartId);
  const paid = cart.data.status === "Closed";
  let lines: ReturnType<typeof checkoutLinesFrom> = [];
  let linePaging = { ...pagingFromPages(1, 1), totalLines: 0, pageSize: CART_ITEMS_PAGE_SIZE };
  if (!paid) {
    const items = await shop.client.getCartItems(cartId, {
      pageSize: CART_ITEMS_PAGE_SIZE,
      pageNumber: linesPage,
      productFields: ["Name"],
    });
    lines = checkoutLinesFrom(items.data);
    linePaging = {
      ...pagingFromPages(items.data.currentPage ?? 1, items.data.totalNumberOfPages ?? 1),
      totalLines: items.data.totalItemCount ?? lines.length,
      pageSize: CART_ITEMS_PAGE_SIZE,
    };
  }
  return {
    cartId,
    link: `${origin}${payPath(cartId)}`,
    paid,
    processing: cart.processing,
    totals: checkoutTotals(cart.data),
    lines,
    linePaging,
  };
}

export type PayNowPage = Awaited<ReturnType<typeof payNowPage>>;

/** Pay now (the checkout of the link's cart) or cancel the link: always a redirect. */
export async function payNowAction(
  shop: ShopCore,
  checkout: PayNowParts,
  cartId: string,
  formData: FormData,
): Promise<Response> {
  const submission = parseWithZod(formData, { schema: payNowSchema() });
  const cart = await checkout.paymentLinkCart(cartId);
  if (submission.status !== "success") return shop.redirect(payPath(cartId));

  if (submission.value.intent === "cancel") {
    const cancelled = await checkout.cancelPaymentLink(cartId);
    if (!cancelled.ok) return shop.redirect(payPath(cartId), toast("error", errorMessage(caught(cancelled.error))));
    return shop.redirect("/cart", toast("info", PAYMENT_LINK_MESSAGES.cancelled));
  }

  if (cart.data.status === "Closed") return shop.redirect(payPath(cartId), toast("info", PAYMENT_LINK_MESSAGES.paid));
  if (!(await checkout.mayCheckOut())) {
    return shop.redirect(loginPath(payPath(cartId)), toast("info", CHECKOUT_MESSAGES.signIn));
  }
  await checkout.payPaymentLink(cartId);
  return shop.redirect(stepPath("shipping"));
}
