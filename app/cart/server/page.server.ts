/**
 * The cart page's forms, posted (intent update, remove, applyCoupon, removeCoupon, paymentLink, add): checked, then the
 * edit made. With JavaScript (a fetcher) the answer is data the page shows (and a toast for a coupon's result);
 * without it, a 303 back to the cart page with a toast, and a refused coupon code kept in the URL for its field.
 */
import { postedText, submittedWithJs } from "~/components/store/forms";
import { CART_FIELDS, CART_MESSAGES, type CartActionData, type CartIntent } from "~/cart/model";
import { keptCouponCode } from "~/cart/model/coupon";
import { ESTIMATE_INTENT } from "~/cart/model/estimate";
import { cartFormCode, cartFormProblem, parseCartEdit } from "~/cart/forms/cart-forms.server";
import type { CartEditOutcome, CartLineEdit } from "~/cart/server/edits.server";
import { PAYMENT_LINK_MESSAGES } from "~/checkout/model/payment-link";
import { loginPath, payPath, safeRedirect } from "~/lib/paths";
import type { ShopCore } from "~/shop/core.server";
import { toast } from "~/shop/toast.server";

/** A cart page submission's answer: a redirect, or the fetcher's data with its status. */
export type CartPageAnswer = Response | { data: CartActionData; status: number };

/** A payment link made of the cart (by the checkout, through the composition): its cart's id, or why not. */
export type PaymentLinkResult = { ok: true; cartId: string } | { ok: false; message: string };

/** What the cart page's action uses of the cart's own members and of the siblings the composition gave it. */
export interface CartPageParts {
  ref(): string | null;
  edit(edit: CartLineEdit): Promise<CartEditOutcome>;
  paymentLink(): Promise<PaymentLinkResult>;
  /** The shipping estimate's form, posted: a redirect back to `back` (with or without JavaScript). */
  estimate(formData: FormData, back: string): Promise<Response>;
  /** A recommended product's "Add to cart" (intent add), posted: a redirect back to `back`. */
  add(formData: FormData, back: string): Promise<Response>;
}

const CART_PAGE = "/cart";
/** The intent of an "Add to cart" form (the product page's, and the cart page's recommended products'). */
const ADD_INTENT: CartIntent = "add";

export async function submitCartPage(
  shop: Pick<ShopCore, "toasts" | "redirect">,
  cart: CartPageParts,
  formData: FormData,
): Promise<CartPageAnswer> {
  const withJs = submittedWithJs(formData);
  const back = safeRedirect(formData.get("redirectTo"), CART_PAGE);
  const returnTo = back === CART_PAGE || back.startsWith(`${CART_PAGE}?`) ? back : CART_PAGE;
  // A plain form with its own fields (cart/model/estimate), not one of the cart's edits.
  if (formData.get(CART_FIELDS.intent) === ESTIMATE_INTENT) return cart.estimate(formData, returnTo);
  // The product page's add, posted from a "Frequently bought together" card: not an edit of a line either.
  if (formData.get(CART_FIELDS.intent) === ADD_INTENT) return cart.add(formData, returnTo);
  const submission = parseCartEdit(formData);
  const intent = postedText(submission, CART_FIELDS.intent);

  const reply = async (ok: boolean, message: string, keepCoupon?: string, code?: string): Promise<CartPageAnswer> => {
    const note = toast(ok ? "success" : "error", message);
    if (withJs) {
      // With JavaScript the page shows the edit itself; only coupon results are worth a toast.
      if (ok && (intent === "applyCoupon" || intent === "removeCoupon")) shop.toasts.flash(note);
      // A form that names no action is the caller's mistake (400, spec §8 INTERNAL_ERROR), not the cart's.
      if (code) return { data: { ok, error: message, intent, code }, status: 400 };
      return { data: { ok, error: ok ? null : message, intent }, status: 200 };
    }
    let to = returnTo;
    if (keepCoupon) {
      const url = new URL(returnTo, "http://store.invalid");
      url.searchParams.set("coupon", keptCouponCode(keepCoupon));
      to = `${url.pathname}${url.search}`;
    }
    return shop.redirect(to, note);
  };

  if (!cart.ref()) return reply(false, CART_MESSAGES.empty);
  if (submission.status !== "success") {
    // A coupon code too long to try comes back in the field, as a refused one does.
    const typedCoupon = intent === "applyCoupon" ? postedText(submission, CART_FIELDS.couponCode) : "";
    return reply(false, cartFormProblem(submission.error), typedCoupon, cartFormCode(submission.error));
  }
  const edit = submission.value;

  if (edit.intent === "paymentLink") {
    // A plain form (with or without JavaScript): the shopper goes to the payment link's page, or back with a note.
    const created = await cart.paymentLink();
    if (created.ok) return shop.redirect(payPath(created.cartId), toast("success", PAYMENT_LINK_MESSAGES.created));
    return shop.redirect(returnTo, toast("error", created.message));
  }

  const outcome = await cart.edit(edit);
  if (!outcome.ok && outcome.signIn) return shop.redirect(loginPath(CART_PAGE), toast("info", outcome.message));
  return reply(outcome.ok, outcome.message, outcome.ok ? undefined : outcome.keepCoupon);
}
