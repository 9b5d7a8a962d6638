import { describe, expect, it } from "vitest";
import {
  cartItemTerm,
  isSellingModelId,
  sellingModelOptions,
  subscriptionsOffered,
  subscriptionTermFor,
} from "../../app/cart/model/subscriptions";

const MONTHLY = {
  id: "0jPDM00000MONTH",
  name: "Monthly Subscription",
  sellingModelType: "Evergreen",
  pricingTerm: 1,
  pricingTermUnit: "Months",
};
const YEARLY = {
  id: "0jPDM00000YEAR1",
  name: "12-Month Plan",
  sellingModelType: "TermDefined",
  pricingTerm: 1,
  pricingTermUnit: "Annual",
};
const ONCE = {
  id: "0jPDM00000ONETM",
  name: "One-Time Purchase",
  sellingModelType: "OneTime",
  pricingTerm: null,
  pricingTermUnit: null,
};

describe("sellingModelOptions", () => {
  it("offers buying once first, then each subscription with what it means", () => {
    expect(sellingModelOptions([MONTHLY, ONCE, YEARLY])).toEqual([
      {
        id: ONCE.id,
        name: "One-Time Purchase",
        type: "OneTime",
        description: "Buy once, no subscription.",
        term: null,
        terms: [],
      },
      {
        id: MONTHLY.id,
        name: "Monthly Subscription",
        type: "Evergreen",
        description: "Renews every month until you cancel.",
        term: 1,
        terms: [],
      },
      {
        id: YEARLY.id,
        name: "12-Month Plan",
        type: "TermDefined",
        description: "A 12-month plan, billed yearly.",
        term: 1,
        terms: [],
      },
    ]);
  });

  it("gives a term-defined plan's term to its cart item, and nothing for buying once or an evergreen subscription", () => {
    const [once, monthly, yearly] = sellingModelOptions([ONCE, MONTHLY, { ...YEARLY, pricingTerm: 2 }]);
    expect(subscriptionTermFor(yearly)).toBe(2);
    expect(subscriptionTermFor(monthly)).toBeUndefined();
    expect(subscriptionTermFor(once)).toBeUndefined();
  });

  it("offers a plan's terms from its Subscription Term Rule, and sends the one chosen when the rule allows it", () => {
    const [yearly] = sellingModelOptions([
      { ...YEARLY, subscriptionTermRule: { minimum: 1, maximum: 3, increment: 1 } },
    ]);
    expect(yearly.terms).toEqual([
      { count: 1, label: "1 year" },
      { count: 2, label: "2 years" },
      { count: 3, label: "3 years" },
    ]);
    expect(subscriptionTermFor(yearly, "2")).toBe(2);
    // Outside the rule, or not a number: the shortest term.
    expect(subscriptionTermFor(yearly, "4")).toBe(1);
    expect(subscriptionTermFor(yearly, "two")).toBe(1);
    const [sixMonthly] = sellingModelOptions([
      { ...YEARLY, pricingTermUnit: "Months", subscriptionTermRule: { minimum: 6, maximum: 12, increment: 6 } },
    ]);
    expect(sixMonthly.terms.map((t) => t.label)).toEqual(["6 months", "12 months"]);
    // An evergreen subscription has no term to choose, whatever its model says.
    const [monthly] = sellingModelOptions([{ ...MONTHLY, subscriptionTermRule: { minimum: 1, maximum: 2 } }]);
    expect(monthly.terms).toEqual([]);
    expect(subscriptionTermFor(monthly, "2")).toBeUndefined();
  });
});

describe("subscriptionsOffered", () => {
  it("sells subscriptions with Commerce Subscriptions or Revenue Cloud's, and not otherwise", () => {
    expect(subscriptionsOffered({ subscriptionPlusEnabled: true })).toBe(true);
    expect(subscriptionsOffered({ rlmSubscriptionEnabled: true, subscriptionPlusEnabled: false })).toBe(true);
    expect(subscriptionsOffered({ commerceSubscriptionARCUIEnabled: true })).toBe(false);
    expect(subscriptionsOffered(null)).toBe(false);
    expect(subscriptionsOffered(undefined)).toBe(false);
  });

  it("has no options for a product sold without selling models, and skips models it can't read", () => {
    expect(sellingModelOptions(undefined)).toEqual([]);
    expect(sellingModelOptions([])).toEqual([]);
    expect(
      sellingModelOptions([
        { name: "no id", sellingModelType: "Evergreen" },
        { id: "0jPDM0000000BAD", sellingModelType: "Usage" },
      ]),
    ).toEqual([]);
  });
});

describe("cartItemTerm", () => {
  it("names the term a cart line was bought with", () => {
    expect(
      cartItemTerm({
        productSellingModelId: MONTHLY.id,
        sellingModelType: "Evergreen",
        billingFrequency: "Monthly",
        subscriptionTerm: 1,
      }),
    ).toBe("Monthly subscription");
    expect(
      cartItemTerm({
        productSellingModelId: YEARLY.id,
        sellingModelType: "TermDefined",
        billingFrequency: "Annual",
        subscriptionTerm: 1,
      }),
    ).toBe("12-month plan, billed yearly");
    expect(
      cartItemTerm({
        productSellingModelId: "0jPDM0000000SIX",
        sellingModelType: "TermDefined",
        billingFrequency: "Monthly",
        subscriptionTerm: 6,
      }),
    ).toBe("6-month plan, billed monthly");
    expect(cartItemTerm({ productSellingModelId: ONCE.id, sellingModelType: "OneTime", billingFrequency: null })).toBe(
      "One-time purchase",
    );
  });

  it("says nothing for a line of a product sold without selling models", () => {
    expect(cartItemTerm({ productSellingModelId: null, sellingModelType: "OneTime" })).toBeNull();
    expect(cartItemTerm(null)).toBeNull();
  });
});

describe("isSellingModelId", () => {
  it("takes 15- and 18-character ProductSellingModel ids only", () => {
    expect(isSellingModelId("0jPDM00000MONTH")).toBe(true);
    expect(isSellingModelId("0jPDM00000MONTHAAA")).toBe(true);
    expect(isSellingModelId("monthly")).toBe(false);
    expect(isSellingModelId("01tDM0000000013")).toBe(false);
    expect(isSellingModelId("0jPDM00000MONTH'--")).toBe(false);
  });
});
