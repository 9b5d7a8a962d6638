/**
 * The emulator's MCP server (`npm run emulator:mcp`, docs/emulator-mcp.md), driven as a coding agent's MCP client
 * drives it: the npm script's entry spawned over stdio with the SDK's Client, pointed at an emulator on a loopback
 * HTTP port. Only the `http` target: the MCP server is an HTTP client of a running emulator by design.
 */
import { resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEmulatorMcpServer } from "../../server/emulator/mcp/server.js";
import { buyerAuthorization, integrationAuthorization } from "../support/identity.js";
import { startTarget, type Target } from "./targets.js";

const ROOT = resolve(import.meta.dirname, "../..");

let target: Target;
let client: Client;

beforeAll(async () => {
  target = await startTarget("http");
  client = new Client({ name: "contract-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ["scripts/emulator-mcp.mjs", "--url", target.baseUrl],
      cwd: ROOT,
      stderr: "pipe",
    }),
  );
}, 30_000);

afterAll(async () => {
  await client?.close();
  await target?.close();
});

beforeEach(async () => {
  await target.fetch(new Request(`${target.baseUrl}/__emulator/reset`, { method: "POST" }));
});

/** Calls a tool; answers its JSON (the text the emulator answered) and whether the tool reported an error. */
async function tool(name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // An error's text starts with its HTTP status.
  }
  return { isError: result.isError === true, text, body: body as any };
}

const search = (term: string) => ({ resource: `search/products?searchTerm=${term}` });

describe("the emulator's MCP server", () => {
  it("lists its tools, each with a description and an input schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "add_fault",
        "advance_clock",
        "list_faults",
        "list_states",
        "load_state",
        "query_data",
        "read_journal",
        "read_outbox",
        "remove_fault",
        "reset",
        "save_state",
      ].sort(),
    );
    for (const t of tools) {
      expect(t.description, t.name).toBeTruthy();
      expect(t.inputSchema.type, t.name).toBe("object");
    }
    const addFault = tools.find((t) => t.name === "add_fault")!;
    expect(addFault.inputSchema.required).toEqual(["path"]);
  });

  it("saves a state, and loading it brings back the data a change replaced", async () => {
    const before = await tool("query_data", {
      resource: "wishlists",
      username: "buyer@demo.store",
      password: "demo-pass-1",
    });
    expect(before.isError).toBe(false);
    const listsBefore = before.body.wishlistCount;
    expect(listsBefore).toBeGreaterThan(0);

    const saved = await tool("save_state", { name: "before-lists" });
    expect(saved.isError).toBe(false);
    expect(saved.body).toMatchObject({ name: "before-lists" });
    expect((await tool("list_states")).body.states.map((s: { name: string }) => s.name)).toEqual(["before-lists"]);

    // A reset keeps saved states but not data changes; a state loaded after one is the data as it was saved. The
    // change here: the state's data differs from the fixtures by a wishlist made through the API.
    const { authorization: buyer } = await buyerAuthorization((r) => target.fetch(r), target.baseUrl);
    const created = await target.fetch(
      new Request(`${target.baseUrl}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001/wishlists`, {
        method: "POST",
        headers: { "Content-Type": "application/json", authorization: buyer },
        body: JSON.stringify({ name: "Made after saving" }),
      }),
    );
    expect(created.status).toBe(201);
    const withNew = await tool("query_data", {
      resource: "wishlists",
      username: "buyer@demo.store",
      password: "demo-pass-1",
    });
    expect(JSON.stringify(withNew.body)).toContain("Made after saving");

    const loaded = await tool("load_state", { name: "before-lists" });
    expect(loaded.isError).toBe(false);
    expect(loaded.body).toMatchObject({ name: "before-lists" });
    const after = await tool("query_data", {
      resource: "wishlists",
      username: "buyer@demo.store",
      password: "demo-pass-1",
    });
    expect(JSON.stringify(after.body)).not.toContain("Made after saving");
    expect(after.body.wishlistCount).toBe(listsBefore);
  });

  it("refuses to load a state never saved, with the emulator's 404", async () => {
    const res = await tool("load_state", { name: "never-saved" });
    expect(res.isError).toBe(true);
    expect(res.text).toContain("HTTP 404");
    expect(res.text).toContain("NOT_FOUND");
  });

  it("injects a fault, whose answer the journal shows, and removes it", async () => {
    const rule = await tool("add_fault", {
      method: "GET",
      path: "*/search/products",
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      message: "Down for the test.",
      times: 0,
    });
    expect(rule.isError).toBe(false);
    expect(rule.body).toMatchObject({ id: expect.any(Number), status: 503, times: 0 });

    const failed = await tool("query_data", search("mug"));
    expect(failed.isError).toBe(true);
    expect(failed.text).toContain("HTTP 503");
    expect(failed.text).toContain("SERVICE_UNAVAILABLE");

    const journal = await tool("read_journal", { path: "search/products", status: 503 });
    expect(journal.body.entries).toEqual([
      expect.objectContaining({ method: "GET", status: 503, fault: rule.body.id, processedStatus: null }),
    ]);

    const removed = await tool("remove_fault", { id: rule.body.id });
    expect(removed.body).toEqual({ faults: [] });
    const found = await tool("query_data", search("mug"));
    expect(found.isError).toBe(false);
    expect(found.body.productsPage.total).toBeGreaterThan(0);
  });

  it("removes one fault rule and keeps the others as they stand", async () => {
    const first = await tool("add_fault", { path: "*/carts/*", status: 500, times: 3 });
    const second = await tool("add_fault", { method: "POST", path: "*/wishlists", status: 503, times: 2 });
    await tool("remove_fault", { id: first.body.id });
    const { body } = await tool("list_faults");
    expect(body.faults).toEqual([
      expect.objectContaining({ method: "POST", path: "*/wishlists", status: 503, remaining: 2 }),
    ]);
    expect(second.body.id).not.toBe(first.body.id);
    expect((await tool("remove_fault", { id: 999 })).isError).toBe(true);
  });

  it("advances the virtual clock", async () => {
    const now = Date.parse((await tool("advance_clock", { seconds: 0 })).body.now);
    const later = Date.parse((await tool("advance_clock", { seconds: 7200 })).body.now);
    // The virtual clock also runs with real time between the two calls: two hours, and the moments between.
    expect(later - now).toBeGreaterThanOrEqual(7_200_000);
    expect(later - now).toBeLessThan(7_260_000);
  });

  it("reads the outbox: a password-reset code the site mailed", async () => {
    const started = await target.fetch(
      new Request(`${target.baseUrl}/services/auth/headless/forgot_password`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(await integrationAuthorization((r) => target.fetch(r), target.baseUrl)),
        },
        body: JSON.stringify({ username: "buyer@demo.store" }),
      }),
    );
    expect(started.status).toBe(200);
    const mail = await tool("read_outbox", { to: "buyer@demo.store" });
    expect(mail.body.messages).toEqual([
      expect.objectContaining({
        to: "buyer@demo.store",
        text: expect.stringMatching(/code to reset your password is \d{6}/),
      }),
    ]);
  });

  it("reads the data as a guest and as a buyer, and says when sign-in is refused", async () => {
    const product = await tool("query_data", { resource: "products/01tDM0000000022" });
    expect(product.body).toMatchObject({ id: "01tDM0000000022" });
    const refused = await tool("query_data", {
      resource: "carts/active",
      username: "buyer@demo.store",
      password: "wrong",
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("Sign-in refused");
  });

  it("resets: the fault rules go", async () => {
    await tool("add_fault", { path: "*", latencyMs: 1, times: 0 });
    const reset = await tool("reset");
    expect(reset.body).toMatchObject({ reset: true });
    expect((await tool("list_faults")).body).toEqual({ faults: [] });
  });
});

describe("the emulator's MCP server with no emulator at its URL", () => {
  it("answers every tool with an error that says so, and how to start one", async () => {
    const served = await startTarget("http");
    const url = served.baseUrl;
    await served.close(); // The port is free again: nothing answers there.
    const server = createEmulatorMcpServer({ baseUrl: url });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const alone = new Client({ name: "contract-test", version: "1.0.0" });
    await alone.connect(clientSide);
    try {
      for (const [name, args] of [
        ["list_faults", {}],
        ["query_data", { resource: "category-menu-items" }],
      ] as const) {
        const result = (await alone.callTool({ name, arguments: args })) as CallToolResult;
        expect(result.isError, name).toBe(true);
        expect(result.content[0]).toMatchObject({
          type: "text",
          text: expect.stringMatching(new RegExp(`^No emulator answered at ${url}.*npm start`)),
        });
      }
    } finally {
      await alone.close();
    }
  });
});
