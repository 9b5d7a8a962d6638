import { describe, expect, it } from "vitest";
import { abortedWhileSending, apiError, json, testClient } from "./fake-fetch.js";
import {
  CART_VALIDATION_ERROR,
  FetchError,
  UNKNOWN_ERROR,
  isAbortedError,
  isFetchError,
  isWebstoreError,
  normalizeError,
  parseErrorBody,
} from "../../server/webstore/index.js";

const NO_RETRY = { retry: { attempts: 1, pauseMs: 0 } };

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("FetchError (spec §8)", () => {
  it("carries url, status, status text and the API error list, with the first message and code", async () => {
    const { client } = testClient(() => apiError(404, "ITEM_NOT_FOUND", "Cart item 0a9X not found"), NO_RETRY);
    const error = await failure(client.deleteCartItem("current", "0a9X"));
    expect(isFetchError(error)).toBe(true);
    const e = error as FetchError;
    expect(e.name).toBe("FetchError");
    expect(e.url).toContain("/carts/current/cart-items/0a9X");
    expect(e.status).toBe(404);
    expect(e.statusText).toBe("Not Found");
    expect(e.errors).toEqual([{ type: "ITEM_NOT_FOUND", message: "Cart item 0a9X not found" }]);
    expect(e.code).toBe("ITEM_NOT_FOUND");
    expect(e.message).toBe("Cart item 0a9X not found");
  });

  it("falls back to the status text and UNKNOWN_ERROR when the body has no errors", async () => {
    const { client } = testClient(() => new Response("<html>bad gateway</html>", { status: 502 }), NO_RETRY);
    const e = (await failure(client.getShopperAgentContext())) as FetchError;
    expect(e.status).toBe(502);
    expect(e.message).toBe("Bad Gateway");
    expect(e.code).toBe(UNKNOWN_ERROR);
    expect(e.errors).toEqual([]);
  });

  it("prefers a real status text over the reason phrase", async () => {
    const { client } = testClient(() => new Response("", { status: 418, statusText: "Teapot" }), NO_RETRY);
    const e = (await failure(client.getShopperAgentContext())) as FetchError;
    expect(e.message).toBe("Teapot");
  });

  it("maps the OAuth error object to a typed error list", async () => {
    const { client } = testClient(
      () => json({ error: "invalid_grant", error_description: "authentication failure" }, 400),
      {
        oauth: { clientId: "cid", clientSecret: "secret", redirectUri: "https://shop.example/cb" },
      },
    );
    const e = (await failure(client.refreshAccessToken("revoked"))) as FetchError;
    expect(e.errors).toEqual([{ type: "invalid_grant", message: "authentication failure" }]);
    expect(e.code).toBe("invalid_grant");
    expect(e.message).toBe("authentication failure");
  });

  it("uses the status text as message for effective accounts, wishlists and orders", async () => {
    const { client } = testClient(
      () => apiError(404, "EFFECTIVE_ACCOUNT_NOT_FOUND", "Effective account not found"),
      NO_RETRY,
    );
    for (const call of [
      client.getEffectiveAccount("001X"),
      client.getWishlist("0Hn1"),
      client.getOrderSummary("1Os1"),
    ]) {
      const e = (await failure(call)) as FetchError;
      expect(e.message).toBe("Not Found");
      expect(e.code).toBe("EFFECTIVE_ACCOUNT_NOT_FOUND");
    }
  });

  it("keeps the body of a failed answer for callers that can still use it", async () => {
    const body = { checkoutId: "2z9A", errors: [{ type: "/commerce/errors/checkout-failure", detail: "No method" }] };
    const { client } = testClient(() => json(body, 422), NO_RETRY);
    const e = (await failure(client.placeOrder("2z9A"))) as FetchError;
    expect(e.body).toEqual(body);
    expect(e.errors).toEqual([{ type: "/commerce/errors/checkout-failure", message: "No method" }]);
  });
});

describe("parseErrorBody", () => {
  it("reads Connect arrays including arguments, OAuth objects and checkout error lists", () => {
    expect(parseErrorBody([{ errorCode: "A", message: "m", arguments: [1] }])).toEqual([
      { type: "A", message: "m", arguments: [1] },
    ]);
    expect(parseErrorBody({ error: "invalid_client" })).toEqual([
      { type: "invalid_client", message: "invalid_client" },
    ]);
    expect(parseErrorBody({ errors: [{ type: "t", title: "T" }] })).toEqual([{ type: "t", message: "T" }]);
  });

  it("keeps a checkout error's invalidParameters (the input fields it is about) and drops malformed ones", () => {
    const body = {
      errors: [
        {
          type: "p",
          title: "Check",
          detail: "Enter a valid card number.",
          invalidParameters: [{ name: "cardPaymentMethod.cardNumber", reason: "r" }, { reason: "no name" }, "x"],
        },
        { type: "p", detail: "d", invalidParameters: "not a list" },
      ],
    };
    expect(parseErrorBody(body)).toEqual([
      {
        type: "p",
        message: "Enter a valid card number.",
        invalidParameters: [{ name: "cardPaymentMethod.cardNumber", reason: "r" }],
      },
      { type: "p", message: "d" },
    ]);
  });

  it("finds nothing in bodies that are not errors", () => {
    expect(parseErrorBody(null)).toEqual([]);
    expect(parseErrorBody("oops")).toEqual([]);
    expect(parseErrorBody({ cartId: "0a6" })).toEqual([]);
  });
});

describe("type guards check the name, not the class", () => {
  it("recognise errors from another copy of the module", () => {
    const foreign = Object.assign(new Error("x"), { name: "FetchError", status: 500 });
    expect(isFetchError(foreign)).toBe(true);
    expect(isAbortedError({ name: "Aborted" })).toBe(true);
    expect(isWebstoreError({ name: "WebstoreError", code: "CPA disabled" })).toBe(true);
  });

  it("reject other errors and non-errors", () => {
    expect(isFetchError(new Error("x"))).toBe(false);
    expect(isFetchError(null)).toBe(false);
    expect(isAbortedError(new DOMException("x", "AbortError"))).toBe(false);
    expect(isWebstoreError("WebstoreError")).toBe(false);
  });
});

describe("normalizeError (spec §8 codes)", () => {
  const cartUrl = "http://x/services/data/v65.0/commerce/webstores/0ZE1/carts/current/cart-items";
  const otherUrl = "http://x/services/data/v65.0/commerce/webstores/0ZE1/checkouts/active";
  const fetchError = (url: string, type: string, message: string) =>
    new FetchError({ url, status: 400, statusText: "Bad Request", errors: [{ type, message }] });

  it("keeps the message of a cart validation error", () => {
    expect(normalizeError(fetchError(cartUrl, CART_VALIDATION_ERROR, "Quantity exceeds the limit"))).toEqual({
      code: CART_VALIDATION_ERROR,
      message: "Quantity exceeds the limit",
    });
  });

  it("reduces other cart errors to their code, but keeps the message outside carts", () => {
    expect(normalizeError(fetchError(cartUrl, "MAX_LIMIT_EXCEEDED", "Too many"))).toEqual({
      code: "MAX_LIMIT_EXCEEDED",
    });
    expect(normalizeError(fetchError(otherUrl, "CHECKOUT_NOT_FOUND", "None"))).toEqual({
      code: "CHECKOUT_NOT_FOUND",
      message: "None",
    });
  });

  it("gives legacy errors the first error type, else the name, else UNKNOWN_ERROR", () => {
    expect(normalizeError({ errors: [{ type: "LEGACY", message: "m" }] })).toEqual({ code: "LEGACY", message: "m" });
    expect(normalizeError(new TypeError("bad"))).toEqual({ code: "TypeError", message: "bad" });
    expect(normalizeError(new Error("plain"))).toEqual({ code: UNKNOWN_ERROR, message: "plain" });
    expect(normalizeError("string thrown")).toEqual({ code: UNKNOWN_ERROR });
    expect(normalizeError(new FetchError({ url: cartUrl, status: 502, statusText: "Bad Gateway" }))).toEqual({
      code: UNKNOWN_ERROR,
      message: "Bad Gateway",
    });
  });
});

describe("aborted requests", () => {
  it("fail with an error named Aborted when the signal is already aborted, without calling fetch", async () => {
    const controller = new AbortController();
    controller.abort();
    const { client, calls } = testClient(() => json({}), { signal: controller.signal });
    const e = await failure(client.getShopperAgentContext());
    expect(isAbortedError(e)).toBe(true);
    expect((e as Error).name).toBe("Aborted");
    expect(calls).toHaveLength(0);
  });

  it("reach the request being sent: fetch is given the shopper's signal beside it, where no time limit applies", async () => {
    const controller = new AbortController();
    const { client, calls } = testClient(abortedWhileSending(controller), { signal: controller.signal });
    const e = await failure(client.getShopperAgentContext());
    expect(isAbortedError(e)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it("fail with Aborted, and are not retried, when aborted during the request", async () => {
    const controller = new AbortController();
    const { client, calls, sleeps } = testClient(
      () => {
        controller.abort();
        throw new DOMException("This operation was aborted", "AbortError");
      },
      { signal: controller.signal },
    );
    const e = await failure(client.addCartItem("current", { productId: "01t1", quantity: 1 }));
    expect(isAbortedError(e)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
