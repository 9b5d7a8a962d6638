import { catalogStore } from "../catalog/store.js";
import { productImage } from "../catalog/shapes.js";
import { addItem } from "../carts/items.js";
import { cartToFill, touchCart, type CartRow } from "../carts/store.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { json } from "../core/http.js";
import { guardedLookup, readableOrder, type Verification } from "./access.js";
import { orderReader, type OrderRow } from "./store.js";
import type { Router } from "../core/router.js";
import type { Emu } from "../core/state.js";

/**
 * Reorder: POST order-summaries/actions/add-order-to-cart (v59+, with guest verification or an access token)
 * and the v57 form POST order-summaries/{id}/actions/add-order-to-cart. The order's product lines go into the
 * caller's cart through the cart module's addItem, so the same product rules apply (stock, sellable, price,
 * quantity rules); a line that can't be added is reported in unaddedProducts and the others still go in.
 */

const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";

/** Codes of the Order to Cart Failed Product: quantity limits vs. everything else. */
function failureCode(err: ApiError) {
  return err.errorCode === "MAX_LIMIT_EXCEEDED" || err.errorCode === "INVALID_API_INPUT"
    ? "ERROR_MAX_LIMIT_EXCEEDED"
    : "ERROR_SAVING_CARTITEM";
}

export function addOrderLinesToCart(emu: Emu, order: OrderRow, openCart: () => CartRow) {
  const catalog = catalogStore(emu);
  // One attempt per product (and selling model): a product bought in two delivery groups goes in once, summed.
  const wanted = new Map<
    string,
    { productId: string; sellingModelId: string | null; quantity: number; name: string; sku: string | null }
  >();
  for (const item of orderReader(emu).items(order.id)) {
    if (item.type === "Delivery Charge" || !item.product_id) continue;
    const key = `${item.product_id}/${item.product_selling_model_id ?? ""}`;
    const entry = wanted.get(key);
    if (entry) entry.quantity += item.quantity;
    else
      wanted.set(key, {
        productId: item.product_id,
        sellingModelId: item.product_selling_model_id,
        quantity: item.quantity,
        name: item.name,
        sku: item.sku,
      });
  }
  let succeeded = 0;
  const unaddedProducts: unknown[] = [];
  const cart = emu.db.transaction(() => {
    const cart = openCart();
    for (const line of wanted.values()) {
      try {
        // A savepoint per line: a refused line leaves no trace, the others stay.
        emu.db.transaction(() =>
          addItem(emu, cart, {
            productId: line.productId,
            quantity: line.quantity,
            sellingModelId: line.sellingModelId,
            subscriptionTerm: null,
          }),
        )();
        succeeded++;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const product = catalog.product(line.productId);
        unaddedProducts.push({
          productId: line.productId,
          productName: product?.name ?? line.name,
          productSKU: product?.sku ?? line.sku,
          errorCode: failureCode(err),
          errorMessage: err.message,
          media: product ? productImage(product) : null,
        });
      }
    }
    if (succeeded > 0) touchCart(emu, cart, { itemsChanged: true });
    return cart;
  })();
  return {
    cartId: cart.id,
    totalSucceededProductCount: succeeded,
    totalFailedProductCount: unaddedProducts.length,
    unaddedProducts,
  };
}

export function addOrderToCartRoutes(r: Router, emu: Emu) {
  r.webstore("POST", "order-summaries/actions/add-order-to-cart", { since: 59 }, async (ctx) => {
    const body = (await ctx.json()) ?? {};
    const missing = ["cartStateOrId", "orderSummaryIdOrRefNumber"].filter((f) => blank(body[f]));
    if (missing.length)
      throw invalidInput(`Missing required field${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.`);
    const verification = body.verification ?? null;
    if (verification !== null && (typeof verification !== "object" || Array.isArray(verification))) {
      throw invalidInput("verification must be an object with email, lastName and phoneNumber.");
    }
    // The cart first: its errors don't depend on the order, so they can't tell whether a lookup would have passed.
    const openCart = cartToFill(ctx, body.cartStateOrId.trim());
    const order = guardedLookup(ctx, body.orderSummaryIdOrRefNumber.trim(), {
      verification: verification as Verification | null,
      accessToken: typeof body.accessToken === "string" ? body.accessToken : null,
    });
    return json(addOrderLinesToCart(emu, order, openCart));
  });

  // The v57 form: the order in the path, for a buyer (or a guest holding an access token in the query).
  r.webstore("POST", "order-summaries/:orderSummaryId/actions/add-order-to-cart", { since: 57 }, async (ctx) => {
    const body = (await ctx.json()) ?? {};
    if (blank(body.cartStateOrId)) throw invalidInput("Missing required field: cartStateOrId.");
    const openCart = cartToFill(ctx, body.cartStateOrId.trim());
    const order = readableOrder(ctx, ctx.params.orderSummaryId, { accessToken: ctx.query.get("accessToken") });
    return json(addOrderLinesToCart(emu, order, openCart));
  });
}
