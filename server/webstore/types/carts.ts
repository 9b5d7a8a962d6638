import { z } from "zod";
import { id, money, tokenPage, optional, jsonValue, jsonField } from "./common.js";

/** Carts: summaries, items, coupons, promotions and the collections of the cart resources. */

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
          .catchall(jsonField),
      ),
    ),
    relatedEntityId: optional(id),
    totalLineItemsWithErrors: optional(z.number().int()),
  })
  .catchall(jsonField);

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
    customFields: optional(z.array(jsonValue)),
    messagesSummary: optional(MessagesSummarySchema),
  })
  .catchall(jsonField);
export type CartSummary = z.infer<typeof CartSummarySchema>;

export const CartCompactSummarySchema = z
  .object({
    cartId: id.nullable(),
    currencyIsoCode: optional(z.string()),
    totalProductCount: z.string(),
    uniqueProductCount: z.number().int(),
  })
  .catchall(jsonField);
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
  .catchall(jsonField);

/** Cart Item Product (connect_responses_cart_product_summary); also a wishlist item's productSummary. */
export const CartProductSummarySchema = z
  .object({
    productId: id,
    name: optional(z.string()),
    sku: optional(z.string()),
    fields: optional(z.record(jsonValue)),
    thumbnailImage: optional(ThumbnailImageSchema),
    variationAttributes: optional(z.record(jsonValue)),
    purchaseQuantityRule: optional(z.record(jsonValue)),
    productClass: optional(z.string()),
    productUrlName: optional(z.string()),
    isConfigurationAllowed: optional(z.boolean()),
  })
  .catchall(jsonField);

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
    customFields: optional(z.array(jsonValue)),
    cartData: optional(jsonValue),
    productDetails: optional(CartProductSummarySchema),
    messagesSummary: optional(MessagesSummarySchema),
  })
  .catchall(jsonField);
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartCouponSchema = z
  .object({ cartCouponId: id, couponCode: z.string(), termsAndConditions: optional(z.string()) })
  .catchall(jsonField);
export type CartCoupon = z.infer<typeof CartCouponSchema>;

export const CartCouponsSchema = z
  .object({
    cartCoupons: z.object({ coupons: z.array(CartCouponSchema) }).catchall(jsonField),
    cartId: optional(id),
    cartStatus: optional(z.string()),
    ownerId: optional(id),
  })
  .catchall(jsonField);
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
  .catchall(jsonField);

export const CartPromotionsSchema = z
  .object({
    cartId: optional(id),
    cartStatus: optional(z.string()),
    currencyIsoCode: optional(z.string()),
    promotions: z.object({ promotions: z.array(CartPromotionSchema) }).catchall(jsonField),
  })
  .catchall(jsonField);
export type CartPromotions = z.infer<typeof CartPromotionsSchema>;

/** A Cart Item Result: the item with its status (`cartItems[]` of the collection, wishlist-to-cart results). */
export const CartItemResultSchema = z
  .object({ cartItem: CartItemSchema, status: optional(z.string()), message: optional(z.string()) })
  .catchall(jsonField);

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
    approachingDiscounts: optional(jsonValue),
    hasErrors: optional(z.boolean()),
    ...tokenPage,
    currentPage: optional(z.number().int()),
    totalItemCount: optional(z.number().int()),
    totalNumberOfPages: optional(z.number().int()),
  })
  .catchall(jsonField);
export type CartItemCollection = z.infer<typeof CartItemCollectionSchema>;

export const BatchResultSchema = z
  .object({
    hasErrors: z.boolean(),
    results: z.array(z.object({ statusCode: z.number().int(), result: jsonValue }).catchall(jsonField)),
  })
  .catchall(jsonField);
export type BatchResult = z.infer<typeof BatchResultSchema>;

export const PreserveCartResultSchema = z
  .object({
    cartId: optional(id),
    numberOfProducts: optional(z.number()),
    numberOfProductsWithSuccess: optional(z.number()),
    numberOfProductsWithError: optional(z.number()),
    succeededCartItems: optional(z.array(jsonValue)),
    failedCartItems: optional(z.array(jsonValue)),
  })
  .catchall(jsonField);
export type PreserveCartResult = z.infer<typeof PreserveCartResultSchema>;

export const CartProductCollectionSchema = z
  .object({
    count: optional(z.number()),
    currentPage: optional(z.number()),
    hasErrors: optional(z.boolean()),
    products: z.array(z.record(jsonValue)),
    totalItemCount: optional(z.number()),
    totalNumberOfPages: optional(z.number()),
  })
  .catchall(jsonField);
export type CartProductCollection = z.infer<typeof CartProductCollectionSchema>;
