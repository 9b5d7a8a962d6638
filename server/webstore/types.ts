/**
 * The JSON shapes of the webstore API (reference/webstore-api.md). Schemas are `passthrough` and lenient about
 * optional fields: they document what the storefront reads and let contract tests check an answer, without
 * rejecting the extra fields a newer API version adds. The client itself does not parse answers at run time.
 *
 * Money and quantities are JSON strings ("12.99", "2.0"); prices not yet calculated are null.
 */
import { z } from 'zod';

const money = z.string().nullable();
const id = z.string();
const optional = <T extends z.ZodTypeAny>(schema: T) => schema.nullable().optional();

export const AsyncOperationStatusSchema = z.enum(['Completed', 'Errored', 'Processing']);

export const CartSummarySchema = z
  .object({
    cartId: id.nullable(),
    accountId: optional(id),
    currencyIsoCode: optional(z.string()),
    name: optional(z.string()),
    ownerId: optional(id),
    type: optional(z.string()),
    webstoreId: optional(id),
    isSecondary: optional(z.boolean()),
    status: optional(z.enum(['Active', 'Checkout', 'Closed', 'PendingClosed', 'PendingDelete', 'Processing'])),
    asyncOperationStatus: optional(AsyncOperationStatusSchema),
    taxType: optional(z.string()),
    grandTotalAmount: optional(money),
    totalChargeAmount: optional(money),
    totalListPrice: optional(money),
    totalProductAmount: optional(money),
    totalProductAmountAfterAdjustments: optional(money),
    totalPromotionalAdjustmentAmount: optional(money),
    totalTaxAmount: optional(money),
    // What the first payment charges (subscriptions): flat fields, as Cart Summary documents them.
    firstPymtGrandTotalAmount: optional(money),
    firstPymtTotalAmount: optional(money),
    firstPymtTotalListPrice: optional(money),
    firstPymtTotalTaxAmount: optional(money),
    totalProductCount: optional(z.string()),
    totalProductLineItemCount: optional(z.number().int()),
    uniqueProductCount: optional(z.number().int()),
  })
  .passthrough();
export type CartSummary = z.infer<typeof CartSummarySchema>;

export const CartCompactSummarySchema = z
  .object({
    cartId: id.nullable(),
    currencyIsoCode: optional(z.string()),
    totalProductCount: z.string(),
    uniqueProductCount: z.number().int(),
  })
  .passthrough();
export type CartCompactSummary = z.infer<typeof CartCompactSummarySchema>;

export const ThumbnailImageSchema = z
  .object({ alternateText: optional(z.string()), url: optional(z.string()), title: optional(z.string()) })
  .passthrough();

export const CartProductSummarySchema = z
  .object({
    productId: id,
    name: optional(z.string()),
    sku: optional(z.string()),
    fields: optional(z.record(z.unknown())),
    thumbnailImage: optional(ThumbnailImageSchema),
    variationAttributes: optional(z.record(z.unknown())),
    purchaseQuantityRule: optional(z.record(z.unknown())),
    productClass: optional(z.string()),
    productUrlName: optional(z.string()),
  })
  .passthrough();

export const CartItemSchema = z
  .object({
    cartItemId: id.nullable(),
    cartId: optional(id),
    cartDeliveryGroupId: optional(id),
    productId: id,
    productSellingModelId: optional(id),
    name: optional(z.string()),
    quantity: z.string(),
    type: z.string(),
    currencyIsoCode: optional(z.string()),
    listPrice: optional(money),
    salesPrice: optional(money),
    unitAdjustedPrice: optional(money),
    totalListPrice: optional(money),
    totalPrice: optional(money),
    totalAmount: optional(money),
    totalTax: optional(money),
    totalAdjustmentAmount: optional(money),
    firstPymtTotalAmount: optional(money),
    firstPymtTotalListPrice: optional(money),
    firstPymtTotalPrice: optional(money),
    firstPymtTotalTax: optional(money),
    subscriptionTerm: optional(z.union([z.number(), z.string()])),
    sellingModelType: optional(z.string()),
    productDetails: optional(CartProductSummarySchema),
    messagesSummary: optional(z.record(z.unknown())),
  })
  .passthrough();
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartCouponSchema = z
  .object({ cartCouponId: id, couponCode: z.string(), termsAndConditions: optional(z.string()) })
  .passthrough();
export type CartCoupon = z.infer<typeof CartCouponSchema>;

export const CartCouponsSchema = z
  .object({
    cartCoupons: z.object({ coupons: z.array(CartCouponSchema) }).passthrough(),
    cartId: optional(id),
    cartStatus: optional(z.string()),
    ownerId: optional(id),
  })
  .passthrough();
export type CartCoupons = z.infer<typeof CartCouponsSchema>;

export const CartPromotionSchema = z
  .object({
    promotionId: id,
    displayName: optional(z.string()),
    targetType: optional(z.string()),
    adjustmentAmount: optional(money),
    couponCode: optional(z.string()),
    termsAndConditions: optional(z.string()),
  })
  .passthrough();

export const CartPromotionsSchema = z
  .object({
    cartId: optional(id),
    cartStatus: optional(z.string()),
    currencyIsoCode: optional(z.string()),
    promotions: z.object({ promotions: z.array(CartPromotionSchema) }).passthrough(),
  })
  .passthrough();
export type CartPromotions = z.infer<typeof CartPromotionsSchema>;

const tokenPage = {
  currentPageToken: optional(z.string()),
  currentPageUrl: optional(z.string()),
  nextPageToken: optional(z.string()),
  nextPageUrl: optional(z.string()),
  previousPageToken: optional(z.string()),
  previousPageUrl: optional(z.string()),
};

export const CartItemCollectionSchema = z
  .object({
    cartItems: z.array(
      z.object({ cartItem: CartItemSchema, status: optional(z.string()), message: optional(z.string()) }).passthrough(),
    ),
    cartSummary: optional(CartSummarySchema),
    cartCoupons: optional(CartCouponsSchema.shape.cartCoupons),
    cartPromotions: optional(CartPromotionsSchema),
    hasErrors: optional(z.boolean()),
    ...tokenPage,
    currentPage: optional(z.number().int()),
    totalItemCount: optional(z.number().int()),
    totalNumberOfPages: optional(z.number().int()),
  })
  .passthrough();
export type CartItemCollection = z.infer<typeof CartItemCollectionSchema>;

export const BatchResultSchema = z
  .object({
    hasErrors: z.boolean(),
    results: z.array(z.object({ statusCode: z.number().int(), result: z.unknown() }).passthrough()),
  })
  .passthrough();
export type BatchResult = z.infer<typeof BatchResultSchema>;

export const PreserveCartResultSchema = z
  .object({
    cartId: optional(id),
    numberOfProducts: optional(z.number()),
    numberOfProductsWithSuccess: optional(z.number()),
    numberOfProductsWithError: optional(z.number()),
    succeededCartItems: optional(z.array(z.unknown())),
    failedCartItems: optional(z.array(z.unknown())),
  })
  .passthrough();
export type PreserveCartResult = z.infer<typeof PreserveCartResultSchema>;

export const CartProductCollectionSchema = z
  .object({
    count: optional(z.number()),
    currentPage: optional(z.number()),
    hasErrors: optional(z.boolean()),
    products: z.array(z.record(z.unknown())),
    totalItemCount: optional(z.number()),
    totalNumberOfPages: optional(z.number()),
  })
  .passthrough();
export type CartProductCollection = z.infer<typeof CartProductCollectionSchema>;

export const MarketSchema = z
  .object({ marketId: optional(id), localeCurrencyMap: optional(z.record(z.string())) })
  .passthrough();

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
    checkoutSettings: optional(z.record(z.unknown())),
    clientSidePaymentConfiguration: optional(z.record(z.unknown())),
    giftingConfig: optional(
      z
        .object({
          isGiftingEnabled: optional(z.boolean()),
          isGiftMessageEnabled: optional(z.boolean()),
          isGiftWrapEnabled: optional(z.boolean()),
        })
        .passthrough(),
    ),
    inventoryConfiguration: optional(
      z
        .object({
          isInventoryEnabled: optional(z.boolean()),
          inventoryDefaultSource: optional(z.object({ reservationInSeconds: optional(z.number()) }).passthrough()),
        })
        .passthrough(),
    ),
    markets: optional(z.array(MarketSchema)),
    orderStatuses: optional(z.array(z.object({ apiName: z.string(), displayValue: z.string() }).passthrough())),
    propertiesEx: optional(
      z
        .object({
          highScaleCartEnabled: optional(z.boolean()),
          shopperCopilotUIEnabled: optional(z.boolean()),
          paymentsLegacyFormsEnabled: optional(z.boolean()),
        })
        .passthrough(),
    ),
    subscriptionConfig: optional(
      z
        .object({
          subscriptionPlusEnabled: optional(z.boolean()),
          rlmSubscriptionEnabled: optional(z.boolean()),
          commerceSubscriptionARCUIEnabled: optional(z.boolean()),
        })
        .passthrough(),
    ),
  })
  .passthrough();
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
    profile: optional(z.unknown()),
    guestUserDetails: optional(z.unknown()),
    buyerGroups: optional(z.unknown()),
  })
  .passthrough();
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
  .passthrough();
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

export const ProductPriceSchema = z
  .object({
    productId: optional(id),
    currencyIsoCode: optional(z.string()),
    listPrice: optional(money),
    unitPrice: optional(money),
    pricebookEntryId: optional(id),
    success: optional(z.boolean()),
    error: optional(z.unknown()),
  })
  .passthrough();
export type ProductPrice = z.infer<typeof ProductPriceSchema>;

export const ProductPricesSchema = z
  .object({ currencyIsoCode: optional(z.string()), pricingLineItemResults: z.array(ProductPriceSchema) })
  .passthrough();
export type ProductPrices = z.infer<typeof ProductPricesSchema>;

export const ProductDetailSchema = z
  .object({
    id,
    fields: optional(z.record(z.unknown())),
    defaultImage: optional(z.record(z.unknown())),
    mediaGroups: optional(z.array(z.unknown())),
    primaryProductCategoryPath: optional(z.record(z.unknown())),
    productClass: optional(z.string()),
    purchaseQuantityRule: optional(z.record(z.unknown())),
    variationAttributeSet: optional(z.record(z.unknown())),
    variationInfo: optional(z.record(z.unknown())),
    productSellingModels: optional(z.array(z.unknown())),
  })
  .passthrough();
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const ProductSummarySchema = z
  .object({
    id,
    name: optional(z.string()),
    fields: optional(z.record(z.unknown())),
    defaultImage: optional(z.record(z.unknown())),
    prices: optional(z.record(z.unknown())),
    productClass: optional(z.string()),
  })
  .passthrough();

export const ProductSearchResultsSchema = z
  .object({
    productsPage: z
      .object({
        products: z.array(ProductSummarySchema),
        total: optional(z.number()),
        currentPage: optional(z.number()),
        pageSize: optional(z.number()),
      })
      .passthrough(),
    categories: optional(z.record(z.unknown())),
    facets: optional(z.array(z.unknown())),
    locale: optional(z.string()),
  })
  .passthrough();
export type ProductSearchResults = z.infer<typeof ProductSearchResultsSchema>;

export const ProductCategorySchema = z
  .object({ id, fields: optional(z.record(z.unknown())), name: optional(z.string()) })
  .passthrough();
export type ProductCategory = z.infer<typeof ProductCategorySchema>;

export const DeliveryGroupSchema = z
  .object({
    id,
    name: optional(z.string()),
    isDefault: optional(z.boolean()),
    cartId: optional(id),
    deliveryAddress: optional(z.record(z.unknown())),
    totalCartItemCount: optional(z.union([z.number(), z.string()])),
    cartItems: optional(z.unknown()),
    availableDeliveryMethods: optional(z.array(z.record(z.unknown()))),
    selectedDeliveryMethod: optional(z.record(z.unknown())),
  })
  .passthrough();
export type DeliveryGroup = z.infer<typeof DeliveryGroupSchema>;

export const DeliveryGroupCollectionSchema = z
  .object({ count: optional(z.number()), items: z.array(DeliveryGroupSchema), ...tokenPage })
  .passthrough();
export type DeliveryGroupCollection = z.infer<typeof DeliveryGroupCollectionSchema>;

/** An input field a checkout error is about: `name` is its path in the request body, e.g. `cardPaymentMethod.cvv`. */
export const InvalidParameterSchema = z.object({ name: z.string(), reason: optional(z.string()) }).passthrough();

export const CheckoutErrorSchema = z
  .object({
    type: z.string(),
    title: optional(z.string()),
    detail: optional(z.string()),
    instance: optional(z.string()),
    invalidParameters: optional(z.array(InvalidParameterSchema)),
  })
  .passthrough();
export type CheckoutError = z.infer<typeof CheckoutErrorSchema>;

/** POST payments/token's answer: the gateway's token only, never the card's digits or brand. */
export const PaymentTokenSchema = z
  .object({ token: optional(z.string()), errors: optional(z.array(CheckoutErrorSchema)) })
  .passthrough();
export type PaymentToken = z.infer<typeof PaymentTokenSchema>;

export const CheckoutSchema = z
  .object({
    checkoutId: optional(id),
    cartSummary: optional(CartSummarySchema),
    contactInfo: optional(z.record(z.unknown())),
    deliveryGroups: optional(DeliveryGroupCollectionSchema),
    errors: optional(z.array(CheckoutErrorSchema)),
    orderReferenceNumber: optional(z.string()),
    statusCode: optional(z.string()),
  })
  .passthrough();
export type Checkout = z.infer<typeof CheckoutSchema>;

export const AddressSchema = z
  .object({
    addressId: optional(id),
    addressType: optional(z.string()),
    name: optional(z.string()),
    firstName: optional(z.string()),
    lastName: optional(z.string()),
    companyName: optional(z.string()),
    street: optional(z.string()),
    city: optional(z.string()),
    region: optional(z.string()),
    postalCode: optional(z.string()),
    country: optional(z.string()),
    phoneNumber: optional(z.string()),
    isDefault: optional(z.boolean()),
  })
  .passthrough();
export type Address = z.infer<typeof AddressSchema>;

export const AddressCollectionSchema = z
  .object({ count: optional(z.number()), items: z.array(AddressSchema), ...tokenPage })
  .passthrough();
export type AddressCollection = z.infer<typeof AddressCollectionSchema>;

/** Wishlist and order shapes are only partly documented (reference §7, §8); the storefront reads them loosely. */
export type JsonObject = Record<string, unknown>;

/** The postal fields every address input shares: saved addresses and a checkout's delivery address. */
export interface PostalAddressFields {
  name?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  street?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
  phoneNumber?: string;
}
