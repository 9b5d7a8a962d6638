import { z } from "zod";
import { id, money, tokenPage, optional, jsonValue, jsonField } from "./common.js";
import { CartItemCollectionSchema, CartSummarySchema } from "./carts.js";

/** Checkout: delivery methods and groups, checkout errors, payment tokens, checkouts. */

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
  .catchall(jsonField);

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
  .catchall(jsonField);

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
    errors: optional(z.array(jsonValue)),
    totalCartItemCount: optional(z.union([z.number(), z.string()])),
    totalProductAmount: optional(money),
    isGift: optional(z.boolean()),
    giftMessage: optional(z.string()),
    giftToName: optional(z.string()),
    isAllDigitalCartItems: optional(z.boolean()),
    customFields: optional(z.array(jsonValue)),
  })
  .catchall(jsonField);
export type DeliveryGroup = z.infer<typeof DeliveryGroupSchema>;

export const DeliveryGroupCollectionSchema = z
  .object({ count: optional(z.number()), items: z.array(DeliveryGroupSchema), ...tokenPage })
  .catchall(jsonField);
export type DeliveryGroupCollection = z.infer<typeof DeliveryGroupCollectionSchema>;

/** An input field a checkout error is about: `name` is its path in the request body, e.g. `cardPaymentMethod.cvv`. */
export const InvalidParameterSchema = z.object({ name: z.string(), reason: optional(z.string()) }).catchall(jsonField);

export const CheckoutErrorSchema = z
  .object({
    type: z.string(),
    title: optional(z.string()),
    detail: optional(z.string()),
    instance: optional(z.string()),
    invalidParameters: optional(z.array(InvalidParameterSchema)),
  })
  .catchall(jsonField);
export type CheckoutError = z.infer<typeof CheckoutErrorSchema>;

/** POST payments/token's answer: the gateway's token only, never the card's digits or brand. */
export const PaymentTokenSchema = z
  .object({ token: optional(z.string()), errors: optional(z.array(CheckoutErrorSchema)) })
  .catchall(jsonField);
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
        .catchall(jsonField),
    ),
    deliveryGroups: optional(DeliveryGroupCollectionSchema),
    errors: optional(z.array(CheckoutErrorSchema)),
    orderReferenceNumber: optional(z.string()),
    statusCode: optional(z.string()),
    customFields: optional(z.array(jsonValue)),
  })
  .catchall(jsonField);
export type Checkout = z.infer<typeof CheckoutSchema>;
