/**
 * The header's currency and locale switcher, server side: the shopper's currency preference, and moving a cart to
 * the new currency the way Salesforce documents it ("Handle Currency Changes",
 * https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-cart-currency-change.html):
 * carts don't change currency, so a new cart is made in it, the items are added to it, and the old cart is deleted.
 */
import { isFetchError } from "../server/webstore/index";
import type { LocaleSwitch } from "./components/store/LocaleSwitcher";
import {
  currencyLabel,
  isStoreLocale,
  localeName,
  offersSwitcher,
  storeCurrencies,
  storeLocales,
  type MarketsContext,
} from "./lib/locale";
import { STORE_LOCALE } from "./lib/money";
import { cartRef, rethrowResponse, type Webstore } from "./webstore.server";

export const LOCALE_FIELDS = {
  locale: "locale",
  currency: "currency",
  shownCurrency: "shownCurrency",
  redirectTo: "redirectTo",
} as const;

/** Cart lines the move carries: the batch resource takes up to 100 inputs. */
const MOVE_PAGE_SIZE = 100;

export type CartMove = { moved: number; failed: number } | null;

/**
 * Moves the shopper's cart into `currency` when it is in another one and holds items. Null when there was nothing to
 * move. Products that can't be bought in the new currency (no price in its price book) stay behind and are counted.
 */
export async function moveCartToCurrency(ws: Webstore, currency: string): Promise<CartMove> {
  const ref = cartRef(ws);
  if (!ref) return null;
  let items;
  try {
    items = await ws.client.getCartItems(ref, { pageSize: MOVE_PAGE_SIZE });
  } catch (error) {
    rethrowResponse(error);
    if (isFetchError(error) && error.status === 404) return null;
    throw error;
  }
  const summary = items.data.cartSummary;
  const oldCartId = summary?.cartId;
  if (!oldCartId || !summary?.currencyIsoCode || summary.currencyIsoCode === currency) return null;
  const lines = items.data.cartItems.map((result) => result.cartItem).filter((item) => item.type === "Product");
  const created = await ws.client.createCart({ currencyIsoCode: currency });
  const newCartId = created.data.cartId;
  if (!newCartId) throw new Error("The store did not create a cart.");
  let failed = 0;
  if (lines.length > 0) {
    const inputs = lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      ...(line.productSellingModelId ? { productSellingModelId: line.productSellingModelId } : {}),
    }));
    try {
      await ws.client.addCartItems(newCartId, inputs);
    } catch (error) {
      // A batch with some refused lines still added the others: count the refused ones from its answer.
      const results = isFetchError(error)
        ? (error.body as { results?: { statusCode: number }[] } | undefined)?.results
        : undefined;
      if (!results) throw error;
      failed = results.filter((result) => result.statusCode >= 400).length;
    }
  }
  await ws.client.deleteCart(oldCartId);
  if (!ws.shopper.isLoggedIn) ws.session.set("guestCartId", newCartId);
  return { moved: lines.length - failed, failed };
}

/**
 * Where the shopper lands after switching: the same page under the chosen locale's prefix (none for the store's own
 * locale), under whatever path the store is served from. `appRoot` is the request's path up to (not including) the
 * current locale segment.
 */
export function localizedUrl(origin: string, appRoot: string, locale: string, path: string): string {
  const prefix = locale === STORE_LOCALE ? "" : `/${locale}`;
  const joined = `${appRoot.replace(/\/+$/, "")}${prefix}${path === "/" && prefix ? "" : path}`;
  return `${origin}${joined || "/"}`;
}

/** Whether the page's locale segment names one of the store's markets (an unknown one is a 404 page). */
export function knownLocale(appContext: MarketsContext | null | undefined, locale: string | undefined): boolean {
  return !locale || !appContext || isStoreLocale(appContext, locale);
}

/**
 * What the header's switcher offers, labelled here on the server (the browser downloads no locale names): null when
 * the store has a single market and a single currency.
 */
export function localeSwitchFor(
  appContext: MarketsContext | null | undefined,
  locale: string,
  currency: string | null,
): LocaleSwitch | null {
  if (!offersSwitcher(appContext)) return null;
  return {
    locales: storeLocales(appContext).map((value) => ({ value, label: localeName(value) })),
    currencies: storeCurrencies(appContext).map((value) => ({ value, label: currencyLabel(value, locale) })),
    currency,
  };
}
