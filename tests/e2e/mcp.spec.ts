/**
 * An agent's payment link, as a person gets it: the agent (the MCP SDK's client, over Streamable HTTP at /api/mcp)
 * builds a cart and makes a payment link; the person opens the link in their browser, sees that cart read-only, and
 * pays it through the store's checkout. The agent itself has no tool that orders or pays.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { COFFEE, fillCard, guestToPayment } from "./checkout-flow";
import { SITE, expect, test } from "./support";

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError ?? false).toBe(false);
  return result.structuredContent as Record<string, unknown>;
}

test("a person opens the payment link an agent made, sees the agent's cart and pays it", async ({ page }) => {
  // An agent's session, then a whole checkout through its four steps: past the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${SITE}/api/mcp`)));
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).not.toContainEqual(expect.stringMatching(/order|checkout|card/i));

  const found = await call(client, "search_catalog", { query: "Yirgacheffe" });
  expect(found.products).toContainEqual(expect.objectContaining({ id: COFFEE.id, name: COFFEE.name }));
  await call(client, "add_to_cart", { productId: COFFEE.id, quantity: 2 });
  const link = await call(client, "create_payment_link");
  await client.close();

  await page.goto(String(link.url));
  // The hand-off is taken and dropped from the address: the link's own page.
  await expect(page).toHaveURL(new RegExp(`/pay/${String(link.paymentLinkId)}$`));
  await expect(page.getByRole("heading", { name: "Pay now", level: 1 })).toBeVisible();
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText(COFFEE.name)).toBeVisible();
  await expect(summary.getByText("Qty 2")).toBeVisible();
  await expect(page.getByRole("spinbutton")).toHaveCount(0);

  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Shipping", level: 2 })).toBeVisible();
  await guestToPayment(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByTestId("order-number")).toHaveText(/^\d{8}$/);

  await page.goto(`/pay/${String(link.paymentLinkId)}`);
  await expect(page.getByText("This payment link has been paid.")).toBeVisible();
});

test("another site's page can't drive the MCP endpoint: its Origin is refused", async ({ request }) => {
  const answer = await request.post("/api/mcp", {
    headers: { Origin: "https://elsewhere.example", Accept: "application/json, text/event-stream" },
    data: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "page", version: "1" } },
    },
  });
  expect(answer.status()).toBe(403);
});
