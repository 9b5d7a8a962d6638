import { readFixture } from "../core/context.js";
import { ApiError } from "../core/errors.js";
import { booleanParam, decodePageToken, encodePageToken, intParam } from "../core/paging.js";
import type { RequestContext } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { ALL_FIELDS, fieldList, productDetail } from "./shapes.js";
import { catalogStore, type ProductRow } from "./store.js";

/**
 * GET products/{productId}/children (57.0, Commerce Webstore Product Children): a bundle's or a set's child
 * products as a Product Child Collection, each child `{defaultQuantity, productInfo}` (ConnectApi.ProductChild,
 * 57.0; `componentGroup` is "returned only for dynamic product bundles", which the demo store has none of).
 *
 * The children are the parent's ProductRelatedComponent records (ChildProductRole SetComponent or BundleComponent),
 * read from the fixtures' `components` (fixtures/catalog.json, in their sequence; a set or a bundle has a handful).
 * A child's `defaultQuantity` ("Default quantity of the child product to order") is the component's Quantity
 * [I: which ProductRelatedComponent field the resource reads is not documented].
 */

/** A ProductRelatedComponent of the fixtures: the child product and how many of it the parent holds. */
interface Component {
  productId: string;
  quantity: number;
}

const components = new WeakMap<Emu, Map<string, Component[]>>();

/** The set and bundle components of the demo catalog, by parent product id, in sequence. */
function componentsOf(emu: Emu): Map<string, Component[]> {
  let byParent = components.get(emu);
  if (!byParent) {
    const catalog = readFixture<{ products: { id: string; components?: Component[] }[] }>(emu, "catalog.json");
    byParent = new Map(catalog.products.filter((p) => p.components).map((p) => [p.id, p.components!]));
    components.set(emu, byParent);
  }
  return byParent;
}

/** "Specifies the number of items per page. Valid values are from 1 through 100. If unspecified, size is 20." */
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

export function productChildren(emu: Emu, ctx: RequestContext, parent: ProductRow) {
  // "Works with bundle or set products. Not supported for simple, variation, or variation parent products."
  if (parent.product_class !== "Set" && parent.product_class !== "Bundle")
    throw new ApiError(
      400,
      "INVALID_API_INPUT",
      `Product ${parent.id} is a ${parent.product_class} product: only bundles and sets have child products.`,
    );
  const size = intParam(ctx.query, "pageSize", DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const token = ctx.query.get("pageToken");
  const parts = componentsOf(emu).get(parent.id) ?? [];
  const offset = token ? Math.min(decodePageToken(token, "pageToken"), parts.length) : 0;
  const catalog = catalogStore(emu);
  const excludeFields = booleanParam(ctx.query, "excludeFields");
  // "If you specify both excludeFields and fields, excludeFields takes precedence."
  const fields = excludeFields ? [] : fieldList(ctx.query, "fields", ALL_FIELDS, Infinity);
  const options = {
    media: !booleanParam(ctx.query, "excludeMedia"),
    quantityRule: !booleanParam(ctx.query, "excludeQuantityRule"),
    attributeSetInfo: !booleanParam(ctx.query, "excludeAttributeSetInfo"),
  };
  const groups = (ctx.query.get("mediaGroups") ?? "")
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);
  const items = parts.slice(offset, offset + size).flatMap(({ productId, quantity }) => {
    const child = catalog.product(productId);
    if (!child) return [];
    const detail: Record<string, unknown> = productDetail(catalog, child, fields, ctx.apiVersion);
    // "If you specify both excludeMedia and mediaGroups, excludeMedia takes precedence."
    if (!options.media) Object.assign(detail, { defaultImage: null, mediaGroups: [] });
    else if (groups.length)
      detail.mediaGroups = (detail.mediaGroups as { developerName: string }[]).filter((g) =>
        groups.includes(g.developerName),
      );
    if (!options.quantityRule) detail.purchaseQuantityRule = null;
    if (!options.attributeSetInfo) detail.attributeSetInfo = null;
    return [{ defaultQuantity: String(quantity), productInfo: detail }];
  });
  const pageUrl = (at: number) => {
    const q = new URLSearchParams(ctx.url.searchParams);
    q.set("pageToken", encodePageToken(at));
    return `${ctx.url.pathname}?${q.toString()}`;
  };
  const next = offset + size < parts.length ? offset + size : null;
  const previous = offset > 0 ? Math.max(0, offset - size) : null;
  return {
    count: items.length,
    currentPageToken: encodePageToken(offset),
    currentPageUrl: pageUrl(offset),
    items,
    nextPageToken: next === null ? null : encodePageToken(next),
    nextPageUrl: next === null ? null : pageUrl(next),
    previousPageToken: previous === null ? null : encodePageToken(previous),
    previousPageUrl: previous === null ? null : pageUrl(previous),
    total: parts.length,
  };
}
