import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { orderLookupPath, orderSummaryPath } from "../../app/lib/paths";
import { orderNumberFromQuery } from "../../app/orders/model";
import { orderLookupSchema } from "../../app/orders/forms/lookup-schema";
import { VALIDITY_MESSAGES } from "../../app/lib/validation";

// The order lookup form (app/orders/model/lookup.ts): its schema, constraints and the pages' paths.

/** The field errors of a submission (none when it succeeded). */
function errorsOf(submission: unknown): Record<string, string[] | null | undefined> {
  return (submission as { error?: Record<string, string[] | null> }).error ?? {};
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("the lookup form's schema", () => {
  const guest = orderLookupSchema({ isGuest: true });
  const buyer = orderLookupSchema({ isGuest: false });

  it("accepts a guest's number and e-mail, trimmed", () => {
    const result = parseWithZod(form({ orderNumber: "  00000101 ", email: " guest@demo.store  " }), { schema: guest });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({ orderNumber: "00000101", email: "guest@demo.store" });
  });

  it("requires the order number from everyone ('Complete this field.')", () => {
    for (const schema of [guest, buyer]) {
      const result = parseWithZod(form({ orderNumber: "   ", email: "guest@demo.store" }), { schema });
      expect(result.status).toBe("error");
      expect(errorsOf(result).orderNumber).toContain(VALIDITY_MESSAGES.valueMissing);
    }
  });

  it("requires a valid e-mail from guests only", () => {
    const missing = parseWithZod(form({ orderNumber: "00000101" }), { schema: guest });
    expect(errorsOf(missing).email).toEqual([VALIDITY_MESSAGES.valueMissing]);
    const invalid = parseWithZod(form({ orderNumber: "00000101", email: "guest.demo.store" }), { schema: guest });
    expect(errorsOf(invalid).email).toEqual([VALIDITY_MESSAGES.badEmailInput]);

    const signedIn = parseWithZod(form({ orderNumber: "00000101" }), { schema: buyer });
    expect(signedIn.status).toBe("success");
    // A buyer's e-mail, if one is posted anyway, is never passed on.
    const ignored = parseWithZod(form({ orderNumber: "00000101", email: "x@y.z" }), { schema: buyer });
    expect(ignored.status === "success" && ignored.value.email).toBeUndefined();
  });

  it("allows at most 80 characters of e-mail", () => {
    const at80 = `${"a".repeat(71)}@demo.net`;
    expect(at80).toHaveLength(80);
    expect(parseWithZod(form({ orderNumber: "1", email: at80 }), { schema: guest }).status).toBe("success");
    const too = parseWithZod(form({ orderNumber: "1", email: `a${at80}` }), { schema: guest });
    expect(errorsOf(too).email).toContain(VALIDITY_MESSAGES.tooLong);
  });

  it("puts the constraints on the inputs (required, maxLength 80 for the e-mail)", () => {
    const constraint = getZodConstraint(guest);
    expect(constraint.orderNumber?.required).toBe(true);
    expect(constraint.email).toMatchObject({ required: true, maxLength: 80 });
    expect(getZodConstraint(buyer).email?.required).toBeFalsy();
  });

  it("reads the page reference's orderNumber and builds the pages' paths", () => {
    expect(orderNumberFromQuery("  00000101 ")).toBe("00000101");
    expect(orderNumberFromQuery(null)).toBe("");
    expect(orderNumberFromQuery("9".repeat(81))).toBe("");
    expect(orderSummaryPath("00000101")).toBe("/OrderSummary/00000101");
    expect(orderSummaryPath("a/b")).toBe("/OrderSummary/a%2Fb");
    expect(orderLookupPath("00000101")).toBe("/OrderLookup?orderNumber=00000101");
    expect(orderLookupPath(null)).toBe("/OrderLookup");
  });
});
