/** Pure rules over the application and session context (spec §3, §4). */
import { isBlankAccountId } from "./http.js";
import type {
  ApplicationContext,
  ManagedAccount,
  RawManagedAccount,
  RawSessionContext,
  SessionContext,
} from "./types/index.js";

/**
 * Spec §4 currency choice. Undefined means "choose none": with session-driven currency the server decides,
 * so the client must not send currencyIsoCode. `locale` may be written en-US or en_US.
 */
export function chooseCurrency(
  appContext: Pick<ApplicationContext, "sessionDrivenCurrency" | "supportedCurrencies" | "markets" | "defaultCurrency">,
  locale: string,
): string | undefined {
  if (appContext.sessionDrivenCurrency) return undefined;
  const supported = appContext.supportedCurrencies ?? [];
  if (supported.length === 1) return supported[0];
  const key = locale.replace("-", "_");
  for (const market of appContext.markets ?? []) {
    const mapped = market.localeCurrencyMap?.[key];
    if (mapped && supported.includes(mapped)) return mapped;
  }
  return appContext.defaultCurrency ?? undefined;
}

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function normalizeSessionContext(raw: RawSessionContext): SessionContext {
  const accountId = raw.effectiveAccountId ?? raw.accountId;
  const hasAccount = !isBlankAccountId(accountId);
  return {
    effectiveAccountId: hasAccount ? orUndefined(accountId) : undefined,
    effectiveAccountName: hasAccount ? orUndefined(raw.effectiveAccountName ?? raw.accountName) : undefined,
    isLoggedIn: raw.guestUser !== true,
    userId: orUndefined(raw.userId),
    userName: orUndefined(raw.firstName ?? raw.userName),
    profile: raw.profile,
    guestUserDetails: raw.guestUserDetails,
    buyerGroups: raw.buyerGroups,
    isPreview: raw.isPreview === true,
    currencyIsoCode: orUndefined(raw.currencyIsoCode),
  };
}

/** Spec §3: the account switcher's items from `externalManagedAccounts`. */
export function mapManagedAccounts(items: readonly RawManagedAccount[] | null | undefined): ManagedAccount[] {
  return (items ?? []).map((item) => {
    const address = item.address ?? {};
    return {
      id: item.accountId,
      name: item.accountName ?? "",
      isCurrentUserDefaultAccount: item.isMyAccount === true,
      address: {
        city: address.city ?? null,
        country: address.country ?? null,
        state: address.state ?? null,
        street: address.street ?? null,
        zip: address.zip ?? address.postalCode ?? null,
      },
    };
  });
}

export interface GuestFlags {
  isGuestCartEnabled: boolean;
  isGuestCheckoutEnabled: boolean;
}

/** Spec §4: the guest flags bind guests only; a signed-in user may always use a cart and check out. */
export function resolveGuestFlags(
  appContext: Pick<ApplicationContext, "guestCartEnabled" | "guestCheckoutEnabled" | "guestCartCheckoutEnabled">,
  isLoggedIn: boolean,
): GuestFlags {
  if (isLoggedIn) return { isGuestCartEnabled: true, isGuestCheckoutEnabled: true };
  return {
    isGuestCartEnabled: appContext.guestCartEnabled === true,
    isGuestCheckoutEnabled: (appContext.guestCheckoutEnabled ?? appContext.guestCartCheckoutEnabled) === true,
  };
}

/** Spec §4: a signed-in user may see guest data when entitlement is shared and guests may browse. */
export function canUseGuestData(
  appContext: Pick<ApplicationContext, "usesSingleEntitlementPolicy" | "guestBrowsingEnabled">,
): boolean {
  return appContext.usesSingleEntitlementPolicy === true && appContext.guestBrowsingEnabled === true;
}
