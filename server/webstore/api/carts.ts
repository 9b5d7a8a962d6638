/** Carts, cart items, cart coupons, guest cart preservation (spec §7 "Carts"). Cart ids may be an id, `current` or `active`. */
import type { Async } from "../async-wait.js";
import { type ClientCore, documentedAt, pageSizeInRange, quantityString, required, send, sendAsync } from "../core.js";
import { FetchError, parseErrorBody } from "../errors.js";
import { CART_ITEMS_PAGE_SIZE } from "../limits.js";
import { path, reasonPhrase } from "../http.js";
import type {
  ApplicationContext,
  BatchResult,
  CartCompactSummary,
  CartCoupons,
  CartItem,
  CartItemCollection,
  CartProductCollection,
  CartSummary,
  JsonObject,
  PreserveCartResult,
} from "../types/index.js";

export type CartItemSort =
  "CreatedDateAsc" | "CreatedDateDesc" | "NameAsc" | "NameDesc" | "SalesPriceAsc" | "SalesPriceDesc";

export const DEFAULT_CART_ITEM_SORT: CartItemSort = "CreatedDateDesc";
export const BATCH_MAX_INPUTS = 100;
/** Spec §9: used when the application context names no reservation time. */
export const DEFAULT_RESERVATION_SECONDS = 14_400;

export interface CartItemInput {
  productId: string;
  quantity: number | string;
  productSellingModelId?: string;
  subscriptionTerm?: number | string;
}

export interface CartItemsOptions {
  includePromotions?: boolean;
  includeCoupons?: boolean;
  sort?: CartItemSort;
  productFields?: string[];
  pageNumber?: number;
  /** Page token from a previous answer. */
  page?: string;
  /** 1-100, default 25. */
  pageSize?: number;
}

/** Cart Shipping Address Input (63.0): what evaluate-shipping rates; the country is what any estimate needs. */
export interface CartShippingAddressInput {
  country: string;
  postalCode?: string;
  region?: string;
  city?: string;
  street?: string;
}

/** Cart Summary Result: the cart's summary after a calculation, and its asynchronous processing status. */
export interface CartSummaryResult {
  data: CartSummary | null;
  message: string | null;
  status: string | null;
}

/**
 * Commerce Action Result (make-primary's answer,
 * https://developer.salesforce.com/docs/platform/apex-ref/references/apex-ref/apex-connectapi-output-commerce-action-result.html).
 */
export interface CommerceActionResult {
  isSuccess?: boolean;
  message?: string | null;
}

/** add-cart-to-wishlist's answer: how many of the cart's products went on the list. */
export interface CartToWishlistResult {
  wishlistId?: string;
  productsRequestedCount?: number;
  productsSucceededCount?: number;
  productsFailedCount?: number;
}

export interface CreateCartInput {
  name?: string;
  type?: "Cart" | "PayNowReadOnly" | "Template";
  isSecondary?: boolean;
  currencyIsoCode?: string;
  effectiveAccountId?: string;
}

function richInput(input: CartItemInput) {
  return {
    productId: required(input.productId, "productId is required"),
    quantity: quantityString(input.quantity),
    type: "Product" as const,
    ...(input.productSellingModelId ? { productSellingModelId: input.productSellingModelId } : {}),
    ...(input.subscriptionTerm !== undefined ? { subscriptionTerm: input.subscriptionTerm } : {}),
  };
}

const cart = (cartStateOrId: string) => required(cartStateOrId, "cartStateOrId is required");

export function cartsApi(core: ClientCore, deps: { getApplicationContext: () => Promise<ApplicationContext> }) {
  return {
    /** POST carts → 201. */
    async createCart(input: CreateCartInput = {}): Promise<Async<CartSummary>> {
      return sendAsync(core, { method: "POST", path: "carts", body: input });
    },

    /** PUT carts/active: the active cart, created when there is none. */
    async ensureActiveCart(): Promise<Async<CartSummary>> {
      return sendAsync(core, { method: "PUT", path: "carts/active" });
    },

    /** `current` with no cart answers an empty summary with a null cartId. */
    async getCart(cartStateOrId = "current"): Promise<Async<CartSummary>> {
      return sendAsync(core, { path: path`carts/${cart(cartStateOrId)}` });
    },

    /**
     * The cart's counts. The compact summary (≥ 64.0) has no cart in its path: it answers the current cart. For a
     * cart named by id, or before 64.0, the counts come from the cart summary (GET carts/{cartStateOrId}).
     */
    async getCartCompactSummary(cartStateOrId = "current"): Promise<CartCompactSummary> {
      if (cartStateOrId === "current" && documentedAt(core, 64)) return send(core, { path: "carts/compact-summary" });
      const summary = await send<CartSummary>(core, { path: path`carts/${cart(cartStateOrId)}` });
      return {
        cartId: summary?.cartId ?? null,
        currencyIsoCode: summary?.currencyIsoCode,
        totalProductCount: summary?.totalProductCount ?? "0.0",
        uniqueProductCount: summary?.uniqueProductCount ?? 0,
      };
    },

    async getCartItems(cartStateOrId: string, options: CartItemsOptions = {}): Promise<Async<CartItemCollection>> {
      return sendAsync(core, {
        path: path`carts/${cart(cartStateOrId)}/cart-items`,
        query: {
          includePromotions: options.includePromotions,
          includeCoupons: options.includeCoupons,
          sort: options.sort ?? DEFAULT_CART_ITEM_SORT,
          productFields: options.productFields?.length ? options.productFields : undefined,
          pageNumber: options.pageNumber,
          page: options.page,
          pageSize: pageSizeInRange(options.pageSize) ?? CART_ITEMS_PAGE_SIZE,
        },
      });
    },

    /** 201 with the item; 202 (cartItemId possibly null) while the cart is processing. */
    async addCartItem(cartStateOrId: string, input: CartItemInput): Promise<Async<CartItem>> {
      return sendAsync(core, {
        method: "POST",
        path: path`carts/${cart(cartStateOrId)}/cart-items`,
        body: richInput(input),
      });
    },

    /**
     * The API answers 200 even when some inputs failed; spec §8 turns `hasErrors` into a FetchError with the
     * first failed result's errorCode and message. Its `body` keeps every result (some items were added).
     */
    async addCartItems(cartStateOrId: string, inputs: readonly CartItemInput[]): Promise<BatchResult> {
      if (inputs.length < 1 || inputs.length > BATCH_MAX_INPUTS) {
        throw new RangeError(`inputs must hold 1 to ${BATCH_MAX_INPUTS} items`);
      }
      const { url, data } = await core.http.request<BatchResult>({
        method: "POST",
        path: path`carts/${cart(cartStateOrId)}/cart-items/batch`,
        body: { inputs: inputs.map((input) => ({ richInput: richInput(input) })) },
      });
      if (!data.hasErrors) return data;
      const failed = data.results.find((r) => r.statusCode >= 400) ?? data.results[0];
      throw new FetchError({
        url,
        status: failed?.statusCode ?? 400,
        statusText: reasonPhrase(failed?.statusCode ?? 400),
        errors: parseErrorBody(failed?.result),
        body: data,
      });
    },

    async updateCartItem(
      cartStateOrId: string,
      cartItemId: string,
      input: { quantity: number | string },
    ): Promise<CartItem> {
      return send(core, {
        method: "PATCH",
        path: path`carts/${cart(cartStateOrId)}/cart-items/${required(cartItemId, "cartItemId is required")}`,
        body: { quantity: quantityString(input.quantity) },
      });
    },

    async deleteCartItem(cartStateOrId: string, cartItemId: string): Promise<void> {
      await send(core, {
        method: "DELETE",
        path: path`carts/${cart(cartStateOrId)}/cart-items/${required(cartItemId, "cartItemId is required")}`,
      });
    },

    async deleteCart(cartStateOrId: string): Promise<void> {
      await send(core, { method: "DELETE", path: path`carts/${cart(cartStateOrId)}` });
    },

    async getCartCoupons(cartStateOrId: string): Promise<CartCoupons> {
      return send(core, { path: path`carts/${cart(cartStateOrId)}/cart-coupons` });
    },

    async applyCoupon(cartStateOrId: string, couponCode: string): Promise<CartCoupons> {
      return send(core, {
        method: "POST",
        path: path`carts/${cart(cartStateOrId)}/cart-coupons`,
        body: { couponCode: required(couponCode, "couponCode is required") },
      });
    },

    async removeCoupon(cartStateOrId: string, cartCouponId: string): Promise<void> {
      await send(core, {
        method: "DELETE",
        path: path`carts/${cart(cartStateOrId)}/cart-coupons/${required(cartCouponId, "couponId is required")}`,
      });
    },

    /**
     * Without a duration, the application context's default reservation time, else 14400 s (spec §9).
     * Inventory reservations are documented for 58.0–63.0 only: at other versions nothing is reserved and the
     * answer is null, without a request (a real org answers 404).
     */
    async reserveInventory(cartId: string, options: { durationInSeconds?: number } = {}): Promise<JsonObject | null> {
      if (!documentedAt(core, 58, 63)) return null;
      const durationInSeconds =
        options.durationInSeconds ??
        (await deps.getApplicationContext()).inventoryConfiguration?.inventoryDefaultSource?.reservationInSeconds ??
        DEFAULT_RESERVATION_SECONDS;
      return send(core, {
        method: "PUT",
        path: path`carts/${cart(cartId)}/inventory-reservations`,
        body: { durationInSeconds },
      });
    },

    /**
     * POST carts/{id}/actions/evaluate-shipping (63.0): the cart's shipping evaluated for an address (a postal code and
     * country are enough for an estimate); the cart's delivery groups then list the methods that ship there
     * (getDeliveryGroups). Documented from 63.0: before that, null without a request.
     */
    async evaluateShipping(
      cartStateOrId: string,
      shippingAddress: CartShippingAddressInput,
    ): Promise<Async<CartSummaryResult> | null> {
      if (!documentedAt(core, 63)) return null;
      return sendAsync(core, {
        method: "POST",
        path: path`carts/${cart(cartStateOrId)}/actions/evaluate-shipping`,
        body: {
          shippingAddress: { ...shippingAddress, country: required(shippingAddress.country, "country is required") },
        },
      });
    },

    async getCartProducts(
      cartId: string,
      options: { pageSize?: number; pageNumber?: number; productFields?: string[] } = {},
    ): Promise<CartProductCollection> {
      return send(core, {
        path: path`carts/${cart(cartId)}/products`,
        query: {
          pageSize: pageSizeInRange(options.pageSize) ?? CART_ITEMS_PAGE_SIZE,
          pageNumber: options.pageNumber ?? 1,
          productFields: options.productFields?.length ? options.productFields : undefined,
        },
      });
    },

    /** Moves a guest cart into the signed-in buyer's cart; null when the API did nothing (empty answer). */
    async preserveCart(guestCartId: string): Promise<PreserveCartResult | null> {
      const data = await send<PreserveCartResult | null>(core, {
        method: "POST",
        path: path`carts/${required(guestCartId, "guestCartId is required")}/actions/preserve`,
      });
      return data && typeof data === "object" && Object.keys(data).length > 0 ? data : null;
    },

    /** POST carts/{id}/actions/make-primary (53.0): the cart becomes the one `active` and `current` name. */
    async makeCartPrimary(cartId: string): Promise<CommerceActionResult> {
      return send(core, { method: "POST", path: path`carts/${cart(cartId)}/actions/make-primary` });
    },

    /** POST carts/{id}/actions/add-cart-to-wishlist (50.0): each of the cart's products onto the list, once. */
    async addCartToWishlist(cartId: string, wishlistId: string): Promise<CartToWishlistResult> {
      return send(core, {
        method: "POST",
        path: path`carts/${cart(cartId)}/actions/add-cart-to-wishlist`,
        body: { wishlistId: required(wishlistId, "wishlistId is required") },
      });
    },

    async cloneCart(
      cartId: string,
      options: { targetEffectiveAccountId: string; targetType?: "PayNowReadOnly" },
    ): Promise<Async<CartSummary>> {
      return sendAsync(core, {
        method: "POST",
        path: path`carts/${cart(cartId)}/actions/clone`,
        query: {
          targetEffectiveAccountId: required(options.targetEffectiveAccountId, "targetEffectiveAccountId is required"),
          targetType: options.targetType ?? "PayNowReadOnly",
        },
      });
    },
  };
}
