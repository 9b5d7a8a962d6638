// The orders handler's guest verification: what checkout (the orders' sibling) leaves after a guest's order opens
// that guest's orders in the same session.
import { describe, expect, it } from "vitest";
import { GUEST_PHONE_PLACEHOLDER } from "../../app/orders/model";
import { setup } from "../support/fake-store";

describe("shop.orders.rememberGuestVerification", () => {
  it("keeps the guest's e-mail as the session's verification, read back by guestVerification", async () => {
    const shop = await setup({}).shop();
    expect(shop.orders.guestVerification()).toBeNull();
    expect(shop.orders.mayLoad()).toBe(false);
    shop.orders.rememberGuestVerification("guest@example.com");
    expect(shop.orders.guestVerification()).toEqual({
      email: "guest@example.com",
      phoneNumber: GUEST_PHONE_PLACEHOLDER,
    });
    expect(shop.orders.mayLoad()).toBe(true);
  });
});
