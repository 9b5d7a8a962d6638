/**
 * The emulator's console (server/emulator/admin/console, docs/console.md): its pages as a browser gets them, and
 * its form actions (POST, answered 303 back to the page), against an in-process emulator.
 */
import { createRequire } from "node:module";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createEmulator } from "../../server/emulator/index.js";

const emulator = createEmulator();
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

// The pages are read as a browser's DOM. jsdom ships no type declarations, hence require; the test runs in node (the
// emulator reads its files with node's URL, which a jsdom test environment would replace).
const { JSDOM } = createRequire(import.meta.url)("jsdom");
const parse = (text: string): Document => new JSDOM(text).window.document;

const ORIGIN = "http://localhost";
const STORE_API = "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";

async function get(path: string) {
  const res = await emulator.fetch(new Request(`${ORIGIN}${path}`));
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    doc: parse(text),
    text,
  };
}

async function post(path: string, fields: Record<string, string | string[]> = {}) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  const res = await emulator.fetch(new Request(`${ORIGIN}${path}`, { method: "POST", body }));
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

/** Follows an action's 303 as a browser does, and reads the page's status (or alert) message. */
async function submit(path: string, fields: Record<string, string | string[]> = {}) {
  const answer = await post(path, fields);
  expect(answer.status).toBe(303);
  const page = await get(answer.location);
  return { ...page, message: page.doc.querySelector("[role=status], [role=alert]")?.textContent ?? "" };
}

const rows = (doc: Document, caption: string) => {
  const table = [...doc.querySelectorAll("table")].find((t) => t.caption?.textContent?.includes(caption));
  return [...(table?.tBodies[0]?.rows ?? [])].map((r) => [...r.cells].map((c) => c.textContent?.trim() ?? ""));
};

describe("the console's pages", () => {
  it("the overview is HTML with the console's own script and style sheet, a labelled nav and the store's facts", async () => {
    const { status, type, doc } = await get("/__emulator/");
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(doc.querySelector("script")?.getAttribute("src")).toBe("/__emulator/console.js");
    expect(doc.querySelector("link[rel=stylesheet]")?.getAttribute("href")).toBe("/__emulator/console.css");
    expect(doc.querySelector("nav[aria-label=Console] [aria-current=page]")?.textContent).toBe("Overview");
    expect(doc.body.textContent).toContain("0ZEDEMO00000001");
    expect(doc.body.textContent).toContain("v65.0");
    const counts = Object.fromEntries(rows(doc, "How many records"));
    expect(Number(counts.Products)).toBeGreaterThan(10);
    // Every input has a label that names it.
    for (const input of doc.querySelectorAll("input:not([type=hidden]), select"))
      expect(doc.querySelector(`label[for="${input.id}"]`), input.outerHTML).not.toBeNull();
  });

  it("its script and style sheet answer at their own URLs", async () => {
    for (const [path, type] of [
      ["/__emulator/console.js", /javascript/],
      ["/__emulator/console.css", /text\/css/],
    ] as const) {
      const res = await emulator.fetch(new Request(`${ORIGIN}${path}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(type);
    }
  });

  it("the controls' JSON answers are unchanged: a reset by a client is JSON, by the console's form a 303", async () => {
    const json = await emulator.fetch(new Request(`${ORIGIN}/__emulator/reset`, { method: "POST" }));
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ reset: true });
    expect((await post("/__emulator/reset")).status).toBe(303);
  });

  it("values are escaped: a search for markup is shown as text", async () => {
    const { doc, text } = await get(`/__emulator/console/data/products?q=${encodeURIComponent("<b>x</b>")}`);
    expect(text).not.toContain("<b>x</b>");
    expect(doc.querySelector("input[name=q]")?.getAttribute("value")).toBe("<b>x</b>");
  });
});

describe("data", () => {
  it("products: search finds by name, and a product's page edits its stock and price (and refuses a bad value)", async () => {
    const list = await get("/__emulator/console/data/products?q=Yirgacheffe");
    const found = rows(list.doc, "Products");
    expect(found.length).toBeGreaterThan(0);
    const [id] = found[0];
    expect(found.every((r) => r[2].includes("Yirgacheffe"))).toBe(true);

    const stock = await submit(`/__emulator/console/data/products/${id}/stock`, { onHand: "7" });
    expect(stock.message).toBe("Stock on hand is now 7.");
    expect(stock.doc.querySelector<HTMLInputElement>("input[name=onHand]")?.value).toBe("7");
    const price = await submit(`/__emulator/console/data/products/${id}/price`, {
      currency: "USD",
      unitPrice: "12.34",
    });
    expect(price.message).toBe("The USD unit price is now 12.34.");
    const bad = await submit(`/__emulator/console/data/products/${id}/stock`, { onHand: "-1" });
    expect(bad.message).toBe("Stock on hand is a whole number, 0 or more.");
    expect(emulator.db.prepare("SELECT on_hand FROM inventory WHERE product_id = ?").get(id)).toEqual({ on_hand: 7 });
    const usd = emulator.db
      .prepare("SELECT unit_price_cents FROM pricebook_entries WHERE product_id = ? AND currency_iso_code = 'USD'")
      .get(id);
    expect(usd).toEqual({ unit_price_cents: 1234 });
  });

  it("lists are paged: the next page starts after the last id shown", async () => {
    const first = await get("/__emulator/console/data/products");
    const ids = rows(first.doc, "Products").map((r) => r[0]);
    expect(ids).toHaveLength(50);
    const next = first.doc.querySelector<HTMLAnchorElement>("nav[aria-label=Pages] a")!;
    expect(next.textContent).toBe("Next page");
    const second = await get(next.getAttribute("href")!);
    const more = rows(second.doc, "Products").map((r) => r[0]);
    expect(more[0] > ids.at(-1)!).toBe(true);
  });

  it("a buyer's page links their carts, orders and account; no password hash is shown", async () => {
    const buyers = await get("/__emulator/console/data/buyers");
    const buyer = rows(buyers.doc, "Buyers").find((r) => r[1] === "buyer@demo.store")!;
    const page = await get(`/__emulator/console/data/buyers/${buyer[0]}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("password_hash");
    expect(rows(page.doc, "Orders").length).toBeGreaterThan(0);
    const order = page.doc.querySelector<HTMLAnchorElement>("a[href^='/__emulator/console/data/orders/']")!;
    const orderPage = await get(order.getAttribute("href")!);
    expect(orderPage.status).toBe(200);
    expect(orderPage.doc.querySelector(`a[href='/__emulator/console/data/buyers/${buyer[0]}']`)).not.toBeNull();
  });

  it("an unknown record is a 404 page", async () => {
    expect((await get("/__emulator/console/data/products/nope")).status).toBe(404);
    expect((await get("/__emulator/console/data/nothing")).status).toBe(404);
  });
});

describe("journal", () => {
  it("lists API calls newest first with their request id, filters them, and shows one with its credentials redacted", async () => {
    await emulator.fetch(
      new Request(`${ORIGIN}${STORE_API}/products/01tDM0000000001`, {
        headers: { Authorization: "Bearer secret-token", "X-Request-Id": "page-one-1234", Cookie: "sid=abc" },
      }),
    );
    await emulator.fetch(
      new Request(`${ORIGIN}${STORE_API}/categories`, { headers: { "X-Request-Id": "page-two-1234" } }),
    );
    const all = rows((await get("/__emulator/console/journal")).doc, "API requests");
    expect(all.map((r) => r[7])).toEqual(["page-two-1234", "page-one-1234"]);

    const filtered = await get("/__emulator/console/journal?requestId=page-one-1234");
    const [only] = rows(filtered.doc, "API requests");
    expect(rows(filtered.doc, "API requests")).toHaveLength(1);
    expect(only[3]).toContain("/products/01tDM0000000001");
    expect(rows((await get("/__emulator/console/journal?status=4xx")).doc, "API requests")).toHaveLength(2);
    expect(rows((await get("/__emulator/console/journal?method=POST")).doc, "API requests")).toHaveLength(0);

    const detail = await get(`/__emulator/console/journal/${only[0]}`);
    const headers = Object.fromEntries(rows(detail.doc, "Request headers"));
    expect(headers.authorization).toBe("[redacted]");
    expect(headers.cookie).toBe("[redacted]");
    expect(headers["x-request-id"]).toBe("page-one-1234");
    expect(detail.text).not.toContain("secret-token");
  });
});

describe("faults", () => {
  it("a preset adds a rule the API answers with, the table shows it, and removing it restores the answer", async () => {
    const added = await submit("/__emulator/console/faults/preset", { preset: "org-down" });
    expect(added.message).toMatch(/The org is down/);
    const [rule] = rows(added.doc, "Fault rules");
    expect(rule.slice(1, 4)).toEqual(["any", "/services/data/*", "503 SERVICE_UNAVAILABLE"]);
    const down = await emulator.fetch(new Request(`${ORIGIN}${STORE_API}/categories`));
    expect(down.status).toBe(503);
    const journal = await get("/__emulator/console/journal");
    expect(rows(journal.doc, "API requests")[0][6]).toBe(`rule ${rule[0]}`);

    const removed = await submit("/__emulator/console/faults/remove", { id: rule[0] });
    expect(removed.message).toBe(`Rule ${rule[0]} removed.`);
    expect((await emulator.fetch(new Request(`${ORIGIN}${STORE_API}/categories`))).status).not.toBe(503);
  });

  it("the add form takes the controls' rule format, and says what is wrong with a bad rule", async () => {
    const ok = await submit("/__emulator/console/faults", {
      method: "GET",
      path: "*/categories",
      status: "500",
      errorCode: "UNKNOWN_EXCEPTION",
      latencyMs: "0",
      times: "2",
    });
    expect(rows(ok.doc, "Fault rules")[0].slice(1, 6)).toEqual([
      "GET",
      "*/categories",
      "500 UNKNOWN_EXCEPTION",
      "0 ms",
      "2",
    ]);
    const bad = await submit("/__emulator/console/faults", { path: "", times: "1" });
    expect(bad.doc.querySelector("[role=alert]")?.textContent).toMatch(/path/);
  });
});

describe("clock, settings and org setup", () => {
  it("advance 1 day moves the virtual clock a day on", async () => {
    const before = emulator.clock.now();
    const page = await submit("/__emulator/console/clock", { seconds: "86400" });
    expect(emulator.clock.now() - before).toBeGreaterThanOrEqual(86_400_000);
    expect(page.message).toMatch(/24 hour/);
  });

  it("the settings form switches the application context the API answers, and the timing settings", async () => {
    const overview = await get("/__emulator/");
    const on = [...overview.doc.querySelectorAll<HTMLInputElement>("input[name=context]:checked")]
      .map((i) => i.value)
      .filter((v) => v !== "guestBrowsingEnabled");
    await submit("/__emulator/console/settings", {
      webstoreId: "0ZEDEMO00000001",
      context: [...on, "propertiesEx.highScaleCartEnabled"],
      asyncPolls: "2",
      asyncSeconds: "0",
      checkoutPolls: "2",
      checkoutSeconds: "0",
      sessionSeconds: "7200",
    });
    const settings = await (await emulator.fetch(new Request(`${ORIGIN}/__emulator/settings`))).json();
    expect(settings.applicationContext.guestBrowsingEnabled).toBe(false);
    expect(settings.applicationContext.propertiesEx.highScaleCartEnabled).toBe(true);
    expect(settings.applicationContext.splitShipmentEnabled).toBe(true);
    expect(settings.asyncPolls).toBe(2);
  });

  it("org setup: a switch turned off and a username listed are the org's setup until set correct again", async () => {
    await submit("/__emulator/console/org-setup", {
      on: ["appPreAuthorized", "guestBuyerGroup", "headlessRequiresAuth"],
      apiDisabledUsers: "Buyer@demo.store",
      noBuyerPermissionUsers: "",
    });
    expect(emulator.settings.orgSetup).toMatchObject({ guestFlow: false, apiDisabledUsers: ["buyer@demo.store"] });
    const page = await submit("/__emulator/console/org-setup/correct");
    expect(page.doc.querySelector<HTMLInputElement>("#org-guestFlow")?.checked).toBe(true);
    expect(emulator.settings.orgSetup.apiDisabledUsers).toEqual([]);
  });
});

describe("outbox", () => {
  it("shows each e-mail the site sent as mail, newest first: subject, recipient and the body with its code", async () => {
    const send = emulator.db.prepare("INSERT INTO outbox(to_address, subject, body, sent_at) VALUES (?, ?, ?, ?)");
    send.run("buyer@demo.store", "Reset your password", "Your code is 123456.\nIt lasts 15 minutes.", 1_000);
    send.run("other@demo.store", "Verify your e-mail", "Your code is 654321.", 2_000);
    const all = [...(await get("/__emulator/console/outbox")).doc.querySelectorAll("article.mail")];
    expect(all.map((m) => m.querySelector("h2")?.textContent)).toEqual(["Verify your e-mail", "Reset your password"]);
    const { doc } = await get("/__emulator/console/outbox?to=buyer@demo.store");
    const [mail, ...others] = [...doc.querySelectorAll("article.mail")];
    expect(others).toHaveLength(0);
    expect(mail.querySelector("dd")?.textContent).toBe("buyer@demo.store");
    expect(mail.querySelector("pre")?.textContent).toBe("Your code is 123456.\nIt lasts 15 minutes.");
  });
});

describe("states", () => {
  it("save, download, upload under another name, load and delete, each from its form", async () => {
    const saved = await submit("/__emulator/console/states/save", { name: "demo-one" });
    expect(saved.message).toBe("Saved as demo-one.");
    expect(rows(saved.doc, "States saved").map((r) => r[0])).toEqual(["demo-one"]);

    const file = await emulator.fetch(new Request(`${ORIGIN}/__emulator/console/states/demo-one/file`));
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="demo-one.db"');
    const bytes = new Uint8Array(await file.arrayBuffer());

    const form = new FormData();
    form.set("name", "uploaded");
    form.set("file", new Blob([bytes]), "demo-one.db");
    const up = await emulator.fetch(
      new Request(`${ORIGIN}/__emulator/console/states/upload`, { method: "POST", body: form }),
    );
    expect(up.status).toBe(303);
    const junk = new FormData();
    junk.set("name", "junk");
    junk.set("file", new Blob(["not a database"]), "junk.db");
    const refused = await emulator.fetch(
      new Request(`${ORIGIN}/__emulator/console/states/upload`, { method: "POST", body: junk }),
    );
    const refusedPage = await get(refused.headers.get("location")!);
    expect(refusedPage.doc.querySelector("[role=alert]")?.textContent).toMatch(/not a state the emulator exported/);

    emulator.db.prepare("UPDATE inventory SET on_hand = 999 WHERE product_id = '01tDM0000000001'").run();
    const loaded = await submit("/__emulator/console/states/load", { name: "uploaded" });
    expect(loaded.message).toMatch(/^Loaded uploaded/);
    expect(emulator.db.prepare("SELECT on_hand FROM inventory WHERE product_id = '01tDM0000000001'").get()).not.toEqual(
      { on_hand: 999 },
    );

    const deleted = await submit("/__emulator/console/states/delete", { name: "demo-one" });
    expect(rows(deleted.doc, "States saved").map((r) => r[0])).toEqual(["uploaded"]);
  });
});
