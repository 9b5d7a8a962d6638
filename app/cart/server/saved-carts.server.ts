/**
 * Saved carts (issue 37, item 4): a signed-in buyer saves the cart for later, lists their carts, makes one primary,
 * deletes one, or copies one onto a wishlist. Guests keep one cart: none of this is theirs.
 *
 * Only documented resources: a saved cart is a secondary cart (Cart Input `isSecondary`, 53.0, with the buyer's
 * `name`) holding the cart's lines and coupons, after which the primary cart is deleted, so the header's count (the
 * current cart's) starts again at 0; "Make primary" is `carts/{id}/actions/make-primary` (53.0), "Save to wishlist"
 * `carts/{id}/actions/add-cart-to-wishlist` (50.0). No resource lists a buyer's carts (the carts page documents POST
 * alone), so the storefront remembers the ids of the carts it saved, in the session (`savedCarts`, by buyer and
 * account), and reads each through the API, which answers only its owner: a cart deleted elsewhere drops out.
 */
import { type FetchError, isFetchError, type CartSummary } from "../../../server/webstore/index";
import { isRecordId } from "~/lib/record-id.server";
import { loginPath } from "~/lib/paths";
import {
  CART_NAME_MAX_LENGTH,
  DEFAULT_SAVED_CART_NAME,
  NEW_WISHLIST_OPTION,
  SAVED_CART_FIELDS,
  SAVED_CART_INTENTS,
  SAVED_CART_MESSAGES,
  SAVED_CARTS_MAX,
  SAVED_CARTS_PATH,
  productCount,
  type SavedCartSummary,
  type SavedCartsView,
} from "~/cart/model/saved-carts";
import { isUnavailable, caught } from "~/shop/errors.server";
import { toast, type ToastInput } from "~/shop/toast.server";
import { COPY_PAGE_SIZE, cartContents, copyIntoCart } from "./copy.server";
import { isNotFound } from "./ref.server";
import type { CartCore } from "~/cart/server/session.server";

/** The buyers whose saved carts one browser remembers (a shared computer): the cookie stays small. */
const REMEMBERED_OWNERS_MAX = 4;
/** The list the first wishlist save makes when the buyer has none (spec §2's default list name). */
const NEW_WISHLIST_NAME = "My List";

export type SavedCartsShop = Pick<CartCore, "client" | "session" | "shopper" | "redirect">;

/** A cart id the API doesn't know for this buyer: 404, or 400 for text that is no id at all. */
const isGone = (failure: FetchError | null) =>
  isNotFound(failure) || (failure?.status === 400 && failure.code === "INVALID_ID_FIELD");

function ownerKey(shop: SavedCartsShop): string {
  return `${shop.session.get("userId") ?? ""}|${shop.session.get("effectiveAccountId") ?? ""}`;
}

function remembered(shop: SavedCartsShop): string[] {
  return shop.session.get("savedCarts")?.[ownerKey(shop)] ?? [];
}

/** Writes the buyer's saved ids; this buyer's entry goes last, so the oldest other buyer's is dropped first. */
function remember(shop: SavedCartsShop, ids: string[]) {
  const key = ownerKey(shop);
  const others = Object.entries(shop.session.get("savedCarts") ?? {}).filter(([k]) => k !== key);
  const kept = others.slice(Math.max(0, others.length - (REMEMBERED_OWNERS_MAX - 1)));
  const next = Object.fromEntries(ids.length ? [...kept, [key, ids]] : kept);
  shop.session.set("savedCarts", Object.keys(next).length ? next : undefined);
}

const forget = (shop: SavedCartsShop, cartId: string) =>
  remember(
    shop,
    remembered(shop).filter((id) => id !== cartId),
  );

function summaryOf(cart: CartSummary, primary: boolean, processing: boolean): SavedCartSummary {
  return {
    id: cart.cartId ?? "",
    name: cart.name?.trim() || (primary ? "Cart" : DEFAULT_SAVED_CART_NAME),
    lineCount: cart.uniqueProductCount ?? 0,
    itemCount: Math.max(0, Math.round(Number(cart.totalProductCount ?? 0) || 0)),
    total: processing ? null : (cart.grandTotalAmount ?? null),
    currency: cart.currencyIsoCode ?? "USD",
    primary,
  };
}

/** A cart the buyer may still reach, or null when the API no longer has it for them (404, closed, deleted). */
async function readCart(shop: SavedCartsShop, cartId: string) {
  try {
    const answer = await shop.client.getCart(cartId);
    const status = answer.data.status;
    if (!answer.data.cartId || status === "Closed" || status === "PendingDelete" || status === "PendingClosed")
      return null;
    return answer;
  } catch (error) {
    if (isGone(caught(error).api)) return null;
    throw error;
  }
}

/**
 * The /account/carts page: the primary cart first, then the saved ones, newest first; the buyer's wishlists for "Save
 * to wishlist". A remembered cart the API no longer answers (deleted in another browser, or made primary there) is
 * forgotten.
 */
export async function savedCartsPage(shop: SavedCartsShop): Promise<SavedCartsView> {
  const ids = remembered(shop);
  const [current, saved, lists] = await Promise.all([
    shop.client.getCart("current").catch((error) => {
      if (isGone(caught(error).api)) return null;
      throw error;
    }),
    Promise.all(ids.map((id) => readCart(shop, id))),
    shop.client.getWishlists().catch(() => ({ summaries: [] })),
  ]);
  const primaryId = current?.data.cartId ?? null;
  const carts: SavedCartSummary[] = [];
  if (current && primaryId && (current.data.uniqueProductCount ?? 0) > 0)
    carts.push(summaryOf(current.data, true, current.processing));
  const stillSaved: string[] = [];
  saved.forEach((answer, index) => {
    if (!answer || answer.data.cartId === primaryId || answer.data.isSecondary === false) return;
    stillSaved.push(ids[index]);
    carts.push(summaryOf(answer.data, false, answer.processing));
  });
  if (stillSaved.length !== ids.length) remember(shop, stillSaved);
  const wishlists = (lists.summaries ?? [])
    .filter((list) => !!list.id)
    .map((list) => ({ id: list.id, name: list.name?.trim() || NEW_WISHLIST_NAME }));
  return { carts, wishlists, full: stillSaved.length >= SAVED_CARTS_MAX };
}

type Outcome = { note: ToastInput; to: string };
const back = (variant: ToastInput["variant"], message: string, to = SAVED_CARTS_PATH): Outcome => ({
  note: toast(variant, message),
  to,
});

/**
 * "Save cart for later": the primary cart's lines (each with its selling model and term) and coupons go into a new
 * secondary cart of that name, in the cart's currency; then the primary cart is deleted. When some line could not be
 * copied the primary cart is kept as it is, so nothing the buyer chose is lost, and the toast says so.
 */
async function saveForLater(shop: SavedCartsShop, rawName: string, from: string): Promise<Outcome> {
  const name = rawName.trim() || DEFAULT_SAVED_CART_NAME;
  if (name.length > CART_NAME_MAX_LENGTH) return back("error", SAVED_CART_MESSAGES.nameTooLong, from);
  const ids = remembered(shop);
  if (ids.length >= SAVED_CARTS_MAX) return back("error", SAVED_CART_MESSAGES.full, from);
  const page = (pageNumber: number) =>
    shop.client.getCartItems("current", { pageSize: COPY_PAGE_SIZE, pageNumber, includeCoupons: pageNumber === 1 });
  let first;
  try {
    first = await page(1);
  } catch (error) {
    if (isGone(caught(error).api)) return back("error", SAVED_CART_MESSAGES.emptyCart, from);
    throw error;
  }
  const summary = first.data.cartSummary;
  const sourceId = summary?.cartId;
  const { lines, couponCodes } = await cartContents(first, page);
  if (!sourceId || lines.length === 0) return back("error", SAVED_CART_MESSAGES.emptyCart, from);

  const created = await shop.client.createCart({
    name,
    isSecondary: true,
    ...(summary?.currencyIsoCode ? { currencyIsoCode: summary.currencyIsoCode } : {}),
  });
  const savedId = created.data.cartId;
  if (!savedId) throw new Error("The store did not create a cart.");
  // Remembered at once: a copy that fails half-way is still the buyer's, listed to delete or finish by hand.
  remember(shop, [savedId, ...ids]);
  const { failed, couponsLeft } = await copyIntoCart(shop, savedId, lines, couponCodes);
  if (failed > 0 || couponsLeft.length > 0) {
    const missing = [
      failed > 0 ? productCount(failed) : "",
      couponsLeft.length > 0 ? `coupon ${couponsLeft.join(", ")}` : "",
    ].filter(Boolean);
    return back(
      "warning",
      `Saved “${name}” for later without ${missing.join(" and ")} it couldn't take. Your cart still has everything.`,
    );
  }
  await shop.client.deleteCart(sourceId);
  return back("success", `Saved “${name}” for later. Your cart is empty now.`);
}

/**
 * "Make primary": the cart becomes the one the cart page and the header's count show; the cart that was primary is
 * kept as a saved cart (the API made it secondary), or deleted when it was empty.
 */
async function makePrimary(shop: SavedCartsShop, cartId: string): Promise<Outcome> {
  const [target, current] = await Promise.all([
    readCart(shop, cartId),
    shop.client.getCart("current").catch((error) => {
      if (isGone(caught(error).api)) return null;
      throw error;
    }),
  ]);
  if (!target) {
    forget(shop, cartId);
    return back("error", SAVED_CART_MESSAGES.gone);
  }
  const name = summaryOf(target.data, false, false).name;
  await shop.client.makeCartPrimary(cartId);
  const ids = remembered(shop).filter((id) => id !== cartId);
  const previous = current?.data.cartId;
  if (previous && previous !== cartId) {
    if ((current?.data.uniqueProductCount ?? 0) > 0) ids.unshift(previous);
    else await shop.client.deleteCart(previous).catch(() => undefined);
  }
  remember(shop, ids);
  return back("success", `“${name}” is now your cart.`, "/cart");
}

async function deleteSaved(shop: SavedCartsShop, cartId: string): Promise<Outcome> {
  const target = remembered(shop).includes(cartId) ? await readCart(shop, cartId) : null;
  if (!target) {
    forget(shop, cartId);
    return back("error", SAVED_CART_MESSAGES.gone);
  }
  try {
    await shop.client.deleteCart(cartId);
  } catch (error) {
    if (!isGone(caught(error).api)) throw error;
  }
  forget(shop, cartId);
  return back("success", `Deleted “${summaryOf(target.data, false, false).name}”.`);
}

async function saveToWishlist(shop: SavedCartsShop, cartId: string, chosen: string): Promise<Outcome> {
  if (!chosen) return back("error", SAVED_CART_MESSAGES.chooseList);
  const target = await readCart(shop, cartId);
  if (!target) {
    forget(shop, cartId);
    return back("error", SAVED_CART_MESSAGES.gone);
  }
  let wishlistId = chosen;
  let listName = NEW_WISHLIST_NAME;
  if (chosen === NEW_WISHLIST_OPTION) {
    const created = (await shop.client.createWishlist({ name: NEW_WISHLIST_NAME })) as { summary?: { id?: string } };
    wishlistId = created.summary?.id ?? "";
    if (!wishlistId) return back("error", SAVED_CART_MESSAGES.failed);
  } else {
    if (!isRecordId(chosen)) return back("error", SAVED_CART_MESSAGES.chooseList);
    const lists = await shop.client.getWishlists().catch(() => ({ summaries: [] }));
    listName = lists.summaries?.find((list) => list.id === chosen)?.name?.trim() || listName;
  }
  let result;
  try {
    result = await shop.client.addCartToWishlist(cartId, wishlistId);
  } catch (error) {
    if (isGone(caught(error).api))
      return back("error", "We couldn't find that cart or list. It may have been deleted.");
    throw error;
  }
  const cartName = summaryOf(target.data, target.data.isSecondary === false, false).name;
  const added = result.productsSucceededCount ?? 0;
  const refused = result.productsFailedCount ?? 0;
  const told = `Added ${productCount(added)} of “${cartName}” to ${listName}.`;
  if (refused === 0) return back("success", told);
  return back("warning", `${told} ${productCount(refused)} didn't fit: the list is full.`);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * A saved-cart form, posted (the cart page's "Save cart for later", and each cart's forms on /account/carts): always
 * a 303 with a toast, with JavaScript or without. A guest is sent to sign in.
 */
export async function submitSavedCarts(shop: SavedCartsShop, form: FormData): Promise<Response> {
  if (!shop.shopper.isLoggedIn)
    return shop.redirect(loginPath(SAVED_CARTS_PATH), toast("info", "Sign in to save carts for later."));
  const intent = text(form, SAVED_CART_FIELDS.intent);
  const cartId = text(form, SAVED_CART_FIELDS.cartId).trim();
  const from = intent === SAVED_CART_INTENTS.save ? "/cart" : SAVED_CARTS_PATH;
  if (intent !== SAVED_CART_INTENTS.save && !isRecordId(cartId)) {
    const { note, to } = back("error", SAVED_CART_MESSAGES.gone);
    return shop.redirect(to, note);
  }
  let outcome: Outcome;
  try {
    switch (intent) {
      case SAVED_CART_INTENTS.save:
        outcome = await saveForLater(shop, text(form, SAVED_CART_FIELDS.name), from);
        break;
      case SAVED_CART_INTENTS.makePrimary:
        outcome = await makePrimary(shop, cartId);
        break;
      case SAVED_CART_INTENTS.remove:
        outcome = await deleteSaved(shop, cartId);
        break;
      case SAVED_CART_INTENTS.toWishlist:
        outcome = await saveToWishlist(shop, cartId, text(form, SAVED_CART_FIELDS.wishlistId).trim());
        break;
      default:
        outcome = back("error", SAVED_CART_MESSAGES.failed, from);
    }
  } catch (error) {
    // The API down is the store's 503 page (withShop), not a toast.
    if (!isFetchError(error) || isUnavailable(error)) throw error;
    console.error(`Saved carts: ${intent} failed:`, error.message);
    outcome = back("error", SAVED_CART_MESSAGES.failed, from);
  }
  return shop.redirect(outcome.to, outcome.note);
}
