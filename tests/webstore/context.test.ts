import { describe, expect, it } from "vitest";
import { fakeFetch, json, rel, testClient } from "./fake-fetch.js";
import {
  canUseGuestData,
  chooseCurrency,
  createWebstoreCaches,
  MANAGED_ACCOUNTS_FRESH_MS,
  mapManagedAccounts,
  normalizeDeliveryGroups,
  normalizeSessionContext,
  resolveGuestFlags,
} from "../../server/webstore/index.js";

describe("chooseCurrency (spec §4)", () => {
  const markets = [{ marketId: "m1", localeCurrencyMap: { en_US: "USD", fr_FR: "EUR", de_DE: "CHF" } }];

  it("chooses none when the session drives the currency", () => {
    expect(
      chooseCurrency({ sessionDrivenCurrency: true, supportedCurrencies: ["USD"], defaultCurrency: "USD" }, "en-US"),
    ).toBe(undefined);
  });

  it("uses the only supported currency", () => {
    expect(chooseCurrency({ supportedCurrencies: ["GBP"], markets, defaultCurrency: "USD" }, "fr-FR")).toBe("GBP");
  });

  it("uses the locale's mapped currency when it is supported, with either locale spelling", () => {
    const ctx = { supportedCurrencies: ["USD", "EUR"], markets, defaultCurrency: "USD" };
    expect(chooseCurrency(ctx, "fr-FR")).toBe("EUR");
    expect(chooseCurrency(ctx, "fr_FR")).toBe("EUR");
  });

  it("falls back to the default currency when the mapping is missing or unsupported", () => {
    const ctx = { supportedCurrencies: ["USD", "EUR"], markets, defaultCurrency: "USD" };
    expect(chooseCurrency(ctx, "de-DE")).toBe("USD");
    expect(chooseCurrency(ctx, "ja-JP")).toBe("USD");
    expect(chooseCurrency({ supportedCurrencies: ["USD", "EUR"], defaultCurrency: "EUR" }, "en-US")).toBe("EUR");
  });
});

describe("normalizeSessionContext (spec §3)", () => {
  it("treats the fifteen-zero placeholder as no effective account", () => {
    const session = normalizeSessionContext({
      userId: "005G",
      userName: "Guest",
      guestUser: true,
      effectiveAccountId: "000000000000000",
      effectiveAccountName: "nobody",
    });
    expect(session.effectiveAccountId).toBeUndefined();
    expect(session.effectiveAccountName).toBeUndefined();
    expect(session.isLoggedIn).toBe(false);
  });

  it("keeps a real account, marks a non-guest as logged in and uses the first name", () => {
    expect(
      normalizeSessionContext({
        userId: "005B",
        userName: "Ada",
        guestUser: false,
        accountId: "001Own",
        accountName: "Own Co",
        effectiveAccountId: "001Eff",
        effectiveAccountName: "Effective Co",
        isPreview: true,
        buyerGroups: ["g1"],
      }),
    ).toEqual({
      effectiveAccountId: "001Eff",
      effectiveAccountName: "Effective Co",
      isLoggedIn: true,
      userId: "005B",
      userName: "Ada",
      profile: undefined,
      guestUserDetails: undefined,
      buyerGroups: ["g1"],
      isPreview: true,
      currencyIsoCode: undefined,
    });
  });

  it("falls back to the account of the user when no effective account is reported", () => {
    const session = normalizeSessionContext({ guestUser: false, accountId: "001Own", accountName: "Own Co" });
    expect(session).toMatchObject({ effectiveAccountId: "001Own", effectiveAccountName: "Own Co" });
  });

  it("is what the client answers for session-context", async () => {
    const { client, calls } = testClient(
      () =>
        json({
          userId: "005G",
          userName: "Guest",
          guestUser: true,
          accountId: null,
          effectiveAccountId: "000000000000000",
        }),
      { effectiveAccountId: "001Eff" },
    );
    const session = await client.getSessionContext();
    expect(session).toMatchObject({ isLoggedIn: false, effectiveAccountId: undefined, userName: "Guest" });
    expect(calls[0].url.searchParams.get("effectiveAccountId")).toBe("001Eff");
  });
});

describe("managed accounts (spec §3)", () => {
  it("maps the API items to the account switcher shape", () => {
    expect(
      mapManagedAccounts([
        {
          accountId: "001A",
          accountName: "Alpha",
          isMyAccount: true,
          address: { street: "1 Main", city: "Springfield", state: "IL", country: "US", zip: "62701" },
        },
        { accountId: "001B", accountName: "Beta", isMyAccount: false, address: null },
      ]),
    ).toEqual([
      {
        id: "001A",
        name: "Alpha",
        isCurrentUserDefaultAccount: true,
        address: { city: "Springfield", country: "US", state: "IL", street: "1 Main", zip: "62701" },
      },
      {
        id: "001B",
        name: "Beta",
        isCurrentUserDefaultAccount: false,
        address: { city: null, country: null, state: null, street: null, zip: null },
      },
    ]);
  });

  it("maps a missing list to none", () => {
    expect(mapManagedAccounts(undefined)).toEqual([]);
  });

  it("reads externalManagedAccounts and forwards includeMyAccount", async () => {
    const { client, calls } = testClient(() =>
      json({ externalManagedAccounts: [{ accountId: "001A", accountName: "Alpha", isMyAccount: false }] }),
    );
    const accounts = await client.getManagedAccounts({ includeMyAccount: true });
    expect(accounts.map((a) => a.id)).toEqual(["001A"]);
    expect(rel(calls[0])).toBe("external-managed-accounts");
    expect(calls[0].url.searchParams.get("includeMyAccount")).toBe("true");

    await client.getManagedAccounts();
    expect(calls[1].url.searchParams.has("includeMyAccount")).toBe(false);
  });

  it("reuses a session's list for 30 s when asked, never another session's, and always asks when not", async () => {
    let now = 1_000;
    const caches = createWebstoreCaches({ now: () => now });
    const answer = (name: string) => json({ externalManagedAccounts: [{ accountId: "001A", accountName: name }] });
    const names = ["Alpha", "Alpha Renamed", "Beta", "Gamma", "Delta"];
    const { fetch, calls } = fakeFetch((_request, i) => answer(names[i]));
    const session = (accessToken: string) =>
      testClient(undefined, { fetch, caches, accessToken }).client.getManagedAccounts({
        includeMyAccount: true,
        reuse: true,
      });

    expect((await session("token-a"))[0].name).toBe("Alpha");
    now += MANAGED_ACCOUNTS_FRESH_MS; // 30 s old: still this session's list
    expect((await session("token-a"))[0].name).toBe("Alpha");
    expect(calls).toHaveLength(1);

    // Another buyer's session (another token) reads its own.
    expect((await session("token-b"))[0].name).toBe("Alpha Renamed");
    expect(calls).toHaveLength(2);

    // Past the freshness, the API is asked again and the caller waits for its answer (nothing stale is served).
    now += 1;
    expect((await session("token-a"))[0].name).toBe("Beta");
    expect(calls).toHaveLength(3);

    // Without reuse (what a buyer may act for, when it decides), every call asks.
    const fresh = testClient(undefined, { fetch, caches, accessToken: "token-a" }).client;
    expect((await fresh.getManagedAccounts({ includeMyAccount: true }))[0].name).toBe("Gamma");
    expect(calls).toHaveLength(4);
  });
});

describe("guest flags (spec §4)", () => {
  const off = { guestCartEnabled: false, guestCheckoutEnabled: false };

  it("bind guests", () => {
    expect(resolveGuestFlags(off, false)).toEqual({ isGuestCartEnabled: false, isGuestCheckoutEnabled: false });
    expect(resolveGuestFlags({ guestCartEnabled: true, guestCheckoutEnabled: false }, false)).toEqual({
      isGuestCartEnabled: true,
      isGuestCheckoutEnabled: false,
    });
  });

  it("are always true for signed-in users", () => {
    expect(resolveGuestFlags(off, true)).toEqual({ isGuestCartEnabled: true, isGuestCheckoutEnabled: true });
  });

  it("let signed-in users use guest data only with single entitlement and guest browsing both on", () => {
    expect(canUseGuestData({ usesSingleEntitlementPolicy: true, guestBrowsingEnabled: true })).toBe(true);
    expect(canUseGuestData({ usesSingleEntitlementPolicy: true, guestBrowsingEnabled: false })).toBe(false);
    expect(canUseGuestData({ usesSingleEntitlementPolicy: false, guestBrowsingEnabled: true })).toBe(false);
  });
});

describe("normalizeDeliveryGroups (spec §4)", () => {
  it("drops empty groups and makes the first one default when none is", () => {
    expect(
      normalizeDeliveryGroups([
        { id: "a", isDefault: true, totalCartItemCount: 0 },
        { id: "b", isDefault: false, totalCartItemCount: 2 },
        { id: "c", isDefault: false, totalCartItemCount: "1" },
      ]),
    ).toEqual([
      { id: "b", isDefault: true, totalCartItemCount: 2 },
      { id: "c", isDefault: false, totalCartItemCount: "1" },
    ]);
  });

  it("leaves an existing default alone and an all-empty list empty", () => {
    const groups = [
      { id: "a", isDefault: false, totalCartItemCount: 1 },
      { id: "b", isDefault: true, totalCartItemCount: 1 },
    ];
    expect(normalizeDeliveryGroups(groups)).toEqual(groups);
    expect(normalizeDeliveryGroups([{ id: "a", isDefault: true, totalCartItemCount: 0 }])).toEqual([]);
  });
});
