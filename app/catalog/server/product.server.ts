/** The product page's reads: the product, its price (and each purchase option's), and whether the buyer saved it. */
import { subscriptionsOffered } from "~/cart/model/subscriptions";
import { listHasProduct } from "~/wishlists/ui/WishlistButton";
import {
  featuredCardViews,
  productDetailView,
  SIMILAR_PRODUCTS,
  type ProductCardView,
  type ProductComponent,
  type ProductDetailView,
  type RecommendedCardView,
} from "~/catalog/model/product";
import { boughtTogether } from "~/catalog/server/recommendations.server";
import { volumePriceRows, type VolumePriceRow } from "~/catalog/model/price-tiers";
import {
  choiceFromQuery,
  choiceOf,
  pickerView,
  variationFamily,
  type VariationFamily,
  type VariationPickerView,
} from "~/catalog/model/variations";
import type { ShopCore } from "~/shop/core.server";
import type { CoreSessionData } from "~/shop/session.server";
import type { WishlistsSessionData } from "~/wishlists/wishlists.server";
import { productPath } from "~/lib/paths";
import type { FetchError } from "../../../server/webstore/index";
import { caught } from "~/shop/errors.server";

/** The API refuses an unknown or malformed id with 404 or 400: both are "no such page" to a shopper. */
export const isMissing = (failure: FetchError | null) => failure?.status === 404 || failure?.status === 400;

/** How many items of the displayed wishlist the page looks through to tell whether this product is saved. */
const WISHLIST_CHECK_PAGE_SIZE = 100;
/** The most parts a bundle's or a set's page lists (one page of products/{id}/children). */
const COMPONENTS_MAX = 50;
/** The longest typed quantity the page gives back to its field after a refused add. */
const TYPED_QUANTITY_MAX_LENGTH = 20;

/** What the page's URL brings back after a refused add without JavaScript: what was typed and picked. */
export interface ProductPageQuery {
  quantity: string | null;
  plan: string | null;
  /** The page's query: a variation parent's choice (`?Color=Denim`) travels in it. */
  search?: URLSearchParams;
}

export interface ProductPage {
  product: ProductDetailView;
  price: { unitPrice: string | null; listPrice: string | null; currency: string } | null;
  /** Each selling model's own price (productPriceEntries, 56.0), shown beside its option. */
  planPrices: Record<string, string>;
  /** The volume prices (the price's priceAdjustment tiers), lowest quantities first; [] without any. */
  tiers: VolumePriceRow[];
  /** The purchase option to check: the one picked before, when it is one of the product's. */
  plan: string | null;
  /** The quantity field's value: what was typed before, else the product's minimum. */
  quantity: string;
  signedIn: boolean;
  inWishlist: boolean;
  /** The product a shopper buys from this page: the chosen variation on a variation parent's page (null: none yet). */
  buyId: string | null;
  /** The variation picker of a parent's or a variation's page; null for a product without variations. */
  variations: VariationPickerView | null;
  /** The chosen variation's units available to order (inventory levels); null when not read or unknown. */
  stock: number | null;
  /** The variation family the picker shows (its structured data names every variation); null without one. */
  family: VariationFamily | null;
  /** A bundle's or a set's parts, in their sequence; [] for any other product, or when they can't be read. */
  components: ProductComponent[];
  /** The product's featured similar products, priced; [] without any, or when they can't be read. */
  similar: ProductCardView[];
  /** "Frequently bought together": what other shoppers bought with it, priced; [] without any or on a failed read. */
  boughtTogether: RecommendedCardView[];
}

/**
 * Saves go to the stored default list, else the displayed one (spec §4), so that is the list the page checks;
 * unknown (a default list deleted since) counts as not saved.
 */
/**
 * The catalog's view of the session: the wishlists' default list, which it reads (a product page shows whether the
 * product is in it); the catalog has no key of its own.
 */
export type CatalogCore = ShopCore<CoreSessionData & WishlistsSessionData>;

async function inDefaultWishlist(shop: Pick<CatalogCore, "client" | "session">, productId: string): Promise<boolean> {
  try {
    const lists = await shop.client.getWishlists({
      includeDisplayedList: true,
      pageSize: WISHLIST_CHECK_PAGE_SIZE,
      wishlistId: shop.session.get("defaultWishlistId"),
    });
    return listHasProduct(lists.displayedList, productId);
  } catch {
    return false;
  }
}

/**
 * The parts of a bundle or a set (GET products/{id}/children, 57.0: "Works with bundle or set products"). A set's
 * parts are priced too, with one pricing call: the shopper buys them one by one. A page without them still sells.
 */
async function componentsOf(
  shop: Pick<ShopCore, "client">,
  productId: string,
  productClass: string | undefined,
): Promise<ProductComponent[]> {
  if (productClass !== "Bundle" && productClass !== "Set") return [];
  const children = await shop.client.getProductChildren(productId, { pageSize: COMPONENTS_MAX }).catch(() => null);
  const parts = (children?.items ?? []).flatMap((child) => {
    const view = productDetailView(child.productInfo);
    const quantity = Number(child.defaultQuantity ?? 1);
    if (!view) return [];
    return [
      {
        id: view.id,
        name: view.name,
        path: productPath(view),
        quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
        price: null,
      },
    ];
  });
  if (productClass !== "Set" || parts.length === 0) return parts;
  const prices = await shop.client.getProductPrices(parts.map((part) => part.id)).catch(() => null);
  const byId = new Map((prices?.pricingLineItemResults ?? []).map((line) => [line.productId, line]));
  return parts.map((part) => {
    const line = byId.get(part.id);
    return line && line.success !== false
      ? {
          ...part,
          price: {
            unitPrice: line.unitPrice ?? null,
            listPrice: line.listPrice ?? null,
            currency: line.currencyIsoCode ?? prices?.currencyIsoCode ?? "USD",
          },
        }
      : part;
  });
}

/**
 * The product's similar products (products/{id}/featured-products, 64.0: the `similarProducts` relationship type) as
 * cards, priced in the shopper's currency with one pricing call (a Product Detail carries no price). Either read
 * failing hides the section or its prices, never the page.
 */
async function similarProducts(shop: Pick<ShopCore, "client">, productId: string): Promise<ProductCardView[]> {
  let cards: ProductCardView[];
  try {
    cards = featuredCardViews(await shop.client.getFeaturedProducts(productId), SIMILAR_PRODUCTS, productId);
  } catch {
    return [];
  }
  if (cards.length === 0) return cards;
  const prices = await shop.client.getProductPrices(cards.map((card) => card.id)).catch(() => null);
  const byId = new Map((prices?.pricingLineItemResults ?? []).map((line) => [line.productId, line]));
  return cards.map((card) => {
    const line = byId.get(card.id);
    return line && line.success !== false
      ? {
          ...card,
          unitPrice: line.unitPrice ?? null,
          listPrice: line.listPrice ?? null,
          currency: line.currencyIsoCode ?? prices?.currencyIsoCode ?? undefined,
        }
      : card;
  });
}

export async function productPage(
  shop: Pick<CatalogCore, "client" | "session" | "shopper" | "appContext">,
  productId: string,
  query: ProductPageQuery,
): Promise<ProductPage | null> {
  const [product, price, inWishlist, similar, together] = await Promise.all([
    shop.client.getProduct(productId).catch((error) => {
      if (isMissing(caught(error).api)) return null;
      throw error;
    }),
    shop.client.getProductPrice(productId).catch(() => null),
    shop.shopper.isLoggedIn ? inDefaultWishlist(shop, productId) : false,
    similarProducts(shop, productId),
    boughtTogether(shop, [productId]),
  ]);
  const view = product && productDetailView(product);
  if (!view) return null;
  const family = variationFamily(product);
  let variations: VariationPickerView | null = null;
  let shown = { view, price, inWishlist, chosen: false };
  let stock: number | null = null;
  if (family) {
    const asked = choiceFromQuery(family, query.search ?? new URLSearchParams());
    // A variation's own page starts from its values; a parent's from what the URL asks for.
    const own = view.productClass === "Variation" ? choiceOf(family, view.id) : null;
    const choice = own && Object.values(asked).every((v) => v === null) ? own : asked;
    variations = pickerView(family, choice);
    const chosenId = variations.chosenId;
    // Without its stock the page still sells the variation: the cart says when there is too little.
    const stockOf = async (id: string) =>
      (await shop.client.getInventoryLevels([id]).catch(() => [])).find(
        (level) => level.product2Id.slice(0, 15) === id.slice(0, 15),
      )?.availableToOrder ?? null;
    if (chosenId && chosenId === view.id) {
      // A variation's own page: it is the one chosen.
      stock = await stockOf(chosenId);
    } else if (chosenId) {
      // The chosen variation's own SKU, picture and price stand in for the parent's.
      const [variation, variationPrice, variationSaved, variationStock] = await Promise.all([
        shop.client.getProduct(chosenId).catch(() => null),
        shop.client.getProductPrice(chosenId).catch(() => null),
        shop.shopper.isLoggedIn ? inDefaultWishlist(shop, chosenId) : false,
        stockOf(chosenId),
      ]);
      stock = variationStock;
      const variationView = variation && productDetailView(variation);
      if (variationView)
        shown = { view: variationView, price: variationPrice, inWishlist: variationSaved, chosen: true };
    }
  }
  const planPrices: Record<string, string> = {};
  for (const entry of shown.price?.productPriceEntries ?? []) {
    if (entry.success !== false && entry.productSellingModelId && entry.unitPrice)
      planPrices[entry.productSellingModelId] = entry.unitPrice;
  }
  const typed = query.quantity;
  const isParent = view.productClass === "VariationParent";
  // A set isn't bought itself (product error 104, "Product is a set"): its parts are, each on its own. So it has no
  // price a shopper pays: none for the page, its structured data or its markdown.
  const isSet = view.productClass === "Set";
  const shownPrice = isSet ? null : shown.price;
  const components = await componentsOf(shop, view.id, view.productClass);
  // Plans only where the store sells subscriptions (subscriptionConfig): else the product is bought once.
  const sellingModels = subscriptionsOffered(shop.appContext?.subscriptionConfig)
    ? view.sellingModels
    : view.sellingModels.filter((m) => m.type === "OneTime");
  return {
    product: {
      ...view,
      sellingModels,
      // A parent's own SKU names no product a shopper can buy.
      sku: shown.chosen || !isParent ? shown.view.sku : undefined,
      image: shown.view.image ?? view.image,
      quantityRule: shown.view.quantityRule,
    },
    price:
      shownPrice && shownPrice.success !== false
        ? {
            unitPrice: shownPrice.unitPrice ?? null,
            listPrice: shownPrice.listPrice ?? null,
            currency: shownPrice.currencyIsoCode ?? "USD",
          }
        : null,
    planPrices,
    // The tiers of the price shown: a chosen variation's own, as the cart prices its line by them.
    tiers: shownPrice && shownPrice.success !== false ? volumePriceRows(shownPrice) : [],
    plan: sellingModels.some((m) => m.id === query.plan) ? query.plan : null,
    quantity: typed && typed.length <= TYPED_QUANTITY_MAX_LENGTH ? typed : String(view.quantityRule?.minimum ?? 1),
    signedIn: shop.shopper.isLoggedIn,
    inWishlist: shown.inWishlist,
    buyId: isSet ? null : family ? (variations?.chosenId ?? (isParent ? null : view.id)) : view.id,
    variations,
    stock,
    family,
    components,
    similar,
    boughtTogether: together,
  };
}
