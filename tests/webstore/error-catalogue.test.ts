/**
 * The spec's error catalogue (§8), each code raised where its condition arises and read by the page that meets it:
 * SESSION_NOT_LOADED (no checkout data), SSR_FAST_CHECKOUT (404 on server render), SSR_CHECKOUT_RETRY (a checkout
 * start the API couldn't answer while a page rendered), INTERNAL_ERROR (a cart form naming no action) and
 * CART_VALIDATION_ERROR keeping its message where cart errors are shown (`normalizeError`).
 */
import { describe, expect, it } from "vitest";
import { checkoutFailure } from "../../app/checkout/server/active.server";
import { cartErrorMessage, caught } from "../../app/shop/errors.server";
import { cartFormCode, cartFormProblem, parseCartEdit } from "../../app/cart/forms/cart-forms.server";
import { CART_MESSAGES } from "../../app/cart/model";
import { CHECKOUT_MESSAGES } from "../../app/checkout/model/index";
import {
  FetchError,
  INTERNAL_ERROR,
  SESSION_NOT_LOADED,
  SSR_CHECKOUT_RETRY,
  SSR_FAST_CHECKOUT,
} from "../../server/webstore/index.js";
import { apiError, json, noContent, testClient } from "./fake-fetch.js";

const rendering = { serverRendering: true };

describe("SSR_FAST_CHECKOUT: a checkout the API doesn't know while a page renders", () => {
  it("is raised on server render, with the 404 as its cause, and the page reads it as a checkout gone", async () => {
    const { client } = testClient(() => apiError(404, "CHECKOUT_NOT_FOUND", "No checkout"), rendering);
    const error = await client.getCheckout("2z9A").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "WebstoreError", code: SSR_FAST_CHECKOUT, detail: { status: 404 } });
    expect(checkoutFailure(caught(error))).toMatchObject({ kind: "missing", message: CHECKOUT_MESSAGES.missing });
  });

  it("is not raised outside server render: the 404 itself is", async () => {
    const { client } = testClient(() => apiError(404, "CHECKOUT_NOT_FOUND", "No checkout"));
    await expect(client.getCheckout("2z9A")).rejects.toMatchObject({ name: "FetchError", status: 404 });
  });
});

describe("SESSION_NOT_LOADED: no checkout data", () => {
  it("is raised for an answer without the checkout, which the page reads as a checkout gone", async () => {
    const { client } = testClient(() => noContent(), rendering);
    const error = await client.getCheckout("2z9A").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: SESSION_NOT_LOADED });
    expect(checkoutFailure(caught(error)).kind).toBe("missing");
  });

  it("is not raised for a checkout with data", async () => {
    const { client } = testClient(() => json({ checkoutId: "2z9A" }), rendering);
    expect((await client.getCheckout("2z9A")).data).toMatchObject({ checkoutId: "2z9A" });
  });
});

describe("SSR_CHECKOUT_RETRY: a checkout start the API couldn't answer while a page rendered", () => {
  it("is raised on server render, the failure kept as its cause; the page asks the shopper to try again", async () => {
    const { client, calls } = testClient(() => apiError(503, "SERVICE_UNAVAILABLE", "down"), rendering);
    const error = await client.startCheckout({ cartId: "0a6A" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: SSR_CHECKOUT_RETRY, detail: { status: 503 } });
    // A start is a write: never repeated after an answer (decision 004).
    expect(calls.map((c) => c.method)).toEqual(["PUT"]);
    expect(checkoutFailure(caught(error))).toMatchObject({
      kind: "unavailable",
      message: CHECKOUT_MESSAGES.unavailable,
    });
  });

  it("is not raised for a refusal (a cart that can't be checked out) nor outside server render", async () => {
    const refused = testClient(() => apiError(400, "INVALID_INPUT", "empty cart"), rendering);
    await expect(refused.client.startCheckout()).rejects.toMatchObject({ name: "FetchError", status: 400 });
    const browser = testClient(() => apiError(503, "SERVICE_UNAVAILABLE", "down"));
    await expect(browser.client.startCheckout()).rejects.toMatchObject({ name: "FetchError", status: 503 });
  });
});

describe("INTERNAL_ERROR: a cart form that names no action", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return parseCartEdit(data);
  };

  it("is the code of a submission without an intent, or with one the cart doesn't know", () => {
    const forms: Record<string, string>[] = [{ lineId: "0a9A" }, { intent: "explode", lineId: "0a9A" }];
    for (const fields of forms) {
      const submission = form(fields);
      expect(submission.status).toBe("error");
      const error = submission.status === "error" ? submission.error : null;
      expect(cartFormCode(error)).toBe(INTERNAL_ERROR);
      expect(cartFormProblem(error)).toBe(CART_MESSAGES.noIntent);
    }
  });

  it("is not the code of a field's problem", () => {
    const submission = form({ intent: "applyCoupon", couponCode: "" });
    expect(submission.status).toBe("error");
    expect(cartFormCode(submission.status === "error" ? submission.error : null)).toBeUndefined();
  });
});

describe("CART_VALIDATION_ERROR keeps its message where cart errors are shown", () => {
  const cartUrl = "http://emulator.local/services/data/v65.0/commerce/webstores/0ZE/carts/active/cart-items";
  const failure = (errorCode: string, message: string) =>
    new FetchError({ url: cartUrl, status: 400, statusText: "Bad Request", errors: [{ type: errorCode, message }] });

  it("shows the store's validation message for CART_VALIDATION_ERROR", () => {
    const message = "Orders of this product are limited to 5 per customer.";
    expect(cartErrorMessage(caught(failure("CART_VALIDATION_ERROR", message)), CART_MESSAGES.failed)).toBe(message);
  });

  it("puts any other cart code in the storefront's words, never the API's", () => {
    const shown = cartErrorMessage(
      caught(failure("SOME_INTERNAL_CODE", "java.lang.NullPointerException")),
      "Fallback.",
    );
    expect(shown).toBe("Fallback.");
  });
});
