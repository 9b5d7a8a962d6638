/**
 * The cart domain: the shopper's cart (a buyer's current cart, or the guest cart whose id the session keeps), its
 * count, the cart page's read and edits, adding to it, and moving it to another currency. Owns the session's
 * `guestCartId` and the recovery from a guest cart that is gone.
 *
 * The cart is in the currency the page prices in (README, "Currencies and locales"): the answers a page reads anyway
 * (the header's count, the cart page's lines, an added line's) name the cart's currency, and a cart in another one is
 * moved into the page's there and then. Checkout pages leave it: a move ends the checkout its cart is in.
 */
import {
  CART_ITEMS_PAGE_SIZE,
  isFetchError,
  type Async,
  type CartItem,
  type FetchError,
} from "../../server/webstore/index";
import type { PageKind } from "~/lib/request-paths";
import { isStoreLocale } from "~/lib/format/locale";
import { cartErrorMessage, cartProductError, caught } from "~/shop/errors.server";
import { productErrorField } from "~/lib/api-errors";
import { cartView, EMPTY_CART, type CartView } from "~/cart/model/view";
import { applyCartEdit, type CartEditOutcome, type CartLineEdit } from "~/cart/server/edits.server";
import {
  followPageCurrency,
  moveCartToCurrency,
  cartMoveToast,
  type PageCurrencyShop,
} from "~/cart/server/currency.server";
import { toast, type ToastInput } from "~/shop/toast.server";
import { cartRef, forgetGoneGuestCart, isNotFound, type CartShop } from "~/cart/server/ref.server";
import { quickOrder, type QuickOrderReply } from "~/cart/server/quick-order.server";
import { quickOrderMaxLines, type QuickOrderSubmission } from "~/cart/model/quick-order";
import {
  addFromCartPage,
  addFromProductPage,
  type AddField,
  type AddOutcome,
  type CartItemInput,
  type ProductAddReply,
  type ProductPageAddress,
} from "~/cart/server/product-add.server";
import { submitCartPage, type CartPageAnswer, type PaymentLinkResult } from "~/cart/server/page.server";
import { keptCouponCode } from "~/cart/model/coupon";
import type { CartEstimateView } from "~/cart/model/estimate";
import { readCartEstimate, submitEstimate } from "~/cart/server/estimate.server";
import { savedCartsPage, submitSavedCarts } from "~/cart/server/saved-carts.server";
import { SAVED_CARTS_PATH, type SavedCartsView } from "~/cart/model/saved-carts";
import { loginPath } from "~/lib/paths";
import type { RecommendedCardView } from "~/catalog/model/product";
import {
  identityRefusalOf,
  isLimitReachedError,
  LimitReachedError,
  newCartsMessage,
  takeLimits,
} from "~/shop/limits.server";
import type { CartCore } from "~/cart/server/session.server";

export type { AddField, AddOutcome, CartItemInput, ProductPageAddress };

export { cartRef, type CartShop } from "~/cart/server/ref.server";

export interface CartHandler {
  /** The cart the shopper's reads go to: "current" for a buyer, the guest cart's id, or null (no cart yet). */
  ref(): string | null;
  /**
   * After a call on the guest's cart failed: when the API says the cart is gone (404), the session forgets it, so the
   * next add starts a new one (true); anything else changes nothing (false).
   */
  forgetGoneGuestCart(failure: FetchError | null): boolean;
  /** A guest's cart another domain opened (a reorder into a new cart) becomes the guest's cart. */
  keepGuestCart(cartId: string): void;
  /** The header's item count (sum of quantities); 0 when there is no cart or the summary fails. */
  count(): Promise<number>;
  /**
   * Adds a product, creating the cart when there is none (addToCart): the API's refusal in the shopper's words, and
   * whether the shopper must sign in first.
   */
  addItem(input: CartItemInput): Promise<AddOutcome>;
  /**
   * The product page's "Add to cart" form, posted: a redirect (without JavaScript, or a guest who must sign in
   * first), else what the page's fetcher is answered.
   */
  addFromProductPage(
    productId: string,
    formData: FormData,
    at: ProductPageAddress,
  ): Promise<Response | ProductAddReply>;
  /**
   * The cart page: the page of the cart's lines its URL asks for (`?page=`, given by the composition: `linesPage`)
   * with its coupons, promotions and totals (the empty cart when there is none), and the shipping estimate (63.0;
   * null before, and for an empty cart). `search` is the page's query, which the route reads: what a refused coupon
   * (`?coupon=`) or estimate brings back without JavaScript; none for a view no page asked for (an agent's).
   */
  view(search?: URLSearchParams): Promise<{
    cart: CartView;
    processing: boolean;
    couponCode: string;
    estimate: CartEstimateView | null;
    /** "Frequently bought together" with the page's first lines ([] without any, or when they can't be read). */
    boughtTogether: RecommendedCardView[];
  }>;
  /** A cart page form, posted: a redirect (without JavaScript, and for a payment link), else the fetcher's data. */
  submit(formData: FormData): Promise<CartPageAnswer>;
  /** A cart page edit (quantity, removal, coupon), with the API's refusals turned into the shopper's words. */
  edit(edit: CartLineEdit): Promise<CartEditOutcome>;
  /**
   * Moves the cart into `currency` (Salesforce's "Handle Currency Changes") and says what the shopper is told: the
   * new currency, and how many products could not follow; null when there was nothing to move.
   */
  moveToCurrency(currency: string): Promise<ToastInput | null>;
  /**
   * A quick order form's submission: more rows, or its lines' SKUs looked up and the lines added in batches of 100,
   * each line added or refused and why (cart/server/quick-order).
   */
  quickOrder(submission: QuickOrderSubmission): Promise<QuickOrderReply>;
  /** The lines one quick order may have: the cart's limit (500, or 2,000 with large carts). */
  quickOrderMaxLines(): number;
  /**
   * /account/carts: the buyer's primary cart and the carts they saved for later, and their wishlists; a guest goes to
   * sign in (thrown redirect).
   */
  savedCarts(): Promise<SavedCartsView>;
  /** A saved-cart form (save for later, make primary, delete, save to wishlist), posted: a 303 with a toast. */
  submitSavedCart(formData: FormData): Promise<Response>;
}

const ADD_FAILED_MESSAGE = "We couldn't add this product to your cart. Try again.";

/**
 * Whether the cart follows this request's currency: not on a checkout's pages, and not under a locale segment the
 * store has no market for (a 404 page, whose currency is nobody's choice).
 */
/** The store has large carts (propertiesEx.highScaleCartEnabled): a cart holds 2,000 lines, not 500. */
function largeCarts(shop: Pick<CartCore, "appContext">): boolean {
  return shop.appContext?.propertiesEx?.highScaleCartEnabled === true;
}

function followsPageCurrency(shop: Pick<CartCore, "context" | "appContext">, onCheckout: boolean): boolean {
  const locale = shop.context.locale;
  if (locale && !(shop.appContext && isStoreLocale(shop.appContext, locale))) return false;
  return !onCheckout;
}

/** What the cart is given by the composition (app/shop.server.ts) beside the core. */
export interface CartSiblings {
  /** The page this request's GET renders (lib/request-paths' pageKind): on the cart page the count shares its read. */
  page: PageKind;
  /**
   * The page of the cart's lines the request's URL asks for (`?page=`, 1 when none): the cart page reads it, and the
   * root's count (whose loader starts before the page's) shares that read, so it is known before the page asks.
   */
  linesPage: number;
  /**
   * The request is one of a checkout's pages or forms (a step, its start or confirmation, a payment link's page),
   * which work on the cart's checkout: the cart stays in its currency there (a move would end that checkout).
   */
  onCheckout: boolean;
  /**
   * The header's count from a read the page makes anyway (a checkout step's checkout), asked before the cart's own
   * reads; null when the page has none. Which domain answers it is the composition's choice.
   */
  pageCount?: () => Promise<number | null>;
  /** Makes a payment link of the cart (the checkout's), for the cart page's "pay now" form. */
  paymentLink(): Promise<PaymentLinkResult>;
  /** "Frequently bought together" with the cart's products (the catalog's), for the cart page; none when absent. */
  boughtTogether?: (productIds: readonly string[], shown: readonly string[]) => Promise<RecommendedCardView[]>;
}

/** How many of the cart page's lines its recommendations start from (the first ones: the API takes a few anchors). */
const RECOMMENDATION_ANCHORS = 5;

export function createCartHandler(
  shop: CartCore,
  { page, linesPage, onCheckout, pageCount, paymentLink, boughtTogether }: CartSiblings,
): CartHandler {
  let follows: boolean | undefined;
  const followCurrency = () => (follows ??= followsPageCurrency(shop, onCheckout));
  // The cart page's GET reads a page of the cart's lines, whose summary has the header's count: the root's count (run
  // in parallel) shares that read instead of reading the cart's summary too, as a checkout step's does. Only the page's
  // own GET: after an edit, the page reads the cart it changed afresh.
  let pageRead: ReturnType<typeof cartPage> | undefined;
  const read = () =>
    page === "cart"
      ? (pageRead ??= cartPage(shop, linesPage, followCurrency()))
      : cartPage(shop, linesPage, followCurrency());
  const pageCartCount = async (): Promise<number | null> => {
    if (page !== "cart" || !cartRef(shop)) return null;
    try {
      const { cart, processing } = await read();
      return processing ? null : Math.max(0, Math.round(cart.totals.itemCount));
    } catch {
      // The page reports its failure; the header falls back to the cart's summary.
      return null;
    }
  };

  const addItem = async (input: CartItemInput): Promise<AddOutcome> => {
    try {
      const added = await addToCart(shop, input);
      // Only when the cart changed currency since the page was shown (in another browser): its answer says so.
      const moved = followCurrency() ? await followPageCurrency(shop, added.data.currencyIsoCode) : null;
      return moved?.variant === "warning" ? { ok: true, notice: moved } : { ok: true };
    } catch (error) {
      const failure = caught(error);
      const refused = failure.error;
      if (isGuestCartDisabledError(refused)) return { ok: false, message: refused.message, field: null, signIn: true };
      if (isLimitReachedError(refused))
        return { ok: false, message: refused.message, field: null, refusal: refused.refusal };
      return {
        ok: false,
        message: cartErrorMessage(failure, ADD_FAILED_MESSAGE),
        field: productErrorField(cartProductError(failure)),
      };
    }
  };

  return {
    ref: () => cartRef(shop),
    forgetGoneGuestCart: (failure) => forgetGoneGuestCart(shop, failure),
    keepGuestCart: (cartId) => {
      if (!shop.shopper.isLoggedIn) shop.session.set("guestCartId", cartId);
    },
    // On a checkout step, the checkout the page reads has the count (pageCount), and on the cart page the lines it
    // reads: one API call fewer a page.
    count: async () => (await pageCount?.()) ?? (await pageCartCount()) ?? cartCount(shop, followCurrency()),
    addItem,
    addFromProductPage: (productId, formData, at) => addFromProductPage(shop, addItem, productId, formData, at),
    async view(search = new URLSearchParams()) {
      // After a refused coupon (no JavaScript) the form comes back with what the shopper typed.
      const couponCode = keptCouponCode(search.get("coupon") ?? "");
      // The estimate's reads run beside the lines' (it needs the cart's id only to show what it read).
      const page = read();
      const estimate = readCartEstimate(shop, search, async () => {
        const { cart } = await page;
        return { cartId: cart.cartId, currency: cart.totals.currency, empty: cart.totalLines === 0 };
      });
      // "Frequently bought together" with the page's first lines: one read, once the lines are known.
      const recommended = page
        .then(({ cart }) =>
          boughtTogether && cart.lines.length > 0
            ? boughtTogether(
                cart.lines.slice(0, RECOMMENDATION_ANCHORS).map((line) => line.productId),
                cart.lines.map((line) => line.productId),
              )
            : [],
        )
        .catch((): RecommendedCardView[] => []);
      const [lines, shipping, together] = await Promise.all([page, estimate.catch(() => null), recommended]);
      return { ...lines, couponCode, estimate: shipping, boughtTogether: together };
    },
    submit: (formData) =>
      submitCartPage(
        shop,
        {
          ref: () => cartRef(shop),
          edit: (edit) => applyCartEdit(shop, edit),
          paymentLink,
          estimate: (form, back) => submitEstimate(shop, form, back),
          add: (form, back) => addFromCartPage(shop, addItem, form, back),
        },
        formData,
      ),
    edit: (edit) => applyCartEdit(shop, edit),
    moveToCurrency: async (currency) => cartMoveToast(await moveCartToCurrency(shop, currency), currency),
    quickOrder: (submission) =>
      quickOrder(shop, submission, (send) => writeToCart(shop, send), quickOrderMaxLines(largeCarts(shop))),
    quickOrderMaxLines: () => quickOrderMaxLines(largeCarts(shop)),
    async savedCarts() {
      if (!shop.shopper.isLoggedIn)
        throw await shop.redirect(loginPath(SAVED_CARTS_PATH), toast("info", "Sign in to see your saved carts."));
      return savedCartsPage(shop);
    },
    submitSavedCart: (formData) => submitSavedCarts(shop, formData),
  };
}

/**
 * The header's item count (sum of quantities); 0 when there is no cart or the summary fails. With `followCurrency`, a
 * cart in another currency than the page's (its summary says which) is moved into the page's first.
 */
export async function cartCount(
  shop: PageCurrencyShop & Pick<CartCore, "notify">,
  followCurrency = false,
): Promise<number> {
  const ref = cartRef(shop);
  if (!ref) return 0;
  const summaryOf = (cart: string) => shop.client.getCartCompactSummary(shop.shopper.isLoggedIn ? undefined : cart);
  try {
    let summary = await summaryOf(ref);
    const moved = followCurrency && summary?.cartId ? await followPageCurrency(shop, summary.currencyIsoCode) : null;
    if (moved) {
      shop.notify(moved);
      // A guest's cart is named by its id, which the move changed.
      summary = await summaryOf(cartRef(shop) ?? ref);
    }
    return Math.max(0, Math.round(Number(summary?.totalProductCount ?? 0) || 0));
  } catch (error) {
    forgetGoneGuestCart(shop, caught(error).api);
    return 0;
  }
}

/**
 * A page of the cart's lines. With `followCurrency`, in the page's currency: a cart in another one (its summary says
 * which) is moved into it and read again.
 */
async function cartPage(
  shop: PageCurrencyShop & Pick<CartCore, "notify">,
  page: number,
  followCurrency: boolean,
): Promise<{ cart: CartView; processing: boolean }> {
  const ref = cartRef(shop);
  if (!ref) return { cart: EMPTY_CART, processing: false };
  const linesOf = (cart: string) =>
    shop.client.getCartItems(cart, {
      includePromotions: true,
      includeCoupons: true,
      pageNumber: page,
      pageSize: CART_ITEMS_PAGE_SIZE,
      productFields: ["Name", "StockKeepingUnit"],
    });
  try {
    let answer = await linesOf(ref);
    const moved = followCurrency ? await followPageCurrency(shop, answer.data.cartSummary?.currencyIsoCode) : null;
    if (moved) {
      shop.notify(moved);
      answer = await linesOf(cartRef(shop) ?? ref);
    }
    return { cart: cartView(answer.data), processing: answer.processing };
  } catch (error) {
    // A guest cart that is gone (checked out, deleted) is an empty cart.
    if (forgetGoneGuestCart(shop, caught(error).api)) return { cart: EMPTY_CART, processing: false };
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

/** Read by name, as the adapter's errors are: what a catch caught is sorted first (`caught(error).error`). */
export const isGuestCartDisabledError = (e: Error | null): e is GuestCartDisabledError =>
  e?.name === "GuestCartDisabledError";

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
      if (!isNotFound(caught(error).api)) throw error;
      await mayCreateCart(shop, session.get("userId"));
      const created = await client.ensureActiveCart();
      return write(created.data.cartId ?? "active");
    }
  }
  const existing = session.get("guestCartId");
  if (existing) {
    try {
      return await write(existing);
    } catch (error) {
      if (!isNotFound(caught(error).api)) throw error;
      session.unset("guestCartId");
    }
  }
  // A crawler, or an address past its new identities, acts as the browsing identity: never a cart of its own.
  const refused = shop.context && identityRefusalOf(shop.context).refusal;
  if (refused) throw new LimitReachedError(refused);
  const appContext = await client.getApplicationContext();
  if (!appContext.guestCartEnabled) throw new GuestCartDisabledError();
  // A visitor's first cart is their new identity's first (made by the call above): counted per address only.
  await mayCreateCart(shop, session.get("uvid"));
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

/** Spends a new cart's points, per shopper identity and per address (docs/limits.md); throws when refused. */
async function mayCreateCart(shop: CartShop, identity: string | undefined): Promise<void> {
  if (!shop.context) return;
  const verdict = await takeLimits(
    shop.context,
    ["cartPerAddress", shop.context.clientAddress],
    ...(identity ? [["cartPerIdentity", identity] as const] : []),
  );
  if (verdict.allowed) return;
  const { retryAfterSeconds } = verdict;
  throw new LimitReachedError({ status: 429, message: newCartsMessage(retryAfterSeconds), retryAfterSeconds });
}
