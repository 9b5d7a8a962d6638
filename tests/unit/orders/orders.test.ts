import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  deliveryGroupName,
  fieldText,
  historyPage,
  historySearch,
  itemsLimit,
  keepProductLines,
  lastFour,
  mapFirstPaymentFields,
  mergeAdjustments,
  orderStatusLabel,
  normalizeDeliveryGroups,
  subscriptionProductIds,
  withTerms,
  ORDER_HISTORY_PAGE_SIZE,
  ORDER_ITEMS_PAGE_SIZE,
  orderDataFromLookup,
  orderLookupPath,
  orderLookupSchema,
  orderNumberFromQuery,
  orderProviderFailed,
  orderProviderKey,
  orderProviderLoaded,
  orderProviderLoading,
  orderSummaryPath,
  pageOfItems,
  readHistoryQuery,
  reorderOutcome,
  sumAmounts,
  toApiDateTime,
  toOrderSummary,
  toPayments,
  toProviderErrors,
} from "../../../app/lib/orders";
import { VALIDITY_MESSAGES } from "../../../app/lib/validation";

const field = (dataName: string, text: string | null, type = "string") => ({ dataName, label: dataName, text, type });

/** The field errors of a submission (none when it succeeded). */
function errorsOf(submission: unknown): Record<string, string[] | null | undefined> {
  return (submission as { error?: Record<string, string[] | null> }).error ?? {};
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("the lookup form's schema", () => {
  const guest = orderLookupSchema({ isGuest: true });
  const buyer = orderLookupSchema({ isGuest: false });

  it("accepts a guest's number and e-mail, trimmed", () => {
    const result = parseWithZod(form({ orderNumber: "  00000101 ", email: " guest@demo.store  " }), { schema: guest });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({ orderNumber: "00000101", email: "guest@demo.store" });
  });

  it("requires the order number from everyone ('Complete this field.')", () => {
    for (const schema of [guest, buyer]) {
      const result = parseWithZod(form({ orderNumber: "   ", email: "guest@demo.store" }), { schema });
      expect(result.status).toBe("error");
      expect(errorsOf(result).orderNumber).toContain(VALIDITY_MESSAGES.valueMissing);
    }
  });

  it("requires a valid e-mail from guests only", () => {
    const missing = parseWithZod(form({ orderNumber: "00000101" }), { schema: guest });
    expect(errorsOf(missing).email).toEqual([VALIDITY_MESSAGES.valueMissing]);
    const invalid = parseWithZod(form({ orderNumber: "00000101", email: "guest.demo.store" }), { schema: guest });
    expect(errorsOf(invalid).email).toEqual([VALIDITY_MESSAGES.badEmailInput]);

    const signedIn = parseWithZod(form({ orderNumber: "00000101" }), { schema: buyer });
    expect(signedIn.status).toBe("success");
    // A buyer's e-mail, if one is posted anyway, is never passed on.
    const ignored = parseWithZod(form({ orderNumber: "00000101", email: "x@y.z" }), { schema: buyer });
    expect(ignored.status === "success" && ignored.value.email).toBeUndefined();
  });

  it("allows at most 80 characters of e-mail", () => {
    const at80 = `${"a".repeat(71)}@demo.net`;
    expect(at80).toHaveLength(80);
    expect(parseWithZod(form({ orderNumber: "1", email: at80 }), { schema: guest }).status).toBe("success");
    const too = parseWithZod(form({ orderNumber: "1", email: `a${at80}` }), { schema: guest });
    expect(errorsOf(too).email).toContain(VALIDITY_MESSAGES.tooLong);
  });

  it("puts the constraints on the inputs (required, maxLength 80 for the e-mail)", () => {
    const constraint = getZodConstraint(guest);
    expect(constraint.orderNumber?.required).toBe(true);
    expect(constraint.email).toMatchObject({ required: true, maxLength: 80 });
    expect(getZodConstraint(buyer).email?.required).toBeFalsy();
  });

  it("reads the page reference's orderNumber and builds the pages' paths", () => {
    expect(orderNumberFromQuery("  00000101 ")).toBe("00000101");
    expect(orderNumberFromQuery(null)).toBe("");
    expect(orderNumberFromQuery("9".repeat(81))).toBe("");
    expect(orderSummaryPath("00000101")).toBe("/OrderSummary/00000101");
    expect(orderSummaryPath("a/b")).toBe("/OrderSummary/a%2Fb");
    expect(orderLookupPath("00000101")).toBe("/OrderLookup?orderNumber=00000101");
    expect(orderLookupPath(null)).toBe("/OrderLookup");
  });
});

describe("the order provider's states", () => {
  it("starts loading, without data", () => {
    const state = orderProviderLoading();
    expect(state).toMatchObject({ isLoading: true, hasErrors: false, summary: null, deliveryGroups: null });
  });

  it("loaded with data: every section present", () => {
    const state = orderProviderLoaded({ id: "1Os1", fields: {}, deliveryGroups: [], adjustments: [], payments: [] });
    expect(state.isLoading).toBe(false);
    expect(state.hasErrors).toBe(false);
    expect(state.summary?.orderSummaryId).toBe("1Os1");
    expect(state.deliveryGroups).toEqual([]);
    expect(state.adjustments).toEqual([]);
    expect(state.payments).toEqual([]);
  });

  it("loaded with errors: hasErrors and every data section null", () => {
    const error = Object.assign(new Error("Not Found"), {
      name: "FetchError",
      errors: [{ type: "NOT_FOUND", message: "No such order." }],
    });
    const state = orderProviderFailed(error);
    expect(state).toEqual({
      isLoading: false,
      hasErrors: true,
      errors: [{ code: "NOT_FOUND", message: "No such order." }],
      summary: null,
      deliveryGroups: null,
      adjustments: null,
      payments: null,
    });
  });
});

describe("the order provider's key", () => {
  const base = { recordId: "00000101", fields: ["A", "B"], accessToken: "t1", effectiveAccountId: "001A" };

  it("stays the same for the same inputs (field order and repeats do not matter)", () => {
    expect(orderProviderKey(base)).toBe(orderProviderKey({ ...base, fields: ["B", "A", "A"] }));
  });

  it("changes with the record id, the required fields, the access token or the effective account", () => {
    const key = orderProviderKey(base);
    expect(orderProviderKey({ ...base, recordId: "00000102" })).not.toBe(key);
    expect(orderProviderKey({ ...base, fields: ["A", "B", "C"] })).not.toBe(key);
    expect(orderProviderKey({ ...base, accessToken: "t2" })).not.toBe(key);
    expect(orderProviderKey({ ...base, accessToken: null })).not.toBe(key);
    expect(orderProviderKey({ ...base, effectiveAccountId: "001B" })).not.toBe(key);
  });
});

describe("the order summary's derived fields", () => {
  it("takes orderSummaryId from the record and the rest from OrderedDate, CreatedDate, TotalAmount, OwnerId", () => {
    const summary = toOrderSummary({
      id: "1OsDM0000000103",
      orderedDate: "2000-01-01T00:00:00.000Z",
      fields: {
        OrderedDate: field("OrderedDate", "2026-09-02T19:41:03.000Z", "datetime"),
        CreatedDate: field("CreatedDate", "2026-09-02T19:41:04.000Z", "datetime"),
        TotalAmount: field("TotalAmount", "181.99", "currency"),
        OwnerId: field("OwnerId", "005DM0000000B2C", "reference"),
        OrderNumber: field("OrderNumber", "00000103"),
        Status: field("Status", "Fulfilled", "picklist"),
      },
    });
    expect(summary).toMatchObject({
      orderSummaryId: "1OsDM0000000103",
      orderNumber: "00000103",
      // The field wins over the plain property.
      orderedDate: "2026-09-02T19:41:03.000Z",
      createdDate: "2026-09-02T19:41:04.000Z",
      totalAmount: "181.99",
      ownerId: "005DM0000000B2C",
      status: "Fulfilled",
    });
  });

  it("reads fields keyed by entity and falls back to plain properties when a field is missing", () => {
    const summary = toOrderSummary({
      orderSummaryId: "1Os2",
      ownerId: "005X",
      createdDate: "2026-01-01T00:00:00.000Z",
      fields: { "OrderSummary.TotalAmount": field("TotalAmount", "10.00") },
    });
    expect(summary).toMatchObject({
      orderSummaryId: "1Os2",
      ownerId: "005X",
      createdDate: "2026-01-01T00:00:00.000Z",
      totalAmount: "10.00",
      orderedDate: null,
    });
  });

  it("works out the totals: subtotal before discounts, discounts, shipping, tax, total", () => {
    const summary = toOrderSummary({
      fields: {
        TotalProductAmount: field("TotalProductAmount", "183.00"),
        TotalAdjustedProductAmount: field("TotalAdjustedProductAmount", "162.18"),
        TotalAdjustedDeliveryAmount: field("TotalAdjustedDeliveryAmount", "19.99"),
        TotalTaxAmount: field("TotalTaxAmount", "15.65"),
        GrandTotalAmount: field("GrandTotalAmount", "197.82"),
      },
    });
    expect(summary.totals).toEqual({
      subtotal: "183.00",
      discounts: "-20.82",
      shipping: "19.99",
      tax: "15.65",
      total: "197.82",
    });
  });

  it("with only the adjusted subtotal, shows it as the subtotal and no separate discount", () => {
    const summary = toOrderSummary({ totalAmount: "9.00", fields: { TotalAdjustedProductAmount: field("x", "9.00") } });
    expect(summary.totals).toMatchObject({ subtotal: "9.00", discounts: null, total: "9.00" });
  });

  it("never fails on a broken answer", () => {
    expect(toOrderSummary(null)).toMatchObject({
      orderSummaryId: null,
      orderNumber: null,
      currencyIsoCode: "USD",
      itemCount: null,
    });
    expect(fieldText("nope", "Name")).toBeNull();
  });
});

describe("first-payment fields", () => {
  it("map to their regular totals (camelCase, PascalCase and entity-prefixed keys)", () => {
    expect(
      mapFirstPaymentFields({
        totalAmount: "100.00",
        firstPymtTotalAmount: "25.00",
        FirstPymtGrandTotalAmount: "27.00",
        "OrderSummary.FirstPymtTotalTaxAmount": "2.00",
      }),
    ).toEqual({ totalAmount: "25.00", GrandTotalAmount: "27.00", "OrderSummary.TotalTaxAmount": "2.00" });
  });

  it("leave the regular total alone when they carry no value", () => {
    expect(mapFirstPaymentFields({ totalAmount: "100.00", firstPymtTotalAmount: null })).toEqual({
      totalAmount: "100.00",
    });
    expect(
      mapFirstPaymentFields({
        GrandTotalAmount: field("GrandTotalAmount", "9.00"),
        FirstPymtGrandTotalAmount: field("FirstPymtGrandTotalAmount", null),
      }),
    ).toEqual({ GrandTotalAmount: field("GrandTotalAmount", "9.00") });
    // Not a first-payment field: a name that merely starts alike.
    expect(mapFirstPaymentFields({ firstPymtish: "1" })).toEqual({ firstPymtish: "1" });
  });

  it("count in the order summary's totals", () => {
    const summary = toOrderSummary({
      fields: {
        GrandTotalAmount: field("GrandTotalAmount", "120.00"),
        FirstPymtGrandTotalAmount: field("FirstPymtGrandTotalAmount", "30.00"),
      },
    });
    expect(summary.totals.total).toBe("30.00");
  });
});

describe("delivery groups", () => {
  const groups = normalizeDeliveryGroups([
    {
      id: "0ag1",
      name: "Home",
      fields: {
        DeliverToName: field("DeliverToName", "Alex Buyer"),
        DeliverToCity: field("DeliverToCity", "San Francisco"),
        PhoneNumber: field("PhoneNumber", "4155550100"),
        IsGift: field("IsGift", "false", "boolean"),
      },
      deliveryMethod: { name: "Standard Shipping" },
      lineItems: [],
    },
    {
      id: "0ag2",
      name: null,
      deliverToName: "Jordan Buyer",
      fields: {
        "OrderDeliveryGroupSummary.IsGift": field("IsGift", "true", "boolean"),
        "OrderDeliveryGroupSummary.GiftMessage": field("GiftMessage", "Happy birthday"),
        "OrderDeliveryGroupSummary.DesiredDeliveryDate": field("DesiredDeliveryDate", "2026-09-08", "date"),
      },
    },
    { id: "0ag3", name: "  " },
  ]);

  it("are named 'Delivery Group N' when unnamed (N their position)", () => {
    expect(groups.map((g) => g.name)).toEqual(["Home", "Delivery Group 2", "Delivery Group 3"]);
    expect(deliveryGroupName("Office", 4)).toBe("Office");
    expect(deliveryGroupName(undefined, 0)).toBe("Delivery Group 1");
  });

  it("carry the deliver-to details, method, desired date and the gift flag and message", () => {
    expect(groups[0]).toMatchObject({
      deliverToName: "Alex Buyer",
      city: "San Francisco",
      phoneNumber: "4155550100",
      deliveryMethod: "Standard Shipping",
      isGift: false,
      giftMessage: null,
    });
    expect(groups[1]).toMatchObject({
      deliverToName: "Jordan Buyer",
      isGift: true,
      giftMessage: "Happy birthday",
      desiredDeliveryDate: "2026-09-08",
      items: [],
    });
  });
});

describe("line items", () => {
  const items = [
    {
      id: "10u1",
      type: "Order Product",
      fields: {
        Name: field("Name", "Mug"),
        Quantity: field("Quantity", "2.0"),
        UnitPrice: field("UnitPrice", "12.00"),
        AdjustedLineAmount: field("AdjustedLineAmount", "22.80"),
      },
      product: {
        productId: "01t1",
        fields: { StockKeepingUnit: field("StockKeepingUnit", "MUG-1") },
        media: { url: "/img/mug.png", alternateText: "A mug" },
      },
    },
    { id: "10u2", type: "Product", fields: {} },
    { id: "10u3", type: "Delivery Charge", fields: { Name: field("Name", "Shipping") } },
    { id: "10u4", fields: { "OrderItemSummary.Type": field("Type", "Order Product") } },
    { id: "10u5", fields: {} },
  ];

  it("keep only types Product and Order Product", () => {
    expect(keepProductLines(items).map((i) => i.id)).toEqual(["10u1", "10u2", "10u4"]);
    expect(keepProductLines([])).toEqual([]);
  });

  it("show name, SKU, quantity, prices, image and their merged adjustments", () => {
    const [group] = normalizeDeliveryGroups([
      {
        id: "0ag1",
        lineItems: [
          {
            ...items[0],
            adjustments: [
              { displayName: "5% off mugs", amount: "-0.60", targetType: "Item" },
              { displayName: "5% off mugs", amount: "-0.60", targetType: "Item" },
            ],
          },
          items[2],
        ],
      },
    ]);
    expect(group.items).toEqual([
      {
        id: "10u1",
        productId: "01t1",
        name: "Mug",
        sku: "MUG-1",
        quantity: 2,
        unitPrice: "12.00",
        totalPrice: "22.80",
        image: { url: "/img/mug.png", alt: "A mug" },
        adjustments: [{ displayName: "5% off mugs", amount: "-1.20", type: null }],
        sellingModelId: null,
        term: null,
      },
    ]);
  });

  it("name a subscription line's term from its selling model, and leave an unknown model unnamed", () => {
    const line = (id: string, productId: string, model: string | null) => ({
      id,
      fields: {
        Type: { text: "Order Product" },
        Name: { text: "Roaster's Choice" },
        ...(model ? { ProductSellingModelId: { text: model } } : {}),
      },
      product: { productId },
    });
    const [group] = normalizeDeliveryGroups([
      { lineItems: [line("1", "01tSUB", "0jPMONTH"), line("2", "01tSUB", "0jPGONE"), line("3", "01tMUG", null)] },
    ]);
    expect(subscriptionProductIds([group])).toEqual(["01tSUB"]);
    const [named] = withTerms([group], new Map([["0jPMONTH", "Monthly Subscription"]]));
    expect(named.items.map((item) => item.term)).toEqual(["Monthly Subscription", null, null]);
  });

  it("are paged per group with a 'Show more' limit read from the URL", () => {
    const list = Array.from({ length: 12 }, (_, i) => i);
    expect(pageOfItems(list, ORDER_ITEMS_PAGE_SIZE)).toEqual({
      shown: list.slice(0, 10),
      hasMore: true,
      nextLimit: 20,
    });
    expect(pageOfItems(list, 20)).toMatchObject({ shown: list, hasMore: false });
    expect(itemsLimit(new URLSearchParams("items2=20"), 1)).toBe(20);
    expect(itemsLimit(new URLSearchParams("items2=-3"), 1)).toBe(ORDER_ITEMS_PAGE_SIZE);
    expect(itemsLimit(new URLSearchParams("items2=abc"), 0)).toBe(ORDER_ITEMS_PAGE_SIZE);
  });
});

describe("adjustments", () => {
  it("are merged by displayName with amounts summed to 2 decimals, in first-seen order", () => {
    expect(
      mergeAdjustments([
        { displayName: "Buy 3+ mugs, save 5%", amount: "-1.2", type: "Promotion" },
        { displayName: "Spring sale", amount: "-0.1" },
        { displayName: "Buy 3+ mugs, save 5%", amount: "-1.60", type: "Promotion" },
        { displayName: "Spring sale", amount: "-0.2" },
      ]),
    ).toEqual([
      { displayName: "Buy 3+ mugs, save 5%", amount: "-2.80", type: "Promotion" },
      // 0.1 + 0.2 without floating-point drift.
      { displayName: "Spring sale", amount: "-0.30", type: null },
    ]);
  });

  it("skip entries without an amount and name the nameless", () => {
    expect(mergeAdjustments([{ displayName: "x", amount: "abc" }, null, { amount: "-1" }])).toEqual([
      { displayName: "Adjustment", amount: "-1.00", type: null },
    ]);
    expect(mergeAdjustments([])).toEqual([]);
    expect(sumAmounts(["1.005", "2", null, "x"])).toBe("3.01");
  });

  it("of an order: order-level ones first, then the lines' merged", () => {
    const data = orderDataFromLookup({
      adjustments: [
        { displayName: "10% off your order", amount: "-18.02", targetType: "Order" },
        { displayName: "Mugs", amount: "-1.20", targetType: "Item" },
        { displayName: "Mugs", amount: "-1.60", targetType: "Item" },
      ],
    });
    expect(data.adjustments.map((a) => [a.displayName, a.amount])).toEqual([
      ["10% off your order", "-18.02"],
      ["Mugs", "-2.80"],
    ]);
  });
});

describe("payments", () => {
  it("show the type or brand and the last 4 characters, never a full number", () => {
    expect(
      toPayments([
        { id: "p1", type: "CreditCard", cardBrand: "Visa", last4: "4242", amount: "58.49" },
        { id: "p2", type: "PurchaseOrder", purchaseOrderNumber: "PO-2026-000123" },
        { id: "p3", type: "CreditCard", last4: "4111111111111111" },
        { type: "Other" },
      ]),
    ).toEqual([
      { id: "p1", label: "Visa ending in 4242", amount: "58.49" },
      { id: "p2", label: "Purchase order ending in 0123", amount: null },
      { id: "p3", label: "Card ending in 1111", amount: null },
      { id: "payment-4", label: "Other", amount: null },
    ]);
    expect(lastFour("  ")).toBeNull();
  });
});

describe("provider errors", () => {
  it("become {code from the error type, message}", () => {
    const fetchError = Object.assign(new Error("Not Found"), {
      errors: [{ type: "NOT_FOUND", message: "Something's not right." }],
    });
    expect(toProviderErrors(fetchError)).toEqual([{ code: "NOT_FOUND", message: "Something's not right." }]);
    expect(toProviderErrors([{ errorCode: "INVALID_ID_FIELD", message: "Bad id" }])).toEqual([
      { code: "INVALID_ID_FIELD", message: "Bad id" },
    ]);
  });

  it("fall back to the error's own code or name, else UNKNOWN_ERROR", () => {
    expect(toProviderErrors(Object.assign(new Error("aborted"), { name: "Aborted" }))).toEqual([
      { code: "Aborted", message: "aborted" },
    ]);
    expect(toProviderErrors(new TypeError("orderSummaryId is required"))).toEqual([
      { code: "TypeError", message: "orderSummaryId is required" },
    ]);
    expect(toProviderErrors(new Error(""))).toEqual([
      { code: "UNKNOWN_ERROR", message: "The order could not be loaded." },
    ]);
    expect(toProviderErrors("boom")).toEqual([{ code: "UNKNOWN_ERROR", message: "The order could not be loaded." }]);
  });
});

describe("reorder outcome", () => {
  it("reports success", () => {
    expect(reorderOutcome({ totalSucceededProductCount: 3, unaddedProducts: [] })).toEqual({
      variant: "success",
      message: "Added 3 products to your cart.",
    });
    expect(reorderOutcome({ totalSucceededProductCount: 1 }).message).toBe("Added 1 product to your cart.");
  });

  it("names every product that could not be added, with its reason", () => {
    const partial = reorderOutcome({
      totalSucceededProductCount: 1,
      unaddedProducts: [
        {
          productName: "Out Of Stock Thing",
          errorCode: "ERROR_SAVING_CARTITEM",
          errorMessage: "No more available items for current product.",
        },
        { productSKU: "ERR-105", errorCode: "ERROR_SAVING_CARTITEM" },
      ],
    });
    expect(partial.variant).toBe("warning");
    expect(partial.message).toBe(
      "Added 1 product to your cart. We couldn't add: Out Of Stock Thing (No more available items for current product); ERR-105 (ERROR_SAVING_CARTITEM).",
    );
    expect(
      reorderOutcome({ totalSucceededProductCount: 0, unaddedProducts: [{ productName: "X", errorMessage: "Gone" }] }),
    ).toEqual({
      variant: "error",
      message: "We couldn't add these products to your cart: X (Gone).",
    });
  });
});

describe("order history query", () => {
  it("defaults to all dates, newest first", () => {
    const query = readHistoryQuery(new URLSearchParams());
    expect(query).toMatchObject({
      from: "",
      to: "",
      sort: "newest",
      pageToken: null,
      pageSize: ORDER_HISTORY_PAGE_SIZE,
      errors: {},
    });
    expect(query.api).toEqual({ sortOrder: "OrderedDateDesc", pageSize: ORDER_HISTORY_PAGE_SIZE });
  });

  it("sends the date range as yyyy-MM-ddTHH:mm:ss.SSSZ covering whole days", () => {
    const query = readHistoryQuery(
      new URLSearchParams("from=2026-09-01&to=9/30/2026&sort=oldest&pageSize=2&pageToken=eyJzIjoi"),
    );
    expect(query.api).toEqual({
      sortOrder: "OrderedDateAsc",
      pageSize: 2,
      pageToken: "eyJzIjoi",
      earliestDate: "2026-09-01T00:00:00.000Z",
      latestDate: "2026-09-30T23:59:59.999Z",
    });
    expect(toApiDateTime("2026-01-31", "end")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("refuses a bad date and a range that ends before it starts", () => {
    expect(readHistoryQuery(new URLSearchParams("from=2026-02-30")).errors.from).toBe(
      "Your entry does not match the allowed format M/d/yyyy.",
    );
    const backwards = readHistoryQuery(new URLSearchParams("from=2026-09-30&to=2026-09-01"));
    expect(backwards.errors.to).toBe("Value must be Sep 30, 2026 or later.");
    expect(backwards.api.latestDate).toBeUndefined();
  });

  it("ignores a page token that isn't one and clamps the page size", () => {
    const query = readHistoryQuery(new URLSearchParams("pageToken=%3Cscript%3E&pageSize=5000"));
    expect(query.pageToken).toBeNull();
    expect(query.pageSize).toBe(100);
    expect(readHistoryQuery(new URLSearchParams("pageSize=0")).pageSize).toBe(ORDER_HISTORY_PAGE_SIZE);
  });

  it("builds paging links that keep the filter, sort and page size", () => {
    const query = readHistoryQuery(new URLSearchParams("from=2026-09-01&sort=oldest&pageSize=2"));
    expect(historySearch(query, "abc=")).toBe("?from=2026-09-01&sort=oldest&pageSize=2&pageToken=abc%3D");
    expect(historySearch(readHistoryQuery(new URLSearchParams()), null)).toBe("");
  });

  it("lists the summaries with number, date, status, total and item count", () => {
    const page = historyPage({
      orderSummaries: [
        {
          orderNumber: "00000106",
          orderedDate: "2026-11-05T20:10:10.000Z",
          status: "Created",
          orderProductTopLevelLineCount: 2,
          currencyIsoCode: "USD",
          fields: { GrandTotalAmount: field("GrandTotalAmount", "662.27") },
        },
        { status: "no number" },
      ],
      nextPageToken: "n1",
      previousPageToken: null,
    });
    expect(page).toEqual({
      rows: [
        {
          orderNumber: "00000106",
          orderedDate: "2026-11-05T20:10:10.000Z",
          status: "Created",
          total: "662.27",
          currencyIsoCode: "USD",
          itemCount: 2,
        },
      ],
      nextPageToken: "n1",
      previousPageToken: null,
      hasPrevious: false,
    });
    expect(historyPage({ previousPageToken: "p0" }).hasPrevious).toBe(true);
    expect(historyPage(undefined).rows).toEqual([]);
  });
});

describe("orderStatusLabel", () => {
  it("names a status as the store does, and keeps the API's name when the store has none for it", () => {
    const names = [{ apiName: "Fulfilled", displayValue: "Delivered" }];
    expect(orderStatusLabel("Fulfilled", names)).toBe("Delivered");
    expect(orderStatusLabel("Created", names)).toBe("Created");
    expect(orderStatusLabel("Created", null)).toBe("Created");
    expect(orderStatusLabel(null, names)).toBeNull();
  });
});
