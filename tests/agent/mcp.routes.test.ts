/**
 * The agents' MCP endpoint (/api/mcp) through the running store, with the MCP SDK's own client over Streamable HTTP:
 * an agent lists the tools, finds a product, adds it, reads its cart and makes a payment link that a browser opens;
 * no tool orders; the transport's security rules (Origin, unknown sessions) and the rate limits hold.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { useStore } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const LIMITS = { perSession: 25, perClient: 200, sessionsPerClient: 50, windowSeconds: 60 };

const store = useStore({ mcpLimits: LIMITS });
beforeEach(() => store.reset());

async function agent(headers: Record<string, string> = {}) {
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${store.url}/api/mcp`), { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport };
}

/** A tool's answer as its structured content; the test fails with the tool's message when it refused. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} refused: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, any>;
}

const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === "text" ? c.text : "")).join("");

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${store.url}/api/mcp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

describe("an agent's session", () => {
  it("lists the tools, none of which orders or pays", async () => {
    const { client } = await agent();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "add_to_cart",
        "apply_coupon",
        "clear_cart",
        "create_payment_link",
        "get_cart",
        "get_product",
        "remove_cart_line",
        "search_catalog",
        "update_cart_line",
      ].sort(),
    );
    expect(tools.map((t) => t.name).filter((name) => /order|checkout|pay(?!ment_link)|card/i.test(name))).toEqual([]);
    await client.close();
  });

  it("finds a product, adds it, reads the cart and makes a payment link a browser opens to that cart", async () => {
    const { client } = await agent();
    const found = await call(client, "search_catalog", { query: "Yirgacheffe" });
    const hit = found.products.find((p: { id: string }) => p.id === COFFEE.id);
    expect(hit).toMatchObject({ name: COFFEE.name });

    const product = await call(client, "get_product", { productId: COFFEE.id });
    expect(product).toMatchObject({ id: COFFEE.id, name: COFFEE.name });
    expect(product.price.unitPrice).toMatch(/^\d+(\.\d+)?$/);
    // The product page's similar products (docs/demo-contract.md, "featured products"), priced, in sequence.
    expect(product.similarProducts.map((p: { id: string }) => p.id)).toEqual([
      "01tDM0000000004",
      "01tDM0000000002",
      "01tDM0000000013",
    ]);
    expect(product.similarProducts[0].price).toMatch(/^\d+(\.\d+)?$/);
    // And its "Frequently bought together" (docs/demo-contract.md): the products ordered with it, priced.
    expect(product.boughtTogether.map((p: { id: string }) => p.id)).toEqual(["01tDM0000000014", "01tDM0000000008"]);
    expect(product.boughtTogether[1].price).toBe("13.50");

    const added = await call(client, "add_to_cart", { productId: COFFEE.id, quantity: 2 });
    expect(added.message).toBe("Added to your cart");
    const cart = await call(client, "get_cart");
    expect(cart.lines).toEqual([expect.objectContaining({ productId: COFFEE.id, name: COFFEE.name, quantity: 2 })]);

    const link = await call(client, "create_payment_link");
    expect(link.message).toBe("Payment link created. Pay now, or come back to this link later.");
    const url = new URL(link.url);
    expect(url.origin).toBe(store.url);
    expect(url.pathname).toBe(`/pay/${link.paymentLinkId}`);

    // A person's browser (no cookies of the agent's) opens the link: it takes the cart over, and shows it.
    const person = store.visitor();
    const opened = await person.load(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(303);
    expect(opened.location).toBe(url.pathname);
    const page = await person.load(url.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Pay now");
    expect(page.text).toContain(COFFEE.name);
    expect(page.text).toContain("Qty 2");

    // The link without its hand-off is another shopper's (the API shows a guest's carts to that guest only).
    expect((await store.visitor().load(url.pathname)).status).toBe(404);
    await client.close();
  });

  it("tells the agent what a shopper is told: the form's quantity rules, an unknown product, an empty cart", async () => {
    const { client } = await agent();
    const bad = (await client.callTool({
      name: "add_to_cart",
      arguments: { productId: COFFEE.id, quantity: "two" },
    })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe("Enter a valid numeric value.");
    const missing = (await client.callTool({
      name: "get_product",
      arguments: { productId: "01tDM0000009999" },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe("Product not found");
    const empty = (await client.callTool({ name: "create_payment_link", arguments: {} })) as CallToolResult;
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toBe("Your cart is empty.");
    await client.close();
  });

  it("keeps each session's cart its own, and changes, empties and prices it", async () => {
    const one = await agent();
    const two = await agent();
    await call(one.client, "add_to_cart", { productId: COFFEE.id, quantity: 1 });
    expect((await call(two.client, "get_cart")).lines).toEqual([]);
    const { lines } = await call(one.client, "get_cart");
    const updated = await call(one.client, "update_cart_line", { lineId: lines[0].lineId, quantity: 3 });
    expect(updated.cart.lines[0].quantity).toBe(3);
    const coupon = await call(one.client, "apply_coupon", { code: "SAVE10" });
    expect(coupon.cart.coupons).toEqual([expect.objectContaining({ code: "SAVE10" })]);
    const cleared = await call(one.client, "clear_cart");
    expect(cleared.cart.lines).toEqual([]);
    await one.client.close();
    await two.client.close();
  });
});

describe("a session's calls at once", () => {
  it("build one cart: two products added together both land in the session's one cart", async () => {
    const { client } = await agent();
    const MUG = "01tDM0000000027";
    await Promise.all([
      call(client, "add_to_cart", { productId: COFFEE.id, quantity: 1 }),
      call(client, "add_to_cart", { productId: MUG, quantity: 1 }),
    ]);
    const cart = await call(client, "get_cart");
    expect(cart.lines.map((line: { productId: string }) => line.productId).sort()).toEqual([COFFEE.id, MUG].sort());
    await client.close();
  });
});

describe("llms.txt", () => {
  it("names the MCP endpoint for agents that act", async () => {
    const llms = await (await fetch(`${store.url}/llms.txt`)).text();
    expect(llms).toContain(`\`${store.url}/api/mcp\``);
    expect(llms).toMatch(/MCP endpoint \(Model Context Protocol, Streamable HTTP\)/);
  });
});

describe("the transport's security rules", () => {
  it("refuses a browser page of another origin (403), and takes the store's own origin and a client without one", async () => {
    const foreign = await post(INITIALIZE, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ jsonrpc: "2.0", error: { message: expect.stringMatching(/evil/) } });
    expect((await post(INITIALIZE, { Origin: "null" })).status).toBe(403);
    expect((await post(INITIALIZE, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post(INITIALIZE, { Origin: store.url })).status).toBe(200);
    const plain = await post(INITIALIZE);
    expect(plain.status).toBe(200);
    // The session id is long and random, in the header only: no cookie is set for it.
    expect(plain.headers.get("Mcp-Session-Id")).toMatch(/^[\w-]{43}$/);
    expect(plain.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers an unknown session id with 404, as the transport specification says", async () => {
    const answer = await post(
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      { "Mcp-Session-Id": "d2hvIGtub3dzIHRoaXMgc2Vzc2lvbj8gbm9ib2R5IGRvZXM" },
    );
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { code: -32001, message: "Session not found" } });
  });

  it("forgets a session that the agent ended (DELETE): its id is then unknown", async () => {
    const { client, transport } = await agent();
    const id = transport.sessionId!;
    await transport.terminateSession();
    const answer = await post({ jsonrpc: "2.0", id: 3, method: "tools/list" }, { "Mcp-Session-Id": id });
    expect(answer.status).toBe(404);
    await client.close();
  });

  it("refuses tool calls past the session's limit with a JSON-RPC error that says when to try again", async () => {
    const { client } = await agent();
    for (let i = 0; i < LIMITS.perSession; i++) await call(client, "get_cart");
    const refused = await client.callTool({ name: "get_cart", arguments: {} }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).message).toMatch(/Too many requests: .* Try again in \d+ seconds?\./);
    expect((refused as McpError).data).toEqual({ retryAfterSeconds: expect.any(Number) });
    // Another session of the same client still has calls left.
    const other = await agent();
    await expect(call(other.client, "get_cart")).resolves.toMatchObject({ lines: [] });
    await client.close();
    await other.client.close();
  });
});

describe("the SDK's weight", () => {
  // Its schemas would take ~10 MB of every worker's heap, marked again by every full collection (docs/performance.md).
  it("is loaded when an agent opens the first session, not when the store starts: the built server imports it then", () => {
    const built = readFileSync(new URL("../../build/server/index.js", import.meta.url), "utf8");
    expect(built).not.toMatch(/\bfrom "@modelcontextprotocol\//);
    expect(built).toContain('import("@modelcontextprotocol/sdk/server/mcp.js")');
  });
});
