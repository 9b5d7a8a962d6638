/**
 * A cart's contents copied into another cart, as a currency move (currency.server.ts) and a cart saved for later
 * (saved-carts.server.ts) both need: the Connect API copies no cart, so the new cart gets each product line with its
 * selling model and subscription term, 100 a call, then the coupons, in the order the cart had them (whether a coupon
 * qualifies depends on the lines; an exclusive coupon refuses the ones after it, as it did there).
 */
import { isFetchError } from "../../../server/webstore/index";
import type { ShopCore } from "~/shop/core.server";

/** Lines read, and added, a call at a time: the batch resource takes up to 100 inputs. */
export const COPY_PAGE_SIZE = 100;

type ItemsPage = Awaited<ReturnType<ShopCore["client"]["getCartItems"]>>;
type CartLine = ItemsPage["data"]["cartItems"][number]["cartItem"];

/** A cart's product lines, every page of them, and its coupons' codes; `first` is page 1 read with its coupons. */
export async function cartContents(
  first: ItemsPage,
  page: (pageNumber: number) => Promise<ItemsPage>,
): Promise<{ lines: CartLine[]; couponCodes: string[] }> {
  const results = [...first.data.cartItems];
  for (let next = 2; next <= (first.data.totalNumberOfPages ?? 1); next++)
    results.push(...(await page(next)).data.cartItems);
  return {
    lines: results.map((result) => result.cartItem).filter((item) => item.type === "Product"),
    couponCodes: (first.data.cartCoupons?.cartCoupons.coupons ?? []).map((coupon) => coupon.couponCode),
  };
}

/** Adds `lines` to the cart `cartId`, then applies `couponCodes`: how many lines it refused, and which coupons. */
export async function copyIntoCart(
  shop: Pick<ShopCore, "client">,
  cartId: string,
  lines: CartLine[],
  couponCodes: string[],
): Promise<{ failed: number; couponsLeft: string[] }> {
  let failed = 0;
  for (let start = 0; start < lines.length; start += COPY_PAGE_SIZE) {
    const inputs = lines.slice(start, start + COPY_PAGE_SIZE).map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      ...(line.productSellingModelId ? { productSellingModelId: line.productSellingModelId } : {}),
      // Without its term a term-defined plan would be added for its shortest one.
      ...(line.subscriptionTerm !== undefined && line.subscriptionTerm !== null
        ? { subscriptionTerm: line.subscriptionTerm }
        : {}),
    }));
    try {
      await shop.client.addCartItems(cartId, inputs);
    } catch (error) {
      // A batch with some refused lines still added the others: count the refused ones from its answer.
      const answered = isFetchError(error)
        ? (error.body as { results?: { statusCode: number }[] } | undefined)?.results
        : undefined;
      if (!answered) throw error;
      failed += answered.filter((result) => result.statusCode >= 400).length;
    }
  }
  const couponsLeft: string[] = [];
  for (const code of couponCodes) {
    try {
      await shop.client.applyCoupon(cartId, code);
    } catch (error) {
      // The lines are in the new cart already: a coupon it refuses (or a failed call) is told, not the copy undone.
      if (!isFetchError(error)) throw error;
      couponsLeft.push(code);
    }
  }
  return { failed, couponsLeft };
}
