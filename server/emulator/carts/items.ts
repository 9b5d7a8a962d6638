import { catalogStore, type ProductRow } from "../catalog/store.js";
import { fieldList } from "../catalog/shapes.js";
import {
  assertEditable,
  asyncKey,
  cartItemIn,
  cartLineOf,
  cartOwner,
  deleteCartItem,
  insertCart,
  insertProductItem,
  nextItemSeq,
  requireCart,
  resolveCart,
  setItemQuantity,
  touchCart,
  type CartRow,
  type CartItemRow,
} from "./store.js";
import {
  cartCouponsJson,
  cartHasErrors,
  cartItemJson,
  cartPromotionsJson,
  cartSummaryJson,
  summaryOf,
  emptyCartSummaryJson,
  loadCartLines,
  loadCartPage,
  loadCartView,
  type CartLinesView,
  type CartLine,
} from "./view.js";
import { cartTotalsRow } from "./totals.js";
import { requestedCurrency } from "../core/context.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { inReadTransaction } from "../core/db.js";
import { json, noContent } from "../core/http.js";
import { availableFor, inventoryEnabled } from "../catalog/inventory.js";
import { parseQuantity, QUANTITY_MAX, QUANTITY_MIN } from "../core/money.js";
import { booleanParam, illegalQuery, intParam, pageFields, pageWindow } from "../core/paging.js";
import { purchaseProblem, type PurchasableProduct } from "../catalog/product-rules.js";
import { recordId } from "../core/record-ids.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu } from "../core/state.js";

/** Cart items: list (both paging styles, sort), add (merging), batch add, quantity change, removal. */

export const ITEM_SORTS = [
  "CreatedDateAsc",
  "CreatedDateDesc",
  "NameAsc",
  "NameDesc",
  "SalesPriceAsc",
  "SalesPriceDesc",
] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];
const MAX_BATCH = 100;

/**
 * Cart Data Limits (https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-data-model-cart-limits.html):
 * "Most stores limit cart size to 500 line items per order", 2,000 once the store enables support for large carts.
 * [I] The store's large-cart support is its application context's `propertiesEx.highScaleCartEnabled` (the one
 * cart-scale setting the API shows a store's carts by; docs/emulator.md, "Cart line limit").
 */
export const CART_LINE_LIMIT = 500;
export const LARGE_CART_LINE_LIMIT = 2_000;

export function cartLineLimit(emu: Emu, webstoreId: string): number {
  return emu.store.applicationContext(webstoreId).propertiesEx?.highScaleCartEnabled === true
    ? LARGE_CART_LINE_LIMIT
    : CART_LINE_LIMIT;
}
/** Product selling model ids (ProductSellingModel's key prefix). */
const SELLING_MODEL = { prefix: "0jP" };

/**
 * `productFields` of the cart resources: "Comma-separated list of up to five product fields" (cart items 49.0, cart
 * products 60.0: connect_resources_commerce_webstore_cart_items.htm, …_cart_product.htm); a sixth is refused as any
 * bad query value is.
 */
export const CART_PRODUCT_FIELDS_MAX = 5;

export function cartProductFields(query: URLSearchParams): string[] {
  return fieldList(query, "productFields", [], CART_PRODUCT_FIELDS_MAX);
}

export interface ItemInput {
  productId: string;
  quantity: number;
  sellingModelId: string | null;
  subscriptionTerm: number | null;
}

export function quantityInput(value: unknown): number {
  const n = parseQuantity(value);
  if (n === null || n < QUANTITY_MIN || n > QUANTITY_MAX) {
    throw invalidInput(
      `quantity must be a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}; got ${JSON.stringify(value)}.`,
    );
  }
  return n;
}

const missing = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Validates a Cart Item Input: productId, quantity and type "Product" are required. */
export function parseItemInput(body: unknown): ItemInput {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw invalidInput("The cart item input must be a JSON object.");
  const input = body as Record<string, unknown>;
  for (const field of ["productId", "quantity", "type"]) {
    if (missing(input[field])) throw invalidInput(`Missing required field: ${field}.`);
  }
  if (input.type !== "Product") throw invalidInput(`type must be Product; got ${JSON.stringify(input.type)}.`);
  const productId = recordId(input.productId, "product", "productId");
  const quantity = quantityInput(input.quantity);
  const sellingModelId = missing(input.productSellingModelId)
    ? null
    : recordId(input.productSellingModelId, SELLING_MODEL, "productSellingModelId");
  let subscriptionTerm: number | null = null;
  if (!missing(input.subscriptionTerm)) {
    subscriptionTerm = Number(input.subscriptionTerm);
    if (!Number.isInteger(subscriptionTerm) || subscriptionTerm < 1)
      throw invalidInput("subscriptionTerm must be a positive whole number.");
  }
  return { productId, quantity, sellingModelId, subscriptionTerm };
}

export function purchasable(emu: Emu, p: ProductRow): PurchasableProduct {
  return {
    productClass: p.product_class,
    isSellable: p.is_sellable === 1,
    hasPrice: p.unit_price_cents !== null,
    sellingModelIds: catalogStore(emu)
      .sellingModels(p.id)
      .filter((m) => m.is_active === 1)
      .map((m) => m.id),
    quantityRule:
      p.qty_minimum === null ? null : { minimum: p.qty_minimum, maximum: p.qty_maximum!, increment: p.qty_increment! },
  };
}

/** Throws the product error (400) when the line can't hold `quantity` units of the product. */
function checkPurchase(emu: Emu, cart: CartRow, product: ProductRow, quantity: number, sellingModelId: string | null) {
  const available = inventoryEnabled(emu, cart.webstore_id) ? availableFor(emu, product.id, cart.id) : null;
  const problem = purchaseProblem(purchasable(emu, product), { quantity, sellingModelId }, available);
  if (problem) throw new ApiError(400, problem.errorCode, problem.message);
}

function findLine(emu: Emu, cartId: string, productId: string, sellingModelId: string | null) {
  return cartLineOf(emu, cartId, productId, sellingModelId ?? "");
}

/**
 * Adds a product to the cart (call inside a transaction); a product already on the cart merges into its line.
 * The cart's bookkeeping (touchCart) is the caller's, so a batch does it once. Returns the line's id.
 */
export function addItem(emu: Emu, cart: CartRow, input: ItemInput): string {
  const product = catalogStore(emu).productIn(input.productId, cart.currency_iso_code);
  if (!product) throw new ApiError(400, "INVALID_ID_FIELD", `Product not found: ${input.productId}`);
  const line = findLine(emu, cart.id, product.id, input.sellingModelId);
  const quantity = (line?.quantity ?? 0) + input.quantity;
  if (quantity > QUANTITY_MAX) throw invalidInput(`The line's quantity can't exceed ${QUANTITY_MAX}.`);
  checkPurchase(emu, cart, product, quantity, input.sellingModelId);
  if (line) {
    setItemQuantity(emu, line.id, quantity);
    return line.id;
  }
  // A new line past the store's limit (a merge into an existing line adds none). [I] LIMIT_EXCEEDED: the code
  // Salesforce's storefront components read as "Your cart is full." (LWR commerce_cart failedActionEvaluator).
  const limit = cartLineLimit(emu, cart.webstore_id);
  if (cartTotalsRow(emu, cart.id).line_count >= limit)
    throw new ApiError(400, "LIMIT_EXCEEDED", `The cart already has ${limit} items, the most it can hold.`);
  const id = emu.ids("cartItem");
  const seq = nextItemSeq(emu, cart.id);
  insertProductItem(emu, id, cart.id, product.id, quantity, input.sellingModelId, input.subscriptionTerm, seq);
  return id;
}

function findItem(emu: Emu, cart: CartRow, rawId: string): CartItemRow {
  const id = recordId(rawId, "cartItem", "cartItemId");
  const item = cartItemIn(emu, id, cart.id);
  if (!item) throw new ApiError(404, "ITEM_NOT_FOUND", `Cart item not found: ${id}`);
  return item;
}

export function lineJson(view: CartLinesView, itemId: string, productFields: string[] = [], apiVersion?: number) {
  const line = view.lines.find((l) => l.item.id === itemId)!;
  return cartItemJson(view, line, productFields, apiVersion);
}

/** POST to `current`/`active` with no cart opens one, as adding to the named cart does in the API. */
function cartForWrite(ctx: RequestContext): CartRow {
  const owner = cartOwner(ctx);
  // A cart opened by adding to it is made in the currency the request names (the store's default without one).
  const cart =
    resolveCart(ctx, ctx.params.cartStateOrId === "active" ? "current" : ctx.params.cartStateOrId, owner) ??
    insertCart(ctx, owner, { currencyIsoCode: requestedCurrency(ctx) ?? undefined });
  assertEditable(cart);
  return cart;
}

function sortLines(lines: CartLine[], sort: ItemSort): CartLine[] {
  const created = (a: CartLine, b: CartLine) => a.item.created_at - b.item.created_at || a.item.seq - b.item.seq;
  const name = (a: CartLine, b: CartLine) => a.product.name.localeCompare(b.product.name) || created(a, b);
  const price = (a: CartLine, b: CartLine) =>
    (a.product.unit_price_cents ?? 0) - (b.product.unit_price_cents ?? 0) || created(a, b);
  const compare: Record<ItemSort, (a: CartLine, b: CartLine) => number> = {
    CreatedDateAsc: created,
    CreatedDateDesc: (a, b) => created(b, a),
    NameAsc: name,
    NameDesc: (a, b) => name(b, a),
    SalesPriceAsc: price,
    SalesPriceDesc: (a, b) => price(b, a),
  };
  return [...lines].sort(compare[sort]);
}

export function cartItemsRoutes(r: Router, emu: Emu) {
  // One read transaction for the whole answer (inReadTransaction): settings, cart, items, catalog, promotions, stock.
  r.webstore("GET", "carts/:cartStateOrId/cart-items", { since: 49 }, (ctx) =>
    inReadTransaction(emu.db, () => {
      const sort = (ctx.query.get("sort") || "CreatedDateDesc") as ItemSort;
      if (!ITEM_SORTS.includes(sort)) throw illegalQuery("sort", sort, `Expected one of ${ITEM_SORTS.join(", ")}.`);
      const pageSize = intParam(ctx.query, "pageSize", 25, 1, 100);
      const productFields = cartProductFields(ctx.query);
      const includeCoupons = booleanParam(ctx.query, "includeCoupons");
      const includePromotions = booleanParam(ctx.query, "includePromotions");
      const owner = cartOwner(ctx);
      const cart = resolveCart(ctx, ctx.params.cartStateOrId, owner);
      if (!cart) {
        const appContext = emu.store.applicationContext(ctx.webstoreId);
        return json({
          cartItems: [],
          cartSummary: emptyCartSummaryJson(
            owner,
            appContext.defaultCurrency ?? "USD",
            ctx.webstoreId,
            appContext.taxType ?? "Net",
          ),
          hasErrors: false,
          ...pageFields(ctx.url, pageWindow(ctx.query, 0, pageSize)),
        });
      }
      const processing = emu.async.poll(asyncKey(cart.id));
      // In the order lines were added (the default): only the page's lines are read (loadCartPage).
      if (sort === "CreatedDateDesc" || sort === "CreatedDateAsc") {
        const window = pageWindow(ctx.query, cartTotalsRow(emu, cart.id).line_count, pageSize);
        const page = loadCartPage(emu, cart, processing, sort === "CreatedDateDesc", window.offset, pageSize);
        if (page) {
          const shown = { cart, processing };
          const body = {
            cartItems: page.lines.map((line) => ({
              cartItem: cartItemJson(shown, line, productFields, ctx.apiVersion),
              status: "Success",
              message: null,
            })),
            cartSummary: cartSummaryJson(page.summary),
            ...(includeCoupons ? { cartCoupons: cartCouponsJson({ cart, coupons: page.coupons }) } : {}),
            ...(includePromotions
              ? { cartPromotions: cartPromotionsJson({ ...shown, pricing: { promotions: page.promotions } }) }
              : {}),
            hasErrors: page.summary.stockMessages.length > 0,
            ...pageFields(ctx.url, window),
          };
          return processing ? json(body, 202, { Location: ctx.url.pathname, "Retry-After": "1" }) : json(body);
        }
      }
      const view = loadCartView(emu, cart, processing);
      const lines = sortLines(view.lines, sort);
      const window = pageWindow(ctx.query, lines.length, pageSize);
      const body = {
        cartItems: lines.slice(window.offset, window.offset + pageSize).map((line) => ({
          cartItem: cartItemJson(view, line, productFields, ctx.apiVersion),
          status: "Success",
          message: null,
        })),
        cartSummary: cartSummaryJson(summaryOf(view)),
        ...(includeCoupons ? { cartCoupons: cartCouponsJson(view) } : {}),
        ...(includePromotions ? { cartPromotions: cartPromotionsJson(view) } : {}),
        hasErrors: cartHasErrors(view),
        ...pageFields(ctx.url, window),
      };
      return processing ? json(body, 202, { Location: ctx.url.pathname, "Retry-After": "1" }) : json(body);
    }),
  );

  r.webstore("POST", "carts/:cartStateOrId/cart-items", { since: 49 }, async (ctx) => {
    const input = parseItemInput(await ctx.json());
    const productFields = cartProductFields(ctx.query);
    const { view, itemId } = emu.db.transaction(() => {
      const cart = cartForWrite(ctx);
      const itemId = addItem(emu, cart, input);
      return { view: loadCartLines(emu, touchCart(emu, cart, { itemsChanged: true }), [itemId]), itemId };
    })();
    return json(lineJson(view, itemId, productFields, ctx.apiVersion), 201);
  });

  r.webstore("POST", "carts/:cartStateOrId/cart-items/batch", { since: 49 }, async (ctx) => {
    const body = await ctx.json();
    const inputs = body?.inputs;
    if (!Array.isArray(inputs) || inputs.length === 0)
      throw invalidInput("inputs is required: a list of {richInput: {productId, quantity, type}}.");
    if (inputs.length > MAX_BATCH)
      throw new ApiError(
        400,
        "MAX_LIMIT_EXCEEDED",
        `A batch can add at most ${MAX_BATCH} items; got ${inputs.length}.`,
      );
    const outcome = emu.db.transaction(() => {
      const cart = cartForWrite(ctx);
      // Each input in its own savepoint: a failed one leaves no trace, the others stay.
      const results = inputs.map((entry: any) => {
        try {
          return {
            ok: true as const,
            itemId: emu.db.transaction(() => addItem(emu, cart, parseItemInput(entry?.richInput)))(),
          };
        } catch (err) {
          if (err instanceof ApiError)
            return { ok: false as const, error: { errorCode: err.errorCode, message: err.message } };
          throw err;
        }
      });
      const changed = results.some((x) => x.ok) ? touchCart(emu, cart, { itemsChanged: true }) : cart;
      const added = results.flatMap((x) => (x.ok ? [x.itemId] : []));
      return { results, view: loadCartLines(emu, changed, added) };
    })();
    return json({
      hasErrors: outcome.results.some((x) => !x.ok),
      results: outcome.results.map((x) =>
        x.ok
          ? { statusCode: 201, result: lineJson(outcome.view, x.itemId, [], ctx.apiVersion) }
          : { statusCode: 400, result: [x.error] },
      ),
    });
  });

  r.webstore("PATCH", "carts/:cartStateOrId/cart-items/:cartItemId", { since: 49 }, async (ctx) => {
    const body = await ctx.json();
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw invalidInput("The cart item input must be a JSON object.");
    for (const field of ["productId", "type"]) {
      if (body[field] !== undefined)
        throw invalidInput(`${field} can't be changed on a cart item; remove the item and add the product instead.`);
    }
    const quantity = body.quantity === undefined ? null : quantityInput(body.quantity);
    const productFields = cartProductFields(ctx.query);
    const { view, itemId } = emu.db.transaction(() => {
      let cart = requireCart(ctx, ctx.params.cartStateOrId);
      assertEditable(cart);
      const item = findItem(emu, cart, ctx.params.cartItemId);
      if (quantity !== null && quantity !== item.quantity) {
        checkPurchase(
          emu,
          cart,
          catalogStore(emu).productIn(item.product_id, cart.currency_iso_code)!,
          quantity,
          item.product_selling_model_id,
        );
        setItemQuantity(emu, item.id, quantity);
        cart = touchCart(emu, cart, { itemsChanged: true });
      }
      return { view: loadCartLines(emu, cart, [item.id]), itemId: item.id };
    })();
    return json(lineJson(view, itemId, productFields, ctx.apiVersion));
  });

  r.webstore("DELETE", "carts/:cartStateOrId/cart-items/:cartItemId", { since: 49 }, (ctx) => {
    emu.db.transaction(() => {
      const cart = requireCart(ctx, ctx.params.cartStateOrId);
      assertEditable(cart);
      const item = findItem(emu, cart, ctx.params.cartItemId);
      deleteCartItem(emu, item.id);
      touchCart(emu, cart, { itemsChanged: true });
    })();
    return noContent();
  });
}
