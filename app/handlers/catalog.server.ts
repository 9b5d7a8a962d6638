/** The catalog domain: categories, search, products and their prices as the browsing pages show them. */
import { productCards, sortChoices } from "../catalog.server";
import type { Shop } from "./shop.server";

export interface CatalogHandler {
  /** The store's sort rules as a sort menu's choices; none when they can't be read. */
  sortChoices(): ReturnType<typeof sortChoices>;
  /** A search page's product cards, priced in the shopper's currency. */
  productCards(page: Parameters<typeof productCards>[1]): ReturnType<typeof productCards>;
}

export function createCatalogHandler(shop: Shop): CatalogHandler {
  return {
    sortChoices: () => sortChoices(shop),
    productCards: (page) => productCards(shop, page),
  };
}
