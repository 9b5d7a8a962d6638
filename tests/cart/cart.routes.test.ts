/**
 * The cart's loader and action (app/routes/cart.tsx) and the product page's "Add to cart" (app/routes/product.$.tsx),
 * for a guest and a buyer, submitted as a plain HTML form (303 → page with a toast) and as a hydrated page's
 * fetcher (data back, the header's count from the revalidation).
 */
import { describe, expect, test } from "vitest";
import { BUYER, useStore, type Visitor } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const HUILA = { id: "01tDM0000000002", name: "Colombia Huila Whole Bean, 12 oz" };
/** A cart line's quantity form (by its action too: a page may have other Update buttons). */
const UPDATE_LINE = { button: "Update", action: "/cart" };

const store = useStore();

/** The header's count as the page's revalidation reads it (root loader data, single fetch). */
async function countAfterRevalidation(visitor: Visitor): Promise<number> {
  const answer = await visitor.data("/cart", ["root"]);
  return (answer.data as { root: { data: { cartCount: number } } }).root.data.cartCount;
}

async function guestWith(product: { id: string }, quantity: number): Promise<Visitor> {
  const visitor = store.visitor();
  const added = await visitor.submit(`/product/${product.id}`, { intent: "add", quantity });
  expect(added.status).toBe(303);
  return visitor;
}

describe("Add to cart", () => {
  test("without JavaScript: 303 back to the product, the toast and the header's count on the next page", async () => {
    const guest = store.visitor();
    const added = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "2" });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/product/${COFFEE.id}`);

    const product = await guest.load(added.location!);
    expect(product.status).toBe(200);
    expect(product.toasts).toEqual(["Added to your cart"]);
    expect(product.cartCount).toBe(2);

    const cart = await guest.load("/cart");
    expect(cart.text).toContain(COFFEE.name);
    expect(cart.cartCount).toBe(2);
    // A flash toast is shown once.
    expect(cart.toasts).toEqual([]);
  });

  test("with JavaScript: the action answers data, the revalidated header counts the new items", async () => {
    const guest = store.visitor();
    const added = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "3" }, { js: true });
    expect(added.status).toBe(200);
    expect(added.location).toBeNull();
    expect(added.data).toMatchObject({ data: { ok: true, error: null, quantity: "3", onQuantity: false } });
    expect(await countAfterRevalidation(guest)).toBe(3);
  });

  test("a refused quantity keeps what was typed: the toast without JavaScript, the field's error with it", async () => {
    const guest = store.visitor();
    const refused = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "0" });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe(`/product/${COFFEE.id}?quantity=0`);
    const page = await guest.load(refused.location!);
    expect(page.toasts).toEqual(["The number is too low."]);
    expect(page.field("quantity")).toBe("0");
    expect(page.cartCount).toBe(0);

    const withJs = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "abc" }, { js: true });
    expect(withJs.data).toMatchObject({
      data: { ok: false, error: expect.any(String), quantity: "abc", onQuantity: true },
    });
    expect(await countAfterRevalidation(guest)).toBe(0);
  });

  test("a product the store can't sell says why in the spec's words (ERR-100: out of stock)", async () => {
    const guest = store.visitor();
    const search = await guest.load("/search?q=ERR-100");
    const productPath = /href="(\/product\/[^"]+)"/.exec(search.html)?.[1];
    expect(productPath, "the search finds ERR-100").toBeTruthy();
    const refused = await guest.submit(productPath!, { intent: "add", quantity: "1" }, { js: true });
    expect(refused.data).toMatchObject({ data: { ok: false, error: "No more available items for current product" } });
  });
});

describe("A cart the API is still calculating", () => {
  test("shows 'Loading' and refreshes itself without JavaScript, never waiting on the server; then the new numbers", async () => {
    const guest = await guestWith(COFFEE, 1);
    const cart = await guest.load("/cart");
    // The API answers the next reads of a changed cart 202 / Processing (its asynchronous pricing).
    expect((await store.control("POST", "/__emulator/settings", { asyncPolls: 2 })).ok).toBe(true);
    try {
      expect((await guest.fill(cart, UPDATE_LINE, { quantity: "3" })).location).toBe("/cart");
      const processing = await guest.load("/cart");
      expect(processing.status).toBe(200);
      expect(processing.html).toContain('<meta http-equiv="refresh" content="1"/>');
      expect(processing.text).toContain("Loading");
      let reloaded = processing;
      for (let reloads = 0; reloaded.html.includes('http-equiv="refresh"') && reloads < 5; reloads++)
        reloaded = await guest.load("/cart");
      expect(reloaded.html).not.toContain('http-equiv="refresh"');
      expect(reloaded.cartCount).toBe(3);
      expect(reloaded.field("quantity")).toBe("3");
    } finally {
      await store.reset();
    }
  });
});

describe("A store without guest carts", () => {
  test("sends a guest's Add to cart to sign in, and back to the product afterwards", async () => {
    const settings = await store.control("POST", "/__emulator/settings", {
      applicationContext: { guestCartEnabled: false },
    });
    expect(settings.ok).toBe(true);
    try {
      const guest = store.visitor();
      const added = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" });
      expect(added.status).toBe(303);
      expect(added.location).toBe(`/login?redirectTo=%2Fproduct%2F${COFFEE.id}`);
      const login = await guest.load(added.location!);
      expect(login.toasts).toEqual(["Sign in to add items to your cart."]);

      const withJs = await store
        .visitor()
        .submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" }, { js: true });
      expect(withJs.status).toBe(202);
      expect(withJs.location).toBe(`/login?redirectTo=%2Fproduct%2F${COFFEE.id}`);
    } finally {
      await store.reset();
    }
  });
});

describe("Cart lines", () => {
  test("the cart page reads its lines once, and the header's count comes from them", async () => {
    const guest = await guestWith(COFFEE, 2);
    await guest.submit(`/product/${HUILA.id}`, { intent: "add", quantity: 3 });
    await store.control("DELETE", "/__emulator/journal");
    const cart = await guest.load("/cart");
    expect(cart.status).toBe(200);
    expect(cart.cartCount).toBe(5);
    const reads = (await store.apiReads()).filter((path) => path.startsWith("carts/"));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/\/cart-items(\?|$)/);

    // The same with JavaScript (single fetch's data request), and on a later page of the lines.
    await store.control("DELETE", "/__emulator/journal");
    const data = await guest.data("/cart?page=2", ["root", "routes/cart"]);
    expect(data.data).toMatchObject({ root: { data: { cartCount: 5 } } });
    expect((await store.apiReads()).filter((path) => path.startsWith("carts/"))).toHaveLength(1);

    // Any other page reads the cart's summary for the count.
    await store.control("DELETE", "/__emulator/journal");
    expect((await guest.load("/")).cartCount).toBe(5);
    expect(
      (await store.apiReads()).filter((path) => path.startsWith("carts/") && !path.includes("/cart-items")),
    ).toHaveLength(1);
  });

  test("update a quantity without JavaScript: 303 to /cart, 'Your cart was updated.' and the new count", async () => {
    const guest = await guestWith(COFFEE, 1);
    const cart = await guest.load("/cart");
    const updated = await guest.fill(cart, UPDATE_LINE, { quantity: "4" });
    expect(updated.status).toBe(303);
    expect(updated.location).toBe("/cart");
    const after = await guest.load("/cart");
    expect(after.toasts).toEqual(["Your cart was updated."]);
    expect(after.cartCount).toBe(4);
    expect(after.field("quantity")).toBe("4");
  });

  test("update a quantity with JavaScript: data back, no toast, the revalidated count", async () => {
    const guest = await guestWith(COFFEE, 1);
    const cart = await guest.load("/cart");
    const updated = await guest.fill(cart, UPDATE_LINE, { quantity: "6" }, { js: true });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ data: { ok: true, error: null, intent: "update" } });
    const after = await guest.data("/cart", ["root"]);
    expect(after.data).toMatchObject({ root: { data: { cartCount: 6, toasts: [] } } });
  });

  test("a quantity that isn't one is refused and nothing changes", async () => {
    const guest = await guestWith(COFFEE, 2);
    const cart = await guest.load("/cart");
    const refused = await guest.fill(cart, UPDATE_LINE, { quantity: "0" });
    expect(refused.location).toBe("/cart");
    const after = await guest.load("/cart");
    expect(after.toasts).toEqual(["The number is too low."]);
    expect(after.cartCount).toBe(2);

    const withJs = await guest.fill(cart, UPDATE_LINE, { quantity: "100000001" }, { js: true });
    expect(withJs.data).toMatchObject({ data: { ok: false, error: "The number is too high.", intent: "update" } });
  });

  test("the stepper works without JavaScript (+ adds one)", async () => {
    const guest = await guestWith(COFFEE, 2);
    const cart = await guest.load("/cart");
    const form = cart.form(UPDATE_LINE);
    const stepped = await guest.submit("/cart", { ...form.fields, intent: "increase" });
    expect(stepped.location).toBe("/cart");
    expect((await guest.load("/cart")).cartCount).toBe(3);
  });

  test("remove a line without JavaScript: 'Removed … from your cart.' and an empty cart", async () => {
    const guest = await guestWith(COFFEE, 2);
    const cart = await guest.load("/cart");
    const removed = await guest.fill(cart, `Remove ${COFFEE.name}`, {}, { follow: true });
    expect(removed.status).toBe(200);
    expect(removed.toasts).toEqual([`Removed ${COFFEE.name} from your cart.`]);
    expect(removed.cartCount).toBe(0);
    expect(removed.text).toContain("Your cart is empty");
  });

  test("remove a line with JavaScript, and again (a second tab): both succeed, the count follows", async () => {
    const guest = await guestWith(COFFEE, 1);
    await guest.submit(`/product/${HUILA.id}`, { intent: "add", quantity: "2" });
    const cart = await guest.load("/cart");
    const removed = await guest.fill(cart, `Remove ${COFFEE.name}`, {}, { js: true });
    expect(removed.data).toMatchObject({ data: { ok: true, error: null, intent: "remove" } });
    expect(await countAfterRevalidation(guest)).toBe(2);
    const again = await guest.fill(cart, `Remove ${COFFEE.name}`, {}, { js: true });
    expect(again.data).toMatchObject({ data: { ok: true, error: null, intent: "remove" } });
    expect(await countAfterRevalidation(guest)).toBe(2);
  });

  test("a guest without a cart is told the cart is empty", async () => {
    const guest = store.visitor();
    const answer = await guest.submit(
      "/cart",
      { intent: "update", lineId: "0a9EM0000000001", quantity: "2" },
      { js: true },
    );
    expect(answer.data).toMatchObject({ data: { ok: false, error: "Your cart is empty.", intent: "update" } });
  });
});

describe("Coupons", () => {
  test("SAVE10 without JavaScript: 303 to /cart, 'Coupon SAVE10 applied.', listed with a Remove button", async () => {
    const guest = await guestWith(COFFEE, 2);
    const cart = await guest.load("/cart");
    const applied = await guest.fill(cart, "Apply", { "Coupon code": "SAVE10" });
    expect(applied.status).toBe(303);
    expect(applied.location).toBe("/cart");
    const after = await guest.load("/cart");
    expect(after.toasts).toEqual(["Coupon SAVE10 applied."]);
    expect(after.form("Remove coupon SAVE10").fields).toMatchObject({ intent: "removeCoupon", couponCode: "SAVE10" });

    const removed = await guest.fill(after, "Remove coupon SAVE10", {}, { follow: true });
    expect(removed.toasts).toEqual(["Coupon SAVE10 removed."]);
    expect(removed.text).not.toContain("Remove coupon SAVE10");
  });

  test("SAVE10 with JavaScript: data back, and the toast comes with the revalidation", async () => {
    const guest = await guestWith(COFFEE, 2);
    const applied = await guest.submit(
      "/cart",
      { intent: "applyCoupon", couponCode: "SAVE10", redirectTo: "/cart" },
      { js: true },
    );
    expect(applied.data).toMatchObject({ data: { ok: true, error: null, intent: "applyCoupon" } });
    const after = await guest.load("/cart");
    expect(after.toasts).toEqual(["Coupon SAVE10 applied."]);
    expect(after.text).toContain("Remove coupon SAVE10");
  });

  test("a refused coupon without JavaScript comes back in the field with the reason", async () => {
    const guest = await guestWith(COFFEE, 1);
    const cart = await guest.load("/cart");
    const refused = await guest.fill(cart, "Apply", { "Coupon code": "BIGSPENDER" });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe("/cart?coupon=BIGSPENDER");
    const after = await guest.load(refused.location!);
    expect(after.toasts).toEqual(["Your cart doesn't qualify for that coupon yet."]);
    expect(after.field("couponCode")).toBe("BIGSPENDER");
  });

  test("refused coupons with JavaScript: unknown, exclusive beside another, blank", async () => {
    const guest = await guestWith(COFFEE, 1);
    const apply = (couponCode: string) => guest.submit("/cart", { intent: "applyCoupon", couponCode }, { js: true });
    expect((await apply("NO-SUCH-CODE")).data).toMatchObject({
      data: { ok: false, error: "Enter a valid coupon code.", intent: "applyCoupon" },
    });
    expect((await apply("SAVE10")).data).toMatchObject({ data: { ok: true } });
    expect((await apply("EXCLUSIVE20")).data).toEqual({
      data: {
        ok: false,
        error: "That coupon can't be combined with the other coupons on your cart.",
        intent: "applyCoupon",
      },
    });
    expect((await apply("SAVE10")).data).toMatchObject({
      data: { ok: false, error: "That coupon is already applied to your cart.", intent: "applyCoupon" },
    });
    expect((await apply("   ")).data).toMatchObject({
      data: { ok: false, error: "Complete this field.", intent: "applyCoupon" },
    });
  });
});

describe("A buyer's cart", () => {
  test("lives in the API: added without and with JavaScript, there again at the next sign-in", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    const before = (await buyer.load("/cart")).cartCount!;
    expect((await buyer.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "2" })).location).toBe(
      `/product/${COFFEE.id}`,
    );
    expect(
      (await buyer.submit(`/product/${HUILA.id}`, { intent: "add", quantity: "1" }, { js: true })).data,
    ).toMatchObject({ data: { ok: true } });
    expect(await countAfterRevalidation(buyer)).toBe(before + 3);

    const elsewhere = await store.signedIn(BUYER);
    const cart = await elsewhere.load("/cart");
    expect(cart.cartCount).toBe(before + 3);
    expect(cart.text).toContain(COFFEE.name);
    expect(cart.text).toContain(HUILA.name);
  });
});
