/**
 * Bundles and sets on the product page (app/catalog/ui/ProductComponents.tsx): a bundle's parts listed under its
 * own Add to cart, which puts the bundle in the cart as one line; a set's parts priced and added one by one, the set
 * itself never (product error 104). As documents (no JavaScript) and as a hydrated page's data and fetchers.
 */
import { describe, expect, test } from "vitest";
import { sectionText, useStore } from "../support/routes";

const KIT = { id: "01tDM0000000B01", name: "Pour-Over Brewing Kit" }; // a bundle, $89.00
const MUG_SET = { id: "01tDM0000000S01", name: "Clay & Kiln Mug Set" }; // a set
const SPECKLED = { id: "01tDM0000000028", name: "Speckled Stoneware Mug, 14 oz" }; // $16.00, 2 in the set

const store = useStore();

/** The parts section's text as a reader meets it. */
const partsText = (html: string) => sectionText(html, '<section aria-labelledby="components-title"');

describe("a bundle's page", () => {
  test("without JavaScript: its price, its parts with their quantities and links, and one Add to cart", async () => {
    const page = await store.visitor().load(`/product/${KIT.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("$89.00");
    expect(partsText(page.html)).toBe(
      "In this bundle Glass Pour-Over Dripper Quantity: 1 Digital Coffee Scale with Timer Quantity: 1 " +
        "Paper Filters #02, Pack of 200 Quantity: 2",
    );
    expect(page.html).toContain('href="/product/glass-pour-over-dripper/01tDM0000000020"');
    expect(page.form("Add to cart").fields).toMatchObject({ productId: KIT.id, quantity: "1" });
  });

  test("adding it puts the bundle in the cart as one line at its price, with and without JavaScript", async () => {
    const guest = store.visitor();
    const page = await guest.load(`/product/${KIT.id}`);
    const added = await guest.fill(page, "Add to cart", { quantity: "2" });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/product/${KIT.id}`);
    const cart = await guest.load("/cart");
    expect(cart.cartCount).toBe(2);
    expect(cart.text).toContain(KIT.name);
    expect(cart.text).toContain("$178.00");
    // None of its parts is a line of its own.
    expect(cart.text).not.toContain("Glass Pour-Over Dripper");

    const withJs = await guest.submit(
      `/product/${KIT.id}`,
      { intent: "add", productId: KIT.id, quantity: "1" },
      { js: true },
    );
    expect(withJs.data).toMatchObject({ data: { ok: true, error: null } });
    expect((await guest.load("/cart")).cartCount).toBe(3);
  });
});

describe("a set's page", () => {
  test("without JavaScript: no price or Add to cart of its own; each part priced, with its quantity and a form", async () => {
    const page = await store.visitor().load(`/product/${MUG_SET.id}`);
    expect(page.status).toBe(200);
    const parts = partsText(page.html);
    expect(parts).toContain("In this set");
    expect(parts).toContain("Speckled Stoneware Mug, 14 oz Quantity: 2 Price: $16.00 Original price: $18.00");
    expect(parts).toContain("Morning Ritual Mug, 16 oz Quantity: 2 $13.00");
    expect(parts).toContain("Ceramic Sugar Bowl with Spoon Quantity: 1 $19.00");
    // The set's own price ($77.00) and buying form are not offered: it can't be bought whole.
    expect(page.text).not.toContain("$77.00");
    expect(page.html).not.toContain("store-product__form");
    expect(page.html.match(/name="productId" value="([^"]+)"/g)).toEqual([
      'name="productId" value="01tDM0000000028"',
      'name="productId" value="01tDM0000000032"',
      'name="productId" value="01tDM0000000038"',
    ]);
  });

  test("a part's form adds that part, in the set's quantity, and comes back to the set", async () => {
    const guest = store.visitor();
    const added = await guest.submit(`/product/${MUG_SET.id}`, {
      intent: "add",
      productId: SPECKLED.id,
      quantity: "2",
    });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/product/${MUG_SET.id}`);
    const back = await guest.load(added.location!);
    expect(back.toasts).toContain("Added to your cart");
    const cart = await guest.load("/cart");
    expect(cart.cartCount).toBe(2);
    expect(cart.text).toContain(SPECKLED.name);
    expect(cart.text).not.toContain(MUG_SET.name);
  });

  test("the set itself, posted anyway, is refused in the spec's words (product error 104)", async () => {
    const guest = store.visitor();
    const refused = await guest.submit(
      `/product/${MUG_SET.id}`,
      { intent: "add", productId: MUG_SET.id, quantity: "1" },
      { js: true },
    );
    expect(refused.data).toMatchObject({ data: { ok: false, error: "Product is a set" } });
    expect((await guest.load("/cart")).cartCount ?? 0).toBe(0);
  });
});
