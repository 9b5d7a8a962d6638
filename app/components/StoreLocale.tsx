import { createContext, useContext } from "react";
import { STORE_LOCALE } from "~/lib/format/money";

/**
 * The locale the page is shown in: the URL's locale segment (/en-GB/…), else the store's (en-US). The root provides
 * it; prices and dates read it, so a locale page formats every amount and date its own way without each route
 * passing it down.
 */
const StoreLocaleContext = createContext<string>(STORE_LOCALE);

export const StoreLocaleProvider = StoreLocaleContext.Provider;

export function useStoreLocale(): string {
  return useContext(StoreLocaleContext);
}
