/**
 * The emulator's console (emulator-only): the test controls as pages a developer reads in a browser, at
 * /__emulator/ (docs/console.md). It is the controls' own layer, behind the same guard (this machine only, never
 * against a real org: it exists only where the emulator runs), and imports nothing of the store. Pages are HTML from
 * the server; every change is a form POST answered 303 back to its page, so the console works with JavaScript off.
 * Its own script and style sheet (assets/) add live journal rows and toggles that save as they change; no store
 * page loads them.
 */
import { readFileSync } from "node:fs";
import type { RequestContext, Router } from "../../core/router.js";
import type { Emu } from "../../core/state.js";
import { CORRECT_ORG_SETUP } from "../../core/state.js";
import type { Admin } from "../admin.js";
import type { SavedStates } from "../states.js";
import { dataIndex, dataList, dataRecord, RESOURCES, setPrice, setStock } from "./data.js";
import { html, page, seeOther, type Html } from "./html.js";
import { BASE, ROOT, layout } from "./layout.js";
import {
  DEFAULT_WEBSTORE,
  FAULT_PRESETS,
  TIMING_SETTINGS,
  contextSwitches,
  faultsPage,
  journalDetail,
  journalPage,
  orgSetupPage,
  outboxPage,
  overview,
  statesPage,
} from "./pages.js";

export interface ConsoleDeps {
  emu: Emu;
  admin: Admin;
  states: SavedStates;
}

/** Read once, on the first request for them; served with the console's own URLs. */
const asset = (name: string, type: string) => {
  let body: string | undefined;
  return () => {
    body ??= readFileSync(new URL(`./assets/${name}`, import.meta.url), "utf8");
    return new Response(body, { headers: { "Content-Type": type, "Cache-Control": "no-cache" } });
  };
};

/** Where an action sends the browser back to, with what it did (or why it didn't) for the page to say. */
const back = (to: string, outcome: { notice?: string; error?: string }) => {
  const q = new URLSearchParams(outcome as Record<string, string>).toString();
  return seeOther(`${to}${to.includes("?") ? "&" : "?"}${q}`);
};

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

const numberOr = (value: FormDataEntryValue | null, fallback?: number) => {
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? fallback : Number(text);
};

export function consoleRoutes(r: Router, { emu, admin, states }: ConsoleDeps) {
  const view = (ctx: RequestContext, title: string, section: string, body: Html) =>
    page(layout({ title, section, query: ctx.query }, body));
  const notFoundPage = (what: string) =>
    page(
      layout(
        { title: "Not found", section: "", query: new URLSearchParams({ error: what }) },
        html`<p><a href="${ROOT}">Back to the overview</a></p>`,
      ),
      404,
    );
  /** A form action: runs `act`, then back to `to` with its notice, or with the error that stopped it. */
  const action = (path: string, to: string, act: (form: FormData) => string) =>
    r.raw("POST", path, async (ctx) => {
      const form = await ctx.req.formData().catch(() => new FormData());
      try {
        return back(to, { notice: act(form) });
      } catch (err) {
        return back(to, { error: messageOf(err) });
      }
    });

  r.raw("GET", "/__emulator/console.js", asset("console.js", "text/javascript;charset=UTF-8"));
  r.raw("GET", "/__emulator/console.css", asset("console.css", "text/css;charset=UTF-8"));

  r.raw("GET", ROOT, (ctx) => view(ctx, "Overview", "overview", overview(emu)));
  r.raw("GET", BASE, () => seeOther(ROOT));

  r.raw("GET", `${BASE}/data`, (ctx) => view(ctx, "Data", "data", dataIndex(emu.db)));
  r.raw("GET", `${BASE}/data/:resource`, (ctx) => {
    const body = dataList(emu.db, ctx.params.resource, ctx.query);
    if (!body) return notFoundPage(`No kind of record is called ${ctx.params.resource}.`);
    return view(ctx, RESOURCES[ctx.params.resource].label, "data", body);
  });
  r.raw("GET", `${BASE}/data/:resource/:id`, (ctx) => {
    const found = dataRecord(emu.db, ctx.params.resource, ctx.params.id);
    if (!found) return notFoundPage(`No ${ctx.params.resource} record has the id ${ctx.params.id}.`);
    return view(ctx, found.title, "data", found.body);
  });
  const productPage = (ctx: RequestContext) => `${BASE}/data/products/${encodeURIComponent(ctx.params.id)}`;
  r.raw("POST", `${BASE}/data/products/:id/stock`, async (ctx) => {
    const onHand = numberOr((await ctx.req.formData()).get("onHand"));
    if (onHand === undefined || !Number.isInteger(onHand) || onHand < 0)
      return back(productPage(ctx), { error: "Stock on hand is a whole number, 0 or more." });
    if (!setStock(emu.db, ctx.params.id, onHand)) return back(productPage(ctx), { error: "No such product." });
    return back(productPage(ctx), { notice: `Stock on hand is now ${onHand}.` });
  });
  r.raw("POST", `${BASE}/data/products/:id/price`, async (ctx) => {
    const form = await ctx.req.formData();
    const currency = String(form.get("currency") ?? "");
    const price = numberOr(form.get("unitPrice"));
    if (price === undefined || !Number.isFinite(price) || price < 0)
      return back(productPage(ctx), { error: "A price is a number, 0 or more (e.g. 12.50)." });
    const cents = Math.round(price * 100);
    if (!setPrice(emu.db, ctx.params.id, currency, cents))
      return back(productPage(ctx), { error: `The product has no ${currency} price to change.` });
    return back(productPage(ctx), { notice: `The ${currency} unit price is now ${(cents / 100).toFixed(2)}.` });
  });

  r.raw("GET", `${BASE}/journal`, (ctx) => view(ctx, "Journal", "journal", journalPage(admin.journal(), ctx.query)));
  r.raw("GET", `${BASE}/journal/:seq`, (ctx) => {
    const entry = admin.journal().find((e) => String(e.seq) === ctx.params.seq);
    if (!entry) return notFoundPage(`The journal holds no request ${ctx.params.seq} (it keeps the last 1,000).`);
    const rule = admin.faults().find((f) => f.id === entry.fault);
    return view(ctx, `Request ${entry.seq}`, "journal", journalDetail(entry, rule));
  });
  action(`${BASE}/journal/clear`, `${BASE}/journal`, () => {
    admin.clearJournal();
    return "The journal is empty.";
  });

  r.raw("GET", `${BASE}/outbox`, (ctx) => view(ctx, "Outbox", "outbox", outboxPage(emu, ctx.query)));

  r.raw("GET", `${BASE}/faults`, (ctx) => view(ctx, "Faults", "faults", faultsPage(admin.faults())));
  action(`${BASE}/faults`, `${BASE}/faults`, (form) => {
    const rule = admin.addFault({
      method: String(form.get("method") ?? "") || undefined,
      path: String(form.get("path") ?? ""),
      status: numberOr(form.get("status")),
      errorCode: String(form.get("errorCode") ?? "") || undefined,
      message: String(form.get("message") ?? "") || undefined,
      latencyMs: numberOr(form.get("latencyMs"), 0),
      times: numberOr(form.get("times"), 1),
      after: form.get("after") === "true",
    });
    return `Rule ${rule.id} added.`;
  });
  action(`${BASE}/faults/preset`, `${BASE}/faults`, (form) => {
    const preset = FAULT_PRESETS[String(form.get("preset"))];
    if (!preset) throw new Error("No such preset.");
    const rule = admin.addFault(preset.rule);
    return `“${preset.label}”: rule ${rule.id} added.`;
  });
  action(`${BASE}/faults/remove`, `${BASE}/faults`, (form) => {
    const id = Number(form.get("id"));
    if (!admin.removeFault(id)) throw new Error(`Rule ${form.get("id")} is gone already.`);
    return `Rule ${id} removed.`;
  });
  action(`${BASE}/faults/clear`, `${BASE}/faults`, () => {
    admin.clearFaults();
    return "Every rule removed.";
  });

  action(`${BASE}/clock`, ROOT, (form) => {
    const seconds = Number(form.get("seconds"));
    if (!Number.isFinite(seconds) || seconds <= 0) throw new Error("Advance by a positive number of seconds.");
    emu.clock.advance(seconds);
    return `The clock moved ${seconds / 3600} hour(s) on.`;
  });
  action(`${BASE}/settings`, ROOT, (form) => {
    const webstoreId = String(form.get("webstoreId") ?? DEFAULT_WEBSTORE);
    if (!emu.store.webstoreExists(webstoreId)) throw new Error(`No webstore ${webstoreId}.`);
    const on = new Set(form.getAll("context").map(String));
    const context = structuredClone(emu.store.applicationContext(webstoreId));
    // Every switch the page showed is in the form or not; an unchecked box sends nothing, so absent is off.
    for (const { path } of contextSwitches(context)) {
      const [outer, inner] = path.split(".");
      if (inner) context[outer][inner] = on.has(path);
      else context[outer] = on.has(path);
    }
    emu.store.setApplicationContext(webstoreId, context);
    for (const { name } of TIMING_SETTINGS) {
      const value = numberOr(form.get(name));
      if (value === undefined || !Number.isFinite(value) || value < 0) continue;
      (emu.settings as any)[name] = name === "sessionSeconds" ? Math.max(1, Math.floor(value)) : value;
    }
    return "Settings saved.";
  });

  r.raw("GET", `${BASE}/org-setup`, (ctx) => view(ctx, "Org setup", "org-setup", orgSetupPage(emu)));
  action(`${BASE}/org-setup`, `${BASE}/org-setup`, (form) => {
    const on = new Set(form.getAll("on").map(String));
    const names = (field: string) =>
      String(form.get(field) ?? "")
        .split(",")
        .map((n) => n.trim().toLowerCase())
        .filter(Boolean);
    const next: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(CORRECT_ORG_SETUP))
      next[key] = typeof value === "boolean" ? on.has(key) : names(key);
    emu.settings.orgSetup = Object.freeze(next) as typeof CORRECT_ORG_SETUP;
    return "Org setup saved.";
  });
  action(`${BASE}/org-setup/correct`, `${BASE}/org-setup`, () => {
    emu.settings.orgSetup = CORRECT_ORG_SETUP;
    return "The org is set up correctly again.";
  });

  r.raw("GET", `${BASE}/states`, (ctx) => view(ctx, "States", "states", statesPage(states)));
  action(`${BASE}/states/save`, `${BASE}/states`, (form) => {
    const saved = states.save(String(form.get("name") ?? ""));
    return `Saved as ${saved.name}.`;
  });
  action(`${BASE}/states/load`, `${BASE}/states`, (form) => {
    const loaded = states.load(String(form.get("name") ?? ""));
    return `Loaded ${loaded.name} (${loaded.loadedInMs} ms).`;
  });
  action(`${BASE}/states/delete`, `${BASE}/states`, (form) => {
    const name = String(form.get("name") ?? "");
    states.remove(name);
    return `Deleted ${name}.`;
  });
  r.raw("POST", `${BASE}/states/upload`, async (ctx) => {
    const to = `${BASE}/states`;
    try {
      const form = await ctx.req.formData();
      const file = form.get("file");
      if (!file || typeof file === "string") return back(to, { error: "Choose a state file to upload." });
      const saved = states.put(String(form.get("name") ?? ""), Buffer.from(await file.arrayBuffer()));
      return back(to, { notice: `Uploaded as ${saved.name}; load it to use it.` });
    } catch (err) {
      return back(to, { error: messageOf(err) });
    }
  });
  r.raw("GET", `${BASE}/states/:name/file`, (ctx) => {
    const image = states.image(ctx.params.name);
    if (!image) return notFoundPage(`No saved state named ${ctx.params.name}.`);
    return new Response(new Uint8Array(image), {
      headers: {
        "Content-Type": "application/vnd.sqlite3",
        "Content-Disposition": `attachment; filename="${ctx.params.name}.db"`,
      },
    });
  });
}
