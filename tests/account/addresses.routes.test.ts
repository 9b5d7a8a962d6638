/**
 * The address book (app/routes/account_.addresses*.tsx, app/handlers/identity/address-book.server.ts): the saved addresses of the
 * account the buyer acts for; Make default and Delete as plain posts (303 with a toast) and as fetchers (data back);
 * a new or edited address refused with every message and what was typed (400), or saved (303). Guests sign in
 * first; another account's address is a 404.
 */
import { describe, expect, test } from "vitest";
import { B2B_BUYER, BUYER, useStore } from "../support/routes";

const HOME = { id: "8lWDM000000B2C1", name: "Home" };
const OFFICE = { id: "8lWDM000000B2C2", name: "Office" };
const CHICAGO = { id: "8lWDM0000ACME11", name: "Chicago HQ receiving" };

const store = useStore();

describe("The address book", () => {
  test("a guest is sent to sign in, and comes back here afterwards", async () => {
    const guest = store.visitor();
    const page = await guest.load("/account/addresses");
    expect(page.status).toBe(303);
    expect(page.location).toBe("/login?redirectTo=%2Faccount%2Faddresses");
    const login = await guest.load(page.location!);
    expect(login.toasts).toEqual(["Sign in to see your address book."]);
    const signedIn = await guest.fill(login, "Sign in", { Email: BUYER.username, Password: BUYER.password });
    expect(signedIn.location).toBe("/account/addresses");
  });

  test("lists the saved addresses of the account the buyer acts for", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    const book = await buyer.load("/account/addresses");
    expect(book.status).toBe(200);
    expect(book.text).toContain("San Francisco");
    expect(book.text).toContain("Austin");
    expect(book.text).not.toContain("Chicago");

    const b2b = await store.signedIn(B2B_BUYER);
    const acme = await b2b.load("/account/addresses");
    expect(acme.text).toContain(CHICAGO.name);
    expect(acme.text).toContain("Accounts payable");
    expect(acme.text).not.toContain("San Francisco");
  });

  test("Make default without JavaScript: 303 back with the new default named", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    const book = await buyer.load("/account/addresses");
    const made = await buyer.fill(book, `Make default shipping address: ${OFFICE.name}`, {});
    expect(made.status).toBe(303);
    expect(made.location).toBe("/account/addresses");
    const after = await buyer.load(made.location!);
    expect(after.toasts).toEqual(["Office is now your default shipping address."]);
    // Home is no longer the default: it now offers to become it.
    expect(after.text).toContain(`Make default shipping address: ${HOME.name}`);
    expect(after.text).not.toContain(`Make default shipping address: ${OFFICE.name}`);
  });

  test("Delete with JavaScript: data back, the address gone; deleting it again (another tab) is no failure", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    const book = await buyer.load("/account/addresses");
    const deleted = await buyer.fill(book, `Delete ${OFFICE.name}`, {}, { js: true });
    expect(deleted.status).toBe(200);
    expect(deleted.data).toMatchObject({ data: { ok: true, message: "Deleted Office." } });
    const after = await buyer.load("/account/addresses");
    expect(after.toasts).toEqual(["Deleted Office."]);
    expect(after.text).not.toContain("Austin");

    const again = await buyer.fill(book, `Delete ${OFFICE.name}`, {}, { js: true });
    expect(again.data).toMatchObject({ data: { ok: true, message: "Office is no longer in your address book." } });
  });

  test("an address path whose id is no record id is a 404, and the id is never sent to the API", async () => {
    const buyer = await store.signedIn(BUYER);
    await store.control("DELETE", "/__emulator/journal");
    for (const id of ["not-an-address", `${CHICAGO.id}'`, "a".repeat(16)]) {
      expect((await buyer.load(`/account/addresses/${encodeURIComponent(id)}`)).status).toBe(404);
    }
    expect((await store.apiReads()).filter((path) => path.includes("addresses"))).toEqual([]);
  });

  test("another account's address is a 404, and posts about it change nothing", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load(`/account/addresses/${CHICAGO.id}`);
    expect(page.status).toBe(404);
    const deleted = await buyer.submit(
      "/account/addresses",
      { intent: "deleteAddress", addressId: CHICAGO.id, name: CHICAGO.name },
      { follow: true },
    );
    expect(deleted.toasts).toEqual([`${CHICAGO.name} is no longer in your address book.`]);
    const b2b = await store.signedIn(B2B_BUYER);
    expect((await b2b.load(`/account/addresses/${CHICAGO.id}`)).status).toBe(200);
  });
});

describe("Adding and editing an address", () => {
  test("a refused new address: 400, the field's message, everything typed kept; then saved: 303 with a toast", async () => {
    const buyer = await store.signedIn(BUYER);
    const form = await buyer.load("/account/addresses/new");
    expect(form.status).toBe(200);
    const typed = {
      "First Name": "Robin",
      "Last Name": "Buyer",
      Street: "1 Lake Shore Dr",
      City: "",
      State: "IL",
      "Postal Code": "60601",
    };
    const refused = await buyer.fill(form, "Save address", typed);
    expect(refused.status).toBe(400);
    const cityField = Object.entries(refused.form("Save address").labels).find(([label]) => label === "City")?.[1];
    expect(cityField).toBeTruthy();
    expect(refused.fieldError(cityField!)).toBe("Complete this field.");
    expect(refused.form("Save address").fields).toMatchObject({ [cityField!]: "" });
    expect(Object.values(refused.form("Save address").fields)).toEqual(
      expect.arrayContaining(["Robin", "Buyer", "1 Lake Shore Dr", "60601"]),
    );

    const withJs = await buyer.fill(form, "Save address", typed, { js: true });
    expect(withJs.status).toBe(400);
    expect(JSON.stringify(withJs.data)).toContain("Complete this field.");

    const saved = await buyer.fill(refused, "Save address", { City: "Chicago" });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/account/addresses");
    const book = await buyer.load(saved.location!);
    expect(book.toasts).toHaveLength(1);
    expect(book.toasts[0]).toMatch(/^Saved .+ to your address book\.$/);
    expect(book.text).toContain("1 Lake Shore Dr");
  });

  test("edit an address: the form starts with what is saved, a save goes back to the book", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    const form = await buyer.load(`/account/addresses/${HOME.id}`);
    expect(form.status).toBe(200);
    const fields = form.form("Save changes").fields;
    expect(Object.values(fields)).toContain("San Francisco");
    const saved = await buyer.fill(form, "Save changes", { Street: "500 Market St" }, { js: true });
    expect(saved.status).toBe(202);
    expect(saved.location).toBe("/account/addresses");
    const book = await buyer.load("/account/addresses");
    expect(book.toasts[0]).toMatch(/^Saved .+\.$/);
    expect(book.text).toContain("500 Market St");
  });
});
