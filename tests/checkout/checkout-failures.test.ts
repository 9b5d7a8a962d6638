import { describe, expect, it } from "vitest";
import {
  CHECKOUT_MESSAGES,
  describeCheckoutFailure,
  inventoryMessage,
  inventoryNames,
  problemMessages,
  problemsFrom,
} from "../../app/checkout/model/index";
import { line } from "./checkout-helpers";

// What went wrong, in the shopper's words (app/checkout/model/failures.ts).

describe("what went wrong, in the shopper's words", () => {
  const lines = [line("0a9A", "0a7A", 1, "Vintage Copper Moka Pot"), line("0a9B", "0a7A", 2, "Coffee")];

  it("reads problems from Connect arrays, checkout errors and place-order actions", () => {
    expect(problemsFrom([{ errorCode: "INVALID_API_INPUT", message: "Bad" }])).toEqual([
      { code: "INVALID_API_INPUT", title: null, detail: "Bad", instance: null },
    ]);
    expect(
      problemsFrom({
        errors: [{ type: "/commerce/errors/shipping-failure", title: "No", detail: "Nope", instance: "0a7A" }],
      }),
    ).toEqual([{ code: "/commerce/errors/shipping-failure", title: "No", detail: "Nope", instance: "0a7A" }]);
    expect(
      problemsFrom({
        actions: [
          {
            action: "prepare",
            status: "Failed",
            errors: [
              {
                errorCode: "INSUFFICIENT_INVENTORY",
                type: "/commerce/errors/checkout-failure",
                detail: "x",
                instance: "0a9A",
              },
            ],
          },
        ],
      }),
    ).toMatchObject([{ code: "INSUFFICIENT_INVENTORY", instance: "0a9A" }]);
  });

  it("names the products that ran out", () => {
    expect(inventoryMessage(["Vintage Copper Moka Pot"])).toBe(
      "Vintage Copper Moka Pot is no longer available in the quantity you asked for.",
    );
    expect(inventoryMessage(["A", "B", "C", "A"])).toBe(
      "A, B and C are no longer available in the quantities you asked for.",
    );
    expect(inventoryMessage([])).toBe(CHECKOUT_MESSAGES.inventoryGeneric);
    const problem = { code: "INSUFFICIENT_INVENTORY", title: null, detail: null, instance: "0a9A" };
    expect(inventoryNames([problem], lines)).toEqual(["Vintage Copper Moka Pot"]);
    // Without the line in the problem: the lines the cart flags.
    const flagged = [{ ...lines[1], errors: ["Not enough inventory for selected quantity"] }];
    expect(inventoryNames([{ ...problem, instance: "0a6CART" }], flagged)).toEqual(["Coffee"]);
  });

  it("maps failures: inventory first, then 409, 410, 404, 401 and the API's own words", () => {
    const inventory = describeCheckoutFailure({ status: 409, code: "INSUFFICIENT_INVENTORY", problems: [] }, [
      { ...lines[0], errors: ["x"] },
    ]);
    expect(inventory).toEqual({
      kind: "inventory",
      message: "Vintage Copper Moka Pot is no longer available in the quantity you asked for.",
      cartLink: true,
    });
    expect(
      describeCheckoutFailure(
        { status: 412, problems: [{ code: "INSUFFICIENT_INVENTORY", title: null, detail: null, instance: "0a9A" }] },
        lines,
      ).kind,
    ).toBe("inventory");
    expect(describeCheckoutFailure({ status: 409, code: "CONFLICT" })).toEqual({
      kind: "conflict",
      message: "Your cart changed. Review it and try again.",
      cartLink: true,
    });
    // Where the call is unknown, the documented code of a change made while the previous one runs says it.
    expect(describeCheckoutFailure({ status: 409, code: "CHECKOUT_CONFLICT" }).kind).toBe("inProgress");
    // The code never overrides the call: placing the order, a 409 is the cart that changed, whatever its code.
    expect(describeCheckoutFailure({ status: 409, code: "CHECKOUT_CONFLICT", placing: true }).kind).toBe("conflict");
    // A real org's 409 has no code of its own: which call failed says what it means.
    expect(describeCheckoutFailure({ status: 409, code: "CONFLICT", placing: true }).kind).toBe("conflict");
    expect(describeCheckoutFailure({ status: 409, code: "CONFLICT", placing: false })).toEqual({
      kind: "inProgress",
      message: "We're still saving your last change. Try again in a moment.",
      cartLink: false,
    });
    expect(describeCheckoutFailure({ status: 410 }).kind).toBe("expired");
    expect(describeCheckoutFailure({ status: 404 }).kind).toBe("missing");
    expect(describeCheckoutFailure({ status: 401 }).kind).toBe("signIn");
    expect(
      describeCheckoutFailure({
        status: 422,
        problems: [
          {
            code: "/commerce/errors/shipping-failure",
            title: "Choose a shipping method.",
            detail: "Shipment 1 has no delivery method.",
            instance: null,
          },
        ],
      }),
    ).toEqual({
      kind: "invalid",
      message: "Choose a shipping method. Shipment 1 has no delivery method.",
      cartLink: false,
    });
    expect(describeCheckoutFailure({ status: 400, message: "Enter a valid coupon code." }).message).toBe(
      "Enter a valid coupon code.",
    );
    expect(describeCheckoutFailure({ status: 500 }).message).toBe(CHECKOUT_MESSAGES.unavailable);
  });

  it("lists a ready checkout's problems once each, inventory named", () => {
    expect(
      problemMessages(
        [
          { code: "INSUFFICIENT_INVENTORY", title: "INSUFFICIENT_INVENTORY", detail: "Not enough", instance: "0a9A" },
          {
            code: "/commerce/errors/shipping-failure",
            title: "We can't ship to this address.",
            detail: "No method.",
            instance: "0a7A",
          },
          {
            code: "/commerce/errors/shipping-failure",
            title: "We can't ship to this address.",
            detail: "No method.",
            instance: "0a7A",
          },
        ],
        lines,
      ),
    ).toEqual([
      "Vintage Copper Moka Pot is no longer available in the quantity you asked for.",
      "We can't ship to this address. No method.",
    ]);
  });
});
