import { z } from "zod";
import { id, optional, jsonValue, jsonField } from "./common.js";

/** The store and the shopper: application context, session context, personalization, managed accounts. */

export const MarketSchema = z
  .object({ marketId: optional(id), localeCurrencyMap: optional(z.record(z.string())) })
  .catchall(jsonField);

export const ApplicationContextSchema = z
  .object({
    cartCalculateEnabled: optional(z.boolean()),
    guestBrowsingEnabled: optional(z.boolean()),
    guestCartEnabled: optional(z.boolean()),
    guestCheckoutEnabled: optional(z.boolean()),
    guestCartCheckoutEnabled: optional(z.boolean()),
    placeOrderV2Enabled: optional(z.boolean()),
    sessionDrivenCurrency: optional(z.boolean()),
    shopperConsentEnabled: optional(z.boolean()),
    skipPhoneNumberValidationEnabled: optional(z.boolean()),
    splitShipmentEnabled: optional(z.boolean()),
    usesSingleEntitlementPolicy: optional(z.boolean()),
    usesUniversalPricebooks: optional(z.boolean()),
    catalogSnapshotVersionId: optional(z.string()),
    country: optional(z.string()),
    currencyIsoCode: optional(z.string()),
    defaultCurrency: optional(z.string()),
    managedCheckoutVersion: optional(z.union([z.string(), z.number()])),
    shippingCountries: optional(z.array(z.string())),
    supportedCurrencies: optional(z.array(z.string())),
    taxType: optional(z.string()),
    checkoutSettings: optional(z.record(jsonValue)),
    clientSidePaymentConfiguration: optional(z.record(jsonValue)),
    giftingConfig: optional(
      z
        .object({
          isGiftingEnabled: optional(z.boolean()),
          isGiftMessageEnabled: optional(z.boolean()),
          isGiftWrapEnabled: optional(z.boolean()),
        })
        .catchall(jsonField),
    ),
    inventoryConfiguration: optional(
      z
        .object({
          isInventoryEnabled: optional(z.boolean()),
          inventoryDefaultSource: optional(
            z.object({ reservationInSeconds: optional(z.number()) }).catchall(jsonField),
          ),
        })
        .catchall(jsonField),
    ),
    markets: optional(z.array(MarketSchema)),
    orderStatuses: optional(z.array(z.object({ apiName: z.string(), displayValue: z.string() }).catchall(jsonField))),
    propertiesEx: optional(
      z
        .object({
          highScaleCartEnabled: optional(z.boolean()),
          shopperCopilotUIEnabled: optional(z.boolean()),
          paymentsLegacyFormsEnabled: optional(z.boolean()),
        })
        .catchall(jsonField),
    ),
    subscriptionConfig: optional(
      z
        .object({
          subscriptionPlusEnabled: optional(z.boolean()),
          rlmSubscriptionEnabled: optional(z.boolean()),
          commerceSubscriptionARCUIEnabled: optional(z.boolean()),
        })
        .catchall(jsonField),
    ),
  })
  .catchall(jsonField);
export type ApplicationContext = z.infer<typeof ApplicationContextSchema>;

/** session-context as the API answers it. */
export const RawSessionContextSchema = z
  .object({
    userId: optional(id),
    userName: optional(z.string()),
    firstName: optional(z.string()),
    guestUser: optional(z.boolean()),
    accountId: optional(id),
    accountName: optional(z.string()),
    effectiveAccountId: optional(id),
    effectiveAccountName: optional(z.string()),
    currencyIsoCode: optional(z.string()),
    isPreview: optional(z.boolean()),
    profile: optional(jsonValue),
    guestUserDetails: optional(jsonValue),
    buyerGroups: optional(jsonValue),
  })
  .catchall(jsonField);
export type RawSessionContext = z.infer<typeof RawSessionContextSchema>;

/** session-context as the storefront uses it (spec §3). */
export interface SessionContext {
  effectiveAccountId: string | undefined;
  effectiveAccountName: string | undefined;
  isLoggedIn: boolean;
  userId: string | undefined;
  userName: string | undefined;
  profile: unknown;
  guestUserDetails: unknown;
  buyerGroups: unknown;
  isPreview: boolean;
  currencyIsoCode: string | undefined;
}

export const PersonalizationConfigSchema = z
  .object({
    activityTrackingEnabled: optional(z.boolean()),
    catalogExists: optional(z.boolean()),
    isDeployed: optional(z.boolean()),
    deploymentEnabled: optional(z.boolean()),
    host: optional(z.string()),
    siteId: optional(z.string()),
    tenant: optional(z.string()),
  })
  .catchall(jsonField);
export type PersonalizationConfig = z.infer<typeof PersonalizationConfigSchema>;

export interface ManagedAccountAddress {
  city?: string | null;
  country?: string | null;
  state?: string | null;
  street?: string | null;
  zip?: string | null;
}

/** An item of `externalManagedAccounts` as the API answers it. */
export interface RawManagedAccount {
  accountId: string;
  accountName?: string | null;
  isMyAccount?: boolean | null;
  address?: (ManagedAccountAddress & { postalCode?: string | null }) | null;
}

export interface ManagedAccount {
  id: string;
  name: string;
  isCurrentUserDefaultAccount: boolean;
  address: ManagedAccountAddress;
}

export interface EffectiveAccount {
  id: string;
  name: string;
  fields?: Record<string, unknown>;
}
