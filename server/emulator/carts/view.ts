import { catalogStore, type ProductRow, type SellingModelRow } from "../catalog/store.js";
import { productFieldValues, productImage, quantityRule, variationAttributeMap } from "../catalog/shapes.js";
import { tierStore } from "../catalog/price-tiers.js";
import {
  appliedCouponRows,
  automaticPromotionRows,
  cartItemById,
  cartItemPage,
  cartItemRows,
  lineCategoryInsert,
  ownerIdOf,
  unpricedCartItemRows,
  updateLinePricing,
  type CartOwner,
  type CartRow,
  type CartItemRow,
  type PromotionDbRow,
} from "./store.js";
import { cartTotalsRow, incrementalPricing } from "./totals.js";
import { distinctProducts, shortLines } from "./summary-memo.js";
import {
  priceCart,
  type AppliedPromotion,
  type CartTotals,
  type CartPricing,
  type PricedLine,
  type PricingLine,
  type PromotionRule,
} from "./pricing.js";
import { GUEST_USER_ID } from "../core/context.js";
import { availableFor, tracksInventory } from "../catalog/inventory.js";
import { money, quantity } from "../core/money.js";
import { stockProblem } from "../catalog/product-rules.js";
import { LATEST_VERSION } from "../core/router.js";
import type { Emu } from "../core/state.js";

/**
 * A cart as the API shows it: its items joined with the catalog, priced with its promotions, and turned into
 * the JSON of Cart Summary, Cart Item, Cart Coupons and Cart Promotions.
 */

export interface CartLine {
  item: CartItemRow;
  product: ProductRow;
  sellingModel: SellingModelRow | null;
  /** Units this cart may hold (null = not stock-tracked). */
  available: number | null;
  priced: PricedLine;
  /** The stock message of a line whose quantity is no longer available (stock dropped after it was added). */
  stockMessage: string | null;
  /** A variation's attribute values (Cart Product Attribute by API name); empty for any other product. */
  variationAttributes: VariationAttributeMap;
}

export type VariationAttributeMap = ReturnType<typeof variationAttributeMap>;

export interface AppliedCoupon {
  cartCouponId: string;
  couponCode: string;
  rule: PromotionRule;
}

export interface CartView {
  cart: CartRow;
  lines: CartLine[];
  coupons: AppliedCoupon[];
  /** What the pricing ran on; coupon rules qualify against it. */
  pricingLines: PricingLine[];
  pricing: CartPricing;
  taxType: string;
  /** The store tracks stock (its inventory configuration when the view was read): lines carry `available`. */
  tracksStock: boolean;
  /** While the cart is processing (202), prices are not calculated yet and come back null. */
  processing: boolean;
}

export function promotionRule(row: PromotionDbRow, couponCode: string | null): PromotionRule {
  return {
    id: row.id,
    displayName: row.display_name,
    targetType: row.target_type,
    percentOff: row.percent_off,
    couponCode,
    isExclusive: row.is_exclusive === 1,
    minSubtotalCents: row.min_subtotal_cents,
    targetCategoryId: row.target_category_id,
    minQuantity: row.min_quantity,
    termsAndConditions: row.terms_and_conditions,
  };
}

export function cartCoupons(emu: Emu, cartId: string): AppliedCoupon[] {
  const rows = appliedCouponRows(emu, cartId);
  return rows.map((r) => ({ cartCouponId: r.cart_coupon_id, couponCode: r.code, rule: promotionRule(r, r.code) }));
}

export function automaticPromotions(emu: Emu): PromotionRule[] {
  const rows = automaticPromotionRows(emu);
  return rows.map((r) => promotionRule(r, null));
}

export function cartItems(emu: Emu, cartId: string): CartItemRow[] {
  return cartItemRows(emu, cartId);
}

/** The line's pricing inputs from its product as a line of its quantity prices it (tier price, category path). */
function pricingLineOf(item: CartItemRow, product: ProductRow, categoryIds: string[]): PricingLine {
  return {
    id: item.id,
    quantity: item.quantity,
    listCents: product.list_price_cents,
    salesCents: product.unit_price_cents ?? 0,
    categoryIds,
  };
}

/** A category and its ancestors' ids, root first (none for a product without a category). */
function categoryIdsOf(emu: Emu, categoryId: string | null): string[] {
  return categoryId ? catalogStore(emu).categoryIdPath(categoryId) : [];
}

/** The line's product as the cart sells it: in the cart's currency, at the tier its quantity reaches. */
function lineProduct(emu: Emu, cart: CartRow, item: CartItemRow): ProductRow {
  return tierStore(emu).pricedFor(catalogStore(emu).productIn(item.product_id, cart.currency_iso_code)!, item.quantity);
}

function storedPricingLine(item: CartItemRow): PricingLine {
  return {
    id: item.id,
    quantity: item.quantity,
    listCents: item.list_cents,
    salesCents: item.sales_cents!,
    categoryIds: item.category_path ? item.category_path.split(" ") : [],
  };
}

/** Records a line's prices (the cart's running totals follow by trigger) and the categories its product is under. */
function recordPricing(emu: Emu, cartId: string, line: PricingLine) {
  updateLinePricing(emu, line.id, line.quantity, line.salesCents, line.listCents, line.categoryIds.join(" "));
  const under = lineCategoryInsert(emu);
  for (const categoryId of line.categoryIds) under.run(cartId, categoryId, line.id);
}

function cartRules(emu: Emu, coupons: AppliedCoupon[]): PromotionRule[] {
  return [...automaticPromotions(emu), ...coupons.map((c) => c.rule)];
}

function cartLine(
  emu: Emu,
  cart: CartRow,
  item: CartItemRow,
  product: ProductRow,
  priced: PricedLine,
  tracksStock: boolean,
): CartLine {
  const catalog = catalogStore(emu);
  const available = tracksStock ? availableFor(emu, item.product_id, cart.id) : null;
  const modelId = item.product_selling_model_id;
  return {
    item,
    product,
    sellingModel: modelId ? (catalog.sellingModels(item.product_id).find((m) => m.id === modelId) ?? null) : null,
    available,
    priced,
    stockMessage: stockProblem(item.quantity, available)?.message ?? null,
    variationAttributes: variationAttributeMap(catalog, product),
  };
}

/** `items`: the cart's items (cartItems) when the caller has just read them. */
export function loadCartView(
  emu: Emu,
  cart: CartRow,
  processing = false,
  items: readonly CartItemRow[] = cartItems(emu, cart.id),
): CartView {
  // Each line priced by the tier its quantity reaches (volume prices): the sale price below, in the cart's
  // totals and in the order placed from it.
  // The whole cart read from the catalog afresh: the recorded prices serve only answers about a line or two.
  const products = items.map((item) => lineProduct(emu, cart, item));
  const coupons = cartCoupons(emu, cart.id);
  // Only the categories the cart's products are under, each read once (not every category of the catalog).
  const paths = new Map<string | null, string[]>();
  const pathFor = (categoryId: string | null) => {
    let path = paths.get(categoryId);
    if (!path) paths.set(categoryId, (path = categoryIdsOf(emu, categoryId)));
    return path;
  };
  const pricingLines = items.map((item, i) => pricingLineOf(item, products[i], pathFor(products[i].category_id)));
  const pricing = priceCart(pricingLines, cartRules(emu, coupons));
  // One read of the store's settings for both of what the view needs from them.
  const appContext = emu.store.applicationContext(cart.webstore_id);
  const tracksStock = tracksInventory(appContext);
  const lines = items.map((item, i) => cartLine(emu, cart, item, products[i], pricing.lines[i], tracksStock));
  const taxType = appContext.taxType ?? "Net";
  return { cart, lines, coupons, pricingLines, pricing, taxType, tracksStock, processing };
}

/** Some lines of a cart, each priced as part of the whole cart: what an answer about those lines needs. */
export interface CartLinesView {
  cart: CartRow;
  processing: boolean;
  lines: CartLine[];
}

/**
 * Prices the cart's lines that are not priced at their quantity (added, changed, or written by a path that records no
 * prices: seeding, merging carts, splitting a line between shipments) and records their prices, which brings the
 * cart's running totals up to date (db/015's triggers). Reads call it too (a seeded cart's first summary): each
 * line's record stands on its own (the line's prices and, by trigger, the cart's totals in one statement), so a read
 * that fails half-way, whose transaction still commits (inReadTransaction), leaves nothing inconsistent behind.
 */
export function priceUnpricedLines(emu: Emu, cart: CartRow): boolean {
  if (cartTotalsRow(emu, cart.id).unpriced_lines === 0) return false;
  const unpriced = unpricedCartItemRows(emu, cart.id);
  for (const item of unpriced) {
    const product = lineProduct(emu, cart, item);
    recordPricing(emu, cart.id, pricingLineOf(item, product, categoryIdsOf(emu, product.category_id)));
  }
  return true;
}

/**
 * The lines `itemIds` of the cart just changed (call inside the write's transaction), without reading the whole
 * cart: the changed lines are priced from the catalog and their prices recorded, and the cart's promotions are
 * worked out from its running totals and the lines they target (totals.ts). Only a cart-level discount, spread over
 * every line, needs every line's recorded prices (one read of the cart's lines, no catalog). The answer is the same to
 * the cent as loadCartView's.
 */
export function loadCartLines(emu: Emu, cart: CartRow, itemIds: readonly string[]): CartLinesView {
  priceUnpricedLines(emu, cart);
  const rules = cartRules(emu, cartCoupons(emu, cart.id));
  const byId = cartItemById(emu);
  const items = [...new Set(itemIds)].map((id) => byId.get(id) as CartItemRow);
  const incremental = incrementalPricing(emu, cart.id, rules);
  let priced = items.map((item) => incremental?.line(item) ?? null);
  if (priced.some((p) => p === null)) {
    const all = cartItems(emu, cart.id);
    const pricing = priceCart(all.map(storedPricingLine), rules);
    const index = new Map(all.map((item, i) => [item.id, i]));
    priced = items.map((item) => pricing.lines[index.get(item.id)!]);
  }
  const tracksStock = tracksInventory(emu.store.applicationContext(cart.webstore_id));
  const lines = items.map((item, i) =>
    cartLine(emu, cart, item, lineProduct(emu, cart, item), priced[i]!, tracksStock),
  );
  return { cart, processing: false, lines };
}

// ---------------------------------------------------------------------------------------------------------
// JSON

/** Cents → money string, or null while the cart is still processing. */
const priceOrNull = (view: { processing: boolean }) => (cents: number) => (view.processing ? null : money(cents));

function messagesSummary(relatedEntityId: string | null, messages: string[], linesWithErrors: number) {
  return {
    errorCount: messages.length,
    hasErrors: messages.length > 0,
    limitedMessages: messages.slice(0, 10).map((message) => ({ message, severity: "Error", type: "Inventory" })),
    relatedEntityId,
    totalLineItemsWithErrors: linesWithErrors,
  };
}

export function cartHasErrors(view: CartView): boolean {
  return view.lines.some((l) => l.stockMessage !== null);
}

/** What a Cart Summary shows of a cart: its totals, counts and the messages of its lines short of stock. */
export interface CartSummaryView {
  cart: CartRow;
  processing: boolean;
  taxType: string;
  totals: CartTotals;
  lineCount: number;
  uniqueProductCount: number;
  /** "{product}: {message}" of each line whose quantity is no longer available, in the cart's order. */
  stockMessages: string[];
}

export function summaryOf(view: CartView): CartSummaryView {
  return {
    cart: view.cart,
    processing: view.processing,
    taxType: view.taxType,
    totals: view.pricing.totals,
    lineCount: view.lines.length,
    uniqueProductCount: new Set(view.lines.map((l) => l.item.product_id)).size,
    stockMessages: view.lines.flatMap((l) => (l.stockMessage ? [`${l.product.name}: ${l.stockMessage}`] : [])),
  };
}

/**
 * A cart's summary without pricing every line again (the cart's running totals, totals.ts): what every page's
 * header count reads. Lines not priced at their quantity are priced and recorded first (a cart seeded or merged
 * without prices, once). The stock messages need each line's stock: one query over the cart's lines, no catalog
 * reads in between. Falls back to pricing the whole cart when a promotion that applies targets every line.
 */
export function loadCartSummary(emu: Emu, cart: CartRow, processing = false): CartSummaryView {
  priceUnpricedLines(emu, cart);
  const incremental = incrementalPricing(emu, cart.id, cartRules(emu, cartCoupons(emu, cart.id)));
  if (!incremental) return summaryOf(loadCartView(emu, cart, processing));
  return summaryFrom(emu, cart, processing, incremental.totals);
}

/** A cart's summary and every line's amounts, as loadCartView prices them, from the lines' recorded prices. */
export interface RecordedCartPricing {
  summary: CartSummaryView;
  /** The cart's lines in its order, their prices recorded. */
  items: readonly CartItemRow[];
  /** Each line's amounts, in the order of `items`. */
  lines: readonly PricedLine[];
}

/** A frozen list of lines' amounts, and the totals and rules (as JSON) they were priced with. */
interface KeptPricing {
  rules: string;
  totals: CartTotals;
  lines: readonly PricedLine[];
}

/**
 * The amounts of a frozen list of lines (summary-memo.ts keptCartItems: the same array while the cart's lines are
 * unchanged), by the list. Each line's amounts and the totals are a function of the lines' rows (their recorded
 * prices, and the running totals and category index their writes keep, db/015) and the promotion rules: kept for the
 * list, used again while the rules read now are the same. Emulator-only internals (issue 41).
 */
const keptPricing = new WeakMap<readonly CartItemRow[], KeptPricing>();

/**
 * Every line's amounts and the cart's summary without reading the catalog (what a checkout's totals, shipping and tax
 * need: issue 23): lines not priced at their quantity are priced first (as loadCartSummary), then the totals come from
 * the running totals and each line's amounts from its recorded prices (totals.ts); when a promotion spreads over every
 * line, the recorded prices of every line are priced together (priceCart). The same to the cent as loadCartView's.
 * `items`: the cart's items when the caller has just read them (read again if any had to be priced). Given frozen
 * (keptCartItems), the amounts are kept with them (keptPricing).
 */
export function loadRecordedPricing(
  emu: Emu,
  cart: CartRow,
  processing = false,
  items?: readonly CartItemRow[],
): RecordedCartPricing {
  const priced = priceUnpricedLines(emu, cart);
  const current = !items || priced ? cartItems(emu, cart.id) : items;
  const rules = cartRules(emu, cartCoupons(emu, cart.id));
  const rulesKey = JSON.stringify(rules);
  const kept = keptPricing.get(current);
  if (kept?.rules === rulesKey)
    return { summary: summaryFrom(emu, cart, processing, kept.totals), items: current, lines: kept.lines };
  const { totals, lines } = priceRecordedLines(emu, cart.id, current, rules);
  if (Object.isFrozen(current))
    keptPricing.set(current, {
      rules: rulesKey,
      totals: Object.freeze(totals),
      lines: Object.freeze(lines.map((l) => Object.freeze(l))),
    });
  return { summary: summaryFrom(emu, cart, processing, totals), items: current, lines };
}

/** The lines' amounts and the cart's totals from the lines' recorded prices (loadRecordedPricing). */
function priceRecordedLines(emu: Emu, cartId: string, items: readonly CartItemRow[], rules: PromotionRule[]) {
  const incremental = incrementalPricing(emu, cartId, rules);
  const lines = incremental ? items.map((item) => incremental.line(item)) : [];
  if (incremental && lines.every((l) => l !== null))
    return { totals: incremental.totals, lines: lines as PricedLine[] };
  const pricing = priceCart(items.map(storedPricingLine), rules);
  return { totals: pricing.totals, lines: pricing.lines };
}

function summaryFrom(emu: Emu, cart: CartRow, processing: boolean, totals: CartTotals): CartSummaryView {
  const appContext = emu.store.applicationContext(cart.webstore_id);
  return {
    cart,
    processing,
    taxType: appContext.taxType ?? "Net",
    totals,
    lineCount: cartTotalsRow(emu, cart.id).line_count,
    uniqueProductCount: distinctProducts(emu, cart.id),
    stockMessages: tracksInventory(appContext) ? stockMessages(emu, cart.id) : [],
  };
}

/** A page of a cart's lines in the order they were added, with what the cart items resource answers beside them. */
export interface CartPage {
  summary: CartSummaryView;
  coupons: AppliedCoupon[];
  promotions: AppliedPromotion[];
  lines: CartLine[];
}

/**
 * The page of the cart's lines at `offset` (newest first, or oldest first) without reading the other lines: the page
 * read by the cart's order index, its lines priced as part of the whole cart from the running totals (totals.ts),
 * the summary beside it likewise (loadCartSummary). Null when a promotion that applies targets every line: the caller
 * prices the whole cart then. The same answer to the cent as loadCartView's lines, sorted and sliced.
 */
export function loadCartPage(
  emu: Emu,
  cart: CartRow,
  processing: boolean,
  newestFirst: boolean,
  offset: number,
  size: number,
): CartPage | null {
  priceUnpricedLines(emu, cart);
  const coupons = cartCoupons(emu, cart.id);
  const rules = cartRules(emu, coupons);
  const incremental = incrementalPricing(emu, cart.id, rules);
  if (!incremental) return null;
  const items = cartItemPage(emu, cart.id, newestFirst, offset, size);
  let priced = items.map((item) => incremental.line(item));
  if (priced.some((p) => p === null)) {
    // A cart-level discount is spread over every line: every line's recorded prices, no catalog read.
    const all = cartItems(emu, cart.id);
    const pricing = priceCart(all.map(storedPricingLine), rules);
    const index = new Map(all.map((item, i) => [item.id, i]));
    priced = items.map((item) => pricing.lines[index.get(item.id)!]);
  }
  const tracksStock = tracksInventory(emu.store.applicationContext(cart.webstore_id));
  const lines = items.map((item, i) =>
    cartLine(emu, cart, item, lineProduct(emu, cart, item), priced[i]!, tracksStock),
  );
  return {
    summary: summaryFrom(emu, cart, processing, incremental.totals),
    coupons,
    promotions: incremental.promotions,
    lines,
  };
}

/**
 * availableFor (catalog/inventory.ts) for every line of the cart at once: the lines short of stock, named. Read
 * once per change of the cart's lines or of stock, not on every read (summary-memo.ts).
 */
function stockMessages(emu: Emu, cartId: string): string[] {
  return shortLines(emu, cartId).flatMap((r) => {
    const problem = stockProblem(r.quantity, r.available);
    return problem ? [`${r.name}: ${problem.message}`] : [];
  });
}

export function cartSummaryJson(view: CartSummaryView) {
  const { cart } = view;
  const t = view.totals;
  const m = priceOrNull(view);
  // Dismissed messages (messages/actions/set-visibility) are not listed until the cart changes.
  const messages = cart.messages_visible === 0 ? [] : view.stockMessages;
  return {
    accountId: cart.account_id,
    cartId: cart.id,
    currencyIsoCode: cart.currency_iso_code,
    name: cart.name,
    ownerId: ownerIdOf(cart),
    orderOwnerId: null,
    purchaseOrderNumber: cart.purchase_order_number,
    type: cart.type,
    webstoreId: cart.webstore_id,
    isSecondary: cart.is_secondary === 1,
    hasGift: false,
    status: cart.status,
    taxType: view.taxType,
    asyncOperationStatus: view.processing ? "Processing" : "Completed",
    grandTotalAmount: m(t.grandTotalCents),
    totalChargeAmount: m(t.totalChargeCents),
    totalListPrice: m(t.totalListCents),
    totalProductListAmount: m(t.totalListCents),
    totalProductAmount: m(t.totalProductCents),
    totalProductAmountAfterAdjustments: m(t.totalProductAfterAdjustmentsCents),
    totalPromotionalAdjustmentAmount: m(t.totalPromotionalAdjustmentCents),
    totalAmountWithItemAdjustment: m(t.totalAmountWithItemAdjustmentCents),
    totalCartLevelAdjustmentAmount: m(t.totalCartAdjustmentCents),
    totalTaxAmount: m(t.totalTaxCents),
    // Flat fields, as Cart Summary documents them (no subscription is billed in advance: the first payment is the cart's).
    firstPymtGrandTotalAmount: m(t.grandTotalCents),
    firstPymtTotalAmount: m(t.totalProductAfterAdjustmentsCents),
    firstPymtTotalListPrice: m(t.totalListCents),
    firstPymtTotalTaxAmount: m(t.totalTaxCents),
    totalProductCount: quantity(t.totalQuantity),
    totalProductLineItemCount: view.lineCount,
    totalSubProductCount: quantity(0),
    uniqueProductCount: view.uniqueProductCount,
    customFields: [],
    messagesSummary: messagesSummary(cart.id, messages, messages.length),
  };
}

/** The Cart Summary of `current` when the shopper has no cart: 200 with a null cartId. */
export function emptyCartSummaryJson(owner: CartOwner, currency: string, webstoreId: string, taxType: string) {
  return {
    accountId: owner.kind === "buyer" ? owner.accountId : null,
    cartId: null,
    currencyIsoCode: currency,
    name: null,
    ownerId: owner.kind === "buyer" ? owner.userId : GUEST_USER_ID,
    orderOwnerId: null,
    purchaseOrderNumber: null,
    type: "Cart",
    webstoreId,
    isSecondary: false,
    hasGift: false,
    status: null,
    taxType,
    asyncOperationStatus: "Completed",
    grandTotalAmount: "0.00",
    totalChargeAmount: "0.00",
    totalListPrice: "0.00",
    totalProductListAmount: "0.00",
    totalProductAmount: "0.00",
    totalProductAmountAfterAdjustments: "0.00",
    totalPromotionalAdjustmentAmount: "0.00",
    totalAmountWithItemAdjustment: "0.00",
    totalCartLevelAdjustmentAmount: "0.00",
    totalTaxAmount: "0.00",
    firstPymtGrandTotalAmount: "0.00",
    firstPymtTotalAmount: "0.00",
    firstPymtTotalListPrice: "0.00",
    firstPymtTotalTaxAmount: "0.00",
    totalProductCount: quantity(0),
    totalProductLineItemCount: 0,
    totalSubProductCount: quantity(0),
    uniqueProductCount: 0,
    customFields: [],
    messagesSummary: messagesSummary(null, [], 0),
  };
}

/**
 * The product part of a cart item (Cart Item Product, ConnectApi.CartItemProduct), also used by carts/{id}/products:
 * each field from the version its page lists
 * (https://developer.salesforce.com/docs/platform/apex-ref/references/apex-ref/apex-connectapi-output-cart-product-summary.html;
 * `isConfigurationAllowed` 65.0, reference §3). Callers outside the cart resources answer the latest version's.
 */
export function cartProductJson(
  product: ProductRow,
  productFields: string[],
  variationAttributes: VariationAttributeMap,
  apiVersion: number = LATEST_VERSION,
) {
  return {
    productId: product.id,
    name: product.name,
    sku: product.sku,
    fields: productFieldValues(product, productFields),
    thumbnailImage: productImage(product),
    ...(apiVersion >= 50 ? { variationAttributes } : {}),
    ...(apiVersion >= 52 ? { purchaseQuantityRule: quantityRule(product) } : {}),
    ...(apiVersion >= 63 ? { productClass: product.product_class } : {}),
    ...(apiVersion >= 64 ? { productUrlName: product.url_name } : {}),
    ...(apiVersion >= 65 ? { isConfigurationAllowed: false } : {}),
  };
}

export function cartItemJson(
  view: Pick<CartView, "cart" | "processing">,
  line: CartLine,
  productFields: string[] = [],
  apiVersion: number = LATEST_VERSION,
) {
  const { item, product, priced } = line;
  const m = priceOrNull(view);
  const q = item.quantity;
  const totalAdjustment = priced.itemAdjustmentCents + priced.cartAdjustmentCents;
  const totalPrice = priced.lineCents + priced.itemAdjustmentCents;
  const totalTax = 0;
  const totalAmount = priced.lineCents + totalAdjustment + totalTax;
  const unit = (cents: number) => m(Math.round(cents / q));
  const messages = line.stockMessage ? [line.stockMessage] : [];
  return {
    cartId: item.cart_id,
    cartItemId: item.id,
    cartDeliveryGroupId: item.cart_delivery_group_id,
    parentCartItemId: null,
    productId: item.product_id,
    productSellingModelId: item.product_selling_model_id,
    currencyIsoCode: view.cart.currency_iso_code,
    name: product.name,
    quantity: quantity(q),
    type: item.type,
    listPrice: product.list_price_cents === null ? null : m(product.list_price_cents),
    salesPrice: m(product.unit_price_cents ?? 0),
    unitAdjustedPrice: unit(priced.lineCents + totalAdjustment),
    unitAdjustmentAmount: unit(totalAdjustment),
    unitAdjustedPriceWithItemAdj: unit(totalPrice),
    unitItemAdjustmentAmount: unit(priced.itemAdjustmentCents),
    totalListPrice: m(priced.totalListCents),
    totalPrice: m(totalPrice),
    totalAmount: m(totalAmount),
    totalTax: m(totalTax),
    totalAdjustmentAmount: m(totalAdjustment),
    itemizedAdjustmentAmount: m(priced.itemAdjustmentCents),
    firstPymtTotalAmount: m(totalAmount),
    firstPymtTotalListPrice: m(priced.totalListCents),
    firstPymtTotalPrice: m(totalPrice),
    firstPymtTotalTax: m(totalTax),
    // A subscription is billed once per pricing term (ProductSellingModel.PricingTermUnit: Months or Annual).
    billingFrequency:
      line.sellingModel && line.sellingModel.selling_model_type !== "OneTime"
        ? line.sellingModel.pricing_term_unit === "Annual"
          ? "Annual"
          : "Monthly"
        : null,
    sellingModelType: line.sellingModel?.selling_model_type ?? "OneTime",
    // The term the cart item was sent with (Cart Item Input `subscriptionTerm`), none when it sent none [I].
    subscriptionTerm: item.subscription_term,
    productClass: product.product_class,
    childProductCount: 0,
    isShippingChargeNotApplicable: false,
    subType: null,
    promotionDisplayName: priced.promotionDisplayNames.length ? priced.promotionDisplayNames.join(", ") : null,
    customFields: [],
    messagesSummary: messagesSummary(item.id, messages, messages.length ? 1 : 0),
    productDetails: cartProductJson(product, productFields, line.variationAttributes, apiVersion),
  };
}

/** Cart Coupons: the answer of cart-coupons and the `cartCoupons` of cart-items?includeCoupons=true. */
export function cartCouponsJson(view: Pick<CartView, "cart" | "coupons">) {
  return {
    cartCoupons: {
      coupons: view.coupons.map((c) => ({
        cartCouponId: c.cartCouponId,
        couponCode: c.couponCode,
        termsAndConditions: c.rule.termsAndConditions,
      })),
    },
    cartId: view.cart.id,
    cartStatus: view.cart.status,
    ownerId: ownerIdOf(view.cart),
  };
}

/** Only promotions that take money off right now are listed (a coupon whose condition fails stays, unlisted). */
export function cartPromotionsJson(
  view: Pick<CartView, "cart" | "processing"> & { pricing: Pick<CartPricing, "promotions"> },
) {
  return {
    cartId: view.cart.id,
    cartStatus: view.cart.status,
    currencyIsoCode: view.cart.currency_iso_code,
    promotions: {
      promotions: view.pricing.promotions.map((p) => ({
        promotionId: p.rule.id,
        displayName: p.rule.displayName,
        targetType: p.rule.targetType,
        adjustmentAmount: view.processing ? null : money(p.adjustmentCents),
        couponCode: p.rule.couponCode,
        termsAndConditions: p.rule.termsAndConditions,
      })),
    },
  };
}
