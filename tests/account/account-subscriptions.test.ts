import { describe, expect, it } from "vitest";
import {
  subscriptionStateOf,
  subscriptionTermText,
  subscriptionsTokenOf,
  toSubscriptionRow,
  toSubscriptionsView,
} from "../../app/account/model/subscriptions";

const MONTHLY = {
  id: "0jP1",
  name: "Monthly",
  sellingModelType: "Evergreen",
  pricingTerm: 1,
  pricingTermUnit: "Months",
};
const YEARLY = {
  id: "0jP2",
  name: "12-Month Plan",
  sellingModelType: "TermDefined",
  pricingTerm: 1,
  pricingTermUnit: "Annual",
};

describe("subscriptionTermText", () => {
  it("names an evergreen subscription by its period and a plan by the months its terms last", () => {
    expect(subscriptionTermText(MONTHLY, null)).toBe("Renews every month until you cancel");
    expect(subscriptionTermText({ ...MONTHLY, pricingTermUnit: "Annual" }, null)).toBe(
      "Renews every year until you cancel",
    );
    expect(subscriptionTermText(YEARLY, 2)).toBe("24-month plan, billed yearly");
    expect(subscriptionTermText(YEARLY, null)).toBe("12-month plan, billed yearly");
    expect(subscriptionTermText({ ...YEARLY, pricingTermUnit: "Months" }, 6)).toBe("6-month plan, billed monthly");
    expect(subscriptionTermText(null, 1)).toBe("Subscription");
  });
});

describe("toSubscriptionsView", () => {
  it("maps the Commerce Subscription Collection's details to rows, leaving out what names no subscription", () => {
    const view = toSubscriptionsView(
      {
        nextPageToken: "abc=",
        subscriptions: [
          {
            id: "02i1",
            product: { id: "01t1", name: "Roaster's Choice", sku: "SUB" },
            sellingModel: YEARLY,
            subscriptionTerm: 1,
            quantity: 2,
            startDate: "2026-11-27T00:00:00.000+0000",
            endDate: "2027-11-26T23:59:59.999+0000",
            billing: { nextBillingDate: "2027-11-27" },
          },
          { product: { name: "no id" } },
        ],
      },
      "Active",
      false,
      false,
      { min: 1, max: 1 },
    );
    expect(view).toEqual({
      state: "Active",
      nextPageToken: "abc=",
      isLaterPage: false,
      canRenewAndAmend: false,
      quantityRange: { min: 1, max: 1 },
      rows: [
        {
          id: "02i1",
          productId: "01t1",
          productName: "Roaster's Choice",
          sku: "SUB",
          plan: "12-Month Plan",
          term: "12-month plan, billed yearly",
          quantity: 2,
          startDate: "2026-11-27T00:00:00.000+0000",
          endDate: "2027-11-26T23:59:59.999+0000",
          nextBillingDate: "2027-11-27",
          startDay: "2026-11-27",
          cancellationDate: null,
          renewed: false,
          termDefined: true,
          pendingQuantity: null,
        },
      ],
    });
    expect(toSubscriptionRow({ id: "02i2" })).toMatchObject({ productName: "Subscription", startDay: null });
  });

  it("reads what the buyer's actions left: a cancellation's day, a renewal, a quantity change still to come", () => {
    const amended = (effectiveDateTime: string) =>
      toSubscriptionRow({
        id: "02i3",
        quantity: 2,
        amendmentStatus: "Success",
        lastAction: {
          type: "Amend",
          effectiveDateTime,
          details: { changes: [{ field: "quantity", previousValue: 2, newValue: 1 }], status: "Success" },
        },
      });
    expect(amended("2999-01-01")?.pendingQuantity).toEqual({ quantity: 1, from: "2999-01-01" });
    // Already in effect: the quantity itself says it.
    expect(amended("2000-01-01")?.pendingQuantity).toBeNull();
    expect(
      toSubscriptionRow({ id: "02i4", cancelStatus: "Success", billing: { cancellationDate: "2027-01-05" } }),
    ).toMatchObject({ cancellationDate: "2027-01-05", renewed: false });
    expect(toSubscriptionRow({ id: "02i5", renewalStatus: "Success" })).toMatchObject({ renewed: true });
  });

  it("reads the page's query: past or active, and only a token as the API writes them", () => {
    expect(subscriptionStateOf(new URLSearchParams("subscriptions=past"))).toBe("Past");
    expect(subscriptionStateOf(new URLSearchParams("subscriptions=anything"))).toBe("Active");
    expect(subscriptionsTokenOf(new URLSearchParams("subscriptionsPage=eyJzIjoiQyJ9"))).toBe("eyJzIjoiQyJ9");
    expect(subscriptionsTokenOf(new URLSearchParams("subscriptionsPage=<script>"))).toBeNull();
  });
});
