import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TARGET_NAMES, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * Hostile bodies against every write the API takes: whatever JSON (or not-JSON) arrives, the answer is the API's
 * own 2xx or 4xx, never a 500. fast-check draws the bodies; the deep ones are built by hand.
 */

/** A body nested `depth` levels deep, as text (JSON.stringify itself would overflow its stack). */
const deepBody = (depth: number) => `{"productId":${"[".repeat(depth)}${"]".repeat(depth)}}`;

const WRITES: [string, string][] = [
  ["POST", "carts"],
  ["POST", "carts/active/cart-items"],
  ["POST", "carts/active/cart-items/batch"],
  ["PATCH", "carts/active/cart-items/0a9DM0000000001"],
  ["POST", "carts/active/cart-coupons"],
  ["PUT", "checkouts"],
  ["PATCH", "checkouts/active"],
  ["POST", "checkouts/active/payments"],
  ["POST", "checkouts/active/orders/actions"],
  ["POST", "payments/token"],
  ["POST", "carts/active/delivery-groups"],
  ["POST", "carts/active/delivery-groups/actions/arrange-items"],
  ["POST", "accounts/current/addresses"],
  ["POST", "wishlists"],
  ["POST", "order-summaries/actions/lookup"],
  ["POST", "order-summaries/actions/authorize"],
  ["POST", "order-summaries/actions/add-order-to-cart"],
  ["POST", "search/product-search"],
  ["POST", "pricing/products"],
];

describe.each(TARGET_NAMES)("hostile API bodies (%s)", (name) => {
  const { target, call } = useTarget(name);

  it("answers any JSON body to any write with the API's 2xx or 4xx, never a 500", async () => {
    const buyer = await login(target);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WRITES),
        fc.jsonValue({ maxDepth: 6 }),
        fc.boolean(),
        async ([method, path], body, asBuyer) => {
          const res = await call(method, path, body, asBuyer ? buyer : {});
          expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150, seed: 20261124 },
    );
  });

  it("refuses deeply nested JSON and bodies that are not JSON with a 400", async () => {
    const headers = { "Content-Type": "application/json", ...(await login(target)) };
    const send = (method: string, path: string, body: string) =>
      target.fetch(
        new Request(`${target.baseUrl}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001/${path}`, {
          method,
          headers,
          body,
        }),
      );
    for (const [method, path] of WRITES) {
      const nested = await send(method, path, deepBody(5000));
      expect(nested.status, `${method} ${path}`).toBe(400);
      expect((await nested.json())[0].errorCode).toBe("JSON_PARSER_ERROR");
      expect((await send(method, path, "{not json")).status, `${method} ${path}`).toBe(400);
    }
  });
});
