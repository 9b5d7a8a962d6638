/**
 * Catalog helpers shared by the browsing pages (home, search, category): the store's sort rules as the choices of
 * a sort menu, and the shopper's choice checked against them.
 */
import { productCardView, sortOptions, type ProductCardView, type SortOption } from "./components/store/product";
import { rethrowResponse, type Webstore } from "./webstore.server";

/** The store's sort rules (cached by the client); none when they can't be read: the page just offers no sorting. */
export async function sortChoices(ws: Pick<Webstore, "client">): Promise<SortOption[]> {
  try {
    return sortOptions(await ws.client.getSortRules());
  } catch (error) {
    rethrowResponse(error);
    return [];
  }
}

/** The `?sort=` of the URL when it names one of the store's sort rules; else null (the API's relevance order). */
export function chosenSort(choices: readonly SortOption[], requested: string | null): string | null {
  return requested && choices.some((choice) => choice.value === requested) ? requested : null;
}

/**
 * The product cards of a search results page, priced in the shopper's currency: search results carry the store's
 * prices, so when the shopper shops in another currency (GBP) the cards are repriced with one pricing call in it
 * (pricing/products with currencyIsoCode), as the product page and the cart price them.
 */
export async function productCards(
  ws: Pick<Webstore, "client" | "currencyIsoCode">,
  page: { currencyIsoCode?: string | null; products?: readonly unknown[] | null } | null | undefined,
): Promise<ProductCardView[]> {
  const cards = (page?.products ?? []).map(productCardView).filter((p): p is ProductCardView => p !== null);
  const pageCurrency = page?.currencyIsoCode ?? undefined;
  const wanted = ws.currencyIsoCode;
  if (!wanted || wanted === pageCurrency || cards.length === 0)
    return cards.map((card) => ({ ...card, currency: pageCurrency }));
  try {
    const prices = await ws.client.getProductPrices(cards.map((card) => card.id));
    const byId = new Map(prices.pricingLineItemResults.map((line) => [line.productId, line]));
    return cards.map((card) => {
      const line = byId.get(card.id);
      const priced = line && line.success !== false;
      return {
        ...card,
        unitPrice: priced ? (line.unitPrice ?? null) : null,
        listPrice: priced ? (line.listPrice ?? null) : null,
        currency: prices.currencyIsoCode ?? wanted,
      };
    });
  } catch (error) {
    rethrowResponse(error);
    // Without the shopper's prices the cards show none rather than another currency's.
    return cards.map((card) => ({ ...card, unitPrice: null, listPrice: null, currency: wanted }));
  }
}
