import type { CheckoutLine } from "../../app/checkout/model/index";

/** A cart line of the checkout in group `groupId`. */
export const line = (id: string, groupId: string, quantity = 1, name = `Product ${id}`): CheckoutLine => ({
  id,
  productId: `01t${id}`,
  name,
  quantity,
  totalPrice: "10.00",
  groupId,
  errors: [],
});

/** A delivery method of the API's delivery groups: `fee` in dollars, `min`-`max` days in transit. */
export const method = (id: string, fee: string, min = 3, max = 5) => ({
  id,
  name: `Method ${id}`,
  carrier: "USPS",
  shippingFee: fee,
  adjustedShippingFee: fee,
  currencyIsoCode: "USD",
  transitTimeMin: min,
  transitTimeMax: max,
});
