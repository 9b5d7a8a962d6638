import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { API, TARGET_NAMES, api, at, guest, login, type Target } from "./targets.js";
import { useTarget } from "./use-target.js";

const P = {
  dinerMug: "01tDM0000000027", // $12.00, Mugs
  speckledMug: "01tDM0000000028", // $16.00, Mugs
  glassMug: "01tDM0000000029", // $16.00, Mugs
  frenchPress: "01tDM0000000023", // $39.00
  filters: "01tDM0000000022", // $8.00
  tamper: "01tDM0000000017", // $35.00
  commercialEspresso: "01tDM0000000015", // $11,900.00
  err100: "01tDM000000E100",
  err101: "01tDM000000E101", // 3 in stock
  err102: "01tDM000000E102",
  err103: "01tDM000000E103",
  err104: "01tDM000000E104",
  err105: "01tDM000000E105",
  err106: "01tDM000000E106",
  err107: "01tDM000000E107",
  lastUnit: "01tDM000000LAST",
};
const MONTHLY = "0jPDM00000MONTH";

type Call = ReturnType<typeof api>;
type Res = Awaited<ReturnType<Call>>;

/** A shopper: a guest with their own UVID and guest token or, given `auth`, a buyer's bearer token. */
function shopper(target: Target, auth?: Record<string, string>) {
  const raw = api(target);
  const uvid = randomUUID();
  let guestAuth: Promise<Record<string, string>> | null = null;
  const authHeaders = async () => auth ?? (await (guestAuth ??= guest(target, uvid)));
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res> => raw(method, path, body, { ...(await authHeaders()), ...headers });
  return Object.assign(call, { uvid, authHeaders });
}
type Shopper = ReturnType<typeof shopper>;

const add = (s: Shopper, cartId: string, productId: string, quantity: unknown = "1", extra: object = {}) =>
  s("POST", `carts/${cartId}/cart-items`, { productId, quantity, type: "Product", ...extra });

async function newCart(s: Shopper): Promise<string> {
  const res = await s("POST", "carts", {});
  expect(res.status).toBe(201);
  return res.body.cartId;
}

const expectError = (res: Res, status: number, errorCode: string, message?: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toEqual([{ errorCode, message: message ?? expect.any(String) }]);
};

describe.each(TARGET_NAMES)("cart endpoints (%s)", (name) => {
  const { target, call: admin } = useTarget(name);

  it("runs the basic cart flow: create 201, add 201, list 200, patch 200, delete item 204, delete cart 204", async () => {
    const guest = shopper(target);
    const created = await guest("POST", "carts", {});
    expect(created.status).toBe(201);
    // A guest is their token's UVID: no cookie of the API's own identifies the cart.
    expect(created.headers.get("set-cookie")).toBeNull();
    expect(created.body).toMatchObject({
      cartId: expect.stringMatching(/^0a6/),
      status: "Active",
      type: "Cart",
      totalProductCount: "0.0",
      grandTotalAmount: "0.00",
    });
    const cartId = created.body.cartId;

    const added = await add(guest, cartId, P.frenchPress, "2");
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      cartItemId: expect.stringMatching(/^0a9/),
      productId: P.frenchPress,
      quantity: "2.0",
      listPrice: "45.00",
      salesPrice: "39.00",
      totalPrice: "78.00",
      totalListPrice: "90.00",
      type: "Product",
      productDetails: {
        productId: P.frenchPress,
        sku: "EQ-PRESS-34",
        thumbnailImage: { url: "/images/products/EQ-PRESS-34.svg" },
      },
      // First-payment amounts are flat fields of Cart Item (connect_responses_cart_item), not a nested object.
      firstPymtTotalAmount: "78.00",
      firstPymtTotalListPrice: "90.00",
      firstPymtTotalPrice: "78.00",
      firstPymtTotalTax: "0.00",
    });
    expect(
      Object.keys(added.body)
        .filter((k) => k.startsWith("firstPymt"))
        .sort(),
    ).toEqual(["firstPymtTotalAmount", "firstPymtTotalListPrice", "firstPymtTotalPrice", "firstPymtTotalTax"]);
    const itemId = added.body.cartItemId;

    const list = await guest("GET", `carts/${cartId}/cart-items`);
    expect(list.status).toBe(200);
    expect(list.body.cartItems).toEqual([
      {
        cartItem: expect.objectContaining({ cartItemId: itemId, quantity: "2.0", totalPrice: "78.00" }),
        status: "Success",
        message: null,
      },
    ]);
    expect(list.body.cartSummary).toMatchObject({
      cartId,
      totalProductCount: "2.0",
      uniqueProductCount: 1,
      totalProductAmount: "78.00",
      grandTotalAmount: "78.00",
    });
    // Cart Summary's first-payment amounts are flat (connect_responses_cart_summary).
    expect(list.body.cartSummary).toMatchObject({
      firstPymtGrandTotalAmount: "78.00",
      firstPymtTotalAmount: "78.00",
      firstPymtTotalListPrice: "90.00",
      firstPymtTotalTaxAmount: "0.00",
    });
    expect(list.body.cartSummary).not.toHaveProperty("firstPymt");
    expect(list.body.hasErrors).toBe(false);

    const patched = await guest("PATCH", `carts/${cartId}/cart-items/${itemId}`, { quantity: "3" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ cartItemId: itemId, quantity: "3.0", totalPrice: "117.00" });

    expect((await guest("DELETE", `carts/${cartId}/cart-items/${itemId}`)).status).toBe(204);
    expect((await guest("GET", `carts/${cartId}/cart-items`)).body.cartItems).toEqual([]);
    const deleted = await guest("DELETE", `carts/${cartId}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expectError(await guest("GET", `carts/${cartId}`), 404, "NOT_FOUND");
  });

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
    // The 12-month plan is one term of a year (pricingTerm 1, pricingTermUnit Annual), billed yearly.
    const yearly = await add(guest, cartId, roastersChoice, "2", { productSellingModelId: "0jPDM00000YEAR1" });
    expect(yearly.body).toMatchObject({
      productSellingModelId: "0jPDM00000YEAR1",
      sellingModelType: "TermDefined",
      billingFrequency: "Annual",
      subscriptionTerm: 1,
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

  it("applies SAVE10 into the totals and refuses it twice, next to EXCLUSIVE20, and an unknown code", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.frenchPress, "2"); // 78.00
    await add(guest, cartId, P.filters, "1"); // 8.00
    const applied = await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" });
    expect(applied.status).toBe(201);
    expect(applied.body).toEqual({
      cartCoupons: {
        coupons: [
          { cartCouponId: expect.stringMatching(/^4r0/), couponCode: "SAVE10", termsAndConditions: expect.any(String) },
        ],
      },
      cartId,
      cartStatus: "Active",
      ownerId: expect.stringMatching(/^005/),
    });
    const summary = (await guest("GET", `carts/${cartId}`)).body;
    expect(summary).toMatchObject({
      totalProductAmount: "86.00",
      totalPromotionalAdjustmentAmount: "-8.60",
      totalCartLevelAdjustmentAmount: "-8.60",
      totalProductAmountAfterAdjustments: "77.40",
      grandTotalAmount: "77.40",
    });
    const items = await guest("GET", `carts/${cartId}/cart-items?includePromotions=true&includeCoupons=true`);
    expect(items.body.cartPromotions.promotions.promotions).toEqual([
      {
        promotionId: expect.any(String),
        displayName: "10% off your order",
        targetType: "Cart",
        adjustmentAmount: "-8.60",
        couponCode: "SAVE10",
        termsAndConditions: expect.any(String),
      },
    ]);
    expect(items.body.cartCoupons.cartCoupons.coupons.map((c: any) => c.couponCode)).toEqual(["SAVE10"]);
    const lineAdjustments = items.body.cartItems.map((i: any) => Number(i.cartItem.totalAdjustmentAmount));
    expect(lineAdjustments.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(-8.6, 2);

    expectError(await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "save10" }), 400, "ALREADY_APPLIED");
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "EXCLUSIVE20" }),
      400,
      "BLOCKED_EXCLUSIVE",
    );
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "NOPE-123" }),
      400,
      "INVALID_API_INPUT",
    );
    expectError(await guest("POST", `carts/${cartId}/cart-coupons`, {}), 400, "INVALID_API_INPUT");

    expect(
      (await guest("DELETE", `carts/${cartId}/cart-coupons/${applied.body.cartCoupons.coupons[0].cartCouponId}`))
        .status,
    ).toBe(204);
    expect((await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "EXCLUSIVE20" })).status).toBe(201);
    expect((await guest("GET", `carts/${cartId}`)).body.grandTotalAmount).toBe("68.80");
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" }),
      400,
      "BLOCKED_EXCLUSIVE",
    );
    expect(
      (await guest("GET", `carts/${cartId}/cart-coupons`)).body.cartCoupons.coupons.map((c: any) => c.couponCode),
    ).toEqual(["EXCLUSIVE20"]);
  });

  it("applies BIGSPENDER only from a $10,000 subtotal, and refuses a fourth coupon", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.dinerMug, "1");
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "BIGSPENDER" }),
      400,
      "UNQUALIFIED_CART",
    );
    await add(guest, cartId, P.commercialEspresso, "1");
    expect((await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "BIGSPENDER" })).status).toBe(201);
    expect((await guest("GET", `carts/${cartId}`)).body).toMatchObject({
      totalProductAmount: "11912.00",
      totalPromotionalAdjustmentAmount: "-1786.80",
      grandTotalAmount: "10125.20",
    });
    for (const code of ["SAVE10", "WELCOME5"])
      expect((await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: code })).status).toBe(201);
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "MUGLOVE" }),
      400,
      "MAX_LIMIT_EXCEEDED",
    );
  });

  it("applies the automatic mug promotion from 3 mugs on, as an item adjustment", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.dinerMug, "2");
    const before = await guest("GET", `carts/${cartId}/cart-items?includePromotions=true`);
    expect(before.body.cartPromotions.promotions.promotions).toEqual([]);
    await add(guest, cartId, P.speckledMug, "1");
    const after = await guest("GET", `carts/${cartId}/cart-items?includePromotions=true`);
    expect(after.body.cartPromotions.promotions.promotions).toEqual([
      expect.objectContaining({
        displayName: "Buy 3+ mugs, save 5%",
        targetType: "Item",
        couponCode: null,
        adjustmentAmount: "-2.00",
      }),
    ]);
    const diner = after.body.cartItems.find((i: any) => i.cartItem.productId === P.dinerMug).cartItem;
    expect(diner).toMatchObject({
      promotionDisplayName: "Buy 3+ mugs, save 5%",
      itemizedAdjustmentAmount: "-1.20",
      totalPrice: "22.80",
    });
    expect(after.body.cartSummary).toMatchObject({
      totalProductAmount: "40.00",
      totalPromotionalAdjustmentAmount: "-2.00",
      grandTotalAmount: "38.00",
    });
  });

  describe("listing", () => {
    let guest: Shopper;
    let cartId: string;
    const products = [P.dinerMug, P.frenchPress, P.filters, P.tamper, P.glassMug];
    beforeAll(async () => {
      guest = shopper(target);
      cartId = await newCart(guest);
      for (const p of products) await add(guest, cartId, p, "1");
    });

    it("pages by number, clamping past the end", async () => {
      const page3 = await guest("GET", `carts/${cartId}/cart-items?pageSize=2&pageNumber=3`);
      expect(page3.body).toMatchObject({
        currentPage: 3,
        totalNumberOfPages: 3,
        totalItemCount: 5,
        nextPageToken: null,
        nextPageUrl: null,
      });
      expect(page3.body.cartItems).toHaveLength(1);
      const clamped = await guest("GET", `carts/${cartId}/cart-items?pageSize=2&pageNumber=9`);
      expect(clamped.body.currentPage).toBe(3);
    });

    it("pages by token through every item once, with urls", async () => {
      const seen: string[] = [];
      let res = await guest("GET", `carts/${cartId}/cart-items?pageSize=2`);
      expect(res.body.previousPageToken).toBeNull();
      for (;;) {
        seen.push(...res.body.cartItems.map((i: any) => i.cartItem.productId));
        if (!res.body.nextPageToken) break;
        expect(res.body.nextPageUrl).toContain(`page=${res.body.nextPageToken}`);
        res = await guest("GET", `carts/${cartId}/cart-items?pageSize=2&page=${res.body.nextPageToken}`);
        expect(res.body.previousPageToken).toEqual(expect.any(String));
      }
      expect(seen.sort()).toEqual([...products].sort());
      expectError(await guest("GET", `carts/${cartId}/cart-items?page=garbage`), 400, "ILLEGAL_QUERY_PARAMETER_VALUE");
    });

    it("sorts newest first by default, and by name or price on request", async () => {
      const ids = async (sort?: string) =>
        (await guest("GET", `carts/${cartId}/cart-items${sort ? `?sort=${sort}` : ""}`)).body.cartItems.map(
          (i: any) => i.cartItem.productId,
        );
      expect(await ids()).toEqual([...products].reverse());
      expect(await ids("CreatedDateAsc")).toEqual(products);
      const byName = (await guest("GET", `carts/${cartId}/cart-items?sort=NameAsc`)).body.cartItems.map(
        (i: any) => i.cartItem.name,
      );
      expect(byName).toEqual([...byName].sort((a: string, b: string) => a.localeCompare(b)));
      const prices = (await guest("GET", `carts/${cartId}/cart-items?sort=SalesPriceDesc`)).body.cartItems.map(
        (i: any) => Number(i.cartItem.salesPrice),
      );
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });

    it("rejects an unknown sort and a page size outside 1-100", async () => {
      for (const q of ["sort=Cheapest", "pageSize=0", "pageSize=101", "pageSize=ten"]) {
        expectError(await guest("GET", `carts/${cartId}/cart-items?${q}`), 400, "ILLEGAL_QUERY_PARAMETER_VALUE");
      }
    });

    it("lists the cart's products sorted by product id, with product fields on request", async () => {
      const res = await guest(
        "GET",
        `carts/${cartId}/products?pageSize=25&pageNumber=1&productFields=Name,StockKeepingUnit`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        count: 5,
        currentPage: 1,
        hasErrors: false,
        totalItemCount: 5,
        totalNumberOfPages: 1,
      });
      expect(res.body.products.map((p: any) => p.productId)).toEqual([...products].sort());
      expect(res.body.products[0].fields).toEqual({ Name: expect.any(String), StockKeepingUnit: expect.any(String) });
    });

    it("answers one product of the cart (GET carts/{id}/products/{productId}, 60.0) like its entry in the list", async () => {
      const list = await guest("GET", `carts/${cartId}/products?productFields=Name`);
      const [first] = list.body.products;
      const one = await guest("GET", `carts/${cartId}/products/${first.productId}?productFields=Name`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(first);
      expect(one.body).toMatchObject({
        productId: first.productId,
        quantity: expect.stringMatching(/\.0$/),
        cartItemIds: [expect.stringMatching(/^0a9/)],
      });
      expectError(await guest("GET", `carts/${cartId}/products/${P.commercialEspresso}`), 404, "NOT_FOUND");
      expectError(await guest("GET", `carts/${cartId}/products/not-a-product`), 400, "INVALID_ID_FIELD");
      expectError(await guest("GET", at("v59.0", `carts/${cartId}/products/${first.productId}`)), 404, "NOT_FOUND");
    });
  });

  it("tells current from active: current without a cart is an empty 200, active a 404, PUT creates once", async () => {
    const guest = shopper(target);
    const current = await guest("GET", "carts/current");
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ cartId: null, totalProductCount: "0.0" });
    expect((await guest("GET", "carts/current/cart-items")).body).toMatchObject({ cartItems: [], hasErrors: false });
    expect((await guest("GET", "carts/compact-summary")).body).toEqual({
      cartId: null,
      currencyIsoCode: "USD",
      totalProductCount: "0.0",
      uniqueProductCount: 0,
    });
    expectError(await guest("GET", "carts/active"), 404, "NOT_FOUND");
    const created = await guest("PUT", "carts/active");
    expect(created.status).toBe(201);
    const again = await guest("PUT", "carts/active");
    expect(again.status).toBe(200);
    expect(again.body.cartId).toBe(created.body.cartId);
    await add(guest, "current", P.dinerMug, "2");
    expect((await guest("GET", "carts/compact-summary")).body).toMatchObject({
      cartId: created.body.cartId,
      totalProductCount: "2.0",
      uniqueProductCount: 1,
    });
    expect((await guest("GET", "carts/active")).body.cartId).toBe(created.body.cartId);
  });

  it("has no resource its pages don't document: bare PUT carts, a cart's compact summary", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    expectError(await guest("PUT", "carts"), 405, "METHOD_NOT_ALLOWED");
    expectError(await guest("GET", `carts/${cartId}/compact-summary`), 404, "NOT_FOUND");
  });

  it("validates a new cart's name and type", async () => {
    const guest = shopper(target);
    expectError(await guest("POST", "carts", { name: "x".repeat(251) }), 400, "INVALID_API_INPUT");
    expectError(await guest("POST", "carts", { type: "Wishlist" }), 400, "INVALID_API_INPUT");
    expectError(await guest("POST", "carts", { currencyIsoCode: "EUR" }), 400, "INVALID_API_INPUT");
    expect((await guest("POST", "carts", { name: "Office restock", type: "Cart" })).body.name).toBe("Office restock");
  });

  it("keeps guests out of each other's carts, and buyers out of guests' carts", async () => {
    const alice = shopper(target);
    const cartId = await newCart(alice);
    await add(alice, cartId, P.dinerMug);
    const bob = shopper(target);
    await newCart(bob);
    expectError(await bob("GET", `carts/${cartId}`), 404, "NOT_FOUND");
    expectError(await bob("GET", `carts/${cartId}/cart-items`), 404, "NOT_FOUND");
    expectError(await add(bob, cartId, P.dinerMug), 404, "NOT_FOUND");
    const stranger = shopper(target);
    expectError(await stranger("GET", `carts/${cartId}`), 404, "NOT_FOUND");
    expectError(
      await stranger("GET", `carts/${cartId}`, undefined, { authorization: "Bearer made-up" }),
      401,
      "INVALID_SESSION_ID",
    );
    const buyer = shopper(target, await login(target));
    expectError(await buyer("GET", `carts/${cartId}`), 404, "NOT_FOUND");
    expect((await alice("GET", `carts/${cartId}`)).status).toBe(200);
  });

  it("refuses guests when guest carts are off, and still serves buyers", async () => {
    await admin("POST", "/__emulator/settings", { applicationContext: { guestCartEnabled: false } });
    try {
      expectError(await shopper(target)("POST", "carts", {}), 401, "INVALID_SESSION_ID");
      expectError(await shopper(target)("GET", "carts/current"), 401, "INVALID_SESSION_ID");
      const buyer = shopper(target, await login(target));
      expect((await buyer("POST", "carts", {})).status).toBe(201);
    } finally {
      await admin("POST", "/__emulator/settings", { applicationContext: { guestCartEnabled: true } });
    }
  });

  it("keeps a buyer's carts per effective account and refuses an account they can't act for", async () => {
    const auth = await login(target, "b2b@demo.store");
    const buyer = shopper(target, auth);
    const acme = (await buyer("PUT", "carts/active")).body.cartId;
    const west = (await buyer("PUT", "carts/active?effectiveAccountId=001DM00000ACME2")).body;
    expect(west.accountId).toBe("001DM00000ACME2");
    expect(west.cartId).not.toBe(acme);
    expectError(await buyer("GET", `carts/${acme}?effectiveAccountId=001DM00000ACME2`), 404, "NOT_FOUND");
    expect((await buyer("GET", "carts/active?effectiveAccountId=001DM0000000B2C")).status).toBe(403);
  });

  it("cancels a running checkout when the cart's items change (the cart goes back to Active)", async () => {
    const buyer = shopper(target, await login(target));
    const cartId = (await buyer("PUT", "carts/active")).body.cartId;
    const item = (await add(buyer, cartId, P.frenchPress, "1")).body.cartItemId;
    const started = await buyer("PUT", "checkouts", { cartId });
    expect([200, 201, 202]).toContain(started.status);
    expect((await buyer("GET", `carts/${cartId}`)).body.status).toBe("Checkout");
    expect((await buyer("PATCH", `carts/${cartId}/cart-items/${item}`, { quantity: "2" })).status).toBe(200);
    expect((await buyer("GET", `carts/${cartId}`)).body.status).toBe("Active");
  });

  it("answers 202 Processing while the cart's change is processing, then 200", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await admin("POST", "/__emulator/settings", { asyncPolls: 2 });
    try {
      await add(guest, cartId, P.dinerMug);
      const first = await guest("GET", `carts/${cartId}`);
      expect(first.status).toBe(202);
      expect(first.body).toMatchObject({ cartId, asyncOperationStatus: "Processing", grandTotalAmount: null });
      expect(first.headers.get("location")).toContain(`/carts/${cartId}`);
      expect(first.headers.get("retry-after")).toBe("1");
      expect((await guest("GET", `carts/${cartId}`)).status).toBe(202);
      const ready = await guest("GET", `carts/${cartId}`);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ asyncOperationStatus: "Completed", grandTotalAmount: "12.00" });
    } finally {
      await admin("POST", "/__emulator/settings", { asyncPolls: 0 });
    }
  });

  it("preserves a guest cart into the buyer's cart once they sign in, and ignores another browser's cart", async () => {
    const guest = shopper(target);
    const guestCart = await newCart(guest);
    await add(guest, guestCart, P.dinerMug, "2");
    await add(guest, guestCart, P.tamper, "1");
    // The login carries the guest's UVID over (uvid_hint): that is how the API knows the guest cart is theirs.
    const signedIn = shopper(target, await login(target, undefined, undefined, { uvid: guest.uvid }));
    const buyerCart = (await signedIn("PUT", "carts/active")).body.cartId;
    await add(signedIn, buyerCart, P.dinerMug, "1");

    const otherBrowser = shopper(target, await login(target));
    const noop = await otherBrowser("POST", `carts/${guestCart}/actions/preserve`);
    expect(noop.status).toBe(200);
    expect(noop.body).toEqual({});

    const preserved = await signedIn("POST", `carts/${guestCart}/actions/preserve`);
    expect(preserved.status).toBe(200);
    expect(preserved.body).toMatchObject({
      cartId: buyerCart,
      currencyIsoCode: "USD",
      numberOfProducts: 2,
      numberOfProductsWithSuccess: 2,
      numberOfProductsWithError: 0,
      failedCartItems: [],
    });
    expect(preserved.body.succeededCartItems).toHaveLength(2);
    const items = (await signedIn("GET", "carts/current/cart-items")).body.cartItems.map((i: any) => [
      i.cartItem.productId,
      i.cartItem.quantity,
    ]);
    expect(items).toEqual(
      expect.arrayContaining([
        [P.dinerMug, "3.0"],
        [P.tamper, "1.0"],
      ]),
    );
    expectError(await guest("GET", `carts/${guestCart}`), 404, "NOT_FOUND");
    expect((await signedIn("POST", `carts/${guestCart}/actions/preserve`)).body).toEqual({});
    expectError(await guest("POST", `carts/${guestCart}/actions/preserve`), 401, "INVALID_SESSION_ID");
  });

  it("clones a cart into a PayNowReadOnly cart, closing a guest's source", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.frenchPress, "1");
    expectError(
      await guest("POST", `carts/${cartId}/actions/clone?targetType=PayNowReadOnly`),
      400,
      "INVALID_API_INPUT",
    );
    expectError(
      await guest("POST", `carts/${cartId}/actions/clone?targetEffectiveAccountId=001DM0000000B2C`),
      400,
      "INVALID_API_INPUT",
    );
    const clone = await guest(
      "POST",
      `carts/${cartId}/actions/clone?targetEffectiveAccountId=001DM0000000B2C&targetType=PayNowReadOnly`,
    );
    expect(clone.status).toBe(201);
    expect(clone.body).toMatchObject({ type: "PayNowReadOnly", totalProductAmount: "39.00", status: "Active" });
    expect(clone.body.cartId).not.toBe(cartId);
    expect((await guest("GET", `carts/${cartId}`)).body.status).toBe("Closed");
    // A read-only or closed cart can't be modified: 403 INSUFFICIENT_ACCESS_OR_READONLY (reference §9).
    expectError(await add(guest, clone.body.cartId, P.filters), 403, "INSUFFICIENT_ACCESS_OR_READONLY");
    expectError(await add(guest, cartId, P.filters), 403, "INSUFFICIENT_ACCESS_OR_READONLY");
  });

  // Inventory reservations are documented for 58.0-63.0 only (at v65 they answer 404: versions.test.ts).
  const reservations = (cartId: string) => at("v63.0", `carts/${cartId}/inventory-reservations`);

  it("reserves stock for a cart until the reservation expires on the virtual clock", async () => {
    const alice = shopper(target);
    const aliceCart = await newCart(alice);
    await add(alice, aliceCart, P.lastUnit, "1");
    const reserved = await alice("PUT", reservations(aliceCart), { durationInSeconds: 60 });
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({
      durationInSeconds: 60,
      items: [{ productId: P.lastUnit, quantity: "1.0", reserved: true }],
    });
    expect(Date.parse(reserved.body.expiresAt)).toBeGreaterThan(Date.now());

    const bob = shopper(target);
    const bobCart = await newCart(bob);
    expectError(await add(bob, bobCart, P.lastUnit, "1"), 400, "ITEM_NOT_AVAILABLE");
    await admin("POST", "/__emulator/clock", { advanceSeconds: 61 });
    expect((await add(bob, bobCart, P.lastUnit, "1")).status).toBe(201);
    expectError(await bob("PUT", reservations(bobCart), { durationInSeconds: 0 }), 400, "INVALID_API_INPUT");
  });

  it("flags a line whose stock dropped after it was added, and refuses a reservation beyond stock", async () => {
    const alice = shopper(target);
    const aliceCart = await newCart(alice);
    await add(alice, aliceCart, P.err101, "2");
    const bob = shopper(target);
    const bobCart = await newCart(bob);
    await add(bob, bobCart, P.err101, "2");
    expect((await bob("PUT", reservations(bobCart))).status).toBe(200);
    try {
      const list = await alice("GET", `carts/${aliceCart}/cart-items`);
      expect(list.body.hasErrors).toBe(true);
      expect(list.body.cartItems[0].cartItem.messagesSummary).toMatchObject({
        errorCount: 1,
        hasErrors: true,
        limitedMessages: [
          { message: "Not enough inventory for selected quantity", severity: "Error", type: "Inventory" },
        ],
      });
      expectError(await alice("PUT", reservations(aliceCart)), 409, "INSUFFICIENT_INVENTORY");
    } finally {
      expect((await bob("DELETE", reservations(bobCart))).status).toBe(204);
    }
    expect((await alice("GET", `carts/${aliceCart}/cart-items`)).body.hasErrors).toBe(false);
  });
});
