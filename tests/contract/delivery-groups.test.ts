import { beforeEach, describe, expect, it } from "vitest";
import { LONDON, PRODUCTS, TEXAS, addItem, shopper, type Shopper } from "./checkout-helpers.js";
import { TARGET_NAMES, api } from "./targets.js";
import { useTarget } from "./use-target.js";

const GROUPS = "carts/active/delivery-groups";

describe.each(TARGET_NAMES)("cart delivery groups (%s)", (name) => {
  const { target } = useTarget(name, { resetBeforeEach: true });
  let guest: Shopper;
  beforeEach(async () => {
    guest = await shopper(target);
  });

  it("gives every cart one default group holding its items, without items unless cartItemLimit asks", async () => {
    const { cartId } = await addItem(guest, PRODUCTS.coffee, 3);
    await addItem(guest, PRODUCTS.mug, 1);
    const res = await guest.call("GET", GROUPS);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    const [group] = res.body.items;
    expect(group).toMatchObject({
      name: "Default Delivery",
      isDefault: true,
      cartId,
      deliveryAddress: null,
      availableDeliveryMethods: [],
      selectedDeliveryMethod: null,
      cartItems: null,
      errors: [],
      totalCartItemCount: 2,
      totalProductAmount: "67.50",
      isGift: false,
      isAllDigitalCartItems: false,
    });
    expect(group.id).toMatch(/^0a7/);
    expect(res.body).toHaveProperty("nextPageToken", null);

    const withItems = await guest.call("GET", `${GROUPS}?cartItemLimit=1`);
    expect(withItems.body.items[0].cartItems.cartItems).toHaveLength(1);
    expect(withItems.body.items[0].cartItems.totalItemCount).toBe(2);
    expect(withItems.body.items[0].cartItems.cartItems[0].cartItem.cartDeliveryGroupId).toBe(group.id);

    const one = await guest.call("GET", `${GROUPS}/${group.id}`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(group.id);
    expect((await guest.call("GET", `${GROUPS}/0a7EM0000009999`)).status).toBe(404);
    expect((await guest.call("GET", `${GROUPS}/not-an-id`)).status).toBe(400);
  });

  it("creates (201), updates (200) and deletes (204) a group; its address brings the cheapest method that ships there", async () => {
    await addItem(guest, PRODUCTS.coffee, 1);
    const created = await guest.call("POST", GROUPS, {
      name: "Office",
      deliveryAddress: TEXAS,
      shippingInstructions: "Leave at the front desk",
      isGift: true,
      giftMessage: "Enjoy",
      giftToName: "Pat",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Office",
      isDefault: false,
      shippingInstructions: "Leave at the front desk",
      isGift: true,
      giftMessage: "Enjoy",
      giftToName: "Pat",
      deliveryAddress: { street: "200 Congress Ave", city: "Austin", region: "TX", country: "US" },
    });
    expect(created.body.availableDeliveryMethods.map((m: any) => m.name)).toEqual([
      "Standard Shipping",
      "Express Shipping",
      "Overnight",
    ]);
    expect(created.body.selectedDeliveryMethod).toMatchObject({
      name: "Standard Shipping",
      shippingFee: "7.99",
      currencyIsoCode: "USD",
      processTimeUnit: "Days",
    });

    const id = created.body.id;
    const patched = await guest.call("PATCH", `${GROUPS}/${id}`, { deliveryAddress: LONDON });
    expect(patched.status).toBe(200);
    expect(patched.body.availableDeliveryMethods.map((m: any) => m.name)).toEqual([
      "International Standard",
      "International Express",
    ]);
    expect(patched.body.selectedDeliveryMethod.name).toBe("International Standard");
    const express = patched.body.availableDeliveryMethods[1].id;
    expect(
      (await guest.call("PATCH", `${GROUPS}/${id}`, { deliveryMethodId: express })).body.selectedDeliveryMethod.id,
    ).toBe(express);
    const wrongMethod = await guest.call("PATCH", `${GROUPS}/${id}`, { deliveryMethodId: "2DmDM000000OVNT" });
    expect(wrongMethod.status).toBe(400);
    expect(wrongMethod.body[0].errorCode).toBe("INVALID_API_INPUT");

    expect((await guest.call("DELETE", `${GROUPS}/${id}`)).status).toBe(204);
    expect((await guest.call("GET", GROUPS)).body.count).toBe(1);
  });

  it("takes a Checkout Address input as documented: name, street and an ISO country code required, isDefault accepted", async () => {
    await addItem(guest, PRODUCTS.coffee, 1);
    const [group] = (await guest.call("GET", GROUPS)).body.items;
    const patch = (deliveryAddress: object) => guest.call("PATCH", `${GROUPS}/${group.id}`, { deliveryAddress });

    const withFlag = await patch({ ...TEXAS, isDefault: false });
    expect(withFlag.status).toBe(200);
    expect(withFlag.body.deliveryAddress).toMatchObject({ name: TEXAS.name, street: TEXAS.street, country: "US" });
    expect(withFlag.body.deliveryAddress).not.toHaveProperty("isDefault");

    for (const missing of ["name", "street", "country"] as const) {
      const { [missing]: _dropped, ...rest } = TEXAS;
      const res = await patch(rest);
      expect(res.status, missing).toBe(400);
      expect(res.body).toEqual([
        { errorCode: "INVALID_API_INPUT", message: `deliveryAddress.${missing} is required.` },
      ]);
    }
    // "ISO code of the address country": a country's name is not one.
    const named = await patch({ ...TEXAS, country: "United States" });
    expect(named.status).toBe(400);
    expect(named.body[0].errorCode).toBe("INVALID_API_INPUT");
    // countryCode / regionCode belong to the saved-address input of 54.0–58.0, not to a checkout address.
    const coded = await patch({ ...TEXAS, countryCode: "US" });
    expect(coded.status).toBe(400);
    expect(coded.body[0].errorCode).toBe("JSON_PARSER_ERROR");
  });

  it("refuses to delete the default group, and moves or deletes a group's items on delete", async () => {
    const { cartItemId } = await addItem(guest, PRODUCTS.coffee, 2);
    const groups = await guest.call("GET", GROUPS);
    const defaultId = groups.body.items[0].id;
    expect((await guest.call("DELETE", `${GROUPS}/${defaultId}`)).status).toBe(400);

    const arranged = await guest.call("POST", `${GROUPS}/actions/arrange-items?deleteEmptyDeliveryGroups=false`, {
      arrangements: [{ cartItemId, deliveryGroupName: "Second", quantity: "2" }],
    });
    const second = arranged.body.items.find((g: any) => g.name === "Second");
    expect((await guest.call("DELETE", `${GROUPS}/${second.id}`)).status).toBe(204);
    const back = await guest.call("GET", `${GROUPS}?cartItemLimit=10`);
    expect(back.body.items).toHaveLength(1);
    expect(back.body.items[0].cartItems.cartItems[0].cartItem.quantity).toBe("2.0");

    const again = await guest.call("POST", `${GROUPS}/actions/arrange-items`, {
      arrangements: [{ cartItemId, deliveryGroupName: "Third", quantity: "1" }],
    });
    const third = again.body.items.find((g: any) => g.name === "Third");
    expect((await guest.call("DELETE", `${GROUPS}/${third.id}?deleteCartItems=true`)).status).toBe(204);
    const items = await guest.call("GET", "carts/active/cart-items");
    expect(items.body.cartSummary.totalProductCount).toBe("1.0");
  });

  it("splits a line between two groups with arrange-items (202) and shows each group's count", async () => {
    const { cartItemId } = await addItem(guest, PRODUCTS.coffee, 3);
    await addItem(guest, PRODUCTS.mug, 1);
    const res = await guest.call("POST", `${GROUPS}/actions/arrange-items`, {
      arrangements: [{ cartItemId, deliveryGroupName: "Gift for Mom", deliveryAddress: TEXAS, quantity: "1" }],
    });
    expect(res.status).toBe(202);
    expect(res.body.count).toBe(2);
    const [first, gift] = res.body.items;
    expect(first).toMatchObject({ isDefault: true, totalCartItemCount: 2, totalProductAmount: "49.00" });
    expect(gift).toMatchObject({
      name: "Gift for Mom",
      isDefault: false,
      totalCartItemCount: 1,
      totalProductAmount: "18.50",
    });
    expect(gift.selectedDeliveryMethod.name).toBe("Standard Shipping");

    const items = await guest.call("GET", "carts/active/cart-items");
    const coffeeLines = items.body.cartItems
      .map((x: any) => x.cartItem)
      .filter((i: any) => i.productId === PRODUCTS.coffee);
    expect(coffeeLines.map((i: any) => [i.cartDeliveryGroupId, i.quantity]).sort()).toEqual(
      [
        [first.id, "2.0"],
        [gift.id, "1.0"],
      ].sort(),
    );
    expect(items.body.cartSummary.totalProductCount).toBe("4.0");

    // By product: the rest of the coffee joins the gift line; the mug keeps the default group alive.
    const byProduct = await guest.call("POST", `${GROUPS}/actions/arrange-items`, {
      arrangements: [{ productId: PRODUCTS.coffee, deliveryGroupId: gift.id, quantity: "2" }],
    });
    expect(byProduct.body.items.map((g: any) => [g.name, g.totalCartItemCount])).toEqual([
      ["Default Delivery", 1],
      ["Gift for Mom", 1],
    ]);
  });

  it("drops emptied groups unless deleteEmptyDeliveryGroups=false, and keeps one default", async () => {
    const { cartItemId } = await addItem(guest, PRODUCTS.coffee, 2);
    const split = await guest.call("POST", `${GROUPS}/actions/arrange-items`, {
      arrangements: [{ cartItemId, deliveryGroupName: "Other", quantity: "2" }],
    });
    // Everything moved out of the default group: it is dropped and the remaining group becomes the default.
    expect(split.body.items.map((g: any) => [g.name, g.isDefault])).toEqual([["Other", true]]);

    const { cartItemId: mugItem } = await addItem(guest, PRODUCTS.mug, 1);
    const kept = await guest.call("POST", `${GROUPS}/actions/arrange-items?deleteEmptyDeliveryGroups=false`, {
      arrangements: [
        { cartItemId: mugItem, deliveryGroupName: "Mugs", quantity: "1" },
        { productId: PRODUCTS.coffee, deliveryGroupName: "Mugs", quantity: "2" },
      ],
    });
    expect(kept.body.items.map((g: any) => [g.name, g.totalCartItemCount])).toEqual([
      ["Other", 0],
      ["Mugs", 2],
    ]);
  });

  it("rejects arrangements that move more than there is or name nothing", async () => {
    const { cartItemId } = await addItem(guest, PRODUCTS.coffee, 2);
    const tooMany = await guest.call("POST", `${GROUPS}/actions/arrange-items`, {
      arrangements: [{ cartItemId, deliveryGroupName: "X", quantity: "3" }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body[0].errorCode).toBe("INVALID_API_INPUT");
    expect(
      (await guest.call("POST", `${GROUPS}/actions/arrange-items`, { arrangements: [{ cartItemId, quantity: "1" }] }))
        .status,
    ).toBe(400);
    expect((await guest.call("POST", `${GROUPS}/actions/arrange-items`, { arrangements: [] })).status).toBe(400);
    // Nothing of a rejected request stays.
    expect((await guest.call("GET", GROUPS)).body.count).toBe(1);
  });

  it("answers 202 while the arrangement is processing, then 200", async () => {
    const { cartItemId } = await addItem(guest, PRODUCTS.coffee, 2);
    await api(target)("POST", "/__emulator/settings", { asyncPolls: 2 });
    expect(
      (
        await guest.call("POST", `${GROUPS}/actions/arrange-items`, {
          arrangements: [{ cartItemId, deliveryGroupName: "Later", quantity: "1" }],
        })
      ).status,
    ).toBe(202);
    expect((await guest.call("GET", GROUPS)).status).toBe(202);
    expect((await guest.call("GET", GROUPS)).status).toBe(202);
    const ready = await guest.call("GET", GROUPS);
    expect(ready.status).toBe(200);
    expect(ready.body.count).toBe(2);
  });

  it("pages groups by pageSize (1-100, default 25) with a page token", async () => {
    const { cartItemId } = await addItem(guest, PRODUCTS.coffee, 3);
    await guest.call("POST", `${GROUPS}/actions/arrange-items`, {
      arrangements: [
        { cartItemId, deliveryGroupName: "B", quantity: "1" },
        { cartItemId, deliveryGroupName: "C", quantity: "1" },
      ],
    });
    expect((await guest.call("GET", GROUPS)).body.items).toHaveLength(3);
    const page1 = await guest.call("GET", `${GROUPS}?pageSize=2`);
    expect(page1.body).toMatchObject({ count: 3 });
    expect(page1.body.items).toHaveLength(2);
    const page2 = await guest.call("GET", `${GROUPS}?pageSize=2&page=${page1.body.nextPageToken}`);
    expect(page2.body.items.map((g: any) => g.name)).toEqual(["C"]);
    expect((await guest.call("GET", `${GROUPS}?pageSize=0`)).status).toBe(400);
  });
});
