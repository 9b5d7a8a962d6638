import { describe, expect, it } from "vitest";
import { API, TARGET_NAMES } from "./targets.js";
import { useTarget } from "./use-target.js";
import { MONTHLY, P, add, expectError, newCart, shopper } from "./carts-helpers.js";

// A cart's items: adding (validation, product errors, selling models, merging, batches) and changing them.
describe.each(TARGET_NAMES)("cart endpoints (%s)", (name) => {
  const { target } = useTarget(name);

  it.each([
    ["quantity 0", { productId: P.dinerMug, quantity: "0", type: "Product" }],
    ["a quantity that is not a number", { productId: P.dinerMug, quantity: "abc", type: "Product" }],
    ["a quantity above 100000000", { productId: P.dinerMug, quantity: 100000001, type: "Product" }],
    ["a fractional quantity", { productId: P.dinerMug, quantity: "1.5", type: "Product" }],
    ["a missing productId", { quantity: "1", type: "Product" }],
    ["a missing type", { productId: P.dinerMug, quantity: "1" }],
    ["a type other than Product", { productId: P.dinerMug, quantity: "1", type: "DeliveryCharge" }],
  ])("answers %s with 400 INVALID_API_INPUT", async (_case, body) => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    const res = await guest("POST", `carts/${cartId}/cart-items`, body);
    expectError(res, 400, "INVALID_API_INPUT");
    if (!("productId" in body)) expect(res.body[0].message).toContain("productId");
  });

  it("answers a malformed product id with INVALID_ID_FIELD and a body that is not JSON with JSON_PARSER_ERROR", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    expectError(await add(guest, cartId, "hello"), 400, "INVALID_ID_FIELD");
    const res = await target.fetch(
      new Request(`${target.baseUrl}${API}/carts/${cartId}/cart-items`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(await guest.authHeaders()) },
        body: "{not json",
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json())[0].errorCode).toBe("JSON_PARSER_ERROR");
    expectError(await guest("POST", `carts/${cartId}/cart-items`, ["productId"]), 400, "INVALID_API_INPUT");
  });

  it("answers a body nested deeper than 100 levels with JSON_PARSER_ERROR (emulator-only bound) and takes 100", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    const nested = (levels: number) =>
      `{"productId":"${P.dinerMug}","quantity":"1","type":"Product","x":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
    const send = async (body: string) =>
      target.fetch(
        new Request(`${target.baseUrl}${API}/carts/${cartId}/cart-items`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(await guest.authHeaders()) },
          body,
        }),
      );
    const deep = await send(nested(101));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual([
      { errorCode: "JSON_PARSER_ERROR", message: "The request body nests deeper than 100 levels." },
    ]);
    // A million brackets cost one pass, not the parser's stack.
    expect((await send("[".repeat(1_000_000))).status).toBe(400);
    expect((await send(nested(100))).status).toBe(201);
  });

  it.each([
    [P.err100, "1", "ITEM_NOT_AVAILABLE", "No more available items for current product"],
    [P.err101, "4", "INSUFFICIENT_QUANTITY", "Not enough inventory for selected quantity"],
    [P.err102, "1", "NO_PRICE_AVAILABLE", "No pricing data available"],
    [P.err103, "1", "VARIATION_PARENT_NOT_ALLOWED", "Product is a variant parent"],
    [P.err104, "1", "PRODUCT_SET_NOT_ALLOWED", "Product is a set"],
    [P.err105, "1", "INVALID_VARIANT", "The selected variant is not valid"],
    [P.err106, "1", "INVALID_SELLING_MODEL", "Selling Models are invalid"],
    [P.err107, "1", "MISSING_RECORD", "Requested quantity is invalid"],
    [P.err107, "3", "INVALID_BATCH_SIZE", "Requested quantity is invalid"],
    [P.err107, "12", "MAX_LIMIT_EXCEEDED", "Requested quantity is invalid"],
  ])("refuses product %s × %s with %s", async (productId, quantity, errorCode, message) => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    expectError(await add(guest, cartId, productId, quantity), 400, errorCode, message);
    expect((await guest("GET", `carts/${cartId}/cart-items`)).body.cartItems).toEqual([]);
  });

  it("adds the subscription with its selling model and the quantity-rule product on its increment", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    const sub = await add(guest, cartId, P.err106, "1", { productSellingModelId: MONTHLY });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ productSellingModelId: MONTHLY, sellingModelType: "Evergreen" });
    expectError(
      await add(guest, cartId, P.err106, "1", { productSellingModelId: "0jPDM00000YEAR1" }),
      400,
      "INVALID_SELLING_MODEL",
    );
    const ruled = await add(guest, cartId, P.err107, 4);
    expect(ruled.status).toBe(201);
    expect(ruled.body.purchaseQuantityRule ?? ruled.body.productDetails.purchaseQuantityRule).toEqual({
      minimum: "2",
      maximum: "10",
      increment: "2",
    });
    expectError(
      await guest("PATCH", `carts/${cartId}/cart-items/${ruled.body.cartItemId}`, { quantity: "5" }),
      400,
      "INVALID_BATCH_SIZE",
    );
  });

  it("keeps one line per selling model of Roaster's Choice, each with the term it was bought on", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    const roastersChoice = "01tDM0000000013";
    expectError(
      await add(guest, cartId, roastersChoice, "1"),
      400,
      "INVALID_SELLING_MODEL",
      "Selling Models are invalid",
    );
    const once = await add(guest, cartId, roastersChoice, "1", { productSellingModelId: "0jPDM00000ONETM" });
    expect(once.body).toMatchObject({
      productSellingModelId: "0jPDM00000ONETM",
      sellingModelType: "OneTime",
      billingFrequency: null,
    });
    const monthly = await add(guest, cartId, roastersChoice, "1", { productSellingModelId: MONTHLY });
    expect(monthly.body).toMatchObject({
      productSellingModelId: MONTHLY,
      sellingModelType: "Evergreen",
      billingFrequency: "Monthly",
    });
    // The monthly subscription was sent no term: it has none (the API keeps what the item was sent with).
    expect(monthly.body.subscriptionTerm).toBeNull();
    // The 12-month plan is one term of a year (pricingTerm 1, pricingTermUnit Annual), billed yearly; the item
    // keeps the term it was sent with.
    const yearly = await add(guest, cartId, roastersChoice, "2", {
      productSellingModelId: "0jPDM00000YEAR1",
      subscriptionTerm: 2,
    });
    expect(yearly.body).toMatchObject({
      productSellingModelId: "0jPDM00000YEAR1",
      sellingModelType: "TermDefined",
      billingFrequency: "Annual",
      subscriptionTerm: 2,
    });
    const lines = (await guest("GET", `carts/${cartId}/cart-items`)).body.cartItems.map((e: any) => [
      e.cartItem.productSellingModelId,
      e.cartItem.quantity,
    ]);
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        ["0jPDM00000ONETM", "1.0"],
        [MONTHLY, "1.0"],
        ["0jPDM00000YEAR1", "2.0"],
      ]),
    );
  });

  it("refuses a second LAST-UNIT with error 101, including when re-adding merges into the line", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    expectError(
      await add(guest, cartId, P.lastUnit, "2"),
      400,
      "INSUFFICIENT_QUANTITY",
      "Not enough inventory for selected quantity",
    );
    const one = await add(guest, cartId, P.lastUnit, "1");
    expect(one.status).toBe(201);
    expectError(await add(guest, cartId, P.lastUnit, "1"), 400, "INSUFFICIENT_QUANTITY");
  });

  it("merges a re-added product into its line", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    const first = await add(guest, cartId, P.tamper, "1");
    const second = await add(guest, cartId, P.tamper, 2);
    expect(second.body).toMatchObject({ cartItemId: first.body.cartItemId, quantity: "3.0", totalPrice: "105.00" });
    expect((await guest("GET", `carts/${cartId}`)).body).toMatchObject({
      cartId,
      currencyIsoCode: "USD",
      totalProductCount: "3.0",
      uniqueProductCount: 1,
    });
  });

  it("adds a batch, answering each input in order, and refuses more than 100 inputs", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    const res = await guest("POST", `carts/${cartId}/cart-items/batch`, {
      inputs: [
        { richInput: { productId: P.dinerMug, quantity: "1", type: "Product" } },
        { richInput: { productId: P.err100, quantity: "1", type: "Product" } },
        { richInput: { productId: P.filters, quantity: "0", type: "Product" } },
        { richInput: { productId: P.filters, quantity: "2", type: "Product" } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.hasErrors).toBe(true);
    expect(res.body.results.map((r: any) => r.statusCode)).toEqual([201, 400, 400, 201]);
    expect(res.body.results[0].result).toMatchObject({ productId: P.dinerMug, quantity: "1.0" });
    expect(res.body.results[1].result).toEqual([
      { errorCode: "ITEM_NOT_AVAILABLE", message: "No more available items for current product" },
    ]);
    expect(res.body.results[3].result).toMatchObject({ productId: P.filters, quantity: "2.0" });
    const tooMany = Array.from({ length: 101 }, () => ({
      richInput: { productId: P.filters, quantity: "1", type: "Product" },
    }));
    expectError(
      await guest("POST", `carts/${cartId}/cart-items/batch`, { inputs: tooMany }),
      400,
      "MAX_LIMIT_EXCEEDED",
    );
    expectError(await guest("POST", `carts/${cartId}/cart-items/batch`, {}), 400, "INVALID_API_INPUT");
  });

  it("rejects productId or type in a PATCH, and answers unknown items with 404 ITEM_NOT_FOUND", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    const item = (await add(guest, cartId, P.dinerMug)).body.cartItemId;
    expectError(
      await guest("PATCH", `carts/${cartId}/cart-items/${item}`, { quantity: "2", productId: P.tamper }),
      400,
      "INVALID_API_INPUT",
    );
    expectError(
      await guest("PATCH", `carts/${cartId}/cart-items/${item}`, { type: "Product" }),
      400,
      "INVALID_API_INPUT",
    );
    expectError(
      await guest("PATCH", `carts/${cartId}/cart-items/${item}`, { quantity: "0" }),
      400,
      "INVALID_API_INPUT",
    );
    expectError(
      await guest("PATCH", `carts/${cartId}/cart-items/0a9DM0000000ZZZ`, { quantity: "2" }),
      404,
      "ITEM_NOT_FOUND",
    );
    expectError(await guest("DELETE", `carts/${cartId}/cart-items/0a9DM0000000ZZZ`), 404, "ITEM_NOT_FOUND");
  });
});
