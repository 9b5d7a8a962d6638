import fc from "fast-check";
import { expect, test } from "./support";

/**
 * Hostile input against every form action: whatever a client posts, the store answers without a server error
 * (no 5xx) and never echoes markup it was sent unescaped. Form fields are drawn by fast-check from plain text,
 * markup, very long values, control characters and numbers at the edges; bodies that are not forms are refused
 * with a 4xx.
 */

const MARK = "zq9mark";
// Markup the page must never contain as markup: the marker inside a tag it would run or render.
const payloads = [
  `<script>${MARK}()</script>`,
  `"><img src=x onerror=${MARK}()>`,
  `</textarea><b>${MARK}</b>`,
  `javascript:${MARK}()`,
];
const hostileText = fc.oneof(
  fc.constantFrom(...payloads),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 2000, maxLength: 6000 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "0",
    "-1",
    "1e9",
    "100000001",
    "NaN",
    "../../etc/passwd",
    "%00",
    "0a9DM0000000001",
    "🛒".repeat(300),
  ),
);

const FORMS: { path: string; fields: string[]; intents?: string[] }[] = [
  {
    path: "/cart",
    fields: ["lineId", "quantity", "previousQuantity", "couponCode", "couponId", "productName", "redirectTo"],
    intents: ["update", "increase", "decrease", "remove", "applyCoupon", "removeCoupon", "nonsense"],
  },
  { path: "/product/01tDM0000000001", fields: ["quantity", "productId"], intents: ["add", "nonsense"] },
  { path: "/login", fields: ["username", "password", "redirectTo"] },
  { path: "/OrderLookup", fields: ["orderNumber", "email"] },
  {
    path: "/wishlist",
    fields: ["productId", "wishlistItemId", "name"],
    intents: ["add", "remove", "addToCart", "nonsense"],
  },
  { path: "/account", fields: ["effectiveAccountId", "redirectTo"] },
  {
    path: "/checkout/shipping",
    fields: ["email", "lastName", "phoneNumber", "street", "city", "postalCode", "country", "region"],
    intents: ["continue", "nonsense"],
  },
  {
    path: "/checkout/payment",
    fields: ["cardNumber", "cvv", "expiryMonth", "expiryYear", "cardholderName", "couponCode", "purchaseOrderNumber"],
    intents: ["pay", "applyCoupon"],
  },
  { path: "/cookie-consent", fields: ["choice", "redirectTo"] },
  { path: "/api/session", fields: [], intents: ["keepalive", "nonsense"] },
];

test.describe("hostile input", () => {
  test.beforeEach(() => {
    test.skip(
      test.info().project.name === "js-off",
      "Plain HTTP requests: the browser's JavaScript setting changes nothing, so one project runs them.",
    );
  });

  for (const form of FORMS) {
    test(`POST ${form.path}: no server error and no unescaped echo`, async ({ request, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      await fc.assert(
        fc.asyncProperty(
          fc.record(Object.fromEntries(form.fields.map((f) => [f, hostileText]))),
          form.intents ? fc.constantFrom(...form.intents) : fc.constant(undefined),
          async (fields, intent) => {
            const body = { ...fields, ...(intent ? { intent } : {}) } as Record<string, string>;
            const res = await request.post(form.path, { form: body, headers: { Origin: origin } });
            expect(res.status(), `${form.path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
            const html = await res.text();
            for (const payload of payloads.filter((p) => p.includes("<"))) expect(html).not.toContain(payload);
            expect(html).not.toMatch(new RegExp(`<(script|img|b)[^>]*>?[^<]{0,20}${MARK}`));
          },
        ),
        { numRuns: 25, seed: 20261124 },
      );
    });
  }

  test("a search or a page path with markup in it comes back escaped", async ({ request }) => {
    for (const payload of payloads) {
      for (const url of [
        `/search?q=${encodeURIComponent(payload)}`,
        `/product/${encodeURIComponent(payload)}`,
        `/category/${encodeURIComponent(payload)}`,
        `/OrderLookup?orderNumber=${encodeURIComponent(payload)}`,
      ]) {
        const res = await request.get(url);
        expect(res.status(), url).toBeLessThan(500);
        expect(await res.text()).not.toContain(payload.includes("<") ? payload : "\u0000never");
      }
    }
  });

  test("a form action sent JSON, plain text or nothing is refused with a 4xx, not a 500", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    for (const { path } of FORMS) {
      for (const [type, data] of [
        ["application/json", JSON.stringify({ intent: "update", quantity: "2" })],
        ["text/plain", "intent=update&quantity=2"],
        [undefined, undefined],
      ] as const) {
        const res = await request.post(path, {
          headers: { Origin: origin, ...(type ? { "Content-Type": type } : {}) },
          data,
          maxRedirects: 0,
        });
        expect(res.status(), `${path} with ${type ?? "no body"}`).toBeGreaterThanOrEqual(300);
        expect(res.status(), `${path} with ${type ?? "no body"}`).toBeLessThan(500);
      }
    }
  });
});
