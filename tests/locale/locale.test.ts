import { describe, expect, it } from "vitest";
import { localizedUrl } from "../../app/locale/locale.server";
import { formatDate } from "../../app/lib/format/formats";
import type { ApplicationContext } from "../../server/webstore/index";
import {
  currencyLabel,
  isStoreLocale,
  localeName,
  offersSwitcher,
  storeCurrencies,
  storeLocales,
  toLocaleTag,
} from "../../app/lib/format/locale";
import { formatCurrency } from "../../app/lib/format/money";
import { pagePath } from "../../app/lib/request-paths";
import { shopperCurrency } from "../../app/shop/core.server";

/** The demo store's application context, as far as currencies and markets go (fixtures/webstore.json). */
const DEMO: ApplicationContext = {
  defaultCurrency: "USD",
  supportedCurrencies: ["USD", "GBP"],
  sessionDrivenCurrency: false,
  markets: [{ localeCurrencyMap: { en_US: "USD" } }, { localeCurrencyMap: { en_GB: "GBP" } }],
};
const ONE_MARKET: ApplicationContext = {
  defaultCurrency: "USD",
  supportedCurrencies: ["USD"],
  markets: [{ localeCurrencyMap: { en_US: "USD" } }],
};

describe("the store's locales and currencies", () => {
  it("reads the locales from the markets' locale-to-currency maps, written as URL segments", () => {
    expect(toLocaleTag("en_GB")).toBe("en-GB");
    expect(storeLocales(DEMO)).toEqual(["en-US", "en-GB"]);
    expect(storeLocales(null)).toEqual(["en-US"]);
    expect(storeCurrencies(DEMO)).toEqual(["USD", "GBP"]);
    expect(storeCurrencies({ defaultCurrency: "USD" })).toEqual(["USD"]);
  });

  it("knows a locale segment only as a market writes it", () => {
    expect(isStoreLocale(DEMO, "en-GB")).toBe(true);
    expect(isStoreLocale(DEMO, "en-US")).toBe(true);
    expect(isStoreLocale(DEMO, "fr-FR")).toBe(false);
    expect(isStoreLocale(DEMO, "en-gb")).toBe(false);
  });

  it("offers the switcher only when there is a choice", () => {
    expect(offersSwitcher(DEMO)).toBe(true);
    expect(offersSwitcher(ONE_MARKET)).toBe(false);
    expect(offersSwitcher({ ...ONE_MARKET, supportedCurrencies: ["USD", "EUR"] })).toBe(true);
  });

  it("names locales and currencies for the switcher", () => {
    expect(localeName("en-GB")).toBe("English (United Kingdom)");
    expect(localeName("en-US")).toBe("English (United States)");
    expect(currencyLabel("GBP", "en-GB")).toBe("GBP (£)");
    expect(currencyLabel("USD", "en-US")).toBe("USD ($)");
  });
});

describe("the shopper's currency (spec §4, with the switcher's choice)", () => {
  it("sends none when the session drives currency, whatever was chosen", () => {
    expect(shopperCurrency({ ...DEMO, sessionDrivenCurrency: true }, "GBP", "en-GB")).toBeUndefined();
  });

  it("takes the shopper's choice while the store supports it, else the rule's for the page's locale", () => {
    expect(shopperCurrency(DEMO, "GBP", undefined)).toBe("GBP");
    expect(shopperCurrency(DEMO, "USD", "en-GB")).toBe("USD");
    expect(shopperCurrency(DEMO, "EUR", "en-GB")).toBe("GBP");
    expect(shopperCurrency(DEMO, undefined, "en-GB")).toBe("GBP");
    expect(shopperCurrency(DEMO, undefined, undefined)).toBe("USD");
    expect(shopperCurrency(ONE_MARKET, "GBP", "en-GB")).toBe("USD");
  });
});

describe("formats for the page's locale", () => {
  it("formats money in the locale, two decimals, any currency", () => {
    expect(formatCurrency("23.00")).toBe("$23.00");
    expect(formatCurrency("18.4", "GBP", "en-GB")).toBe("£18.40");
    expect(formatCurrency("1234.5", "GBP", "en-US")).toBe("£1,234.50");
    expect(formatCurrency("65.25", "USD", "en-GB")).toBe("US$65.25");
  });

  it("writes the spec's date styles the locale's way", () => {
    expect(formatDate("2026-08-14T17:05:12.000Z", "medium")).toBe("Aug 14, 2026");
    expect(formatDate("2026-08-14T17:05:12.000Z", "medium", { locale: "en-GB" })).toBe("14 Aug 2026");
    expect(formatDate("2026-08-14", "short", { locale: "en-GB" })).toBe("14/08/2026");
    expect(formatDate("2026-08-14", "long", { locale: "en-GB" })).toBe("14 August 2026");
  });
});

describe("locale URLs", () => {
  it("reads a request's path without its locale segment", () => {
    expect(pagePath("/en-GB/cart", "")).toBe("/cart");
    expect(pagePath("/en-GB", "")).toBe("/");
    expect(pagePath("/cart", "")).toBe("/cart");
    expect(pagePath("/new-in/cart", "")).toBe("/new-in/cart");
  });

  it("reads it without the store's base path too, the base path first", () => {
    expect(pagePath("/shop/en-GB/cart", "/shop")).toBe("/cart");
    expect(pagePath("/shop/en-GB", "/shop")).toBe("/");
    expect(pagePath("/shop/cart", "/shop")).toBe("/cart");
  });

  it("sends the switcher to the same page under the chosen locale, with no prefix for the store's own", () => {
    expect(localizedUrl("http://shop", "", "en-GB", "/cart?page=2")).toBe("http://shop/en-GB/cart?page=2");
    expect(localizedUrl("http://shop", "", "en-GB", "/")).toBe("http://shop/en-GB");
    expect(localizedUrl("http://shop", "", "en-US", "/cart")).toBe("http://shop/cart");
    expect(localizedUrl("http://shop", "", "en-US", "/")).toBe("http://shop/");
    expect(localizedUrl("http://shop", "/store", "en-GB", "/cart")).toBe("http://shop/store/en-GB/cart");
  });
});
