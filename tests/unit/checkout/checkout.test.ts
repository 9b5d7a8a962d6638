import { describe, expect, it } from "vitest";
import { cardDigits, cardLabel } from "../../../app/lib/cards";
import {
  addressFormValues,
  arrangementFromForm,
  cardFieldErrors,
  cardFieldOfMessage,
  CHECKOUT_MESSAGES,
  checkoutLinesFrom,
  checkoutTotals,
  composeInstructions,
  defaultAddressChoice,
  deliveryMethodView,
  describeCheckoutFailure,
  expiryYears,
  firstIncompleteStep,
  formatCountdown,
  guestUserContextFrom,
  inventoryMessage,
  inventoryNames,
  NEW_ADDRESS,
  nextShipmentName,
  orderNumberFrom,
  paymentOutcome,
  problemMessages,
  problemsFrom,
  reservationRemainingMs,
  reservedUntilText,
  sameAddress,
  savedAddressesFrom,
  shipmentLabel,
  shipmentsFrom,
  shippingFeeText,
  splitInstructions,
  tomorrowIso,
  transitTimeText,
  type CheckoutLine,
} from "../../../app/lib/checkout";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const line = (id: string, groupId: string, quantity = 1, name = `Product ${id}`): CheckoutLine => ({
  id,
  productId: `01t${id}`,
  name,
  quantity,
  totalPrice: "10.00",
  groupId,
  errors: [],
});

const method = (id: string, fee: string, min = 3, max = 5) => ({
  id,
  name: `Method ${id}`,
  carrier: "USPS",
  shippingFee: fee,
  adjustedShippingFee: fee,
  currencyIsoCode: "USD",
  transitTimeMin: min,
  transitTimeMax: max,
});

const group = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  isDefault: false,
  totalCartItemCount: 0,
  deliveryAddress: null,
  availableDeliveryMethods: [],
  selectedDeliveryMethod: null,
  ...extra,
});

describe("shipment labels", () => {
  it("labels split-shipment groups 'Shipment {0}' by position", () => {
    expect(shipmentLabel(1)).toBe("Shipment 1");
    expect(shipmentLabel(3)).toBe("Shipment 3");
  });

  it("names an added shipment after the ones shown, empty ones included", () => {
    expect(nextShipmentName({ shipments: [], emptyShipments: [] })).toBe("Shipment 1");
    const one = shipmentsFrom([group("0a7A", { isDefault: true })], [line("1", "0a7A")]);
    expect(nextShipmentName(one)).toBe("Shipment 2");
    const withEmpty = shipmentsFrom([group("0a7A", { isDefault: true }), group("0a7B")], [line("1", "0a7A")]);
    expect(nextShipmentName(withEmpty)).toBe("Shipment 3");
  });
});

describe("shipmentsFrom (delivery-group normalisation)", () => {
  it("drops groups without items and lists them as places to move items to", () => {
    const result = shipmentsFrom(
      [group("0a7A", { isDefault: true }), group("0a7B"), group("0a7C")],
      [line("1", "0a7A", 2), line("2", "0a7C")],
    );
    expect(result.shipments.map((s) => [s.id, s.label])).toEqual([
      ["0a7A", "Shipment 1"],
      ["0a7C", "Shipment 2"],
    ]);
    expect(result.emptyShipments).toEqual([{ id: "0a7B", label: "Shipment 3" }]);
    expect(result.shipments[0].items.map((i) => i.quantity)).toEqual([2]);
  });

  it("makes the first group the default when the default one is empty", () => {
    const result = shipmentsFrom([group("0a7A", { isDefault: true }), group("0a7B")], [line("1", "0a7B")]);
    expect(result.shipments).toHaveLength(1);
    expect(result.shipments[0]).toMatchObject({ id: "0a7B", isDefault: true });
  });

  it("counts items from the group when the cart's lines are unknown", () => {
    const result = shipmentsFrom(
      [group("0a7A", { totalCartItemCount: 2 }), group("0a7B", { totalCartItemCount: 0 })],
      [],
    );
    expect(result.shipments.map((s) => s.id)).toEqual(["0a7A"]);
    expect(result.shipments[0].isDefault).toBe(true);
  });

  it("reads address, methods, selection, date, instructions and gift options", () => {
    const [shipment] = shipmentsFrom(
      [
        group("0a7A", {
          isDefault: true,
          deliveryAddress: {
            id: null,
            name: "Sam Shopper",
            street: "1 Main St",
            city: "Austin",
            region: "TX",
            postalCode: "78701",
            country: "US",
            shipToPhoneNumber: "5125550100",
          },
          availableDeliveryMethods: [method("2DmA", "7.99"), method("2DmB", "0.00", 1, 1)],
          selectedDeliveryMethod: { id: "2DmB" },
          desiredDeliveryDate: "2030-01-02T00:00:00.000Z",
          shippingInstructions: "Gift wrap requested. Leave at the door",
          isGift: true,
          giftMessage: "Enjoy",
        }),
      ],
      [line("1", "0a7A")],
    ).shipments;
    expect(shipment.address).toMatchObject({ street: "1 Main St", phoneNumber: "5125550100" });
    expect(shipment.methods.map((m) => m.id)).toEqual(["2DmA", "2DmB"]);
    expect(shipment.selectedMethodId).toBe("2DmB");
    expect(shipment.desiredDeliveryDate).toBe("2030-01-02");
    expect(shipment).toMatchObject({
      shippingInstructions: "Leave at the door",
      giftWrap: true,
      isGift: true,
      giftMessage: "Enjoy",
    });
  });
});

describe("checkoutLinesFrom", () => {
  it("reads product lines with their group, names and the API's stock messages", () => {
    const lines = checkoutLinesFrom({
      cartItems: [
        {
          cartItem: {
            cartItemId: "0a9A",
            productId: "01tA",
            quantity: "2.0",
            type: "Product",
            totalPrice: "37.00",
            cartDeliveryGroupId: "0a7A",
            productDetails: { name: "Coffee" },
            messagesSummary: {
              hasErrors: true,
              limitedMessages: [{ message: "Not enough inventory for selected quantity" }],
            },
          },
        },
        { cartItem: { cartItemId: "0a9B", productId: "01tB", quantity: "1.0", type: "DeliveryCharge" } },
      ],
    });
    expect(lines).toEqual([
      {
        id: "0a9A",
        productId: "01tA",
        name: "Coffee",
        quantity: 2,
        totalPrice: "37.00",
        groupId: "0a7A",
        errors: ["Not enough inventory for selected quantity"],
        term: null,
      },
    ]);
  });
});

describe("arrangementFromForm", () => {
  const shipments = shipmentsFrom(
    [group("0a7A", { isDefault: true }), group("0a7B")],
    [line("1", "0a7A", 3, "Coffee")],
  );

  it("builds one arrangement: the line, the target shipment and the quantity", () => {
    const result = arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "2" }), shipments);
    expect(result).toEqual({
      ok: true,
      arrangement: { cartItemId: "1", deliveryGroupId: "0a7B", quantity: 2 },
      itemName: "Coffee",
      targetLabel: "Shipment 2",
    });
  });

  it("refuses a quantity outside 1 to what the line holds, in the kit's words", () => {
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "4" }), shipments)).toMatchObject({
      ok: false,
      lineId: "1",
      error: "The number is too high.",
    });
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "0" }), shipments)).toMatchObject({
      ok: false,
      error: "The number is too low.",
    });
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "" }), shipments)).toMatchObject({
      ok: false,
      error: "Complete this field.",
    });
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "1.5" }), shipments)).toMatchObject(
      {
        ok: false,
        error: "Your entry isn't a valid increment.",
      },
    );
  });

  it("refuses the line's own shipment, an unknown shipment and an unknown line", () => {
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7A", quantity: "1" }), shipments)).toMatchObject({
      ok: false,
    });
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7Z", quantity: "1" }), shipments)).toMatchObject({
      ok: false,
    });
    expect(arrangementFromForm(form({ lineId: "9", targetGroupId: "0a7B", quantity: "1" }), shipments)).toMatchObject({
      ok: false,
      lineId: "9",
      error: "That item is no longer in your cart.",
    });
  });
});

describe("steps", () => {
  const [ready] = shipmentsFrom(
    [
      group("0a7A", {
        isDefault: true,
        deliveryAddress: { street: "1 Main", country: "US" },
        selectedDeliveryMethod: { id: "2DmA" },
      }),
    ],
    [line("1", "0a7A")],
  ).shipments;

  it("sends the shopper to the first step still to do", () => {
    const contact = { email: "a@b.c", lastName: "S" };
    expect(firstIncompleteStep({ shipments: [], needsContact: false, contact })).toBe("shipping");
    expect(
      firstIncompleteStep({ shipments: [ready], needsContact: true, contact: { email: null, lastName: "S" } }),
    ).toBe("shipping");
    expect(firstIncompleteStep({ shipments: [{ ...ready, address: null }], needsContact: false, contact })).toBe(
      "shipping",
    );
    expect(
      firstIncompleteStep({ shipments: [{ ...ready, selectedMethodId: null }], needsContact: false, contact }),
    ).toBe("delivery");
    expect(firstIncompleteStep({ shipments: [ready], needsContact: true, contact })).toBe("payment");
  });
});

describe("gift wrap in the shipping instructions", () => {
  it("round-trips the wish with the shopper's own words", () => {
    expect(composeInstructions("Leave at the door", true)).toBe("Gift wrap requested. Leave at the door");
    expect(composeInstructions("", true)).toBe("Gift wrap requested.");
    expect(composeInstructions("  Ring twice ", false)).toBe("Ring twice");
    expect(splitInstructions("Gift wrap requested. Leave at the door")).toEqual({
      instructions: "Leave at the door",
      giftWrap: true,
    });
    expect(splitInstructions("Gift wrap requested.")).toEqual({ instructions: null, giftWrap: true });
    expect(splitInstructions(null)).toEqual({ instructions: null, giftWrap: false });
  });
});

describe("delivery methods", () => {
  it("says the transit time in days", () => {
    expect(transitTimeText(3, 5)).toBe("3–5 days");
    expect(transitTimeText(1, 1)).toBe("1 day");
    expect(transitTimeText(2, undefined)).toBe("2 days");
    expect(transitTimeText(undefined, undefined)).toBeNull();
  });

  it("shows 'Free' for a zero fee and the formatted fee otherwise", () => {
    expect(shippingFeeText("0.00")).toBe("Free");
    expect(shippingFeeText("7.99")).toBe("$7.99");
    expect(shippingFeeText(null)).toBe("");
  });

  it("prefers the adjusted fee", () => {
    expect(deliveryMethodView({ ...method("2DmA", "7.99"), adjustedShippingFee: "0.00" })).toMatchObject({
      fee: "0.00",
      transit: "3–5 days in transit",
    });
    expect(deliveryMethodView({ name: "no id" })).toBeNull();
  });
});

describe("totals", () => {
  it("takes every amount from the API's checkout summary", () => {
    expect(
      checkoutTotals({
        currencyIsoCode: "USD",
        totalProductAmount: "67.50",
        totalPromotionalAdjustmentAmount: "-6.75",
        totalChargeAmount: "7.99",
        totalTaxAmount: "5.01",
        grandTotalAmount: "73.75",
        totalProductCount: "4.0",
      }),
    ).toEqual({
      currency: "USD",
      items: "67.50",
      discounts: "-6.75",
      shipping: "7.99",
      tax: "5.01",
      taxIncluded: false,
      total: "73.75",
      itemCount: 4,
    });
    expect(checkoutTotals(null)).toMatchObject({ total: null, itemCount: 0 });
    // Gross prices: the tax is inside them.
    expect(checkoutTotals({ taxType: "Gross", totalTaxAmount: "3.43" })).toMatchObject({
      tax: "3.43",
      taxIncluded: true,
    });
  });
});

describe("the inventory reservation", () => {
  const expiresAt = "2030-01-01T15:05:00.000Z";

  it("counts down to the expiry, never below zero", () => {
    const now = Date.parse("2030-01-01T14:50:00.000Z");
    expect(reservationRemainingMs(expiresAt, now)).toBe(15 * 60 * 1000);
    expect(reservationRemainingMs(expiresAt, now + 16 * 60 * 1000)).toBe(0);
    expect(reservationRemainingMs("not a date", now)).toBe(0);
  });

  it("formats the countdown as m:ss, h:mm:ss past an hour, rounding up", () => {
    expect(formatCountdown(15 * 60 * 1000)).toBe("15:00");
    expect(formatCountdown(61_500)).toBe("1:02");
    expect(formatCountdown(3_723_000)).toBe("1:02:03");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-5)).toBe("0:00");
  });

  it("says until when, in the spec's h:mm a", () => {
    expect(reservedUntilText(expiresAt)).toBe("Items reserved until 3:05 PM UTC");
    expect(reservedUntilText(expiresAt, "America/Chicago")).toBe("Items reserved until 9:05 AM");
  });

  it("lets the shopper choose a delivery date from tomorrow", () => {
    expect(tomorrowIso(Date.parse("2030-12-31T23:30:00.000Z"))).toBe("2031-01-01");
  });
});

describe("guest user context", () => {
  it("keeps only non-blank strings, trimmed", () => {
    expect(guestUserContextFrom({ lastName: " Shopper ", email: "", phoneNumber: "   " })).toEqual({
      lastName: "Shopper",
    });
    expect(guestUserContextFrom({ lastName: 5, email: "a@b.c", phoneNumber: "5125550100" })).toEqual({
      email: "a@b.c",
      phoneNumber: "5125550100",
    });
  });
});

describe("addresses", () => {
  const saved = savedAddressesFrom({
    items: [
      {
        addressId: "8lWA",
        name: "Home",
        firstName: "Alex",
        lastName: "Buyer",
        street: "12 Market St",
        city: "San Francisco",
        region: "CA",
        postalCode: "94105",
        country: "US",
        isDefault: true,
      },
      {
        addressId: "8lWB",
        name: "Office",
        street: "200 Larkin St",
        city: "Austin",
        region: "TX",
        postalCode: "78701",
        country: "US",
      },
    ],
  });

  it("lists saved addresses as choices with their lines", () => {
    expect(saved.map((a) => [a.id, a.label, a.isDefault])).toEqual([
      ["8lWA", "Home", true],
      ["8lWB", "Office", false],
    ]);
    expect(saved[0].lines).toEqual(["Alex Buyer", "12 Market St", "San Francisco, CA 94105", "US"]);
  });

  it("starts from the saved address the shipment uses, else the default, else a new one", () => {
    expect(defaultAddressChoice(null, saved)).toBe("8lWA");
    expect(defaultAddressChoice({ ...saved[1].address }, saved)).toBe("8lWB");
    expect(defaultAddressChoice({ ...saved[1].address, id: null }, saved)).toBe("8lWB");
    expect(defaultAddressChoice({ ...saved[1].address, id: null, street: "9 Elsewhere" }, saved)).toBe(NEW_ADDRESS);
    expect(defaultAddressChoice(null, [])).toBe(NEW_ADDRESS);
  });

  it("compares addresses by saved id, else by their fields (case and name aside)", () => {
    expect(sameAddress({ ...saved[0].address }, { ...saved[0].address, street: "other" })).toBe(true);
    expect(
      sameAddress(
        { ...saved[0].address, id: null, name: "x" },
        { ...saved[0].address, id: null, city: "SAN FRANCISCO" },
      ),
    ).toBe(true);
    expect(sameAddress(null, saved[0].address)).toBe(false);
  });

  it("fills the kit's address form, phone as shipToPhoneNumber", () => {
    expect(addressFormValues({ ...saved[0].address, phoneNumber: "4155550100" })).toEqual({
      firstName: "Alex",
      lastName: "Buyer",
      street: "12 Market St",
      city: "San Francisco",
      region: "CA",
      postalCode: "94105",
      country: "US",
      shipToPhoneNumber: "4155550100",
    });
  });
});

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
    expect(describeCheckoutFailure({ status: 409, code: "CHECKOUT_IN_PROGRESS" }).kind).toBe("inProgress");
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

describe("payment", () => {
  it("reads the gateway's result code", () => {
    expect(paymentOutcome({ salesforceResultCode: "Success", errors: [] }, "card")).toEqual({ ok: true });
    expect(paymentOutcome({ salesforceResultCode: "Decline" }, "card")).toEqual({
      ok: false,
      formError: "Your card was declined. Use another card or payment method.",
    });
    expect(paymentOutcome({ salesforceResultCode: "SystemError" }, "card")).toEqual({
      ok: false,
      formError: "We couldn't process your payment. Try again.",
    });
    expect(paymentOutcome(null, "card")).toEqual({
      ok: false,
      formError: "We couldn't process your payment. Try again.",
    });
    expect(
      paymentOutcome(
        {
          salesforceResultCode: "ValidationError",
          errors: [
            {
              type: "/commerce/errors/payment-failure",
              title: "Check",
              detail: "The payment token isn't known to the gateway. Enter your card details again.",
            },
          ],
        },
        "card",
      ),
    ).toEqual({
      ok: false,
      field: "cardNumber",
      fieldError: "The payment token isn't known to the gateway. Enter your card details again.",
    });
    expect(paymentOutcome({ salesforceResultCode: "ValidationError" }, "card")).toEqual({
      ok: false,
      field: "cardNumber",
      fieldError: "Check your card number.",
    });
    expect(paymentOutcome({ salesforceResultCode: "ValidationError" }, "purchaseOrder")).toEqual({
      ok: false,
      field: "purchaseOrderNumber",
      fieldError: "Check your purchase order number.",
    });
  });

  it("puts the gateway's refusal of an expired card on the expiry date, not the card number", () => {
    const expired = {
      type: "/commerce/errors/payment-failure",
      title: "Check your payment information.",
      detail: "Your card has expired. Use another card.",
    };
    expect(paymentOutcome({ salesforceResultCode: "ValidationError", errors: [expired] }, "card")).toEqual({
      ok: false,
      field: "expiryMonth",
      fieldError: "Your card has expired. Use another card.",
    });
  });

  it("puts a tokeniser's refusal on the field it is about", () => {
    expect(cardFieldOfMessage("Enter a valid card number.")).toBe("cardNumber");
    expect(cardFieldOfMessage("Enter a valid security code.")).toBe("cvv");
    expect(cardFieldOfMessage("Enter a valid expiration date.")).toBe("expiryMonth");
  });

  it("puts a gateway's refusal on the fields its invalidParameters name, else on the field its words are about", () => {
    expect(
      cardFieldErrors([
        { message: "Enter a valid card number.", invalidParameters: [{ name: "cardPaymentMethod.cardNumber" }] },
        { message: "Enter a valid security code.", invalidParameters: [{ name: "cardPaymentMethod.cvv" }] },
        { message: "Enter a valid expiration date.", invalidParameters: [{ name: "cardPaymentMethod.expiryYear" }] },
        {
          message: "The card number doesn't match the card type.",
          invalidParameters: [{ name: "cardPaymentMethod.cardType" }],
        },
        { message: "Enter the name on the card.", invalidParameters: [{ name: "cardPaymentMethod.cardHolderName" }] },
      ]),
    ).toEqual({
      cardNumber: ["Enter a valid card number.", "The card number doesn't match the card type."],
      cvv: ["Enter a valid security code."],
      expiryYear: ["Enter a valid expiration date."],
      cardholderName: ["Enter the name on the card."],
    });
    // Without invalidParameters (or naming fields the form doesn't have), the words decide; no words, the number.
    expect(cardFieldErrors([{ message: "Enter a valid expiration date." }])).toEqual({
      expiryMonth: ["Enter a valid expiration date."],
    });
    expect(
      cardFieldErrors([
        { message: "Enter a valid security code.", invalidParameters: [{ name: "billingAddress.city" }] },
      ]),
    ).toEqual({ cvv: ["Enter a valid security code."] });
    expect(cardFieldErrors([{ message: "" }])).toEqual({ cardNumber: ["Check your card number."] });
  });

  it("reads card numbers typed with spaces or dashes, and names a card by the typed number's brand and last four", () => {
    expect(cardDigits("4242 4242-4242 4242")).toBe("4242424242424242");
    expect(cardLabel("4242 4242 4242 4242")).toBe("Visa ending in 4242");
    expect(cardLabel("378282246310005")).toBe("American Express ending in 0005");
    expect(cardLabel("9999 9999 9999 1111")).toBe("Card ending in 1111");
  });

  it("offers expiry years from this year on", () => {
    expect(expiryYears(Date.parse("2030-06-01T00:00:00Z"), 3)).toEqual(["2030", "2031", "2032"]);
  });
});

describe("orderNumberFrom", () => {
  it("takes the order reference number from the first action result (v2), else the answer (v1)", () => {
    expect(
      orderNumberFrom({
        actions: [
          { action: "prepare", orderReferenceNumber: "ORN-1" },
          { action: "submit", orderReferenceNumber: "ORN-1" },
        ],
      }),
    ).toBe("ORN-1");
    expect(
      orderNumberFrom({ actions: [{ action: "prepare", status: "Failed", orderReferenceNumber: null }] }),
    ).toBeNull();
    expect(orderNumberFrom({ orderReferenceNumber: "ER37G-VYS2M", errors: [] })).toBe("ER37G-VYS2M");
    expect(orderNumberFrom(null)).toBeNull();
  });
});
