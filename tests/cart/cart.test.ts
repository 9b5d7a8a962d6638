import { describe, expect, it } from "vitest";
import { firstError, quantity } from "../../app/lib/validation";
import {
  cartLinkLabel,
  optimisticCartCount,
  optimisticLines,
  parseQuantity,
  pendingCartChanges,
  quantityError,
  readCartChange,
  steppedQuantity,
  validQuantity,
} from "../../app/cart/model";
import { productErrorField, productErrorOf } from "../../app/lib/api-errors";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("parseQuantity", () => {
  it("reads the API's quantity strings", () => {
    expect(parseQuantity("2.0")).toBe(2);
    expect(parseQuantity("10")).toBe(10);
    expect(parseQuantity(3)).toBe(3);
  });

  it("treats missing or broken values as 0", () => {
    expect(parseQuantity(null)).toBe(0);
    expect(parseQuantity("")).toBe(0);
    expect(parseQuantity("abc")).toBe(0);
    expect(parseQuantity("-4")).toBe(0);
  });
});

describe("quantityError / validQuantity", () => {
  it.each([
    "",
    "  ",
    "1",
    " 2 ",
    "0",
    "-1",
    "1.5",
    "0.5",
    "2k",
    "1.5m",
    "1,500",
    "100000000",
    "100000001",
    "1b",
    "abc",
    "1e3",
    "+3",
    "3.",
    ".5",
    "1,50",
  ])("reads %j as lib/validation's zod quantity() does (same first message), without zod", (typed) => {
    const zodAnswer = quantity().safeParse(typed);
    expect(quantityError(typed)).toBe(
      zodAnswer.success ? undefined : firstError(zodAnswer.error.issues.map((issue) => issue.message)),
    );
    expect(validQuantity(typed)).toBe(zodAnswer.success ? zodAnswer.data : null);
  });

  it("accepts whole numbers from 1 to 100000000", () => {
    expect(quantityError("1")).toBeUndefined();
    expect(validQuantity("100000000")).toBe(100_000_000);
    expect(validQuantity(" 7 ")).toBe(7);
  });

  it("speaks the kit's messages", () => {
    expect(quantityError("")).toBe("Complete this field.");
    expect(quantityError("0")).toBe("The number is too low.");
    expect(quantityError("100000001")).toBe("The number is too high.");
    expect(quantityError("1.5")).toBe("Your entry isn't a valid increment.");
    expect(quantityError("abc")).toBe("Enter a valid numeric value.");
    expect(validQuantity("abc")).toBeNull();
  });

  it("applies a product's quantity rule", () => {
    const rule = { minimum: 2, maximum: 10, increment: 2 };
    expect(quantityError("1", rule)).toBe("The number is too low.");
    expect(quantityError("12", rule)).toBe("The number is too high.");
    expect(quantityError("5", rule)).toBe("Your entry isn't a valid increment.");
    expect(validQuantity("6", rule)).toBe(6);
  });
});

describe("steppedQuantity (the cart line's − / + stepper)", () => {
  it("steps from what is typed in the field", () => {
    expect(steppedQuantity("3", "1.0", "increase")).toBe(4);
    expect(steppedQuantity("3", "1.0", "decrease")).toBe(2);
    expect(steppedQuantity("2k", "1.0", "increase")).toBe(2001);
  });

  it("steps from the line's quantity when the field holds no valid quantity", () => {
    expect(steppedQuantity("", "5.0", "increase")).toBe(6);
    expect(steppedQuantity("abc", "5.0", "decrease")).toBe(4);
    expect(steppedQuantity("0", "", "increase")).toBe(2);
  });

  it("stays within 1 to 100000000", () => {
    expect(steppedQuantity("1", "1.0", "decrease")).toBe(1);
    expect(steppedQuantity("100000000", "1.0", "increase")).toBe(100_000_000);
  });
});

describe("productErrorOf and the field of a refused add", () => {
  it("reads the spec's product errors from the answer: its text, a documented code, an emulator-only code", () => {
    expect(productErrorOf({ status: 400, message: "Not enough inventory for selected quantity" })).toBe(101);
    expect(productErrorOf({ status: 400, code: "MISSING_RECORD", message: "min 2" })).toBe(107);
    expect(productErrorOf({ status: 400, code: "INVALID_SELLING_MODEL" })).toBe(106);
    expect(productErrorOf({ status: 400, code: "ITEM_NOT_AVAILABLE" })).toBe(100);
    // The client's own checks (no status) are read by their text.
    expect(productErrorOf({ message: "Requested quantity is invalid." })).toBe(107);
  });

  it("is null for what is no product error, and for a server failure", () => {
    expect(productErrorOf({ status: 400, code: "ALREADY_APPLIED" })).toBeNull();
    expect(productErrorOf({ status: 400, code: "SOMETHING_NEW", message: "Requested quantity" })).toBeNull();
    expect(productErrorOf({ status: 500, code: "INVALID_QUANTITY" })).toBeNull();
  });

  it("puts 101 and 107 on the quantity, 106 on the purchase option, the others on the form", () => {
    expect(productErrorField(101)).toBe("quantity");
    expect(productErrorField(107)).toBe("quantity");
    expect(productErrorField(106)).toBe("plan");
    expect(productErrorField(100)).toBeNull();
    expect(productErrorField(null)).toBeNull();
  });
});

describe("readCartChange", () => {
  it("ignores submissions that are not cart edits", () => {
    expect(readCartChange(null)).toBeNull();
    expect(readCartChange(form({ q: "mug" }))).toBeNull();
    expect(readCartChange(form({ intent: "switchAccount" }))).toBeNull();
  });

  it("reads an add, an update and a removal", () => {
    expect(readCartChange(form({ intent: "add", productId: "01t1", quantity: "3" }))).toMatchObject({
      intent: "add",
      productId: "01t1",
      quantity: 3,
    });
    expect(
      readCartChange(form({ intent: "update", lineId: "0a91", quantity: "5", previousQuantity: "2" })),
    ).toMatchObject({
      intent: "update",
      lineId: "0a91",
      quantity: 5,
      previousQuantity: 2,
    });
    expect(readCartChange(form({ intent: "remove", lineId: "0a91", previousQuantity: "2.0" }))).toMatchObject({
      intent: "remove",
      previousQuantity: 2,
    });
  });

  it("reads an invalid quantity as 0", () => {
    expect(readCartChange(form({ intent: "add", quantity: "lots" }))?.quantity).toBe(0);
  });
});

describe("optimisticCartCount", () => {
  const changes = (...fields: Record<string, string>[]) => pendingCartChanges(fields.map(form));

  it("is the server's count without pending changes", () => {
    expect(optimisticCartCount(4, [])).toBe(4);
  });

  it("adds pending adds", () => {
    expect(optimisticCartCount(4, changes({ intent: "add", quantity: "2" }, { intent: "add", quantity: "1" }))).toBe(7);
  });

  it("applies the difference of a pending update", () => {
    expect(
      optimisticCartCount(4, changes({ intent: "update", lineId: "a", quantity: "5", previousQuantity: "2" })),
    ).toBe(7);
    expect(
      optimisticCartCount(4, changes({ intent: "update", lineId: "a", quantity: "1", previousQuantity: "3" })),
    ).toBe(2);
  });

  it("subtracts a pending removal and never goes below zero", () => {
    expect(optimisticCartCount(4, changes({ intent: "remove", lineId: "a", previousQuantity: "3" }))).toBe(1);
    expect(optimisticCartCount(1, changes({ intent: "remove", lineId: "a", previousQuantity: "3" }))).toBe(0);
  });

  it("ignores invalid quantities and coupon submissions", () => {
    expect(
      optimisticCartCount(
        4,
        changes(
          { intent: "add", quantity: "0" },
          { intent: "update", lineId: "a", quantity: "x", previousQuantity: "2" },
          { intent: "applyCoupon", couponCode: "SAVE10" },
        ),
      ),
    ).toBe(4);
  });
});

describe("optimisticLines", () => {
  const lines = [
    { id: "a", quantity: 1, name: "Mug" },
    { id: "b", quantity: 2, name: "Beans" },
    { id: "c", quantity: 3, name: "Kettle" },
  ];

  it("hides removed lines and shows requested quantities", () => {
    const result = optimisticLines(
      lines,
      pendingCartChanges([
        form({ intent: "remove", lineId: "b", previousQuantity: "2" }),
        form({ intent: "update", lineId: "c", quantity: "9", previousQuantity: "3" }),
      ]),
    );
    expect(result.map((l) => [l.id, l.quantity, l.pending])).toEqual([
      ["a", 1, false],
      ["c", 9, true],
    ]);
    expect(result[1].name).toBe("Kettle");
  });

  it("leaves lines alone without changes", () => {
    expect(optimisticLines(lines, []).every((l) => !l.pending)).toBe(true);
  });
});

describe("cartLinkLabel", () => {
  it("names the cart link with its count", () => {
    expect(cartLinkLabel(0)).toBe("Cart, 0 items");
    expect(cartLinkLabel(1)).toBe("Cart, 1 item");
    expect(cartLinkLabel(3)).toBe("Cart, 3 items");
  });
});
