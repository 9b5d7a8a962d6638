/**
 * The JSON shapes of the webstore API (reference/webstore-api.md). Schemas are `passthrough` and lenient about
 * optional fields: they document what the storefront reads and let contract tests check an answer, without
 * rejecting the extra fields a newer API version adds. The client itself does not parse answers at run time.
 *
 * Money and quantities are JSON strings ("12.99", "2.0"); prices not yet calculated are null.
 */
import { z } from "zod";

const money = z.string().nullable();
const id = z.string();
const optional = <T extends z.ZodTypeAny>(schema: T) => schema.nullable().optional();

export const AsyncOperationStatusSchema = z.enum(["Completed", "Errored", "Processing"]);

/** Cart Messages Summary (cart summary and cart item): `limitedMessages` are `{message, severity, type}`. */
export const MessagesSummarySchema = z
  .object({
    errorCount: optional(z.number().int()),
    hasErrors: optional(z.boolean()),
    limitedMessages: optional(
      z.array(
        z
          .object({ message: optional(z.string()), severity: optional(z.string()), type: optional(z.string()) })
          .passthrough(),
      ),
    ),
    relatedEntityId: optional(id),
    totalLineItemsWithErrors: optional(z.number().int()),
  })
  .passthrough();

/** Cart Summary (connect_responses_cart_summary): every documented field, so a contract test can tell an invented one. */
export const CartSummarySchema = z
  .object({
    cartId: id.nullable(),
    accountId: optional(id),
    currencyIsoCode: optional(z.string()),
    name: optional(z.string()),
    ownerId: optional(id),
    orderOwnerId: optional(id),
    purchaseOrderNumber: optional(z.string()),
    type: optional(z.string()),
    webstoreId: optional(id),
    isSecondary: optional(z.boolean()),
    hasGift: optional(z.boolean()),
    status: optional(z.enum(["Active", "Checkout", "Closed", "PendingClosed", "PendingDelete", "Processing"])),
    asyncOperationStatus: optional(AsyncOperationStatusSchema),
    taxType: optional(z.string()),
    grandTotalAmount: optional(money),
    totalChargeAmount: optional(money),
    totalListPrice: optional(money),
    totalProductListAmount: optional(money),
    totalProductAmount: optional(money),
    totalProductAmountAfterAdjustments: optional(money),
    totalPromotionalAdjustmentAmount: optional(money),
    totalAmountWithItemAdjustment: optional(money),
    totalCartLevelAdjustmentAmount: optional(money),
    totalTaxAmount: optional(money),
    // What the first payment charges (subscriptions): flat fields, as Cart Summary documents them.
    firstPymtGrandTotalAmount: optional(money),
    firstPymtTotalAmount: optional(money),
    firstPymtTotalListPrice: optional(money),
    firstPymtTotalTaxAmount: optional(money),
    totalProductCount: optional(z.string()),
    totalProductLineItemCount: optional(z.number().int()),
    totalSubProductCount: optional(z.string()),
    uniqueProductCount: optional(z.number().int()),
    customFields: optional(z.array(z.unknown())),
    messagesSummary: optional(MessagesSummarySchema),
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
  .object({
    alternateText: optional(z.string()),
    contentVersionId: optional(id),
    id: optional(id),
    mediaType: optional(z.string()),
    sortOrder: optional(z.number()),
    thumbnailUrl: optional(z.string()),
    title: optional(z.string()),
    url: optional(z.string()),
  })
  .passthrough();

/** Cart Item Product (connect_responses_cart_product_summary); also a wishlist item's productSummary. */
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
    isConfigurationAllowed: optional(z.boolean()),
  })
  .passthrough();

/** Cart Item (connect_responses_cart_item). */
export const CartItemSchema = z
  .object({
    cartItemId: id.nullable(),
    cartId: optional(id),
    cartDeliveryGroupId: optional(id),
    parentCartItemId: optional(id),
    productId: id,
    productSellingModelId: optional(id),
    name: optional(z.string()),
    quantity: z.string(),
    type: z.string(),
    currencyIsoCode: optional(z.string()),
    listPrice: optional(money),
    salesPrice: optional(money),
    unitAdjustedPrice: optional(money),
    unitAdjustmentAmount: optional(money),
    unitAdjustedPriceWithItemAdj: optional(money),
    unitItemAdjustmentAmount: optional(money),
    totalListPrice: optional(money),
    totalPrice: optional(money),
    totalAmount: optional(money),
    totalTax: optional(money),
    totalAdjustmentAmount: optional(money),
    itemizedAdjustmentAmount: optional(money),
    firstPymtTotalAmount: optional(money),
    firstPymtTotalListPrice: optional(money),
    firstPymtTotalPrice: optional(money),
    firstPymtTotalTax: optional(money),
    billingFrequency: optional(z.string()),
    sellingModelType: optional(z.string()),
    subscriptionTerm: optional(z.union([z.number(), z.string()])),
    productClass: optional(z.string()),
    childProductCount: optional(z.number().int()),
    isShippingChargeNotApplicable: optional(z.boolean()),
    subType: optional(z.string()),
    promotionDisplayName: optional(z.string()),
    customFields: optional(z.array(z.unknown())),
    cartData: optional(z.unknown()),
    productDetails: optional(CartProductSummarySchema),
    messagesSummary: optional(MessagesSummarySchema),
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

/** A Cart Item Result: the item with its status (`cartItems[]` of the collection, wishlist-to-cart results). */
export const CartItemResultSchema = z
  .object({ cartItem: CartItemSchema, status: optional(z.string()), message: optional(z.string()) })
  .passthrough();

/**
 * Cart Item Collection (connect_responses_cart_item_collection). `cartCoupons` is the whole Cart Coupons output
 * ({cartCoupons:{coupons}, cartId, cartStatus, ownerId}) **[I]**: the page names the field, the storefront reads both.
 */
export const CartItemCollectionSchema = z
  .object({
    cartItems: z.array(CartItemResultSchema),
    cartSummary: optional(CartSummarySchema),
    cartCoupons: optional(CartCouponsSchema),
    cartPromotions: optional(CartPromotionsSchema),
    approachingDiscounts: optional(z.unknown()),
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

/** ConnectApi.ErrorResponse, the `error` of a price line or a product overview. */
const ErrorResponseSchema = z.object({ errorCode: optional(z.string()), message: optional(z.string()) }).passthrough();

/** A Product Price Entry (56.0): the product's price for one selling model. */
export const ProductPriceEntrySchema = z
  .object({
    productSellingModelId: optional(id),
    pricebookEntryId: optional(id),
    listPrice: optional(money),
    unitPrice: optional(money),
    success: optional(z.boolean()),
    error: optional(ErrorResponseSchema),
  })
  .passthrough();

/** Product Price (GET pricing/products/{productId}); also a line of a Pricing Result (with productId, success, error). */
export const ProductPriceSchema = z
  .object({
    productId: optional(id),
    currencyIsoCode: optional(z.string()),
    listPrice: optional(money),
    unitPrice: optional(money),
    pricebookEntryId: optional(id),
    productPriceEntries: optional(z.array(ProductPriceEntrySchema)),
    success: optional(z.boolean()),
    error: optional(ErrorResponseSchema),
  })
  .passthrough();
export type ProductPrice = z.infer<typeof ProductPriceSchema>;

export const ProductPricesSchema = z
  .object({
    currencyIsoCode: optional(z.string()),
    pricingLineItemResults: z.array(ProductPriceSchema),
    success: optional(z.boolean()),
  })
  .passthrough();
export type ProductPrices = z.infer<typeof ProductPricesSchema>;

/** A Sort Rule of GET search/sort-rules. */
export const SortRuleSchema = z
  .object({
    sortRuleId: id,
    label: optional(z.string()),
    labelSuffix: optional(z.string()),
    nameOrId: optional(z.string()),
    type: optional(z.string()),
    direction: optional(z.string()),
    sortOrder: optional(z.number()),
  })
  .passthrough();
export type SortRule = z.infer<typeof SortRuleSchema>;

/** Product Overview Collection (GET products?ids=). */
export const ProductOverviewCollectionSchema = z
  .object({
    products: z.array(
      z
        .object({
          id: id.nullable(),
          sku: optional(z.string()),
          fields: optional(z.record(z.unknown())),
          defaultImage: optional(z.record(z.unknown())),
          success: optional(z.boolean()),
          error: optional(ErrorResponseSchema),
        })
        .passthrough(),
    ),
    total: optional(z.number()),
  })
  .passthrough();
export type ProductOverviewCollection = z.infer<typeof ProductOverviewCollectionSchema>;

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

/** Delivery Method (connect_responses_delivery_method). */
export const DeliveryMethodSchema = z
  .object({
    id,
    name: optional(z.string()),
    carrier: optional(z.string()),
    classOfService: optional(z.string()),
    currencyIsoCode: optional(z.string()),
    shippingFee: optional(money),
    adjustedShippingFee: optional(money),
    totalAdjustmentAmount: optional(money),
    processTime: optional(z.number()),
    processTimeUnit: optional(z.string()),
    transitTimeMin: optional(z.number()),
    transitTimeMax: optional(z.number()),
    earliestEstimatedDeliveryTime: optional(z.string()),
    latestEstimatedDeliveryTime: optional(z.string()),
  })
  .passthrough();

/** A delivery group's address: the checkout address fields; `shipToPhoneNumber` echoes the 63.0 input field [I]. */
export const CheckoutAddressSchema = z
  .object({
    id: optional(id),
    name: optional(z.string()),
    firstName: optional(z.string()),
    lastName: optional(z.string()),
    companyName: optional(z.string()),
    street: optional(z.string()),
    city: optional(z.string()),
    region: optional(z.string()),
    postalCode: optional(z.string()),
    country: optional(z.string()),
    shipToPhoneNumber: optional(z.string()),
  })
  .passthrough();

/** Cart Delivery Group (connect_responses_cart_delivery_group; reference §4). */
export const DeliveryGroupSchema = z
  .object({
    id,
    name: optional(z.string()),
    isDefault: optional(z.boolean()),
    cartId: optional(id),
    deliveryAddress: optional(CheckoutAddressSchema),
    desiredDeliveryDate: optional(z.string()),
    shippingInstructions: optional(z.string()),
    availableDeliveryMethods: optional(z.array(DeliveryMethodSchema)),
    selectedDeliveryMethod: optional(DeliveryMethodSchema),
    cartItems: optional(CartItemCollectionSchema.partial()),
    errors: optional(z.array(z.unknown())),
    totalCartItemCount: optional(z.union([z.number(), z.string()])),
    totalProductAmount: optional(money),
    isGift: optional(z.boolean()),
    giftMessage: optional(z.string()),
    giftToName: optional(z.string()),
    isAllDigitalCartItems: optional(z.boolean()),
    customFields: optional(z.array(z.unknown())),
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

/** Checkout (connect_responses_checkout): its cart summary omits customFields. */
export const CheckoutSchema = z
  .object({
    checkoutId: optional(id),
    cartSummary: optional(CartSummarySchema),
    contactInfo: optional(
      z
        .object({
          firstName: optional(z.string()),
          lastName: optional(z.string()),
          email: optional(z.string()),
          phoneNumber: optional(z.string()),
        })
        .passthrough(),
    ),
    deliveryGroups: optional(DeliveryGroupCollectionSchema),
    errors: optional(z.array(CheckoutErrorSchema)),
    orderReferenceNumber: optional(z.string()),
    statusCode: optional(z.string()),
    customFields: optional(z.array(z.unknown())),
  })
  .passthrough();
export type Checkout = z.infer<typeof CheckoutSchema>;

/** Commerce Address (connect_responses_commerce_address_output; no countryCode / regionCode after 58.0). */
export const AddressSchema = z
  .object({
    addressId: optional(id),
    addressType: optional(z.string()),
    name: optional(z.string()),
    firstName: optional(z.string()),
    middleName: optional(z.string()),
    lastName: optional(z.string()),
    companyName: optional(z.string()),
    street: optional(z.string()),
    city: optional(z.string()),
    region: optional(z.string()),
    postalCode: optional(z.string()),
    country: optional(z.string()),
    phoneNumber: optional(z.string()),
    isDefault: optional(z.boolean()),
    fields: optional(z.record(z.unknown())),
  })
  .passthrough();
export type Address = z.infer<typeof AddressSchema>;

/** Commerce Address Collection (connect_responses_commerce_address_collection). */
export const AddressCollectionSchema = z
  .object({
    count: optional(z.number()),
    items: z.array(AddressSchema),
    ...tokenPage,
    pageSize: optional(z.number().int()),
    sortOrder: optional(z.string()),
  })
  .passthrough();
export type AddressCollection = z.infer<typeof AddressCollectionSchema>;

/** Wishlist Summary (Apex ConnectApi.WishlistSummary also lists createdDate and modifiedDate). */
export const WishlistSummarySchema = z
  .object({
    id,
    name: optional(z.string()),
    wishlistProductCount: optional(z.number().int()),
    createdDate: optional(z.string()),
    modifiedDate: optional(z.string()),
  })
  .passthrough();

/** Wishlist Item: `error` is the emulator's reading of the collection's `hasErrors` [I]. */
export const WishlistItemSchema = z
  .object({
    wishlistItemId: id,
    productSummary: optional(CartProductSummarySchema),
    listPrice: optional(money),
    salesPrice: optional(money),
    error: optional(z.object({ errorCode: optional(z.string()), message: optional(z.string()) }).passthrough()),
  })
  .passthrough();

/** Wishlist Item Collection (connect_responses_wishlist_item_collection). */
export const WishlistItemCollectionSchema = z
  .object({
    currencyIsoCode: optional(z.string()),
    hasErrors: optional(z.boolean()),
    items: z.array(WishlistItemSchema),
    ...tokenPage,
  })
  .passthrough();

/** Wishlist (Apex ConnectApi.Wishlist): `{summary, page}`. */
export const WishlistSchema = z
  .object({ summary: WishlistSummarySchema, page: WishlistItemCollectionSchema })
  .passthrough();

/** Wishlists Summaries: GET wishlists. */
export const WishlistSummariesSchema = z
  .object({
    summaries: z.array(WishlistSummarySchema),
    displayedList: optional(WishlistSchema),
    wishlistCount: optional(z.number().int()),
  })
  .passthrough();

/** A record field of the order resources: `{dataName, label, text, type}` (LWR order fixtures). */
export const RecordFieldSchema = z
  .object({
    dataName: optional(z.string()),
    label: optional(z.string()),
    text: optional(z.string()),
    type: optional(z.string()),
  })
  .passthrough();

/** Order Summary (connect_responses_order_summary). */
export const OrderSummarySchema = z
  .object({
    orderSummaryId: id,
    orderNumber: optional(z.string()),
    createdDate: optional(z.string()),
    orderedDate: optional(z.string()),
    ownerId: optional(id),
    status: optional(z.string()),
    totalAmount: optional(money),
    currencyIsoCode: optional(z.string()),
    orderProductTopLevelLineCount: optional(z.number().int()),
    adjustmentAggregates: optional(z.record(z.unknown())),
    fields: optional(z.record(RecordFieldSchema)),
    products: optional(z.array(z.record(z.unknown()))),
  })
  .passthrough();

/** Order Summary Collection (connect_responses_order_summary_collection). */
export const OrderSummaryCollectionSchema = z
  .object({
    count: optional(z.number().int()),
    orderSummaries: z.array(OrderSummarySchema),
    ...tokenPage,
    sortOrder: optional(z.string()),
  })
  .passthrough();

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
