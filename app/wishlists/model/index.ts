/**
 * A buyer's wishlists as the pages show them (spec §3 Wishlist, §4 "Wishlist add"): the lists (summaries), the
 * list on the page with its items, and the limits of a list's name (its schema: name-schema.ts). The API's wishlist
 * shapes are only partly documented (spec §7 "Response shapes … not shown"): everything here reads them loosely.
 *
 * Pure: runs on the server and in the browser.
 */
import { DEFAULT_WISHLIST_NAME } from "../../../server/webstore/api/wishlists";
import type { Wishlist, WishlistItem, WishlistSummaries } from "../../../server/webstore/index";
import { imageOf, type ProductLineView } from "~/catalog/model/product";
import { lineAttributes } from "~/catalog/model/variations";
import { isObject, text } from "~/lib/json";
import type { FormConstraint } from "~/lib/validation/validity";

export { DEFAULT_WISHLIST_NAME };
// The lists' URLs live with the other page paths, so the product page's save button doesn't pull zod in.
export { WISHLIST_PATH, wishlistPath } from "~/lib/paths";

export const WISHLIST_PAGE_SIZE = 25;

/** What a list page's URL asks, read by its route: the page of its items (`?page=`) and "Delete list"'s question. */
export interface WishlistPageQuery {
  pageToken: string | null;
  /** "Delete list" asks first: `?delete=1` shows the question, with or without JavaScript. */
  confirmDelete: boolean;
}

export function readWishlistPageQuery(params: URLSearchParams): WishlistPageQuery {
  return { pageToken: params.get("page"), confirmDelete: params.get("delete") === "1" };
}
/** The platform's limit for a list's name. */
export const WISHLIST_NAME_MAX = 255;
/**
 * Salesforce's wishlist data limits (Cart Data Limits: "Wish Lists: 10 per user", 500 items a list,
 * https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-data-model-cart-limits.html):
 * the API refuses one more with LIMIT_EXCEEDED, and the shopper reads these numbers.
 */
export const WISHLIST_MAX_LISTS = 10;
export const WISHLIST_MAX_ITEMS = 500;
export const LIST_FULL_MESSAGE = `This list is full (${WISHLIST_MAX_ITEMS} items). Remove an item or save to another list.`;
export const TOO_MANY_LISTS_MESSAGE = `You already have ${WISHLIST_MAX_LISTS} lists, the most you can keep. Delete a list to make a new one.`;
export const EMPTY_WISHLIST_MESSAGE = "Your wishlist is empty";

export interface WishlistItemView extends ProductLineView {
  salesPrice: string | null;
  listPrice: string | null;
  /** Why the product can't go into a cart right now (the API's item error), if it can't. */
  problem: string | null;
}

export interface WishlistView {
  id: string;
  name: string;
  productCount: number;
  items: WishlistItemView[];
  nextPageToken: string | null;
  previousPageToken: string | null;
}

/** One of the buyer's lists, as the list switcher names it. */
export interface WishlistSummary {
  id: string;
  name: string;
  productCount: number;
}

function itemView(entry: WishlistItem): WishlistItemView | null {
  if (!isObject(entry) || !text(entry.wishlistItemId)) return null;
  const product = isObject(entry.productSummary) ? entry.productSummary : null;
  const productId = text(product?.productId);
  if (!product || !productId) return null;
  const name = text(product.name) ?? productId;
  const error = isObject(entry.error) ? entry.error : null;
  return {
    id: entry.wishlistItemId,
    productId,
    name,
    sku: text(product.sku),
    urlName: text(product.productUrlName),
    image: imageOf(product.thumbnailImage, name),
    attributes: lineAttributes(product.variationAttributes),
    salesPrice: text(entry.salesPrice) ?? null,
    listPrice: text(entry.listPrice) ?? null,
    problem: error ? (text(error.message) ?? text(error.errorCode) ?? null) : null,
  };
}

/** The API's Wishlist (summary + a page of items) as the page shows it; null when there is none or it has no id. */
export function wishlistView(wishlist: Wishlist | null): WishlistView | null {
  if (!isObject(wishlist) || !isObject(wishlist.summary) || !text(wishlist.summary.id)) return null;
  const summary = wishlist.summary;
  const page = isObject(wishlist.page) ? wishlist.page : null;
  const items = (page && Array.isArray(page.items) ? page.items : [])
    .map(itemView)
    .filter((i): i is WishlistItemView => i !== null);
  return {
    id: summary.id as string,
    name: text(summary.name) ?? DEFAULT_WISHLIST_NAME,
    productCount: Math.max(0, Number(summary.wishlistProductCount) || items.length),
    items,
    nextPageToken: text(page?.nextPageToken) ?? null,
    previousPageToken: text(page?.previousPageToken) ?? null,
  };
}

/** GET wishlists' summaries: every list of the buyer (for the account they act for). */
export function wishlistSummaries(answer: WishlistSummaries): WishlistSummary[] {
  const summaries = isObject(answer) && Array.isArray(answer.summaries) ? answer.summaries : [];
  return summaries
    .filter(isObject)
    .filter((s) => !!text(s.id))
    .map((s) => ({
      id: s.id as string,
      name: text(s.name) ?? DEFAULT_WISHLIST_NAME,
      productCount: Math.max(0, Number(s.wishlistProductCount) || 0),
    }));
}

/** "1 item", "3 items". */
export const itemCount = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/** The API's 15- and 18-character forms of one id are the same record. */
export const sameListId = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.slice(0, 15) === b.slice(0, 15);

/**
 * Where new items go (spec §4 "Wishlist add"): the stored default list while it is still one of the buyer's
 * lists, else the list the API displays, else none (the first save creates 'My List').
 */
export function defaultListId(
  lists: readonly WishlistSummary[],
  stored: string | null | undefined,
  displayed: string | null | undefined,
): string | null {
  const find = (id: string | null | undefined) => lists.find((list) => sameListId(list.id, id))?.id ?? null;
  return find(stored) ?? find(displayed) ?? lists[0]?.id ?? null;
}

/** What a wishlist page shows. */
export interface WishlistPageView {
  list: WishlistView | null;
  lists: WishlistSummary[];
  defaultId: string | null;
  hasPageToken: boolean;
  confirmDelete: boolean;
}

/** The wishlist pages' loader data (app/routes/wishlist.tsx): the page, and the list name form's constraints. */
export interface WishlistPageData extends WishlistPageView {
  nameConstraint: FormConstraint;
}
