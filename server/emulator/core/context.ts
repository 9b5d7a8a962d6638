import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hashPassword } from "../identity/password.js";
import { ApiError } from "./errors.js";
import { json } from "./http.js";
import type { RequestContext, Router } from "./router.js";
import type { Emu } from "./state.js";
import {
  accountInsert,
  accountNameRow,
  accountRow,
  insertWebstore,
  isPersonAccount,
  managedAccountInsert,
  userInsert,
} from "./store.js";

/** Salesforce's placeholder for "no account": fifteen zeros. */
export const NO_ACCOUNT_ID = "000000000000000";
export const GUEST_USER_ID = "005DM0000000GST";

const MAX_SWITCHER_ACCOUNTS = 200;

export function readFixture<T = any>(emu: Emu, name: string): T {
  return JSON.parse(readFileSync(join(emu.fixturesDir, name), "utf8")) as T;
}

/**
 * The account a request acts for: the `effectiveAccountId` query when the buyer may act for it, else the
 * buyer's default managed account, else their own. Guests act for no account.
 */
export function effectiveAccountId(ctx: RequestContext): string | null {
  if (!ctx.user) return null;
  const asked = ctx.query.get("effectiveAccountId");
  if (asked && asked !== NO_ACCOUNT_ID) {
    if (ctx.emu.store.mayActFor(ctx.user, asked)) return asked;
    throw new ApiError(403, "EFFECTIVE_ACCOUNT_NOT_FOUND", `You don't have access to the account ${asked}.`);
  }
  return ctx.emu.store.defaultAccountId(ctx.user.id) ?? ctx.user.account_id;
}

export function accountName(emu: Emu, id: string | null): string | null {
  if (!id) return null;
  const row = accountNameRow(emu.db, id);
  return row?.name ?? null;
}

/** The guest flags of the application context, which only bind guests (signed-in buyers may always). */
export function guestAllowed(
  ctx: RequestContext,
  flag: "guestBrowsingEnabled" | "guestCartEnabled" | "guestCheckoutEnabled",
) {
  if (ctx.user) return true;
  return ctx.emu.store.applicationContext(ctx.webstoreId)[flag] === true;
}

export function requireGuestFlag(
  ctx: RequestContext,
  flag: "guestBrowsingEnabled" | "guestCartEnabled" | "guestCheckoutEnabled",
) {
  if (!guestAllowed(ctx, flag)) {
    throw new ApiError(
      401,
      "INVALID_SESSION_ID",
      "This resource requires an authenticated user: guest access is disabled for this store.",
    );
  }
}

/**
 * The currency a request asks for with its `currencyIsoCode` query (cart and pricing resources), checked against
 * the store's supported currencies: an unsupported one is refused as invalid input (400 INVALID_API_INPUT [I: the
 * code the API gives other bad values of a documented parameter]). Null when the request names none.
 */
export function requestedCurrency(
  ctx: RequestContext,
  given: unknown = ctx.query.get("currencyIsoCode"),
): string | null {
  if (given === undefined || given === null || given === "") return null;
  const appContext = ctx.emu.store.applicationContext(ctx.webstoreId);
  const supported: string[] = appContext.supportedCurrencies ?? [appContext.defaultCurrency ?? "USD"];
  if (typeof given !== "string" || !supported.includes(given)) {
    throw new ApiError(
      400,
      "INVALID_API_INPUT",
      `currencyIsoCode must be one of the store's currencies: ${supported.join(", ")}.`,
    );
  }
  return given;
}

/**
 * The currency of a price read: the `currencyIsoCode` asked for; else, for a store segmented into markets, the
 * currency the market maps the `language` parameter's locale to ("this API looks at the language parameter appended
 * to the URL to determine the shopper's locale", ConnectApi.CommerceStorePricing); else the default currency.
 */
export function pricingCurrency(ctx: RequestContext): string {
  const asked = requestedCurrency(ctx);
  if (asked) return asked;
  const appContext = ctx.emu.store.applicationContext(ctx.webstoreId);
  const language = ctx.query.get("language")?.replace("-", "_");
  if (language) {
    for (const market of appContext.markets ?? []) {
      const mapped = market.localeCurrencyMap?.[language];
      if (mapped && (appContext.supportedCurrencies ?? []).includes(mapped)) return mapped;
    }
  }
  return appContext.defaultCurrency ?? "USD";
}

export function seedContext(emu: Emu) {
  const webstore = readFixture(emu, "webstore.json");
  insertWebstore(emu.db, webstore.id, webstore.name, JSON.stringify(webstore.applicationContext));
  const people = readFixture(emu, "accounts.json");
  const insertAccount = accountInsert(emu.db);
  for (const a of people.accounts)
    insertAccount.run({ street: null, city: null, state: null, country: null, zip: null, ...a });
  const insertUser = userInsert(emu.db);
  const insertManaged = managedAccountInsert(emu.db);
  for (const b of people.buyers) {
    insertUser.run(
      b.id,
      b.username,
      hashPassword(b.password),
      b.firstName,
      b.lastName,
      b.email,
      b.phone ?? null,
      b.kind,
      b.accountId,
    );
    for (const m of b.managedAccounts ?? []) insertManaged.run(b.id, m.accountId, m.isDefault ? 1 : 0);
  }
}

export function contextRoutes(r: Router, emu: Emu) {
  r.webstore("GET", "application-context", { since: 54 }, (ctx) => {
    // No Cache-Control: no page shows one on this answer (the storefront keeps it its own default time).
    return json(emu.store.applicationContext(ctx.webstoreId));
  });

  // The fields of Salesforce's LWR SessionContextData (commerce/context/types.d.ts: "the data returned by the context
  // API"), and, [I], the effective account, currency and preview flag the storefront reads. Whether a shopper is logged
  // in is `guestUser`: LWR derives isLoggedIn (and isAnonymousPreview) on the client, no answer carries them.
  r.webstore("GET", "session-context", (ctx) => {
    const appContext = emu.store.applicationContext(ctx.webstoreId);
    const user = ctx.user;
    const accountId = effectiveAccountId(ctx);
    return json({
      userId: user?.id ?? GUEST_USER_ID,
      userName: user?.first_name ?? "Guest",
      guestUser: !user,
      accountId: user?.account_id ?? null,
      accountName: accountName(emu, user?.account_id ?? null),
      effectiveAccountId: accountId ?? NO_ACCOUNT_ID,
      effectiveAccountName: accountName(emu, accountId),
      currencyIsoCode: appContext.defaultCurrency ?? "USD",
      isPreview: false,
    });
  });

  // 55.0: the page before it (commerce/einstein/webstores/{id}/configuration, 52.0-54.0) sends later versions here.
  r.webstore("GET", "ai/configuration", { since: 55 }, () =>
    json({
      activityTrackingEnabled: false,
      catalogExists: true,
      isDeployed: false,
      deploymentEnabled: false,
      host: null,
      siteId: null,
      tenant: null,
    }),
  );

  // Nothing public documents this resource; the emulator answers a small, disabled agent configuration.
  r.webstore("GET", "shopperAgent/context", () => json({ isEnabled: false, agentId: null, welcomeMessage: null }));

  /*
   * The account switcher lists at most 200 accounts (Shopper Buyer Groups and Accounts Data Limits, "Account
   * Switcher: 200 Buy For Accounts":
   * https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-data-model-shopper-buyer-groups-accounts-limits.html);
   * past them the page says the provided switcher degrades and fails, so the emulator answers the first 200 in its
   * order (default account first, then by name) [I: which 200].
   */
  r.webstore("GET", "external-managed-accounts", { since: 49 }, (ctx) => {
    if (!ctx.user) throw new ApiError(401, "INVALID_SESSION_ID", "This resource requires an authenticated user.");
    const includeMine = ctx.query.get("includeMyAccount") === "true";
    const mine = ctx.user.account_id;
    const rows = emu.store.managedAccounts(ctx.user.id).filter((a) => includeMine || a.id !== mine);
    if (includeMine && !rows.some((a) => a.id === mine)) {
      const own = accountRow(emu.db, mine) as any;
      rows.unshift({ ...own, isDefault: false });
    }
    // The fields of ConnectApi.ExternalManagedAccountOutput and its address output (the Apex twin of the REST
    // output): which account is the buyer's default is not among them.
    return json({
      externalManagedAccounts: rows.slice(0, MAX_SWITCHER_ACCOUNTS).map((a) => ({
        accountId: a.id,
        accountName: a.name,
        isMyAccount: a.id === mine,
        address: { street: a.street, city: a.city, state: a.state, country: a.country, zip: a.zip },
      })),
    });
  });

  r.webstore("GET", "effective-accounts/:effectiveAccountId", (ctx) => {
    const id = ctx.params.effectiveAccountId;
    if (!ctx.user) throw new ApiError(401, "INVALID_SESSION_ID", "This resource requires an authenticated user.");
    const allowed = emu.store.mayActFor(ctx.user, id);
    const row = allowed ? (accountRow(emu.db, id) as any) : undefined;
    if (!row) throw new ApiError(404, "EFFECTIVE_ACCOUNT_NOT_FOUND", `Effective account not found: ${id}`);
    const all: Record<string, unknown> = {
      Id: row.id,
      Name: row.name,
      BillingStreet: row.street,
      BillingCity: row.city,
      BillingState: row.state,
      BillingCountry: row.country,
      BillingPostalCode: row.zip,
      // A consumer (B2C) buyer buys through a person account (Account.IsPersonAccount); a business buyer's is none.
      IsPersonAccount: isPersonAccount(emu.db, row.id),
    };
    const wanted = (ctx.query.get("fields") ?? "")
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean);
    const fields = Object.fromEntries(
      Object.entries(all).filter(([k]) => !wanted.length || wanted.includes(k) || k === "Id"),
    );
    return json({ accountId: row.id, accountName: row.name, fields });
  });
}
