/**
 * Saved carts (issue 37; app/routes/account_.carts.tsx, app/cart/server/saved-carts.server.ts, decision 021): the
 * cart page's "Save cart for later", the buyer's carts at /account/carts with Make primary, Delete and Save to
 * wishlist, each a plain POST answered 303 with a toast (a redirect as data from a hydrated page). The header's count
 * is the primary cart's throughout. Guests keep one cart: none of this is offered to them.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { B2B_BUYER, BUYER, useStore, type Visitor } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const HUILA = { id: "01tDM0000000002", name: "Colombia Huila Whole Bean, 12 oz" };
const SAVE_BUTTON = "Save cart for later";

const store = useStore();
beforeEach(() => store.reset());

async function addToCart(visitor: Visitor, product: { id: string }, quantity: number) {
  const added = await visitor.submit(`/product/${product.id}`, { intent: "add", quantity });
  expect(added.status).toBe(303);
}

/** The names of the carts /account/carts lists, in its order. */
function cartNames(html: string): string[] {
  return [...html.matchAll(/<h2[^>]*class="store-saved-cart__name"[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]!);
}

async function savedBuyer(name: string): Promise<Visitor> {
  const buyer = await store.signedIn(BUYER);
  await addToCart(buyer, COFFEE, 2);
  await addToCart(buyer, HUILA, 1);
  const cart = await buyer.load("/cart");
  const saved = await buyer.fill(cart, SAVE_BUTTON, { "Cart name": name });
  expect(saved.status).toBe(303);
  expect(saved.location).toBe("/account/carts");
  return buyer;
}

describe("A guest", () => {
  test("keeps one cart: no save form on the cart page, and the carts page and its forms lead to sign in", async () => {
    const guest = store.visitor();
    await addToCart(guest, COFFEE, 1);
    const cart = await guest.load("/cart");
    expect(cart.text).toContain(COFFEE.name);
    expect(cart.text).not.toContain(SAVE_BUTTON);
    expect(cart.text).not.toContain("Your saved carts");

    const page = await guest.load("/account/carts");
    expect(page.status).toBe(303);
    expect(page.location).toBe("/login?redirectTo=%2Faccount%2Fcarts");
    expect((await guest.load(page.location!)).toasts).toEqual(["Sign in to see your saved carts."]);

    const posted = await guest.submit("/account/carts", { intent: "saveCart", cartName: "Mine" });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe("/login?redirectTo=%2Faccount%2Fcarts");
    expect((await guest.load("/cart")).cartCount).toBe(1);
  });
});

describe("Save cart for later", () => {
  test("without JavaScript: the cart goes under its name to the carts page, the cart and the header start at 0", async () => {
    const buyer = await savedBuyer("Office restock");
    const page = await buyer.load("/account/carts");
    expect(page.status).toBe(200);
    expect(page.toasts).toEqual(["Saved “Office restock” for later. Your cart is empty now."]);
    expect(page.cartCount).toBe(0);
    expect(cartNames(page.html)).toEqual(["Office restock"]);
    expect(page.text).toContain("Lines 2 lines");
    expect(page.text).toContain("Items 3 items");

    const cart = await buyer.load("/cart");
    expect(cart.text).toContain("Your cart is empty");
    expect(cart.text).toContain("Your saved carts");
  });

  test("with JavaScript: the same redirect, as data; a blank name saves as “Saved cart”", async () => {
    const buyer = await store.signedIn(BUYER);
    await addToCart(buyer, COFFEE, 1);
    const cart = await buyer.load("/cart");
    const saved = await buyer.fill(cart, SAVE_BUTTON, { "Cart name": "  " }, { js: true });
    expect(saved.location).toBe("/account/carts");
    const page = await buyer.load("/account/carts");
    expect(page.toasts).toEqual(["Saved “Saved cart” for later. Your cart is empty now."]);
    expect(cartNames(page.html)).toEqual(["Saved cart"]);
  });

  test("refuses a name past the API's 250 characters and an empty cart, back on the cart page with why", async () => {
    const buyer = await store.signedIn(BUYER);
    const empty = await buyer.submit("/account/carts", { intent: "saveCart", cartName: "Nothing" });
    expect(empty.location).toBe("/cart");
    expect((await buyer.load("/cart")).toasts).toEqual(["Your cart is empty: there is nothing to save."]);

    await addToCart(buyer, COFFEE, 1);
    const long = await buyer.submit("/account/carts", { intent: "saveCart", cartName: "x".repeat(251) });
    expect(long.location).toBe("/cart");
    const cart = await buyer.load("/cart");
    expect(cart.toasts).toEqual(["Enter a cart name of at most 250 characters."]);
    expect(cart.cartCount).toBe(1);
  });
});

describe("The buyer's carts", () => {
  test("Make primary: the cart page and the header's count show it; the cart it replaced is listed as saved", async () => {
    const buyer = await savedBuyer("Office restock");
    await addToCart(buyer, HUILA, 4);
    const before = await buyer.load("/account/carts");
    expect(cartNames(before.html)).toEqual(["Cart", "Office restock"]);
    expect(before.cartCount).toBe(4);
    expect(before.text).toContain("Primary cart");

    const made = await buyer.fill(before, "Make primary “Office restock”", {});
    expect(made.status).toBe(303);
    expect(made.location).toBe("/cart");
    const cart = await buyer.load("/cart");
    expect(cart.toasts).toEqual(["“Office restock” is now your cart."]);
    expect(cart.text).toContain(COFFEE.name);
    expect(cart.cartCount).toBe(3);

    const after = await buyer.load("/account/carts");
    expect(cartNames(after.html)).toEqual(["Office restock", "Cart"]);
    expect(after.text).toContain("Make primary “Cart”");
    expect(after.text).not.toContain("Make primary “Office restock”");
  });

  test("Delete: the saved cart is gone from the list and from the API; deleting it again says it is gone", async () => {
    const buyer = await savedBuyer("Office restock");
    const page = await buyer.load("/account/carts");
    const form = page.form("Delete “Office restock”");
    const deleted = await buyer.submit(form.action, form.fields);
    expect(deleted.location).toBe("/account/carts");
    const after = await buyer.load("/account/carts");
    expect(after.toasts).toEqual(["Deleted “Office restock”."]);
    expect(cartNames(after.html)).toEqual([]);
    expect(after.text).toContain("You have no carts yet.");

    await buyer.submit(form.action, form.fields);
    expect((await buyer.load("/account/carts")).toasts).toEqual([
      "We couldn't find that cart. It may have been deleted.",
    ]);
  });

  test("Save to wishlist: the cart's products go onto the list chosen, the cart keeps them", async () => {
    const buyer = await savedBuyer("Office restock");
    const page = await buyer.load("/account/carts");
    expect(page.text).toContain("Wishlist for Office restock");
    const saved = await buyer.fill(page, "Save to wishlist “Office restock”", {
      "Wishlist for Office restock": "0HnDM0000000B2C",
    });
    expect(saved.location).toBe("/account/carts");
    const after = await buyer.load("/account/carts");
    expect(after.toasts).toEqual(["Added 2 products of “Office restock” to My List."]);
    expect(after.text).toContain("Lines 2 lines");
    const list = await buyer.load("/wishlist");
    expect(list.text).toContain(COFFEE.name);
    expect(list.text).toContain(HUILA.name);
  });

  test("a buyer without lists saves to a new “My List”", async () => {
    const b2b = await store.signedIn(B2B_BUYER);
    await addToCart(b2b, COFFEE, 1);
    const page = await b2b.load("/account/carts");
    const saved = await b2b.fill(page, "Save to wishlist “Cart”", { "Wishlist for Cart": "new" });
    expect(saved.location).toBe("/account/carts");
    expect((await b2b.load("/account/carts")).toasts).toEqual(["Added 1 product of “Cart” to My List."]);
    expect((await b2b.load("/wishlist")).text).toContain(COFFEE.name);
  });

  test("another buyer's cart, or no cart id at all, is gone: nothing is sent for it", async () => {
    const owner = await savedBuyer("Office restock");
    const form = (await owner.load("/account/carts")).form("Make primary “Office restock”");

    const other = await store.signedIn(B2B_BUYER);
    await addToCart(other, HUILA, 1);
    const made = await other.submit("/account/carts", { ...form.fields });
    expect(made.location).toBe("/account/carts");
    expect((await other.load("/account/carts")).toasts).toEqual([
      "We couldn't find that cart. It may have been deleted.",
    ]);
    const removed = await other.submit("/account/carts", { ...form.fields, intent: "deleteCart" });
    expect(removed.location).toBe("/account/carts");
    await store.control("DELETE", "/__emulator/journal");
    await other.submit("/account/carts", { intent: "makePrimary", cartId: "not-a-cart" });
    // The request's own reads (the application context) only: no cart is asked for.
    expect((await store.apiReads()).filter((path) => path.startsWith("carts"))).toEqual([]);

    // The owner's saved cart is untouched.
    expect(cartNames((await owner.load("/account/carts")).html)).toEqual(["Office restock"]);
  });
});
