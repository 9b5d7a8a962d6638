import { pricingCurrency } from "../core/context.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { booleanParam } from "../core/paging.js";
import { isRecordId, recordId } from "../core/record-ids.js";
import type { RequestContext } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { cartOwner, findPrimaryCart } from "../carts/store.js";
import { ALL_FIELDS, priceLine, productFieldValues, productImage, quantityRule } from "./shapes.js";
import { catalogStore, latestOrdersWith, productsOfCart, productsOfOrder, type ProductRow } from "./store.js";

/**
 * GET ai/recommendations (55.0, Commerce Einstein Webstore Recommendations,
 * connect_resources_commerce_webstore_ai_recommendations.htm): Einstein's product recommendations.
 *
 * The request follows the page: `recommender` (required, one of its names), `anchorValues` (product or category
 * ids, "required for product or category recommenders", never both kinds), `anchorFromCurrentCart` (63.0),
 * `currencyIsoCode` (56.0), `includePricingAndProductInformation` (63.0), `includeRequestProduct` (60.0) and the
 * reserved `dataSpace`, `individualId`, `personalizationPoint` (60.0). A parameter before its version is ignored,
 * as an org ignores a query parameter it doesn't know [I].
 *
 * The answer, Commerce Einstein Recommendation Results, has no page among the ones found. Its shape is the one
 * Salesforce's own store components read (the LWR "Frequently Bought Together" and cart recommendations
 * components: `productPage.products[].id`, `productPage.currencyIsoCode`, each product's `fields.Name`,
 * `defaultImage`, `productClass`, `purchaseQuantityRule`), with the `uuid` orgs' components pass on to activity
 * tracking: `{productPage: {currencyIsoCode, products}, uuid}` [I].
 *
 * The choice of products is emulator-only (an org runs Einstein, trained on activity tracking the emulator doesn't
 * receive): CustomersWhoBoughtAlsoBought answers the products most often ordered with the anchors in the store's
 * orders (the seeded ones and every order placed since); every other recommender answers no products. The page's
 * rule that a request without the shopper's `cqcid` cookie gets "an empty set of results" holds for every one.
 */

/** The recommender names of the page (v67.0; `Personalization` and `PersonalizedForShopper` are reserved). */
const PRODUCT_RECOMMENDERS = ["SimilarProducts", "ComplementaryProducts", "CustomersWhoBoughtAlsoBought", "Upsell"];
const CATEGORY_RECOMMENDERS = ["MostViewedByCategory", "TopSellingByCategory"];
const RECOMMENDERS = [
  "RecentlyViewed",
  ...PRODUCT_RECOMMENDERS,
  ...CATEGORY_RECOMMENDERS,
  "TopSelling",
  "Personalization",
  "PersonalizedForShopper",
];

/** The most products one answer holds [I: the page documents no limit parameter; a storefront row's worth]. */
export const RECOMMENDATIONS_MAX = 10;
/** The most recent orders of each anchor that are counted [I: bounds the work at any order history]. */
const ORDERS_PER_ANCHOR = 200;
/** The most anchors read, from the query or the cart [I]. */
const ANCHORS_MAX = 20;

/** A comma-separated query list, trimmed, blanks dropped. */
const listParam = (q: URLSearchParams, name: string) =>
  (q.get(name) ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/** The page's cookie: "If you omit the cqcid cookie, an empty set of results is returned." */
function hasShopperCookie(ctx: RequestContext): boolean {
  const cookies = ctx.req.headers.get("cookie") ?? "";
  return cookies.split(";").some((c) => {
    const [name, value] = c.trim().split("=");
    return name === "cqcid" && Boolean(value);
  });
}

/**
 * The products ordered with the anchors, most often first (the number of orders holding both), ties by the most
 * recent order, then by id. Anchors themselves, and products no shopper may buy (not sellable: a variation parent,
 * a retired product), never appear. The demo store has no entitlement policies: every buyer sees every product.
 */
export function boughtTogether(emu: Emu, anchors: readonly string[], max = RECOMMENDATIONS_MAX): ProductRow[] {
  const anchorSet = new Set(anchors);
  const counted = new Map<string, { orders: number; firstSeen: number }>();
  const seenOrders = new Set<string>();
  let seq = 0;
  for (const anchor of anchors) {
    for (const order of latestOrdersWith(emu, anchor, ORDERS_PER_ANCHOR)) {
      if (seenOrders.has(order.id)) continue;
      seenOrders.add(order.id);
      for (const item of productsOfOrder(emu, order.id)) {
        if (anchorSet.has(item.id)) continue;
        const entry = counted.get(item.id) ?? { orders: 0, firstSeen: seq++ };
        entry.orders += 1;
        counted.set(item.id, entry);
      }
    }
  }
  const ranked = [...counted.entries()].sort(
    ([a, x], [b, y]) => y.orders - x.orders || x.firstSeen - y.firstSeen || a.localeCompare(b),
  );
  const catalog = catalogStore(emu);
  const products: ProductRow[] = [];
  for (const [id] of ranked) {
    const p = catalog.product(id);
    if (p && p.is_sellable === 1) products.push(p);
    if (products.length >= max) break;
  }
  return products;
}

/** The anchors of the request: its `anchorValues`, or the products of the shopper's cart (63.0). */
function anchorsOf(ctx: RequestContext, recommender: string): string[] {
  const q = ctx.query;
  const fromCart = ctx.apiVersion >= 63 && booleanParam(q, "anchorFromCurrentCart");
  const given = listParam(q, "anchorValues");
  const products = given.filter((v) => isRecordId(v, "product"));
  const categories = given.filter((v) => isRecordId(v, "category"));
  if (products.length > 0 && categories.length > 0)
    throw invalidInput("The anchor list can't contain both product IDs and category IDs.");
  const productRecommender = PRODUCT_RECOMMENDERS.includes(recommender);
  const categoryRecommender = CATEGORY_RECOMMENDERS.includes(recommender);
  // Each value must be an id of the kind the recommender takes (400 INVALID_ID_FIELD otherwise, as for any id).
  const kind = categoryRecommender ? "category" : "product";
  const anchors = given.map((v) => recordId(v, kind, "anchorValues"));
  if (fromCart && productRecommender) {
    const cart = findPrimaryCart(ctx.emu, ctx.webstoreId, cartOwner(ctx));
    const inCart = cart ? productsOfCart(ctx.emu, cart.id, ANCHORS_MAX) : [];
    for (const item of inCart) if (!anchors.includes(item.id)) anchors.push(item.id);
  }
  if ((productRecommender || categoryRecommender) && anchors.length === 0 && !fromCart)
    throw invalidInput(`anchorValues is required for the ${recommender} recommender.`);
  return anchors.slice(0, ANCHORS_MAX);
}

function recommendedProduct(ctx: RequestContext, p: ProductRow, currency: string, withDetails: boolean) {
  if (!withDetails) return { id: p.id };
  const priced = catalogStore(ctx.emu).productIn(p.id, currency) ?? p;
  return {
    defaultImage: productImage(p),
    fields: productFieldValues(p, ALL_FIELDS),
    id: p.id,
    name: p.name,
    prices: priceLine(priced),
    productClass: p.product_class,
    purchaseQuantityRule: quantityRule(p),
    urlName: p.url_name,
  };
}

export function recommendations(ctx: RequestContext) {
  const q = ctx.query;
  const recommender = q.get("recommender")?.trim() ?? "";
  if (!recommender) throw invalidInput("recommender is required.");
  if (!RECOMMENDERS.includes(recommender))
    throw new ApiError(
      400,
      "ILLEGAL_QUERY_PARAMETER_VALUE",
      `Invalid value for parameter recommender: ${JSON.stringify(recommender)}. Expected one of ${RECOMMENDERS.join(", ")}.`,
    );
  const anchors = anchorsOf(ctx, recommender);
  if (ctx.apiVersion >= 60) booleanParam(q, "includeRequestProduct");
  const withDetails = ctx.apiVersion >= 63 && booleanParam(q, "includePricingAndProductInformation");
  // Before 56.0 there is no currencyIsoCode parameter: the store's default currency.
  const currency =
    ctx.apiVersion >= 56
      ? pricingCurrency(ctx)
      : (ctx.emu.store.applicationContext(ctx.webstoreId).defaultCurrency ?? "USD");
  const chosen =
    recommender === "CustomersWhoBoughtAlsoBought" && hasShopperCookie(ctx) ? boughtTogether(ctx.emu, anchors) : [];
  return {
    productPage: {
      currencyIsoCode: currency,
      products: chosen.map((p) => recommendedProduct(ctx, p, currency, withDetails)),
    },
    uuid: crypto.randomUUID(),
  };
}
