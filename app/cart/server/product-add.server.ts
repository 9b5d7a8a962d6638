/**
 * The product page's "Add to cart" (a POST of its form): the product, quantity and purchase option posted, checked,
 * then added to the cart. With JavaScript (a fetcher) the answer is data the page shows beside its fields; without
 * it, a 303 back to the page with a toast, the quantity typed and the option picked in the URL so nothing is lost.
 */
import { postedText, submittedWithJs } from "~/components/store/forms";
import { CART_FIELDS, CART_MESSAGES } from "~/cart/model";
import {
  SELLING_MODEL_FIELD,
  SUBSCRIPTION_TERM_FIELD,
  subscriptionsOffered,
  subscriptionTermFor,
  UNKNOWN_SELLING_MODEL_MESSAGE,
  type SellingModelOption,
} from "~/cart/model/subscriptions";
import { productDetailView } from "~/catalog/model/product";
import { loginPath } from "~/lib/paths";
import { isRecordId } from "~/lib/record-id.server";
import type { ShopCore } from "~/shop/core.server";
import { toast, type ToastInput } from "~/shop/toast.server";
import type { IdentityRefusal } from "~/shop/limits.server";
import { parseAddToCart } from "~/cart/forms/cart-forms.server";

export type CartItemInput = {
  productId: string;
  quantity: number;
  productSellingModelId?: string;
  /** A term-defined plan's term (Cart Item Input `subscriptionTerm`). */
  subscriptionTerm?: number;
};

/** The field of the page's form a refused add is about: the quantity, the purchase option, or neither (null). */
export type AddField = "quantity" | "plan" | null;

/**
 * `notice`: the line went into a cart in another currency than the page's (changed since the page was shown, in another
 * browser), which then moved into the page's, and some products could not follow: what the shopper is told of it.
 * `field`: which of the form's fields a refusal is about, decided from the API's error (spec §8 product errors 101
 * and 107 the quantity, 106 the purchase option), never from the words shown.
 */
export type AddOutcome =
  | { ok: true; notice?: ToastInput }
  | { ok: false; message: string; field: AddField; signIn?: true; refusal?: IdentityRefusal };

export const ADDED_MESSAGE = "Added to your cart";

/** What the product page's fetcher is answered: whether the product was added, and what the shopper typed. */
export type ProductAddReply =
  | { ok: true; error: null; quantity: string; onQuantity: false; onPlan: false }
  | {
      ok: false;
      error: string;
      quantity: string;
      /** The refusal is the quantity field's (shown on it); else the purchase option's (onPlan), else the form's. */
      onQuantity: boolean;
      onPlan: boolean;
      /** Refused by a limit (429) or as a crawler's (403): the page answers with that status, what was typed kept. */
      refusal?: IdentityRefusal;
      /** The purchase option chosen, kept on a refused page (without JavaScript the page is rendered anew). */
      plan?: string;
    };

type AddShop = Pick<ShopCore, "context" | "client" | "appContext" | "toasts" | "redirect">;

/** Where the product page's form was posted, as its route reads it: the page's store path and its query. */
export interface ProductPageAddress {
  /** The store path ("/product/…", without the base path and locale segment: lib/request-paths' requestPath). */
  path: string;
  search: URLSearchParams;
}

/**
 * The product page's add: a redirect (no JavaScript, or a guest who must sign in), else the fetcher's answer.
 * `addItem` is the cart's own (it follows the page's currency).
 */
export async function addFromProductPage(
  shop: AddShop,
  addItem: (input: CartItemInput) => Promise<AddOutcome>,
  productId: string,
  formData: FormData,
  at: ProductPageAddress,
): Promise<Response | ProductAddReply> {
  const withJs = submittedWithJs(formData);
  // A variation parent's page stays on the variation chosen (its query); what a refused add brings back goes.
  const choice = new URLSearchParams(at.search);
  for (const name of ["quantity", "plan", "index"]) choice.delete(name);
  const page = at.path;
  const here = choice.size > 0 ? `${page}?${choice}` : page;
  const submission = parseAddToCart(formData);
  const typed = postedText(submission, CART_FIELDS.quantity);
  const plan = postedText(submission, SELLING_MODEL_FIELD);

  const fail = async (message: string, field: AddField): Promise<Response | ProductAddReply> => {
    if (withJs)
      return { ok: false, error: message, quantity: typed, onQuantity: field === "quantity", onPlan: field === "plan" };
    const back = new URLSearchParams(choice);
    back.set("quantity", typed);
    if (plan) back.set("plan", plan.slice(0, 18));
    return shop.redirect(`${page}?${back}`, toast("error", message));
  };

  if (submission.status !== "success") {
    const problems = submission.error ?? {};
    if (problems[CART_FIELDS.intent]?.length) return fail(CART_MESSAGES.noIntent, null);
    const quantityProblem = problems[CART_FIELDS.quantity]?.[0];
    if (quantityProblem) return fail(quantityProblem, "quantity");
    return fail(problems[SELLING_MODEL_FIELD]?.[0] ?? UNKNOWN_SELLING_MODEL_MESSAGE, "plan");
  }
  const { quantity, productSellingModelId } = submission.value;

  // A variation parent's page buys the variation chosen: the form names it.
  const posted = formData.get(CART_FIELDS.productId);
  const buyId = typeof posted === "string" && isRecordId(posted) ? posted : productId;
  // A plan goes to the cart with its term, and only where the store sells subscriptions.
  let subscriptionTerm: number | undefined;
  if (productSellingModelId) {
    const { option, offered } = await chosenSellingModel(shop, buyId, productSellingModelId);
    if (!offered) return fail(UNKNOWN_SELLING_MODEL_MESSAGE, "plan");
    // The term the shopper chose for a plan (within its rule), else its shortest.
    subscriptionTerm = subscriptionTermFor(option ?? undefined, formData.get(SUBSCRIPTION_TERM_FIELD));
  }
  const outcome = await addItem({
    productId: buyId,
    quantity,
    ...(productSellingModelId ? { productSellingModelId } : {}),
    ...(subscriptionTerm ? { subscriptionTerm } : {}),
  });
  if (!outcome.ok && outcome.signIn) return shop.redirect(loginPath(here), toast("info", outcome.message));
  // A refusal is the page's answer (its status and Retry-After), with or without JavaScript: no redirect to lose them.
  if (!outcome.ok && outcome.refusal)
    return {
      ok: false,
      error: outcome.message,
      quantity: typed,
      onQuantity: false,
      onPlan: false,
      refusal: outcome.refusal,
      ...(plan ? { plan: plan.slice(0, 18) } : {}),
    };
  if (!outcome.ok) return fail(outcome.message, outcome.field);
  // Products the cart left behind when it followed the page's currency matter more than the add itself.
  const added = outcome.notice ?? toast("success", ADDED_MESSAGE);
  if (withJs) {
    // The root loader revalidates after this answer and shows the toast.
    shop.toasts.flash(added);
    return { ok: true, error: null, quantity: typed, onQuantity: false, onPlan: false };
  }
  return shop.redirect(here, added);
}

/**
 * The purchase option a shopper chose, as the product bought is sold with it: `option` null when the product has no
 * such selling model (the API then answers for it, product error 106), `offered` false for a plan where the store
 * sells no subscriptions (`subscriptionConfig`).
 */
async function chosenSellingModel(
  shop: Pick<ShopCore, "client" | "appContext">,
  productId: string,
  sellingModelId: string,
): Promise<{ option: SellingModelOption | null; offered: boolean }> {
  const product = await shop.client.getProduct(productId).catch(() => null);
  const view = product && productDetailView(product);
  const option = view?.sellingModels.find((m) => m.id === sellingModelId) ?? null;
  const offered = !option || option.type === "OneTime" || subscriptionsOffered(shop.appContext?.subscriptionConfig);
  return { option, offered };
}

/**
 * The cart page's "Add to cart" of a recommended product ("Frequently bought together"): a plain form posting the
 * product and its quantity (intent `add`, the product page's form fields), always answered with a redirect back to
 * the cart page with a toast (or to sign in), with or without JavaScript.
 */
export async function addFromCartPage(
  shop: Pick<AddShop, "redirect">,
  addItem: (input: CartItemInput) => Promise<AddOutcome>,
  formData: FormData,
  back: string,
): Promise<Response> {
  const submission = parseAddToCart(formData);
  const posted = formData.get(CART_FIELDS.productId);
  if (submission.status !== "success" || typeof posted !== "string" || !isRecordId(posted)) {
    const problem = submission.status === "success" ? undefined : submission.error?.[CART_FIELDS.quantity]?.[0];
    return shop.redirect(back, toast("error", problem ?? CART_MESSAGES.failed));
  }
  const outcome = await addItem({ productId: posted, quantity: submission.value.quantity });
  if (!outcome.ok && outcome.signIn) return shop.redirect(loginPath(back), toast("info", outcome.message));
  if (!outcome.ok) return shop.redirect(back, toast("error", outcome.message));
  return shop.redirect(back, outcome.notice ?? toast("success", ADDED_MESSAGE));
}
