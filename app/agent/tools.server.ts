/**
 * The tools an agent's MCP session offers: the shop a shopper's pages use, called as that session's guest. Each call
 * runs as a request of the store would (the same domains, the same guest identity rules, the API's refusals in the
 * shopper's words); the forms' schemas check what the agent sends, so it is told what a shopper would be.
 *
 * No tool places an order or takes a card: create_payment_link makes a payment link (the cart cloned read-only), and a
 * person opens it, reviews the cart and pays it through the store's checkout.
 */
import { z } from "zod";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SESSION_COOKIE_NAME } from "~/shop/session.server";
import { caught, errorMessage } from "~/shop/errors.server";
import { GUEST_UNAVAILABLE_MESSAGE, ownRequestContext } from "~/shop/core.server";
import { CART_FIELDS, CART_MESSAGES } from "~/cart/model";
import { SELLING_MODEL_FIELD } from "~/cart/model/subscriptions";
import { cartFormProblem, parseAddToCart, parseCartEdit } from "~/cart/forms/cart-forms.server";
import type { CartEditOutcome } from "~/cart/server/edits.server";
import type { CartView } from "~/cart/model/view";
import { MAX_PARAM, MIN_PARAM, readFilters, refinementsOf } from "~/catalog/model/filters";
import type { ProductListing } from "~/catalog/catalog.server";
import { PAYMENT_LINK_MESSAGES } from "~/checkout/model/payment-link";
import { payPath } from "~/lib/paths";
import { basePathOf } from "~/lib/request-paths";
import { HANDOFF_PARAM, sealHandoff } from "./handoff.server";
import type { AgentSession, AgentShop } from "./sessions.server";

/** The longest search term the search page reads (its `q`). */
const MAX_TERM_LENGTH = 200;
/** The most cart pages clear_cart walks (a cart page holds CART_ITEMS_PAGE_SIZE lines). */
const MAX_CLEAR_ROUNDS = 20;

/** Every tool's name: none of them places an order. */
export const TOOL_NAMES = [
  "search_catalog",
  "get_product",
  "get_cart",
  "add_to_cart",
  "update_cart_line",
  "remove_cart_line",
  "clear_cart",
  "apply_coupon",
  "create_payment_link",
] as const;

/** A refusal the agent is told as the tool's error result (the shopper's words), not as a protocol error. */
class Refused extends Error {}

const answer = (payload: Record<string, unknown>): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(payload, null, 2) }],
  structuredContent: payload,
});
const refusal = (message: string): CallToolResult => ({ content: [{ type: "text", text: message }], isError: true });

/** Form fields as a browser would post them (the forms' schemas read FormData). */
function formOf(fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  return form;
}

/** A typed quantity, as the page's field would send it. */
const quantityInput = z.union([z.number(), z.string()]).describe("How many units (a whole number).");

/**
 * Runs `work` with the session's shop, as one request of its guest: its store session goes in as the cookie a browser
 * would send, and what the request changed of it is kept for the next call. `method` is the request's: a POST acts
 * (the guest gets an identity of their own, as a shopper's first action does), a GET only reads.
 */
function withSessionShop<T>(
  session: AgentSession,
  method: "GET" | "POST",
  query: Record<string, string>,
  work: (shop: AgentShop) => Promise<T>,
): Promise<T> {
  const run = session.queue.then(() => callShop(session, method, query, work));
  session.queue = run.catch(() => undefined);
  return run;
}

async function callShop<T>(
  session: AgentSession,
  method: "GET" | "POST",
  query: Record<string, string>,
  work: (shop: AgentShop) => Promise<T>,
): Promise<T> {
  const own = ownRequestContext(session.context);
  const url = new URL(`${basePathOf(own.context)}/api/mcp`, session.origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const request = new Request(url, { method, headers: session.cookie ? { Cookie: session.cookie } : {} });
  try {
    const shop = await session.openShop(request, own.context);
    const result = await work(shop);
    if (shop.refusal === "guest-unavailable") throw new Refused(GUEST_UNAVAILABLE_MESSAGE);
    return result;
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused(errorMessage(caught(error)));
  } finally {
    const headers = new Headers();
    await own.finish(headers);
    for (const cookie of headers.getSetCookie()) {
      if (!cookie.startsWith(`${SESSION_COOKIE_NAME}=`)) continue;
      const gone = /;\s*max-age=0\b/i.test(cookie) || /;\s*expires=thu, 01 jan 1970/i.test(cookie);
      session.cookie = gone ? "" : (cookie.split(";")[0] ?? "");
    }
  }
}

function listingOf(listing: ProductListing) {
  return {
    products: listing.products.map((p) => ({
      id: p.id,
      name: p.name,
      sku: p.sku ?? null,
      unitPrice: p.unitPrice,
      listPrice: p.listPrice,
      currency: p.currency ?? null,
    })),
    total: listing.total,
    page: listing.paging.page,
    totalPages: listing.paging.totalPages,
    sorts: listing.sorts.map((s) => ({ value: s.value, label: s.label })),
    sort: listing.sort,
    facets: listing.facets.map((f) => ({
      attributeType: f.attributeType,
      nameOrId: f.nameOrId,
      label: f.displayName,
      values: (f.values ?? []).map((v) => ({ value: v.nameOrId, label: v.displayName, count: v.productCount })),
    })),
    filtersRefused: listing.filtersRefused,
  };
}

function cartOf(cart: CartView) {
  return {
    cartId: cart.cartId,
    lines: cart.lines.map((line) => ({
      lineId: line.id,
      productId: line.productId,
      name: line.name,
      sku: line.sku ?? null,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      totalPrice: line.totalPrice,
      attributes: line.attributes ?? [],
      errors: line.errors,
    })),
    totals: cart.totals,
    coupons: cart.coupons,
    promotions: cart.promotions,
    page: cart.currentPage,
    totalPages: cart.totalPages,
    totalLines: cart.totalLines,
  };
}

async function editOutcome(shop: AgentShop, fields: Record<string, string | undefined>): Promise<CartEditOutcome> {
  const submission = parseCartEdit(formOf(fields));
  if (submission.status !== "success") return { ok: false, message: cartFormProblem(submission.error) };
  const edit = submission.value;
  if (edit.intent === "paymentLink") return { ok: false, message: CART_MESSAGES.noIntent };
  return shop.cart.edit(edit);
}

/** Registers the tools on `server`, each calling the shop as `session`'s guest. */
export function registerTools(server: McpServer, session: AgentSession): void {
  // The rate limits are counted before a call reaches its tool (endpoint.server.ts): a refusal is a JSON-RPC error.
  const counted =
    <A>(run: (args: A) => Promise<CallToolResult>) =>
    async (args: A): Promise<CallToolResult> => {
      try {
        return await run(args);
      } catch (error) {
        if (error instanceof Refused) return refusal(error.message);
        throw error;
      }
    };

  server.registerTool(
    "search_catalog",
    {
      title: "Search the catalog",
      description:
        "Searches the store's products by words, or lists a category's products; with filters (facet values from a " +
        "previous answer's facets, a price range), a sort (one of the answer's sorts) and a page. Without a query or " +
        "a category it answers the store's top categories.",
      inputSchema: {
        query: z.string().optional().describe("Words to search for."),
        category: z.string().optional().describe("A category id (from categories, or a product's category path)."),
        filters: z
          .array(
            z.object({
              attributeType: z.string(),
              nameOrId: z.string(),
              values: z.array(z.string()),
            }),
          )
          .optional()
          .describe("Facet values to keep, as the answer's facets name them."),
        minPrice: z.string().optional().describe("The lowest unit price, such as 12.50."),
        maxPrice: z.string().optional().describe("The highest unit price, such as 40."),
        sort: z.string().optional().describe("A sort's value from a previous answer."),
        page: z.number().int().min(1).optional().describe("The results page, from 1."),
      },
      annotations: { readOnlyHint: true },
    },
    counted(async ({ query, category, filters, minPrice, maxPrice, sort, page }) => {
      const params = new URLSearchParams();
      for (const f of filters ?? []) for (const v of f.values) params.append(`f.${f.attributeType}.${f.nameOrId}`, v);
      if (minPrice !== undefined) params.set(MIN_PARAM, minPrice);
      if (maxPrice !== undefined) params.set(MAX_PARAM, maxPrice);
      const chosen = readFilters(params);
      if (chosen.priceError) return refusal(chosen.priceError);
      const listingQuery = { page: page ?? 1, sort: sort ?? null, refinements: refinementsOf(chosen) };
      const term = (query ?? "").trim().slice(0, MAX_TERM_LENGTH);
      return withSessionShop(session, "GET", {}, async (shop) => {
        if (category) {
          const found = await shop.catalog.category(category, listingQuery);
          if (!found) throw new Refused("Category not found");
          return answer({
            category: found.category,
            trail: found.trail,
            subcategories: found.children,
            ...listingOf(found),
          });
        }
        if (!term) return answer({ categories: await shop.catalog.navigation() });
        return answer({ query: term, ...listingOf(await shop.catalog.search(term, listingQuery)) });
      });
    }),
  );

  server.registerTool(
    "get_product",
    {
      title: "Read a product",
      description:
        "A product's details: price in the shopper's currency, volume prices, stock available to order, purchase " +
        "options, and for a product with variations the attributes to choose (pass `variation` to choose them).",
      inputSchema: {
        productId: z.string().describe("The product's id (from search_catalog)."),
        variation: z
          .record(z.string())
          .optional()
          .describe('Attribute choices by attribute name (such as {"Color": "Denim"}), for a variation parent.'),
      },
      annotations: { readOnlyHint: true },
    },
    counted(async ({ productId, variation }) =>
      withSessionShop(session, "GET", {}, async (shop) => {
        const page = await shop.catalog.product(productId, {
          quantity: null,
          plan: null,
          search: new URLSearchParams(variation ?? {}),
        });
        if (!page) throw new Refused("Product not found");
        const { product } = page;
        return answer({
          id: product.id,
          name: product.name,
          sku: product.sku ?? null,
          description: product.description ?? null,
          brand: product.brand ?? null,
          categoryPath: product.categoryPath,
          price: page.price,
          volumePrices: page.tiers,
          stock: page.stock,
          quantityRule: product.quantityRule,
          purchaseOptions: product.sellingModels.map((model) => ({
            ...model,
            price: page.planPrices[model.id] ?? null,
          })),
          variations: page.variations
            ? {
                attributes: page.variations.attributes.map((a) => ({
                  name: a.apiName,
                  label: a.label,
                  chosen: a.chosen,
                  options: a.options,
                })),
                chosenVariationId: page.variations.chosenId,
                missing: page.variations.missing,
              }
            : null,
          buyProductId: page.buyId,
          // The page's "Similar products" (featured products, 64.0), read for the page anyway.
          similarProducts: page.similar.map((card) => ({
            id: card.id,
            name: card.name,
            sku: card.sku ?? null,
            price: card.unitPrice,
            currency: card.currency ?? null,
          })),
          // The page's "Frequently bought together" (ai/recommendations, 63.0), read for the page anyway.
          boughtTogether: page.boughtTogether.map((card) => ({
            id: card.id,
            name: card.name,
            sku: card.sku ?? null,
            price: card.unitPrice,
            currency: card.currency ?? null,
          })),
        });
      }),
    ),
  );

  server.registerTool(
    "get_cart",
    {
      title: "Read the cart",
      description: "This session's cart: its lines (a page at a time), coupons, promotions and totals.",
      inputSchema: { page: z.number().int().min(1).optional().describe("The page of lines, from 1.") },
      annotations: { readOnlyHint: true },
    },
    counted(async ({ page }) =>
      withSessionShop(session, "GET", page ? { page: String(page) } : {}, async (shop) => {
        const { cart, processing } = await shop.cart.view();
        return answer({ ...cartOf(cart), processing });
      }),
    ),
  );

  server.registerTool(
    "add_to_cart",
    {
      title: "Add to the cart",
      description:
        "Adds a product to this session's cart (the cart is made with the first product). For a product with " +
        "variations, add the chosen variation (get_product's buyProductId).",
      inputSchema: {
        productId: z.string().describe("The product's id."),
        quantity: quantityInput,
        purchaseOption: z.string().optional().describe("A purchase option's id, for a product sold by subscription."),
      },
    },
    counted(async ({ productId, quantity, purchaseOption }) => {
      const submission = parseAddToCart(
        formOf({
          [CART_FIELDS.intent]: "add",
          [CART_FIELDS.quantity]: String(quantity),
          [SELLING_MODEL_FIELD]: purchaseOption,
        }),
      );
      if (submission.status !== "success") return refusal(cartFormProblem(submission.error));
      const { quantity: units, [SELLING_MODEL_FIELD]: plan } = submission.value;
      return withSessionShop(session, "POST", {}, async (shop) => {
        const added = await shop.cart.addItem({ productId, quantity: units, productSellingModelId: plan });
        if (!added.ok) throw new Refused(added.message);
        const { cart } = await shop.cart.view();
        return answer({ message: "Added to your cart", notice: added.notice?.message ?? null, cart: cartOf(cart) });
      });
    }),
  );

  server.registerTool(
    "update_cart_line",
    {
      title: "Change a line's quantity",
      description: "Sets the quantity of one of the cart's lines (its lineId from get_cart).",
      inputSchema: { lineId: z.string(), quantity: quantityInput },
    },
    counted(async ({ lineId, quantity }) =>
      withSessionShop(session, "POST", {}, async (shop) => {
        const done = await editOutcome(shop, {
          [CART_FIELDS.intent]: "update",
          [CART_FIELDS.lineId]: lineId,
          [CART_FIELDS.quantity]: String(quantity),
        });
        if (!done.ok) throw new Refused(done.message);
        return answer({ message: done.message, cart: cartOf((await shop.cart.view()).cart) });
      }),
    ),
  );

  server.registerTool(
    "remove_cart_line",
    {
      title: "Remove a line",
      description: "Removes one of the cart's lines (its lineId from get_cart).",
      inputSchema: { lineId: z.string() },
    },
    counted(async ({ lineId }) =>
      withSessionShop(session, "POST", {}, async (shop) => {
        const done = await editOutcome(shop, { [CART_FIELDS.intent]: "remove", [CART_FIELDS.lineId]: lineId });
        if (!done.ok) throw new Refused(done.message);
        return answer({ message: done.message, cart: cartOf((await shop.cart.view()).cart) });
      }),
    ),
  );

  server.registerTool(
    "clear_cart",
    {
      title: "Empty the cart",
      description: "Removes every line of this session's cart.",
      inputSchema: {},
      annotations: { destructiveHint: true },
    },
    counted(async () =>
      withSessionShop(session, "POST", {}, async (shop) => {
        for (let round = 0; round < MAX_CLEAR_ROUNDS; round++) {
          const { cart } = await shop.cart.view();
          if (!cart.lines.length) return answer({ message: CART_MESSAGES.empty, cart: cartOf(cart) });
          for (const line of cart.lines) {
            const done = await shop.cart.edit({ intent: "remove", lineId: line.id, productName: line.name });
            if (!done.ok) throw new Refused(done.message);
          }
        }
        return answer({ message: CART_MESSAGES.empty, cart: cartOf((await shop.cart.view()).cart) });
      }),
    ),
  );

  server.registerTool(
    "apply_coupon",
    {
      title: "Apply a coupon",
      description: "Applies a coupon code to this session's cart.",
      inputSchema: { code: z.string().describe("The coupon code.") },
    },
    counted(async ({ code }) =>
      withSessionShop(session, "POST", {}, async (shop) => {
        const done = await editOutcome(shop, {
          [CART_FIELDS.intent]: "applyCoupon",
          [CART_FIELDS.couponCode]: code,
        });
        if (!done.ok) throw new Refused(done.message);
        return answer({ message: done.message, cart: cartOf((await shop.cart.view()).cart) });
      }),
    ),
  );

  server.registerTool(
    "create_payment_link",
    {
      title: "Make a payment link",
      description:
        "Copies this session's cart into a payment link: a page where a person reviews the cart, read-only, and " +
        "pays it through the store's checkout. Give the person the url. The session's cart is emptied (the copy " +
        "is what gets paid). Nothing is ordered or charged by this tool.",
      inputSchema: {},
    },
    counted(async () =>
      withSessionShop(session, "POST", {}, async (shop) => {
        const made = await shop.checkout.createPaymentLink();
        if (!made.ok) throw new Refused(made.message);
        const handoff = sealHandoff(shop.session, made.cartId, shop.context.storefront.sessionSecret);
        const url = new URL(`${shop.basePath}${payPath(made.cartId)}`, session.origin);
        if (handoff) url.searchParams.set(HANDOFF_PARAM, handoff);
        return answer({ message: PAYMENT_LINK_MESSAGES.created, paymentLinkId: made.cartId, url: url.href });
      }),
    ),
  );
}
