import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  addressBookAccount,
  addressBookCountries,
  addressBookEntry,
  addressBookFormValues,
  addressBookPage,
  addressTypeLabel,
} from "../../app/account/model/address-book";
import { createAddressBookSchema } from "../../app/account/forms/address-book-schema";
import { addressBookInput } from "../../app/account/server/address-pages.server";

/** What the form posts (Conform's nested names). */
function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const typed = {
  addressType: "Billing",
  "address.firstName": "Alex",
  "address.lastName": "Buyer",
  "address.street": "9 Pine Road",
  "address.city": "Tahoe City",
  "address.region": "CA",
  "address.postalCode": "96145",
  "address.country": "us",
};

const saved = {
  addressId: "8lWDM000000B2C2",
  addressType: "Shipping",
  name: "Office",
  firstName: "Alex",
  lastName: "Buyer",
  companyName: "Bayside Design Studio",
  street: "200 Larkin Street, Floor 3",
  city: "Austin",
  region: "TX",
  postalCode: "78701",
  country: "US",
  phoneNumber: "5125550177",
  isDefault: false,
};

describe("the address book's form", () => {
  const schema = createAddressBookSchema({ countries: ["US", "CA"] });

  it("is the checkout's address schema plus name, type and default", () => {
    const parsed = parseWithZod(form({ ...typed, name: "  Cabin ", isDefault: "on" }), { schema });
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toMatchObject({
      name: "Cabin",
      addressType: "Billing",
      isDefault: true,
      address: { country: "US", street: "9 Pine Road" },
    });
  });

  it("sends every field, emptied ones as '', named after the person when no name was given", () => {
    const parsed = parseWithZod(form({ ...typed, "address.region": "" }), { schema });
    if (parsed.status !== "success") throw new Error("expected a valid form");
    expect(addressBookInput(parsed.value)).toEqual({
      name: "Alex Buyer",
      addressType: "Billing",
      isDefault: false,
      firstName: "Alex",
      lastName: "Buyer",
      companyName: "",
      street: "9 Pine Road",
      city: "Tahoe City",
      region: "",
      postalCode: "96145",
      country: "US",
      phoneNumber: "",
    });
  });

  it("refuses, in the spec's words, a name too long, an unknown type, a missing field and a country the store doesn't offer", () => {
    const parsed = parseWithZod(
      form({
        ...typed,
        name: "x".repeat(256),
        addressType: "Mailing",
        "address.lastName": " ",
        "address.country": "FR",
      }),
      { schema },
    );
    expect(parsed.status).toBe("error");
    expect(parsed.reply().error).toMatchObject({
      name: ["Your entry is too long."],
      addressType: ["Enter a valid value."],
      "address.lastName": ["Complete this field."],
      "address.country": ["Enter a valid value."],
    });
    // What was typed comes back with the refusal.
    expect(parsed.reply().initialValue).toMatchObject({ name: "x".repeat(256), address: { street: "9 Pine Road" } });
  });
});

describe("the address book's view of the API's addresses", () => {
  it("lists an address with its name, type, default flag and lines", () => {
    expect(addressBookEntry({ ...saved, isDefault: true })).toEqual({
      id: "8lWDM000000B2C2",
      name: "Office",
      type: "Shipping",
      isDefault: true,
      lines: ["Alex Buyer", "Bayside Design Studio", "200 Larkin Street, Floor 3", "Austin, TX 78701", "US"],
      country: "US",
    });
    expect(addressBookEntry({ ...saved, name: undefined, addressType: "Billing" })).toMatchObject({
      name: "Alex Buyer",
      type: "Billing",
    });
    expect(addressBookEntry({ name: "No id" })).toBeNull();
  });

  it("reads a page with its count and page tokens", () => {
    expect(
      addressBookPage({ count: 13, items: [saved, "junk"], nextPageToken: "n", previousPageToken: null }),
    ).toMatchObject({
      count: 13,
      entries: [{ id: saved.addressId }],
      nextPageToken: "n",
      previousPageToken: null,
    });
    expect(addressBookPage(null)).toEqual({ entries: [], count: 0, nextPageToken: null, previousPageToken: null });
  });

  it("starts the edit form with the saved address", () => {
    expect(addressBookFormValues(saved)).toEqual({
      name: "Office",
      addressType: "Shipping",
      isDefault: undefined,
      address: {
        firstName: "Alex",
        lastName: "Buyer",
        companyName: "Bayside Design Studio",
        street: "200 Larkin Street, Floor 3",
        city: "Austin",
        region: "TX",
        postalCode: "78701",
        country: "US",
        shipToPhoneNumber: "5125550177",
      },
    });
    expect(addressBookFormValues({ ...saved, isDefault: true }).isDefault).toBe("on");
  });

  it("names types as the cards say them", () => {
    expect(addressTypeLabel("Shipping", true)).toBe("Default shipping address");
    expect(addressTypeLabel("Billing")).toBe("Billing address");
  });
});

describe("whose book, which countries", () => {
  it("is the effective account's, or the API's current one when the session names none", () => {
    expect(addressBookAccount("001DM00000ACME2")).toBe("001DM00000ACME2");
    expect(addressBookAccount("000000000000000")).toBe("current");
    expect(addressBookAccount(undefined)).toBe("current");
    expect(addressBookAccount(" ")).toBe("current");
  });

  it("offers the store's shipping countries, and the edited address's own", () => {
    expect(addressBookCountries(["US", "ca"])).toEqual(["US", "CA"]);
    expect(addressBookCountries(["US", "CA"], "mx")).toEqual(["US", "CA", "MX"]);
    expect(addressBookCountries(["US", "CA"], "CA")).toEqual(["US", "CA"]);
    expect(addressBookCountries([], null)).toEqual(["US"]);
  });
});
