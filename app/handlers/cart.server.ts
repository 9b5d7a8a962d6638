/**
 * The cart domain: the shopper's cart (a buyer's current cart, or the guest cart whose id the session keeps), its
 * count, the cart page's read and edits, adding to it, and moving it to another currency. Owns the session's
 * `guestCartId` and the recovery from a guest cart that is gone.
 */
import { isFetchError, type Async, type CartItem } from "../../server/webstore/index";
import { CART_PAGE_SIZE } from "../lib/cart";
import { readPage } from "../lib/paging";
import { requestPath } from "../lib/request-paths";
import { errorMessage } from "./errors.server";
import { cartView, EMPTY_CART, type CartView } from "../lib/cart/view";
import { applyCartEdit, type CartEditOutcome, type CartLineEdit } from "./cart/edits.server";
import { moveCartToCurrency, type CartMove } from "./cart/currency.server";
import { cartRef, forgetGoneGuestCart, isNotFound, type CartShop } from "./cart/ref.server";
import { quickOrder, type QuickOrderReply } from "./cart/quick-order.server";
import type { QuickOrderSubmission } from "../lib/cart/quick-order";
import type { Shop } from "./shop.server";

export { cartRef, type CartShop } from "./cart/ref.server";

export interface CartHandler {
  /** The cart the shopper's reads go to: "current" for a buyer, the guest cart's id, or null (no cart yet). */
  ref(): string | null;
  /** The header's item count (sum of quantities); 0 when there is no cart or the summary fails. */
  count(): Promise<number>;
  /**
   * Adds a product, creating the cart when there is none (addToCart): the API's refusal in the shopper's words, and
   * whether the shopper must sign in first.
   */
  addItem(input: CartItemInput): Promise<AddOutcome>;
  /** One page of the cart's lines with its coupons, promotions and totals; the empty cart when there is none. */
  view(page: number): Promise<{ cart: CartView; processing: boolean }>;
  /** A cart page edit (quantity, removal, coupon), with the API's refusals turned into the shopper's words. */
  edit(edit: CartLineEdit): Promise<CartEditOutcome>;
  /** Moves the cart into `currency` (Salesforce's "Handle Currency Changes"); null when there was nothing to move. */
  moveToCurrency(currency: string): Promise<CartMove>;
  /**
   * A quick order form's submission: more rows, or its lines' SKUs looked up and the lines added in batches of 100,
   * each line added or refused and why (handlers/cart/quick-order).
   */
  quickOrder(submission: QuickOrderSubmission): Promise<QuickOrderReply>;
}

export type CartItemInput = { productId: string; quantity: number; productSellingModelId?: string };

export type AddOutcome = { ok: true } | { ok: false; message: string; signIn?: true };

const ADD_FAILED_MESSAGE = "We couldn't add this product to your cart. Try again.";

/** The cart page's path, as the app's routes speak it. */
const CART_PAGE_PATH = "/cart";

export function createCartHandler(shop: Shop): CartHandler {
  // The cart page's GET reads a page of the cart's lines, whose summary has the header's count: the root's count (run
  // in parallel) shares that read instead of reading the cart's summary too, as a checkout step's does. Only the page's
  // own GET: after an edit, the page reads the cart it changed afresh.
  let onCartPage: boolean | undefined;
  const isCartPageGet = () =>
    (onCartPage ??= shop.request.method === "GET" && requestPath(shop.request, shop.context) === CART_PAGE_PATH);
  let pageRead: { page: number; answer: ReturnType<typeof cartPage> } | undefined;
  const view = (page: number) => {
    if (!isCartPageGet()) return cartPage(shop, page);
    if (pageRead?.page !== page) pageRead = { page, answer: cartPage(shop, page) };
    return pageRead.answer;
  };
  const pageCartCount = async (): Promise<number | null> => {
    if (!isCartPageGet() || !cartRef(shop)) return null;
    try {
      const { cart, processing } = await view(readPage(new URL(shop.request.url).searchParams));
      return processing ? null : Math.max(0, Math.round(cart.totals.itemCount));
    } catch {
      // The page reports its failure; the header falls back to the cart's summary.
      return null;
    }
  };

  return {
    ref: () => cartRef(shop),
    // On a checkout step, the checkout the page reads has the count, and on the cart page the lines it reads: one API
    // call fewer a page.
    count: async () => (await shop.checkout.stepCartCount()) ?? (await pageCartCount()) ?? cartCount(shop),
    async addItem(input) {
      try {
        await addToCart(shop, input);
        return { ok: true };
      } catch (error) {
        if (isGuestCartDisabledError(error)) return { ok: false, message: error.message, signIn: true };
        return { ok: false, message: errorMessage(error, ADD_FAILED_MESSAGE) };
      }
    },
    view,
    edit: (edit) => applyCartEdit(shop, edit),
    moveToCurrency: (currency) => moveCartToCurrency(shop, currency),
    quickOrder: (submission) => quickOrder(shop, submission, (send) => writeToCart(shop, send)),
  };
}

/** The header's item count (sum of quantities); 0 when there is no cart or the summary fails. */
export async function cartCount(shop: CartShop): Promise<number> {
  const ref = cartRef(shop);
  if (!ref) return 0;
  try {
    const summary = await shop.client.getCartCompactSummary(shop.shopper.isLoggedIn ? undefined : ref);
    return Math.max(0, Math.round(Number(summary?.totalProductCount ?? 0) || 0));
  } catch (error) {
    forgetGoneGuestCart(shop, error);
    return 0;
  }
}

async function cartPage(shop: CartShop, page: number): Promise<{ cart: CartView; processing: boolean }> {
  const ref = cartRef(shop);
  if (!ref) return { cart: EMPTY_CART, processing: false };
  try {
    const answer = await shop.client.getCartItems(ref, {
      includePromotions: true,
      includeCoupons: true,
      pageNumber: page,
      pageSize: CART_PAGE_SIZE,
      productFields: ["Name", "StockKeepingUnit"],
    });
    return { cart: cartView(answer.data), processing: answer.processing };
  } catch (error) {
    // A guest cart that is gone (checked out, deleted) is an empty cart.
    if (forgetGoneGuestCart(shop, error)) return { cart: EMPTY_CART, processing: false };
    throw error;
  }
}

/** Thrown by `addToCart` when a guest may not have a cart: the page sends them to sign in. */
export class GuestCartDisabledError extends Error {
  override readonly name = "GuestCartDisabledError";
  constructor() {
    super("Sign in to add items to your cart.");
  }
}

export const isGuestCartDisabledError = (e: unknown): e is GuestCartDisabledError =>
  typeof e === "object" && e !== null && (e as { name?: unknown }).name === "GuestCartDisabledError";

/**
 * Adds a product to the shopper's cart, creating the cart when there is none: a buyer's active cart, or (when
 * the store allows guest carts) a guest cart whose id is kept in the session.
 */
export async function addToCart(shop: CartShop, input: CartItemInput): Promise<Async<CartItem>> {
  return writeToCart(shop, (cart) => shop.client.addCartItem(cart, input));
}

/**
 * Runs `write` against the cart the shopper adds to, creating it when there is none: a buyer's active cart, or
 * (when the store allows guest carts) the guest cart whose id is kept in the session. `write` may run twice: again
 * on the new cart when the first answered 404 (no active cart, a guest cart that is gone).
 */
export async function writeToCart<T>(shop: CartShop, write: (cartStateOrId: string) => Promise<T>): Promise<T> {
  const { client, session } = shop;
  if (shop.shopper.isLoggedIn) {
    try {
      return await write("active");
    } catch (error) {
      if (!isNotFound(error)) throw error;
      const created = await client.ensureActiveCart();
      return write(created.data.cartId ?? "active");
    }
  }
  const existing = session.get("guestCartId");
  if (existing) {
    try {
      return await write(existing);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      session.unset("guestCartId");
    }
  }
  const appContext = await client.getApplicationContext();
  if (!appContext.guestCartEnabled) throw new GuestCartDisabledError();
  let created;
  try {
    created = await client.createCart();
  } catch (error) {
    // The store stopped allowing guest carts since its application context was cached.
    if (isFetchError(error) && error.status === 401) throw new GuestCartDisabledError();
    throw error;
  }
  const cartId = created.data.cartId;
  if (!cartId) throw new Error("The store did not create a cart.");
  session.set("guestCartId", cartId);
  return write(cartId);
}
