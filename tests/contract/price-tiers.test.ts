import { describe, expect, it } from "vitest";
import { ProductPriceSchema } from "../../server/webstore/index.js";
import { TARGET_NAMES, at, login } from "./targets.js";
import { useTarget } from "./use-target.js";
import { add, newCart, shopper, type Shopper } from "./carts-helpers.js";
import { payableCheckout, shopper as checkoutShopper } from "./checkout-helpers.js";
import { shapeProblems } from "./strict-schema.js";

/**
 * Volume prices (docs/emulator.md, "Volume prices"): the Product Price's `priceAdjustment`
 * (ConnectApi.PriceAdjustmentSchedule with its ConnectApi.PriceAdjustmentTier list) and a cart line priced by the
 * tier its quantity reaches. lowerBound is the first quantity of a tier, upperBound the first it no longer covers
 * (PriceAdjustmentTier.UpperBound), null for the last tier.
 */
const FILTERS = "01tDM0000000022"; // $8.00 (list $9.00): 5% off 10-49, 10% off 50+; £6.40 in GBP
const HOUSE_ESPRESSO = "01tDM0000000005"; // $38.00 (list $42.00): $2 off 6-23, $4 off 24+; £30.40, £1.60 / £3.20 off
const FRENCH_PRESS = "01tDM0000000023"; // no volume prices

const filterTiers = (first: string, second: string) => [
  {
    adjustmentType: "PercentageBasedAdjustment",
    adjustmentValue: "5",
    id: expect.stringMatching(/^0uP/),
    lowerBound: "10",
    tierUnitPrice: first,
    upperBound: "50",
  },
  {
    adjustmentType: "PercentageBasedAdjustment",
    adjustmentValue: "10",
    id: expect.stringMatching(/^0uP/),
    lowerBound: "50",
    tierUnitPrice: second,
    upperBound: null,
  },
];

describe.each(TARGET_NAMES)("volume prices (%s)", (name) => {
  const { target, call } = useTarget(name);

  describe("the product price", () => {
    it("lists the price book entry's tiers with each tier's unit price", async () => {
      const res = await call("GET", `pricing/products/${FILTERS}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ currencyIsoCode: "USD", unitPrice: "8.00", listPrice: "9.00" });
      // adjustmentMethod and scheduleType (59.0) are "Reserved for future use": listed, never filled.
      expect(res.body.priceAdjustment).toEqual({
        adjustmentMethod: null,
        id: expect.stringMatching(/^0uO/),
        priceAdjustmentTiers: filterTiers("7.60", "7.20"),
        scheduleType: null,
      });
      // Every field is one the client's types name (the documented ConnectApi output classes).
      expect(shapeProblems(ProductPriceSchema, res.body)).toEqual([]);
    });

    it("answers amounts off as amounts, and null for a product without volume prices", async () => {
      const espresso = await call("GET", `pricing/products/${HOUSE_ESPRESSO}`);
      expect(
        espresso.body.priceAdjustment.priceAdjustmentTiers.map((t: any) => [
          t.adjustmentType,
          t.adjustmentValue,
          t.lowerBound,
          t.upperBound,
          t.tierUnitPrice,
        ]),
      ).toEqual([
        ["AmountBasedAdjustment", "2.00", "6", "24", "36.00"],
        ["AmountBasedAdjustment", "4.00", "24", null, "34.00"],
      ]);
      const plain = await call("GET", `pricing/products/${FRENCH_PRESS}`);
      expect(plain.body.priceAdjustment).toBeNull();
    });

    it("has no adjustmentMethod or scheduleType before 59.0", async () => {
      const res = await call("GET", at("v58.0", `pricing/products/${FILTERS}`));
      expect(res.body.priceAdjustment).toEqual({
        id: expect.stringMatching(/^0uO/),
        priceAdjustmentTiers: filterTiers("7.60", "7.20"),
      });
    });

    it("prices the tiers from the GBP book in GBP: percentages as they are, amounts at the book's rate", async () => {
      const usd = await call("GET", `pricing/products/${FILTERS}`);
      const gbp = await call("GET", `pricing/products/${FILTERS}?currencyIsoCode=GBP`);
      expect(gbp.body).toMatchObject({ currencyIsoCode: "GBP", unitPrice: "6.40" });
      expect(gbp.body.priceAdjustment.priceAdjustmentTiers).toEqual(filterTiers("6.08", "5.76"));
      expect(gbp.body.priceAdjustment.id).not.toBe(usd.body.priceAdjustment.id);
      const espresso = await call("GET", `pricing/products/${HOUSE_ESPRESSO}?language=en_GB`);
      expect(
        espresso.body.priceAdjustment.priceAdjustmentTiers.map((t: any) => [t.adjustmentValue, t.tierUnitPrice]),
      ).toEqual([
        ["1.60", "28.80"],
        ["3.20", "27.20"],
      ]);
    });
  });

  describe("a cart line", () => {
    const line = async (s: Shopper, cartId: string, productId: string) => {
      const items = await s("GET", `carts/${cartId}/cart-items`);
      return items.body.cartItems.map((i: any) => i.cartItem).find((i: any) => i.productId === productId);
    };
    const setQuantity = async (s: Shopper, cartId: string, itemId: string, quantity: string) => {
      const res = await s("PATCH", `carts/${cartId}/cart-items/${itemId}`, { quantity });
      expect(res.status).toBe(200);
      return res.body;
    };

    it("is priced by the tier its quantity reaches: the lower bound counts, the upper bound doesn't", async () => {
      const guest = shopper(target);
      const cartId = await newCart(guest);
      const added = await add(guest, cartId, FILTERS, "9");
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ salesPrice: "8.00", listPrice: "9.00", totalPrice: "72.00" });
      const itemId = added.body.cartItemId;

      expect(await setQuantity(guest, cartId, itemId, "10")).toMatchObject({
        quantity: "10.0",
        listPrice: "9.00",
        salesPrice: "7.60",
        unitAdjustedPrice: "7.60",
        totalListPrice: "90.00",
        totalPrice: "76.00",
        totalAmount: "76.00",
      });
      expect(await setQuantity(guest, cartId, itemId, "49")).toMatchObject({
        salesPrice: "7.60",
        totalPrice: "372.40",
      });
      expect(await setQuantity(guest, cartId, itemId, "50")).toMatchObject({
        salesPrice: "7.20",
        totalPrice: "360.00",
      });
      // The list, the cart's totals and a smaller quantity again all agree.
      expect(await line(guest, cartId, FILTERS)).toMatchObject({ salesPrice: "7.20", totalPrice: "360.00" });
      const summary = await guest("GET", `carts/${cartId}`);
      expect(summary.body).toMatchObject({ totalProductAmount: "360.00", totalListPrice: "450.00" });
      expect(await setQuantity(guest, cartId, itemId, "3")).toMatchObject({ salesPrice: "8.00", totalPrice: "24.00" });
    });

    it("applies to signed-in business buyers as to guests, and in a GBP cart from the GBP book", async () => {
      const buyer = shopper(target, await login(target, "b2b@demo.store"));
      const cartId = await newCart(buyer);
      expect((await add(buyer, cartId, HOUSE_ESPRESSO, "24")).body).toMatchObject({
        salesPrice: "34.00",
        totalPrice: "816.00",
      });
      await buyer("DELETE", `carts/${cartId}`);

      const guest = shopper(target);
      const gbp = await guest("POST", "carts?currencyIsoCode=GBP", {});
      expect(gbp.status).toBe(201);
      const added = await add(guest, gbp.body.cartId, FILTERS, "50");
      expect(added.body).toMatchObject({ currencyIsoCode: "GBP", salesPrice: "5.76", totalPrice: "288.00" });
    });

    it("keeps the tier's price in the order placed from the cart", async () => {
      const guest = await checkoutShopper(target);
      const checkoutId = await payableCheckout(guest, [[FILTERS, 10]]);
      const placed = await guest.call("POST", `checkouts/${checkoutId}/orders`);
      expect(placed.status).toBe(201);
      const order = await guest.call("POST", "order-summaries/actions/lookup", {
        orderSummaryIdOrRefNumber: placed.body.orderReferenceNumber,
        verification: { email: "sam@example.com", lastName: "Shopper", phoneNumber: "5125550100" },
      });
      const group = order.body.deliveryGroups[0];
      expect(group.fields.TotalLineAmount.text).toBe("76.00");
      expect(group.lineItems[0].fields.UnitPrice.text).toBe("7.60");
    });
  });
});
