/** The product page's reads: the product, its price (and each purchase option's), and whether the buyer saved it. */
import { listHasProduct } from "../../components/store/WishlistButton";
import { productDetailView, type ProductDetailView } from "../../lib/catalog/product";
import { volumePriceRows, type VolumePriceRow } from "../../lib/catalog/price-tiers";
import type { ShopCore } from "../shop.server";
import { isFetchError } from "../../../server/webstore/index";

/** The API refuses an unknown or malformed id with 404 or 400: both are "no such page" to a shopper. */
export const isMissing = (error: unknown) => isFetchError(error) && (error.status === 404 || error.status === 400);

/** How many items of the displayed wishlist the page looks through to tell whether this product is saved. */
const WISHLIST_CHECK_PAGE_SIZE = 100;
/** The longest typed quantity the page gives back to its field after a refused add. */
const TYPED_QUANTITY_MAX_LENGTH = 20;

/** What the page's URL brings back after a refused add without JavaScript: what was typed and picked. */
export interface ProductPageQuery {
  quantity: string | null;
  plan: string | null;
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
}

/**
 * Saves go to the stored default list, else the displayed one (spec §4), so that is the list the page checks;
 * unknown (a default list deleted since) counts as not saved.
 */
async function inDefaultWishlist(shop: Pick<ShopCore, "client" | "session">, productId: string): Promise<boolean> {
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

export async function productPage(
  shop: Pick<ShopCore, "client" | "session" | "shopper">,
  productId: string,
  query: ProductPageQuery,
): Promise<ProductPage | null> {
  const [product, price, inWishlist] = await Promise.all([
    shop.client.getProduct(productId).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    }),
    shop.client.getProductPrice(productId).catch(() => null),
    shop.shopper.isLoggedIn ? inDefaultWishlist(shop, productId) : false,
  ]);
  const view = product && productDetailView(product);
  if (!view) return null;
  const planPrices: Record<string, string> = {};
  for (const entry of price?.productPriceEntries ?? []) {
    if (entry.success !== false && entry.productSellingModelId && entry.unitPrice)
      planPrices[entry.productSellingModelId] = entry.unitPrice;
  }
  const typed = query.quantity;
  return {
    product: view,
    price:
      price && price.success !== false
        ? {
            unitPrice: price.unitPrice ?? null,
            listPrice: price.listPrice ?? null,
            currency: price.currencyIsoCode ?? "USD",
          }
        : null,
    planPrices,
    tiers: price && price.success !== false ? volumePriceRows(price) : [],
    plan: view.sellingModels.some((m) => m.id === query.plan) ? query.plan : null,
    quantity: typed && typed.length <= TYPED_QUANTITY_MAX_LENGTH ? typed : String(view.quantityRule?.minimum ?? 1),
    signedIn: shop.shopper.isLoggedIn,
    inWishlist,
  };
}
