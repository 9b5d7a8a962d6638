/**
 * Catalog helpers shared by the browsing pages (home, search, category): the store's sort rules as the choices of
 * a sort menu, and the shopper's choice checked against them.
 */
import { sortOptions, type SortOption } from "./components/store/product";
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
