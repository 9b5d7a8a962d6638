/**
 * The product page of a variation parent (app/routes/product.$.tsx, app/components/store/VariationPicker.tsx): the
 * choice as a GET form (`?Color=Denim`, every state a URL), the chosen variation's SKU and price, unavailable
 * values, and "Add to cart" of the chosen variation without JavaScript (303) and with it (data); the cart then names
 * the variation's attribute values.
 */
import { describe, expect, test } from "vitest";
import { BUYER, useStore } from "../support/routes";

const APRON = "/product/barista-apron/01tDM000000E103";
const TOTE = "/product/canvas-market-tote/01tDM0000000T00";

/** The page's "Add to cart" button's tag. */
const addButton = (html: string) => /<button[^>]*value="add"[^>]*>/.exec(html)?.[0] ?? "";

const store = useStore();

describe("Choosing a variation", () => {
  test("the parent's page asks for a choice; the picker is a GET form whose 'Show' renders the chosen variation", async () => {
    const guest = store.visitor();
    const parent = await guest.load(APRON);
    expect(parent.status).toBe(200);
    expect(parent.text).toContain("Choose Color to add it to your cart.");
    expect(parent.text).not.toContain("SKU: ERR-103");
    // Nothing to add before a colour is chosen.
    expect(addButton(parent.html)).toContain('disabled=""');
    const picker = parent.form("Show");
    expect(picker.action).toBe("/product/barista-apron/01tDM000000E103");
    expect(picker.labels).toMatchObject({ Charcoal: "Color", Denim: "Color" });
    expect(parent.html).toMatch(/<form method="get" action="\/product\/barista-apron\/01tDM000000E103"/);

    const denim = await guest.load(`${APRON}?Color=Denim`);
    expect(denim.status).toBe(200);
    expect(denim.text).toContain("SKU: APR-DENIM");
    expect(denim.text).toContain("$42.00");
    expect(denim.text).toContain("In stock: 28 available");
    expect(denim.html).toContain("/images/products/APR-DENIM.svg");
    expect(denim.html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="Denim"/);

    const charcoal = await guest.load(`${APRON}?Color=Charcoal`);
    expect(charcoal.text).toContain("SKU: APR-CHARCOAL");
    expect(charcoal.text).toContain("$45.00");
  });

  test("a discontinued value is shown unavailable and can't be chosen; a choice the URL makes of it adds nothing", async () => {
    const guest = store.visitor();
    const page = await guest.load(APRON);
    expect(page.html).toMatch(/<input type="radio"[^>]*disabled=""[^>]*value="Burgundy"/);
    expect(page.text).toContain("Burgundy (Unavailable)");
    const asked = await guest.load(`${APRON}?Color=Burgundy`);
    expect(asked.text).toContain("This combination is unavailable.");
    expect(addButton(asked.html)).toContain('disabled=""');
  });

  test("two attributes: the chosen pair's SKU, a missing choice named, a combination not made marked", async () => {
    const guest = store.visitor();
    const large = await guest.load(`${TOTE}?Size=Large`);
    expect(large.text).toContain("Choose Color to add it to your cart.");
    // The large tote isn't made in olive.
    expect(large.text).toContain("Olive (Unavailable)");
    const chosen = await guest.load(`${TOTE}?Size=Large&Color=Black`);
    expect(chosen.text).toContain("SKU: TOTE-L-BLK");
    expect(addButton(chosen.html)).not.toContain("disabled");
    expect(chosen.text).toContain("$32.00");
    const soldOut = await guest.load(`${TOTE}?Size=Small&Color=Olive`);
    expect(soldOut.text).toContain("SKU: TOTE-S-OLV");
    expect(soldOut.text).toContain("Out of stock");
    const notMade = await guest.load(`${TOTE}?Size=Large&Color=Olive`);
    expect(notMade.text).toContain("This combination is unavailable.");
  });

  test("a variation's own page starts from its values and chooses among its family on the parent's page", async () => {
    const guest = store.visitor();
    const denim = await guest.load("/product/barista-apron-denim/01tDM000000A002");
    expect(denim.status).toBe(200);
    expect(denim.text).toContain("SKU: APR-DENIM");
    expect(denim.text).toContain("In stock: 28 available");
    expect(denim.html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="Denim"/);
    expect(denim.form("Show").action).toBe("/product/01tDM000000E103");
    expect(addButton(denim.html)).not.toContain("disabled");
  });

  test("with JavaScript the page's data follows the URL's choice", async () => {
    const guest = store.visitor();
    const answer = await guest.data(`${TOTE}?Size=Small&Color=Natural`, ["routes/product.$"]);
    const page = (answer.data as Record<string, { data: any }>)["routes/product.$"].data;
    expect(page.buyId).toBe("01tDM0000000T01");
    expect(page.product.sku).toBe("TOTE-S-NAT");
    expect(page.price).toMatchObject({ unitPrice: "24.00" });
    expect(page.variations.attributes.map((a: any) => [a.label, a.chosen])).toEqual([
      ["Size", "Small"],
      ["Color", "Natural"],
    ]);
  });
});

describe("Adding the chosen variation", () => {
  test("without JavaScript: 303 back to the same choice, and the cart names the variation", async () => {
    const guest = store.visitor();
    const page = await guest.load(`${APRON}?Color=Denim`);
    const form = page.form("Add to cart");
    expect(form.action).toBe(`/product/barista-apron/01tDM000000E103?Color=Denim`);
    expect(form.fields.productId).toBe("01tDM000000A002");
    const added = await guest.fill(page, "Add to cart", { quantity: "2" });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/product/barista-apron/01tDM000000E103?Color=Denim`);
    const back = await guest.load(added.location!);
    expect(back.toasts).toEqual(["Added to your cart"]);
    expect(back.cartCount).toBe(2);
    const cart = await guest.load("/cart");
    expect(cart.text).toContain("Barista Apron, Denim");
    expect(cart.text).toContain("Color: Denim");
  });

  test("with JavaScript: data back, the cart holds the chosen pair named by both attributes", async () => {
    const guest = store.visitor();
    const added = await guest.submit(
      `${TOTE}?Size=Large&Color=Black`,
      { intent: "add", quantity: "1", productId: "01tDM0000000T05" },
      { js: true },
    );
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ data: { ok: true, error: null } });
    const cart = await guest.load("/cart");
    expect(cart.text).toContain("Canvas Market Tote, Large, Black");
    expect(cart.text).toContain("Size: Large, Color: Black");
  });

  test("a crafted add of the discontinued variation answers the spec's error 105", async () => {
    const guest = store.visitor();
    const refused = await guest.submit(
      `${APRON}?Color=Denim`,
      { intent: "add", quantity: "1", productId: "01tDM000000E105" },
      { js: true },
    );
    expect(refused.data).toMatchObject({ data: { ok: false, error: "The selected variant is not valid" } });
    const parent = await guest.submit(APRON, { intent: "add", quantity: "1" });
    expect(parent.status).toBe(303);
    expect((await guest.load(parent.location!)).toasts).toEqual(["Product is a variant parent"]);
  });
});

describe("A variation named on the buyer's pages", () => {
  test("the wishlist, the checkout's summary and an order name the attribute values", async () => {
    const buyer = await store.signedIn(BUYER);
    const tote = await buyer.load(`${TOTE}?Size=Large&Color=Black`);
    expect((await buyer.fill(tote, "Add to wishlist", {})).status).toBe(303);
    const wishlist = await buyer.load("/wishlist");
    expect(wishlist.text).toContain("Canvas Market Tote, Large, Black");
    expect(wishlist.text).toContain("Size: Large, Color: Black");

    expect((await buyer.fill(await buyer.load(`${APRON}?Color=Denim`), "Add to cart", {})).status).toBe(303);
    const checkout = await buyer.load("/checkout", { follow: true });
    expect(checkout.status).toBe(200);
    expect(checkout.text).toContain("Barista Apron, Denim Color: Denim");

    // 00000104 (fixtures/orders.json) bought the denim apron.
    const order = await buyer.load("/OrderSummary/00000104");
    expect(order.text).toMatch(/Barista Apron, Denim Color Denim SKU APR-DENIM/);
    await store.reset();
  });
});
