import { readFixture } from "../core/context.js";
import { booleanParam } from "../core/paging.js";
import type { RequestContext } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { ALL_FIELDS, fieldList, productDetail } from "./shapes.js";
import { catalogStore, type CatalogStore, type ProductRow } from "./store.js";

/**
 * GET products/{productId}/featured-products (64.0, Commerce Webstore Product Featured Products,
 * connect_resources_commerce_webstore_products_featured_products.htm): a product's featured products as Featured
 * Products Output, `{featuredProductsByRelationshipType: {<relationship type>: [Product Detail…]}}`, each list
 * "sorted based on the Sequence field on the junction object" (connect_responses_featured_products_output.htm).
 *
 * The records are the product's ProductFeaturedProduct junctions (64.0: ProductId, FeaturedProductId,
 * FeatrProdtRelaType, Sequence), read from the fixtures' `featuredProducts` (fixtures/catalog.json), in their
 * sequence. The map's key is the relationship type's developer name; the only key the pages show is the output
 * example's `similarProducts`, so that is the demo records' one [I: how the object's picklist values ("Complete
 * the Look", "Featured Products", "New Arrivals", "Top Seller") are keyed in the answer is not documented].
 *
 * Each featured product is the example's Product Detail: `defaultImage` (null, as in the example, beside a listing
 * image), `fields`, `id`, `mediaGroups`, `productClass`, `productSellingModels`, `purchaseQuantityRule`, `urlName`.
 * The `include…` flags default to false: without them the media groups and selling models are empty lists and the
 * quantity rule null [I: the page says what is returned when true, not what a false flag leaves], and
 * `attributeSetInfo` is there only when asked for (the example, asked without it, has no such key).
 */

/** A ProductFeaturedProduct of the fixtures: the featured product and how it relates to the product. */
interface FeaturedProduct {
  productId: string;
  relationshipType: string;
}

const featured = new WeakMap<Emu, Map<string, FeaturedProduct[]>>();

/** The demo catalog's featured products, by product id, in sequence. */
function featuredOf(emu: Emu): Map<string, FeaturedProduct[]> {
  let byProduct = featured.get(emu);
  if (!byProduct) {
    const catalog = readFixture<{ products: { id: string; featuredProducts?: FeaturedProduct[] }[] }>(
      emu,
      "catalog.json",
    );
    byProduct = new Map(catalog.products.filter((p) => p.featuredProducts).map((p) => [p.id, p.featuredProducts!]));
    featured.set(emu, byProduct);
  }
  return byProduct;
}

/** A comma-separated list of the query, trimmed, blanks dropped. */
const names = (query: URLSearchParams, name: string) =>
  (query.get(name) ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

interface Options {
  fields: string[];
  attributeSetInfo: boolean;
  mediaGroups: boolean;
  /** Developer names of the media groups asked for, lower case; empty: all of them. */
  groups: string[];
  sellingModels: boolean;
  quantityRule: boolean;
  apiVersion: number;
}

function featuredDetail(catalog: CatalogStore, p: ProductRow, options: Options) {
  const detail = productDetail(catalog, p, options.fields, options.apiVersion);
  const groups = options.mediaGroups
    ? detail.mediaGroups.filter(
        (g) => options.groups.length === 0 || options.groups.includes(g.developerName.toLowerCase()),
      )
    : [];
  return {
    defaultImage: null,
    fields: detail.fields,
    id: detail.id,
    mediaGroups: groups,
    productClass: detail.productClass,
    productSellingModels: options.sellingModels ? (detail.productSellingModels ?? []) : [],
    purchaseQuantityRule: options.quantityRule ? detail.purchaseQuantityRule : null,
    urlName: detail.urlName ?? null,
    ...(options.attributeSetInfo ? { attributeSetInfo: detail.attributeSetInfo } : {}),
  };
}

export function featuredProducts(emu: Emu, ctx: RequestContext, product: ProductRow) {
  const q = ctx.query;
  // "Indicates whether the product fields are returned (false) or not (true)": it wins over `fields` [I].
  const excludeFields = booleanParam(q, "excludeFields");
  const options: Options = {
    // "If this list is empty or unspecified, all fields are returned."
    fields: excludeFields ? [] : fieldList(q, "fields", ALL_FIELDS, Infinity),
    attributeSetInfo: booleanParam(q, "includeAttributeSetInfo"),
    mediaGroups: booleanParam(q, "includeMediaGroups"),
    // The page lists the groups as AttachmentProductDetailImage… and its example names one productListImage: either
    // case names a group [I].
    groups: names(q, "mediaGroups").map((g) => g.toLowerCase()),
    sellingModels: booleanParam(q, "includeProductSellingModel"),
    quantityRule: booleanParam(q, "includePurchaseQuantityRules"),
    apiVersion: ctx.apiVersion,
  };
  // "If no relationshipTypes are specified, the API response returns all available relationship types." A type
  // the product has no record of is no key of the map [I: the page doesn't say whether an unknown one is refused].
  const types = names(q, "relationshipTypes");
  const catalog = catalogStore(emu);
  const byType: Record<string, ReturnType<typeof featuredDetail>[]> = {};
  for (const record of featuredOf(emu).get(product.id) ?? []) {
    if (types.length > 0 && !types.includes(record.relationshipType)) continue;
    const shown = catalog.product(record.productId);
    // A record whose product the catalog no longer holds features nothing [I].
    if (!shown) continue;
    (byType[record.relationshipType] ??= []).push(featuredDetail(catalog, shown, options));
  }
  return { featuredProductsByRelationshipType: byType };
}
