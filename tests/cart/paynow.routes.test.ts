/**
 * Pay-now links (spec §4; app/routes/pay.$cartId/ and the cart's "Create a payment link"): the cart copied into a
 * read-only link the shopper pays later, started into checkout or cancelled. The link is its shopper's: anyone
 * else gets a 404. Without JavaScript and with it (the link's forms are `<Form>`s: the redirect as data).
 */
import { describe, expect, test } from "vitest";
import { useStore, type Visitor } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };

const store = useStore();

async function guestWithCoffee(): Promise<Visitor> {
  const guest = store.visitor();
  expect((await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "2" })).status).toBe(303);
  return guest;
}

const linkIdOf = (location: string | null) => /^\/pay\/([^/?]+)$/.exec(location ?? "")?.[1] ?? null;

describe("A payment link", () => {
  test("created without JavaScript: 303 to its page with the cart's lines; another shopper gets a 404", async () => {
    const guest = await guestWithCoffee();
    const cart = await guest.load("/cart");
    const created = await guest.fill(cart, "Create a payment link", {});
    expect(created.status).toBe(303);
    const id = linkIdOf(created.location);
    expect(id, `created → ${created.location}`).toBeTruthy();

    const link = await guest.load(created.location!);
    expect(link.status).toBe(200);
    expect(link.toasts).toEqual(["Payment link created. Pay now, or come back to this link later."]);
    expect(link.text).toContain("Pay now");
    expect(link.text).toContain(COFFEE.name);
    // Spec §4: cloning into a PayNowReadOnly cart removes the saved guest cart id: the guest's own cart is empty.
    expect(link.cartCount).toBe(0);

    const stranger = await store.visitor().load(created.location!);
    expect(stranger.status).toBe(404);
    expect((await store.visitor().load("/pay/not-a-cart-id")).status).toBe(404);
  });

  test("Pay now starts the checkout of the link's cart (with JavaScript: the redirect as data)", async () => {
    const guest = await guestWithCoffee();
    const created = await guest.submit("/cart", { intent: "paymentLink" }, { js: true });
    expect(created.status).toBe(202);
    const id = linkIdOf(created.location);
    expect(id).toBeTruthy();
    const link = await guest.load(created.location!);
    const paying = await guest.fill(link, "Pay now", {}, { js: true });
    expect(paying.status).toBe(202);
    expect(paying.location).toBe("/checkout/shipping");
    const shipping = await guest.load("/checkout/shipping");
    expect(shipping.status).toBe(200);
    expect(shipping.text).toContain(COFFEE.name);
  });

  test("Cancel payment link: 303 to the cart with the toast, and the link is gone", async () => {
    const guest = await guestWithCoffee();
    const created = await guest.submit("/cart", { intent: "paymentLink" });
    const link = await guest.load(created.location!);
    const cancelled = await guest.fill(link, "Cancel payment link", {});
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe("/cart");
    expect((await guest.load("/cart")).toasts).toEqual(["Payment link cancelled."]);
    expect((await guest.load(created.location!)).status).toBe(404);
  });

  test("an empty cart makes no link", async () => {
    const guest = store.visitor();
    const refused = await guest.submit("/cart", { intent: "paymentLink" }, { js: true });
    expect(refused.data).toMatchObject({ data: { ok: false, error: "Your cart is empty." } });
  });
});
