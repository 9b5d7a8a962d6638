/**
 * The header's language and currency switcher (app/routes/locale.tsx): a plain form posted to /locale, answered
 * with a 303 to the same page under the chosen locale's prefix; the chosen currency moves the shopper's cart.
 * Without JavaScript and with it (Remix's `<Form>`: the redirect as data).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startStore, type Store, type Visitor } from "./harness";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const SWITCHER = { button: "Switch", action: "/locale" };

let store: Store;
beforeAll(async () => {
  store = await startStore();
});
afterAll(() => store?.close());

async function guestWithCoffee(): Promise<Visitor> {
  const guest = store.visitor();
  expect((await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" })).status).toBe(303);
  return guest;
}

describe("The currency and language switcher", () => {
  test("a currency chosen without JavaScript moves the cart to it: 303 back, the toast, prices in pounds", async () => {
    const guest = await guestWithCoffee();
    const cart = await guest.load("/cart");
    expect(cart.text).toMatch(/Subtotal \$\d/);
    expect(cart.text).toContain("Prices in USD.");
    const switched = await guest.fill(cart, SWITCHER, { Currency: "GBP" });
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/cart");
    const after = await guest.load("/cart");
    expect(after.toasts).toEqual(["Your cart is now in GBP."]);
    expect(after.text).toMatch(/Subtotal £\d/);
    // The footer says which currency the prices are in: the shopper's, not the store's default.
    expect(after.text).toContain("Prices in GBP.");
    expect(after.cartCount).toBe(1);
    expect(after.text).toContain(COFFEE.name);
  });

  test("a language chosen lands on the same page under its prefix (/en-GB/…), with JavaScript too", async () => {
    const guest = await guestWithCoffee();
    const cart = await guest.load("/cart");
    const switched = await guest.fill(cart, SWITCHER, { Language: "en-GB" });
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/en-GB/cart");
    const british = await guest.load(switched.location!);
    expect(british.status).toBe(200);
    expect(british.text).toContain(COFFEE.name);
    expect(british.cartCount).toBe(1);

    const back = await guest.fill(
      british,
      { button: "Switch", action: "/en-GB/locale" },
      { Language: "en-US" },
      { js: true },
    );
    expect(back.status).toBe(202);
    expect(back.location).toBe("/cart");
  });

  test("a currency the store doesn't offer is refused and nothing changes", async () => {
    const guest = await guestWithCoffee();
    const cart = await guest.load("/cart");
    const refused = await guest.fill(cart, SWITCHER, { Currency: "EUR" });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe("/cart");
    const after = await guest.load("/cart");
    expect(after.toasts).toEqual(["Choose one of the store's currencies."]);
    expect(after.text).toMatch(/Subtotal \$\d/);
  });
});
