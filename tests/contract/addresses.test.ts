import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { shopper, type Shopper } from "./checkout-helpers.js";
import { TARGET_NAMES } from "./targets.js";
import { useTarget } from "./use-target.js";

const HOME = {
  name: "Cabin",
  firstName: "Alex",
  lastName: "Buyer",
  street: "1 Lake Road",
  city: "Tahoe City",
  region: "CA",
  postalCode: "96145",
  country: "US",
};

describe.each(TARGET_NAMES)("account addresses (%s)", (name) => {
  const { target, call } = useTarget(name);
  let buyer: Shopper;
  let b2b: Shopper;
  // Signing in costs a password hash and a reset signs everybody out: tests share one seeded store and the
  // ones that change addresses put the fixtures back afterwards.
  let changed = false;
  const fresh = async () => {
    await call("POST", "/__emulator/reset");
    buyer = await shopper(target, "buyer@demo.store");
    b2b = await shopper(target, "b2b@demo.store");
  };
  beforeAll(fresh);
  afterEach(async () => {
    if (changed) await fresh();
    changed = false;
  });

  it("lists the buyer's saved addresses in the Commerce Address shape, newest first (no parameter puts the default first)", async () => {
    const res = await buyer.call("GET", "accounts/current/addresses");
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((a: any) => a.addressId)).toEqual(["8lWDM000000B2C2", "8lWDM000000B2C1"]);
    expect(res.body.items.find((a: any) => a.isDefault)).toEqual({
      addressId: "8lWDM000000B2C1",
      addressType: "Shipping",
      name: "Home",
      firstName: "Alex",
      middleName: null,
      lastName: "Buyer",
      companyName: null,
      street: "12 Market Street, Apt 4B",
      city: "San Francisco",
      region: "CA",
      postalCode: "94105",
      country: "US",
      phoneNumber: "4155550100",
      isDefault: true,
      fields: {},
    });
    expect(res.body).toMatchObject({
      sortOrder: "CreatedDateDesc",
      nextPageToken: null,
      nextPageUrl: null,
      pageSize: 25,
    });
    expect(res.body.currentPageUrl).toContain("/accounts/current/addresses");
  });

  it("creates an address (201), makes a new default take the flag, updates (201, as orgs answer) and deletes (204)", async () => {
    changed = true;
    const created = await buyer.call("POST", "accounts/current/addresses", { ...HOME, isDefault: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Cabin", addressType: "Shipping", isDefault: true, country: "US" });
    const id = created.body.addressId;
    expect(id).toMatch(/^8lW/);

    const listed = await buyer.call("GET", "accounts/current/addresses");
    expect(listed.body.items.map((a: any) => [a.addressId, a.isDefault])).toEqual([
      [id, true],
      ["8lWDM000000B2C2", false],
      ["8lWDM000000B2C1", false],
    ]);

    const patched = await buyer.call("PATCH", `accounts/current/addresses/${id}`, {
      street: "2 Lake Road",
      isDefault: false,
    });
    expect(patched.status).toBe(201);
    expect(patched.body).toMatchObject({ addressId: id, street: "2 Lake Road", isDefault: false, name: "Cabin" });

    expect((await buyer.call("DELETE", `accounts/current/addresses/${id}`)).status).toBe(204);
    expect((await buyer.call("GET", "accounts/current/addresses")).body.count).toBe(2);
    expect((await buyer.call("DELETE", `accounts/current/addresses/${id}`)).status).toBe(404);
  });

  it("requires a name and a valid ISO country code", async () => {
    const noName = await buyer.call("POST", "accounts/current/addresses", { ...HOME, name: " " });
    expect(noName.status).toBe(400);
    expect(noName.body[0].errorCode).toBe("INVALID_API_INPUT");
    const badCountry = await buyer.call("POST", "accounts/current/addresses", { ...HOME, country: "USA" });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body[0].errorCode).toBe("INVALID_API_INPUT");
    const blankName = await buyer.call("PATCH", "accounts/current/addresses/8lWDM000000B2C1", { name: "" });
    expect(blankName.status).toBe(400);
    // At v65.0 `country` is "specified using the ISO country code": a country's name is refused like any non-code.
    const named = await buyer.call("POST", "accounts/current/addresses", { ...HOME, country: "United States" });
    expect(named.status).toBe(400);
    expect(named.body[0].errorCode).toBe("INVALID_API_INPUT");
  });

  it("takes the documented defaults (isDefault false, a lower-case code upper-cased) and refuses countryCode / regionCode, documented for 54.0–58.0 only", async () => {
    changed = true;
    const created = await buyer.call("POST", "accounts/current/addresses", { ...HOME, country: "us" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isDefault: false, country: "US", region: "CA" });
    expect(created.body).not.toHaveProperty("countryCode");
    expect(created.body).not.toHaveProperty("regionCode");
    for (const field of ["countryCode", "regionCode"]) {
      const res = await buyer.call("POST", "accounts/current/addresses", { ...HOME, [field]: "US" });
      expect(res.status, field).toBe(400);
      expect(res.body[0].errorCode).toBe("JSON_PARSER_ERROR");
      expect(res.body[0].message).toContain(field);
    }
  });

  it("hides shipping addresses in countries the store doesn't ship to only when asked (documented default false)", async () => {
    changed = true;
    await buyer.call("POST", "accounts/current/addresses", {
      ...HOME,
      name: "Mexico City",
      region: null,
      country: "MX",
    });
    const shipping = await buyer.call("GET", "accounts/current/addresses?excludeUnsupportedCountries=true");
    expect(shipping.body.count).toBe(2);
    const all = await buyer.call("GET", "accounts/current/addresses");
    expect(all.body.count).toBe(3);
    expect(all.body.items.some((a: any) => a.country === "MX")).toBe(true);
  });

  it("sorts by the sortOrder asked for, filters by type and pages with a token", async () => {
    const byName = await buyer.call("GET", "accounts/current/addresses?sortOrder=NameDesc");
    expect(byName.body.items.map((a: any) => a.name)).toEqual(["Office", "Home"]);
    const byNameAsc = await buyer.call("GET", "accounts/current/addresses?sortOrder=NameAsc");
    expect(byNameAsc.body.items.map((a: any) => a.name)).toEqual(["Home", "Office"]);
    const billing = await b2b.call("GET", "accounts/current/addresses?addressType=Billing");
    expect(billing.body.items.map((a: any) => a.addressId)).toEqual(["8lWDM0000ACME12"]);
    const first = await buyer.call("GET", "accounts/current/addresses?pageSize=1");
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const second = await buyer.call(
      "GET",
      `accounts/current/addresses?pageSize=1&pageToken=${first.body.nextPageToken}`,
    );
    expect(second.body.items[0].addressId).not.toBe(first.body.items[0].addressId);
    expect(second.body.nextPageToken).toBeNull();
  });

  it("answers page size 0 (and over 100) with 400 ILLEGAL_QUERY_PARAMETER_VALUE", async () => {
    for (const size of [0, 101]) {
      const res = await buyer.call("GET", `accounts/current/addresses?pageSize=${size}`);
      expect(res.status).toBe(400);
      expect(res.body[0].errorCode).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
    }
  });

  it("refuses guests with 401", async () => {
    const guest = await shopper(target);
    const res = await guest.call("GET", "accounts/current/addresses");
    expect(res.status).toBe(401);
    expect(res.body[0].errorCode).toBe("INVALID_SESSION_ID");
    expect((await guest.call("POST", "accounts/current/addresses", HOME)).status).toBe(401);
  });

  it("lets a B2B buyer use the accounts they manage, refuses anyone else's account (403) and hides its addresses (404)", async () => {
    const acme2 = await b2b.call("GET", "accounts/001DM00000ACME2/addresses");
    expect(acme2.status).toBe(200);
    expect(acme2.body.items.map((a: any) => a.addressId).sort()).toEqual(["8lWDM0000ACME21", "8lWDM0000ACME22"]);
    expect((await b2b.call("GET", "accounts/current/addresses?effectiveAccountId=001DM00000ACME2")).body.count).toBe(2);

    const foreign = await buyer.call("GET", "accounts/001DM00000ACME1/addresses");
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual([{ errorCode: "INSUFFICIENT_ACCESS", message: expect.any(String) }]);
    expect(
      (await buyer.call("POST", "accounts/001DM00000ACME1/addresses", { name: "Mine now", country: "US" })).body[0]
        .errorCode,
    ).toBe("INSUFFICIENT_ACCESS");
    expect((await buyer.call("PATCH", "accounts/current/addresses/8lWDM0000ACME11", { name: "Mine now" })).status).toBe(
      404,
    );
    expect((await buyer.call("DELETE", "accounts/current/addresses/8lWDM0000ACME11")).status).toBe(404);
  });
});
