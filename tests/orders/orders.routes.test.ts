/**
 * Orders (app/handlers/orders.server.ts and the OrderLookup / OrderSummary routes): a guest's lookup by number and e-mail,
 * a buyer's by number, the order history, and who may open which order, submitted without JavaScript (303, or
 * the form again with the spec's toast) and with it (single-fetch data; a match reloads the document, spec §4
 * "Lookup form").
 */
import { beforeAll, describe, expect, test } from "vitest";
import { B2B_BUYER, BUYER, useStore } from "../support/routes";

const LOOKUP_FAILED = "Something's not right. Check your info and try again.";
const GUEST_ORDER = { number: "00000101", email: "guest@demo.store" };

const store = useStore();

describe("A guest's order lookup", () => {
  test("without JavaScript: the number and e-mail open the order (303, a new document), then the order's page", async () => {
    const guest = store.visitor();
    const form = await guest.load("/OrderLookup");
    expect(form.status).toBe(200);
    const found = await guest.fill(form, "View order details", {
      "Order Number": GUEST_ORDER.number,
      "Email Address": GUEST_ORDER.email,
    });
    expect(found.status).toBe(303);
    expect(found.location).toBe(`/OrderSummary/${GUEST_ORDER.number}`);
    // The spec's "the page reloads": Remix's client is told to load it as a new document.
    expect(found.headers.get("X-Remix-Reload-Document")).toBe("true");

    const order = await guest.load(found.location!);
    expect(order.status).toBe(200);
    expect(order.text).toContain(`Order ${GUEST_ORDER.number}`);
  });

  test("with JavaScript: the match comes as a redirect that reloads the document", async () => {
    const guest = store.visitor();
    const found = await guest.submit(
      "/OrderLookup",
      { orderNumber: GUEST_ORDER.number, email: GUEST_ORDER.email },
      { js: true },
    );
    expect(found.status).toBe(202);
    expect(found.data).toMatchObject({ redirect: `/OrderSummary/${GUEST_ORDER.number}`, reload: true });
    expect((await guest.load(`/OrderSummary/${GUEST_ORDER.number}`)).status).toBe(200);
  });

  test("a wrong e-mail and an unknown number get the same answer: the spec's toast, the form as typed", async () => {
    const guest = store.visitor();
    const form = await guest.load("/OrderLookup");
    const wrongEmail = await guest.fill(form, "View order details", {
      "Order Number": GUEST_ORDER.number,
      "Email Address": "someone@example.com",
    });
    expect(wrongEmail.status).toBe(200);
    expect(wrongEmail.toasts).toEqual([LOOKUP_FAILED]);
    expect(wrongEmail.field("orderNumber")).toBe(GUEST_ORDER.number);
    expect(wrongEmail.field("email")).toBe("someone@example.com");

    const unknown = await guest.fill(form, "View order details", {
      "Order Number": "99999999",
      "Email Address": GUEST_ORDER.email,
    });
    expect(unknown.status).toBe(200);
    expect(unknown.toasts).toEqual([LOOKUP_FAILED]);
    expect(unknown.field("orderNumber")).toBe("99999999");

    // With JavaScript the form's data comes back and the toast with the revalidation.
    const withJs = await guest.submit(
      "/OrderLookup",
      { orderNumber: "99999998", email: GUEST_ORDER.email },
      { js: true },
    );
    expect(withJs.status).toBe(200);
    expect(withJs.location).toBeNull();
    expect((await guest.data("/OrderLookup", ["root"])).data).toMatchObject({
      root: { data: { toasts: [{ message: LOOKUP_FAILED }] } },
    });
  });

  test("blank fields: 400 'Complete this field.' and nothing is asked of the API", async () => {
    const guest = store.visitor();
    const form = await guest.load("/OrderLookup");
    const refused = await guest.fill(form, "View order details", { "Order Number": "  ", "Email Address": "" });
    expect(refused.status).toBe(400);
    expect(refused.text.match(/Complete this field\./g)).toHaveLength(2);
    expect(refused.toasts).toEqual([]);
  });

  test("an order's page without a lookup sends the guest to the form with the number filled in", async () => {
    const guest = store.visitor();
    const page = await guest.load(`/OrderSummary/${GUEST_ORDER.number}`);
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/OrderLookup?orderNumber=${GUEST_ORDER.number}`);
    const form = await guest.load(page.location!);
    expect(form.field("orderNumber")).toBe(GUEST_ORDER.number);
  });

  test("a verified guest opens that order only: a buyer's order sends them back to the form", async () => {
    const guest = store.visitor();
    await guest.submit("/OrderLookup", { orderNumber: GUEST_ORDER.number, email: GUEST_ORDER.email });
    const other = await guest.load("/OrderSummary/00000102");
    expect(other.status).toBe(303);
    expect(other.location).toBe("/OrderLookup?orderNumber=00000102");
  });

  test("the order history asks a guest to sign in", async () => {
    const page = await store.visitor().load("/OrderSummary/OrderSummary/Default");
    expect(page.status).toBe(303);
    expect(page.location).toBe("/login?redirectTo=%2FOrderSummary%2FOrderSummary%2FDefault");
  });
});

describe("A buyer's orders", () => {
  // Failed lookups are limited per client (10 a minute) and every visitor here is 127.0.0.1: the guests' tries
  // above don't count against these.
  beforeAll(() => store.reset());

  test("the lookup asks a signed-in buyer for the number alone", async () => {
    const buyer = await store.signedIn(BUYER);
    const form = await buyer.load("/OrderLookup");
    expect(form.field("email")).toBeNull();
    const found = await buyer.fill(form, "View order details", { "Order Number": "00000102" });
    expect(found.status).toBe(303);
    expect(found.location).toBe("/OrderSummary/00000102");

    const notTheirs = await buyer.fill(form, "View order details", { "Order Number": "00000107" }, { js: true });
    expect(notTheirs.status).toBe(200);
    expect((await buyer.data("/OrderLookup", ["root"])).data).toMatchObject({
      root: { data: { toasts: [{ message: LOOKUP_FAILED }] } },
    });
  });

  test("the order history lists the buyer's own orders, newest first", async () => {
    const buyer = await store.signedIn(BUYER);
    const history = await buyer.load("/OrderSummary/OrderSummary/Default");
    expect(history.status).toBe(200);
    const numbers = [...history.text.matchAll(/\b0000010\d\b/g)].map((m) => m[0]);
    const listed = [...new Set(numbers)];
    expect(listed).toEqual(["00000106", "00000105", "00000104", "00000103", "00000102"]);
  });

  test("an order of the buyer's opens; another buyer's and an unknown one are the same 404 page", async () => {
    const buyer = await store.signedIn(BUYER);
    const own = await buyer.load("/OrderSummary/00000103");
    expect(own.status).toBe(200);
    expect(own.text).toContain("Order 00000103");

    for (const number of ["00000107", "00000101", "12345678"]) {
      const page = await buyer.load(`/OrderSummary/${number}`);
      expect(page.status, number).toBe(404);
      expect(page.text).toContain("We can't find that order");
      expect(page.text).toContain(`There's no order ${number} for your account.`);
    }
    const withJs = await buyer.data("/OrderSummary/00000107");
    expect(withJs.status).toBe(404);
    expect(withJs.data).toMatchObject({
      "routes/OrderSummary.$orderNumber": { data: { orderNumber: "00000107", order: null } },
    });
  });

  test("the B2B buyer sees the orders of the accounts they act for, not the B2C buyer's", async () => {
    const b2b = await store.signedIn(B2B_BUYER);
    expect((await b2b.load("/OrderSummary/00000107")).status).toBe(200);
    expect((await b2b.load("/OrderSummary/00000102")).status).toBe(404);
  });

  test("Buy again adds the order's products to the cart: 303 to /cart with what was added", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    const before = (await buyer.load("/cart")).cartCount!;
    const order = await buyer.load("/OrderSummary/00000102");
    const again = await buyer.fill(order, "Buy again", {});
    expect(again.status).toBe(303);
    expect(again.location).toBe("/cart");
    const cart = await buyer.load("/cart");
    expect(cart.toasts).toHaveLength(1);
    expect(cart.toasts[0]).toMatch(/^Added \d+ products? to your cart\.$/);
    expect(cart.cartCount).toBeGreaterThan(before);
  });
});

describe("Too many failed lookups", () => {
  test("pause the guest's lookups with the spec's message; a minute later the right details open the order", async () => {
    await store.reset();
    try {
      const guest = store.visitor();
      const form = await guest.load("/OrderLookup");
      const wrong = { "Order Number": GUEST_ORDER.number, "Email Address": "someone@example.com" };
      // Three free tries at one order, then a backoff: the fourth try at once is refused before it is checked.
      for (let attempt = 1; attempt <= 3; attempt++)
        expect((await guest.fill(form, "View order details", wrong)).toasts).toEqual([LOOKUP_FAILED]);
      const paused = await guest.fill(form, "View order details", { ...wrong, "Email Address": GUEST_ORDER.email });
      expect(paused.status).toBe(200);
      expect(paused.toasts).toEqual(["Too many lookup attempts. Wait a minute, then try again."]);
      expect(paused.field("email")).toBe(GUEST_ORDER.email);

      expect((await store.control("POST", "/__emulator/clock", { advanceSeconds: 61 })).ok).toBe(true);
      const found = await guest.fill(form, "View order details", { ...wrong, "Email Address": GUEST_ORDER.email });
      expect(found.status).toBe(303);
      expect(found.location).toBe(`/OrderSummary/${GUEST_ORDER.number}`);
    } finally {
      await store.reset();
    }
  });
});
