/**
 * A buyer manages their subscriptions from the account page: cancel (Commerce Subscription Cancellation, 63.0), renew
 * a plan's term (Renewal Initiation, 65.0) and change the quantity (Amendment Initiation, 65.0), each a form inside a
 * disclosure that says what it will do (its button the confirmation), JavaScript off (POST → 303 → the list) and on;
 * the list then shows the new state; a refused quantity comes back under its field in the kit's words.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { buyerAuthorization } from "../support/identity.js";
import { placeOrderThroughApi } from "../support/api-order";
import { BUYER, useStore } from "../support/routes";

const API = "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";
const ROASTERS_CHOICE = "01tDM0000000013";
const MONTHLY = "0jPDM00000MONTH";
const YEAR_PLAN = "0jPDM00000YEAR1";

const store = useStore();

/** The buyer's subscriptions as the API lists them, by selling model. */
async function subscriptions(): Promise<Record<string, any>> {
  const headers = await buyerAuthorization(fetch, store.url);
  const res = await fetch(`${store.url}${API}/subscriptions`, { headers });
  expect(res.status).toBe(200);
  const body = await res.json();
  return Object.fromEntries(body.subscriptions.map((s: any) => [s.sellingModel.id, s]));
}

let monthly: string;
let yearly: string;

beforeEach(async () => {
  await store.reset();
  // A 2-unit monthly plan and a 1-year plan for 1 unit.
  await placeOrderThroughApi(store.url, BUYER, [
    { productId: ROASTERS_CHOICE, quantity: 2, productSellingModelId: MONTHLY },
    { productId: ROASTERS_CHOICE, quantity: 1, productSellingModelId: YEAR_PLAN, subscriptionTerm: 1 },
  ]);
  const listed = await subscriptions();
  monthly = listed[MONTHLY].id;
  yearly = listed[YEAR_PLAN].id;
});

describe("The account's subscriptions offer their actions, each behind a disclosure that confirms it", () => {
  test("change quantity and cancel for every plan, renew for a plan with a term", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/account");
    expect(page.status).toBe(200);
    expect(page.html.match(/<summary>Change quantity<\/summary>/g)).toHaveLength(2);
    expect(page.html.match(/<summary>Cancel subscription<\/summary>/g)).toHaveLength(2);
    // The evergreen monthly plan runs until cancelled: only the 12-month plan renews.
    expect(page.html.match(/<summary>Renew<\/summary>/g)).toHaveLength(1);
    expect(page.text).toContain("Confirm cancellation");
  });
});

describe("Cancel", () => {
  for (const js of [false, true]) {
    test(`stops the subscription at its next billing date, and the list says so (JavaScript ${js ? "on" : "off"})`, async () => {
      const buyer = await store.signedIn(BUYER);
      const nextBilling = (await subscriptions())[MONTHLY].billing.nextBillingDate as string;
      const done = await buyer.submit("/account", { intent: "subscription-cancel", subscriptionId: monthly }, { js });
      expect(done.location).toMatch(/^\/account(#subscriptions-title)?$/);
      const page = await buyer.load("/account");
      expect(page.toasts).toEqual([
        expect.stringMatching(/^Roaster's Choice Coffee Subscription is cancelled: it ends on /),
      ]);
      const api = (await subscriptions())[MONTHLY];
      expect(api).toMatchObject({ cancelStatus: "Success", billing: { cancellationDate: nextBilling } });
      // Still listed as active until that day, with no more actions.
      expect(page.text).toMatch(/Cancelled Stops on \w{3} \d{1,2}, \d{4}/);
      expect(page.html.match(/<summary>Cancel subscription<\/summary>/g)).toHaveLength(1);
    });
  }
});

describe("Renew", () => {
  test("adds one more term to a plan, once: the list shows the new end (JavaScript on)", async () => {
    const buyer = await store.signedIn(BUYER);
    const before = (await subscriptions())[YEAR_PLAN].endDate as string;
    const done = await buyer.submit("/account", { intent: "subscription-renew", subscriptionId: yearly }, { js: true });
    expect(done.location).toMatch(/^\/account(#subscriptions-title)?$/);
    const after = (await subscriptions())[YEAR_PLAN];
    expect(after.renewalStatus).toBe("Success");
    expect(Date.parse(after.endDate) - Date.parse(before)).toBeGreaterThan(360 * 24 * 3600 * 1000);
    const page = await buyer.load("/account");
    expect(page.toasts).toEqual([expect.stringMatching(/is renewed until /)]);
    expect(page.text).toMatch(/Renewed Runs until/);
    expect(page.html).not.toMatch(/<summary>Renew<\/summary>/);
  });

  test("a second renewal in the same term is refused, in a toast (JavaScript off)", async () => {
    const buyer = await store.signedIn(BUYER);
    expect((await buyer.submit("/account", { intent: "subscription-renew", subscriptionId: yearly })).status).toBe(303);
    const again = await buyer.submit("/account", { intent: "subscription-renew", subscriptionId: yearly });
    expect(again.status).toBe(303);
    const page = await buyer.load(again.location!);
    expect(page.toasts).toEqual([expect.stringMatching(/^We couldn't renew Roaster's Choice Coffee Subscription: /)]);
  });
});

describe("Change quantity", () => {
  test("more units start today; the list shows the new quantity (JavaScript off)", async () => {
    const buyer = await store.signedIn(BUYER);
    const done = await buyer.submit("/account", {
      intent: "subscription-quantity",
      subscriptionId: monthly,
      quantity: "3",
    });
    expect(done.status).toBe(303);
    const page = await buyer.load(done.location!);
    expect(page.toasts).toEqual(["Roaster's Choice Coffee Subscription: 3 from today."]);
    expect((await subscriptions())[MONTHLY].quantity).toBe(3);
  });

  test("fewer units start on the next billing date, and the list shows the change to come (JavaScript on)", async () => {
    const buyer = await store.signedIn(BUYER);
    const done = await buyer.submit(
      "/account",
      { intent: "subscription-quantity", subscriptionId: monthly, quantity: "1" },
      { js: true },
    );
    expect(done.location).toMatch(/^\/account(#subscriptions-title)?$/);
    const api = (await subscriptions())[MONTHLY];
    expect(api.amendmentStatus).toBe("Success");
    expect(api.quantity).toBe(2);
    const page = await buyer.load("/account");
    expect(page.toasts).toEqual([expect.stringMatching(/: 1 from your next billing date, /)]);
    expect(page.text).toMatch(/Quantity change 1 from \w{3} \d{1,2}, \d{4}/);
  });

  test("a missing, unreadable or unchanged quantity comes back under the field, the disclosure open (JavaScript off)", async () => {
    const buyer = await store.signedIn(BUYER);
    for (const [typed, message] of [
      ["", "Complete this field."],
      ["many", "Enter a valid numeric value."],
      ["0", "The number is too low."],
      ["2", "Enter a quantity other than 2, the one you have."],
    ]) {
      const answer = await buyer.submit("/account", {
        intent: "subscription-quantity",
        subscriptionId: monthly,
        quantity: typed,
      });
      expect(answer.status, typed).toBe(400);
      expect(answer.text, typed).toContain(message);
      expect(answer.html, typed).toMatch(/<details open="">\s*<summary>Change quantity<\/summary>/);
    }
    expect((await subscriptions())[MONTHLY]).toMatchObject({ quantity: 2, amendmentStatus: null });
  });
});
