/**
 * Moving the shopper's cart to a new currency the way Salesforce documents it ("Handle Currency Changes",
 * https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-cart-currency-change.html):
 * carts don't change currency, so a new cart is made in it, the items are added to it, and the old cart is deleted.
 */
import { isFetchError } from "../../../server/webstore/index";
import { cartRef, isNotFound, type CartShop } from "../cart.server";

/** Cart lines the move carries: the batch resource takes up to 100 inputs. */
const MOVE_PAGE_SIZE = 100;

export type CartMove = { moved: number; failed: number } | null;

/**
 * Moves the shopper's cart into `currency` when it is in another one and holds items. Null when there was nothing to
 * move. Products that can't be bought in the new currency (no price in its price book) stay behind and are counted.
 */
export async function moveCartToCurrency(shop: CartShop, currency: string): Promise<CartMove> {
  const ref = cartRef(shop);
  if (!ref) return null;
  let items;
  try {
    items = await shop.client.getCartItems(ref, { pageSize: MOVE_PAGE_SIZE });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  const summary = items.data.cartSummary;
  const oldCartId = summary?.cartId;
  if (!oldCartId || !summary?.currencyIsoCode || summary.currencyIsoCode === currency) return null;
  const lines = items.data.cartItems.map((result) => result.cartItem).filter((item) => item.type === "Product");
  const created = await shop.client.createCart({ currencyIsoCode: currency });
  const newCartId = created.data.cartId;
  if (!newCartId) throw new Error("The store did not create a cart.");
  let failed = 0;
  if (lines.length > 0) {
    const inputs = lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      ...(line.productSellingModelId ? { productSellingModelId: line.productSellingModelId } : {}),
    }));
    try {
      await shop.client.addCartItems(newCartId, inputs);
    } catch (error) {
      // A batch with some refused lines still added the others: count the refused ones from its answer.
      const results = isFetchError(error)
        ? (error.body as { results?: { statusCode: number }[] } | undefined)?.results
        : undefined;
      if (!results) throw error;
      failed = results.filter((result) => result.statusCode >= 400).length;
    }
  }
  await shop.client.deleteCart(oldCartId);
  if (!shop.shopper.isLoggedIn) shop.session.set("guestCartId", newCartId);
  return { moved: lines.length - failed, failed };
}
