import { describe, expect, it } from "vitest";
import {
  deliveryGroupName,
  itemsLimit,
  itemsPageToken,
  keepProductLines,
  normalizeDeliveryGroups,
  subscriptionProductIds,
  withTerms,
  ORDER_ITEMS_PAGE_SIZE,
  pageOfItems,
  readOrderPageQuery,
} from "../../app/orders/model";
import { field } from "./orders-helpers";

// An order's delivery groups and line items (app/orders/model/lines.ts).
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
        attributes: [],
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

  it("read a group's page token of order-summaries/{id}/items from the URL; a limit or a blank is the first page", () => {
    expect(itemsPageToken(new URLSearchParams("items2=eyJzIjoiSWRBc2MifQ%3D%3D"), 1)).toBe("eyJzIjoiSWRBc2MifQ==");
    expect(itemsPageToken(new URLSearchParams("items2=eyJ"), 0)).toBeNull();
    expect(itemsPageToken(new URLSearchParams("items1=20"), 0)).toBeNull();
    expect(itemsPageToken(new URLSearchParams("items1=%20"), 0)).toBeNull();
    expect(itemsPageToken(new URLSearchParams(`items1=${"a".repeat(201)}`), 0)).toBeNull();
  });

  it("read the order page's query as its route gives it to the orders: the access token and each group's page token", () => {
    const query = readOrderPageQuery(
      new URLSearchParams("access=%20tok%20&items1=20&items3=eyJ9&items3=later&items01=eyJ0&page=eyJ1"),
    );
    // The first value of a name counts, as the page's links write one; a limit, a padded name or another name is no token.
    expect(query).toEqual({ accessToken: "tok", itemsPages: { 2: "eyJ9" } });
    expect(readOrderPageQuery(new URLSearchParams("access=%20"))).toEqual({ accessToken: null, itemsPages: {} });
  });
});
