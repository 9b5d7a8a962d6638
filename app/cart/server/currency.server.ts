/**
 * Moving the shopper's cart to a new currency the way Salesforce documents it ("Handle Currency Changes",
 * https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-cart-currency-change.html):
 * carts don't change currency, so a new cart is made in it, the items are added to it, and the old cart is deleted.
 * The switcher moves the cart to the currency chosen; a page whose currency is not the cart's moves it to its own
 * (`followPageCurrency`), so the prices a page shows are those of the cart the shopper adds to.
 * The new cart gets all the old one had that a shopper chose: each line with its selling model and subscription term,
 * then the coupons; what the new currency refuses is named in the toast.
 */
import { toast, type ToastInput } from "~/shop/toast.server";
import { COPY_PAGE_SIZE, cartContents, copyIntoCart } from "./copy.server";
import { cartRef, isNotFound, type CartShop } from "./ref.server";
import type { CartCore } from "~/cart/server/session.server";
import { caught } from "~/shop/errors.server";

/** Lines moved and refused, and the codes of the coupons the new cart refused (in the order they were applied). */
export type CartMove = { moved: number; failed: number; couponsLeft: string[] } | null;

/**
 * Moves the shopper's cart into `currency` when it is in another one and holds items. Null when there was nothing to
 * move. Products that can't be bought in the new currency (no price in its price book) stay behind and are counted.
 * Every line moves, a page of 100 at a time: a cart left with lines of its own is deleted all the same. The coupons
 * are applied once the lines are in (whether a coupon qualifies depends on them), in the order the cart had them (an
 * exclusive coupon refuses the ones after it, as it did there); a refused one is counted by its code.
 */
export async function moveCartToCurrency(shop: CartShop, currency: string): Promise<CartMove> {
  const ref = cartRef(shop);
  if (!ref) return null;
  // The first page brings the cart's coupons with it: one read fewer than the coupon resource.
  const page = (pageNumber: number) =>
    shop.client.getCartItems(ref, { pageSize: COPY_PAGE_SIZE, pageNumber, includeCoupons: pageNumber === 1 });
  let items;
  try {
    items = await page(1);
  } catch (error) {
    if (isNotFound(caught(error).api)) return null;
    throw error;
  }
  const summary = items.data.cartSummary;
  const oldCartId = summary?.cartId;
  if (!oldCartId || !summary?.currencyIsoCode || summary.currencyIsoCode === currency) return null;
  const { lines, couponCodes } = await cartContents(items, page);
  const created = await shop.client.createCart({ currencyIsoCode: currency });
  const newCartId = created.data.cartId;
  if (!newCartId) throw new Error("The store did not create a cart.");
  const { failed, couponsLeft } = await copyIntoCart(shop, newCartId, lines, couponCodes);
  await shop.client.deleteCart(oldCartId);
  if (!shop.shopper.isLoggedIn) shop.session.set("guestCartId", newCartId);
  return { moved: lines.length - failed, failed, couponsLeft };
}

/** "A, B and C". */
function listed(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** What the shopper is told of a move: the new currency, how many products and which coupons could not follow. */
export function cartMoveToast(move: CartMove, currency: string | undefined): ToastInput | null {
  if (!move || !currency) return null;
  const told = [`Your cart is now in ${currency}.`];
  if (move.failed > 0) {
    const one = move.failed === 1;
    told.push(
      `${move.failed} ${one ? "product" : "products"} couldn't be priced in ${currency} and ${one ? "was" : "were"} removed.`,
    );
  }
  if (move.couponsLeft.length > 0) {
    const one = move.couponsLeft.length === 1;
    told.push(
      `${one ? "Coupon" : "Coupons"} ${listed(move.couponsLeft)} couldn't be applied in ${currency} and ${one ? "was" : "were"} removed.`,
    );
  }
  return toast(told.length === 1 ? "success" : "warning", told.join(" "));
}

/** What following the page's currency needs of the request's shop. */
export type PageCurrencyShop = CartShop & Pick<CartCore, "currencyIsoCode">;

/**
 * Moves the cart into the page's currency (spec §4's choice: `shop.currencyIsoCode`) when an answer the caller had
 * anyway names it in another one, `cartCurrency`: a page never reads the cart for this, so a cart already in the
 * page's currency costs nothing. Answers the move's toast, or null when nothing moved. A move that fails is logged and
 * the page is shown all the same: a cart still in the other currency is met again by the next page.
 */
export async function followPageCurrency(
  shop: PageCurrencyShop,
  cartCurrency: string | null | undefined,
): Promise<ToastInput | null> {
  const currency = shop.currencyIsoCode;
  if (!currency || !cartCurrency || cartCurrency === currency) return null;
  try {
    return cartMoveToast(await moveCartToCurrency(shop, currency), currency);
  } catch (error) {
    console.error(`Moving the cart into ${currency} failed:`, error instanceof Error ? error.message : error);
    return null;
  }
}
