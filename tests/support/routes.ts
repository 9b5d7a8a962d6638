/**
 * Loader and action tests through the storefront as a browser reaches it: the store is built the way
 * server/main.ts builds it (its `startServer`, the compiled Remix build, an in-process emulator on a throw-away
 * `:memory:` database), listening on a loopback port; a `Visitor` is one browser with its cookie jar.
 *
 * Going through `startServer` rather than calling the build's handler directly keeps every request exactly what
 * a shopper's is: a fresh load context per request (the app keeps per-request state in WeakMaps keyed on it), the
 * CSRF and body guards, the session cookie as the browser sends it back.
 *
 * Submissions come in the two shapes a browser sends:
 * - without JavaScript, a form POST to the page's URL; the answer is a document or a 303 (`location`);
 * - with JavaScript (`{ js: true }`), what Remix's fetchers and `<Form>` send with single fetch: the same fields
 *   plus the app's JS marker (`_js=1`, app/components/store/forms.tsx) POSTed to `{path}.data`; the answer is
 *   turbo-stream data, a redirect travelling as data (status 202) the way the client router receives it.
 *
 * The build must exist: tests/support/routes-setup.ts builds it when it is missing or older than app/.
 */
import type { AddressInfo } from "node:net";
import { decode } from "turbo-stream";
import { afterAll, beforeAll, vi } from "vitest";
import { readConfig } from "../../server/config.js";
import type { Emulator } from "../../server/emulator/index.js";
import { startServer, type StartOptions } from "../../server/main.js";

// A test here is a few requests through the whole store (a checkout: a dozen), and starting a store seeds a
// database: on a busy machine that outgrows vitest's unit-sized defaults (5 s a test, 10 s a hook).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

export const BUYER = { username: "buyer@demo.store", password: "demo-pass-1" } as const;
export const B2B_BUYER = { username: "b2b@demo.store", password: "demo-pass-1" } as const;

/**
 * A visitor is a browser unless its test says otherwise: fetch's own User-Agent ("node") is one `isbot` recognises,
 * and a crawler never gets a cart (app/shop/limits.server.ts).
 */
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The JS marker the app's hydrated forms carry (app/components/store/forms.tsx, JS_FIELD). */
const JS_FIELD = "_js";

export interface Store {
  /** The store's origin, e.g. http://localhost:41234 (what Origin carries on a submission). */
  url: string;
  /** A new browser: no cookies, a guest until it signs in. `headers` go with its every request (a User-Agent). */
  visitor(headers?: Record<string, string>): Visitor;
  /** A browser that has signed in as `who` (through the login form, without JavaScript). */
  signedIn(who: { username: string; password: string }): Promise<Visitor>;
  /** The emulator's test controls (`/__emulator/*`), as the e2e tests call them. */
  control(method: "POST" | "PUT" | "DELETE" | "GET", path: string, body?: unknown): Promise<Response>;
  /**
   * The API's GET paths since the emulator's journal was last emptied (`control("DELETE", "/__emulator/journal")`),
   * relative to the webstore (`carts/…/cart-items`): which reads a page made.
   */
  apiReads(): Promise<string[]>;
  /** Back to the fixtures: data, clock, faults; the storefront's caches and failed sign-ins forgotten. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** `emulator`: a store of the test's own making (a generated store's size) instead of the demo's. */
export type StoreOptions = Pick<StartOptions, "emulator" | "mcpLimits" | "cacheClock"> & {
  env?: Record<string, string>;
};

export async function startStore(options: StoreOptions = {}): Promise<Store> {
  // A config of its own (not process.env): the shell's WEBSTORE_* or PORT never point these tests elsewhere; `env`
  // adds the test's own variables.
  const config = readConfig({
    EMULATOR_DB: ":memory:",
    PORT: "0",
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    REQUEST_LOG: "0",
    ...options.env,
  });
  const { server } = await startServer(config, {
    emulator: options.emulator,
    mcpLimits: options.mcpLimits,
    cacheClock: options.cacheClock,
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const control = (method: "POST" | "PUT" | "DELETE" | "GET", path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const store: Store = {
    url,
    visitor: (headers) => new Visitor(url, headers),
    async signedIn(who) {
      const visitor = new Visitor(url);
      const answer = await visitor.submit("/login", { username: who.username, password: who.password });
      if (answer.status !== 303)
        throw new Error(`Signing in as ${who.username} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      return visitor;
    },
    control,
    async apiReads() {
      const answer = await control("GET", "/__emulator/journal?method=GET");
      const { entries } = (await answer.json()) as { entries: { path: string }[] };
      return entries.map((e) => e.path.replace(/^.*\/webstores\/[^/]+\//, ""));
    },
    async reset() {
      const answer = await control("POST", "/__emulator/reset");
      if (!answer.ok) throw new Error(`reset answered ${answer.status}`);
    },
    close: () =>
      new Promise<void>((ok, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : ok()));
      }),
  };
  return store;
}

export interface SharedStoreOptions extends Omit<StoreOptions, "emulator"> {
  /** Makes the store's own emulator (a generated store's size) as the store starts; it is closed with the store. */
  emulator?: () => Emulator;
}

/**
 * The store a test file (or a describe block) shares: started before its first test, closed after its last. The
 * answer stands for that store from the first test on, so a file reads `const store = useStore()` where it used to
 * declare the store and register the two hooks itself.
 */
export function useStore(options: SharedStoreOptions = {}): Store {
  let started: Store | undefined;
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = options.emulator?.();
    started = await startStore({ ...options, emulator });
  });
  afterAll(async () => {
    await started?.close();
    emulator?.close();
  });
  const live = (): Store => {
    if (!started) throw new Error("useStore's store starts in beforeAll: use it from a test or a later hook");
    return started;
  };
  return {
    get url() {
      return live().url;
    },
    visitor: (headers) => live().visitor(headers),
    signedIn: (who) => live().signedIn(who),
    control: (method, path, body) => live().control(method, path, body),
    apiReads: () => live().apiReads(),
    reset: () => live().reset(),
    close: () => live().close(),
  };
}

export type Fields = Record<string, string | number | readonly string[]>;

export interface SubmitOptions {
  /** Sent the way a hydrated page sends it (a fetcher or `<Form>` with single fetch), marker field included. */
  js?: boolean;
  /** Follow a redirect with a GET of the page it names, as the browser (or Remix's router) does. */
  follow?: boolean;
  /** Extra request headers (e.g. a Referer). */
  headers?: Record<string, string>;
}

/** What a browser gets back. */
export interface Answer {
  status: number;
  headers: Headers;
  /** Where a redirect goes (a 3xx's Location, or the redirect a single-fetch answer carries as data). */
  location: string | null;
  /** The document (HTML), or the raw body of anything else. */
  html: string;
  /** The document's visible text, one space between words (no scripts, no tags). */
  text: string;
  /** A single-fetch answer's data: the action's data, or loader data by route id. */
  data: unknown;
  /** The header's cart count, when the answer is a page with the store's header. */
  cartCount: number | null;
  /** The messages of the page's toasts. */
  toasts: string[];
  /** The text of each element with role="alert" (form errors, field errors). */
  alerts: string[];
  /** The value a text field is rendered with (`<input name=…>`), null when there is no such field. */
  field(name: string): string | null;
  /** The error shown under a field (the kit's `{id}-error` region of the field named `name`), "" when none. */
  fieldError(name: string): string | null;
  /**
   * A form of the page as a browser would submit it: the one whose submit button reads `button` (when several
   * do, e.g. the header's and the cart line's "Update", the one posting to `button.action`).
   */
  form(button: FormButton): PageForm;
}

/** A submit button's text, and where its form posts when the text alone names more than one form. */
export type FormButton = string | { button: string; action: string };

/** A form found on a page: where it posts, and what a browser would send with nothing changed. */
export interface PageForm {
  action: string;
  /** Each field's rendered value (hidden fields, text, the chosen option, checked boxes), and the button's. */
  fields: Record<string, string>;
  /** Field name by its label's text (a text shared by two fields maps to null: ambiguous). */
  labels: Record<string, string | null>;
}

export class Visitor {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    private readonly ownHeaders: Record<string, string> = {},
  ) {}

  /** GET a page as a document (no JavaScript). */
  async load(path: string, options: { follow?: boolean } = {}): Promise<Answer> {
    const answer = await this.send("GET", path);
    return options.follow ? this.followed(answer) : answer;
  }

  /** GET a page's loader data the way the client router does after hydration (single fetch: `{path}.data`). */
  async data(path: string, routes?: string[]): Promise<Answer> {
    const url = dataUrl(path);
    if (routes) url.searchParams.set("_routes", routes.join(","));
    return this.send("GET", `${url.pathname}${url.search}`);
  }

  /** POST a form to `path` (the page the form is on: the route whose action answers). */
  async submit(path: string, fields: Fields, options: SubmitOptions = {}): Promise<Answer> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, String(one));
    }
    let target = path;
    if (options.js) {
      body.set(JS_FIELD, "1");
      const url = dataUrl(path);
      target = `${url.pathname}${url.search}`;
    }
    const answer = await this.send("POST", target, body, options.headers);
    return options.follow ? this.followed(answer) : answer;
  }

  /**
   * Fills the page's form whose submit button reads `button` and submits it, as a shopper would: every field
   * keeps what the page rendered unless `typed` names it, by field name or by its label's text.
   */
  async fill(
    page: Answer,
    button: FormButton,
    typed: Record<string, string>,
    options: SubmitOptions = {},
  ): Promise<Answer> {
    const form = page.form(button);
    const fields: Record<string, string> = { ...form.fields };
    for (const [key, value] of Object.entries(typed)) {
      if (key in fields || !(key in form.labels)) {
        fields[key] = value;
        continue;
      }
      const name = form.labels[key];
      if (!name) throw new Error(`The label "${key}" names more than one field: use the field's name`);
      fields[name] = value;
    }
    return this.submit(form.action, fields, options);
  }

  /** The session cookie is there (the shopper has a session). */
  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  private async followed(answer: Answer): Promise<Answer> {
    let current = answer;
    for (let hops = 0; current.location && hops < 5; hops++) current = await this.send("GET", current.location);
    return current;
  }

  private async send(
    method: string,
    path: string,
    body?: URLSearchParams,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      Accept: "text/html,*/*",
      "User-Agent": BROWSER_USER_AGENT,
      ...this.ownHeaders,
      ...extra,
    };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      // A browser's form POST names the page's origin: the storefront's CSRF guard lets it through.
      headers.Origin = this.origin;
    }
    const response = await fetch(new URL(path, this.origin), { method, headers, body, redirect: "manual" });
    this.keepCookies(response.headers);
    const isTurboStream = (response.headers.get("Content-Type") ?? "").includes("text/x-script");
    let data: unknown = undefined;
    let html = "";
    let location = response.headers.get("Location");
    if (isTurboStream && response.body) {
      data = await decodeSingleFetch(response.body);
      location ??= singleFetchRedirect(data);
    } else {
      html = await response.text();
    }
    const text = visibleText(html);
    return {
      status: response.status,
      headers: response.headers,
      location: location ? localPath(location, this.origin) : null,
      html,
      text,
      data,
      cartCount: readCartCount(html),
      toasts: [...html.matchAll(/<p class="kit-toast__message">([\s\S]*?)<\/p>/g)].map((m) => visibleText(m[1]!)),
      alerts: alertsOf(html),
      field: (name) => fieldValue(html, name),
      fieldError: (name) => fieldErrorOf(html, name),
      form: (button) => pageForm(html, button, path),
    };
  }

  private keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) < Date.now()),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A page's single-fetch URL: `/cart` → `/cart.data`, `/` → `/_root.data` (Remix's rule), query kept. */
function dataUrl(path: string): URL {
  const url = new URL(path, "http://store.invalid");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url;
}

function localPath(location: string, origin: string): string {
  const url = new URL(location, origin);
  return url.origin === origin ? `${url.pathname}${url.search}` : url.href;
}

/** Decodes a single-fetch body as Remix's client does (its decodeViaTurboStream, with the same plugins). */
async function decodeSingleFetch(body: ReadableStream<Uint8Array>): Promise<unknown> {
  const decoded = await decode(body, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "SanitizedError")
          return { value: Object.assign(new Error(String(rest[1])), { name: String(rest[0]) }) };
        if (type === "ErrorResponse") return { value: { status: rest[1], statusText: rest[2], data: rest[0] } };
        if (type === "SingleFetchRedirect") return { value: { redirect: rest[0] } };
        return undefined;
      },
      (type: string, value: unknown) => {
        if (type === "SingleFetchFallback") return { value: undefined };
        if (type === "SingleFetchClassInstance") return { value };
        return undefined;
      },
    ],
  });
  await decoded.done;
  return decoded.value;
}

/** The redirect a single-fetch answer carries: an action's `{redirect, status}`, or a loader's wrapped one. */
function singleFetchRedirect(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const direct = data as { redirect?: unknown };
  if (typeof direct.redirect === "string") return direct.redirect;
  const wrapped = (data as { redirect?: { redirect?: unknown } }).redirect;
  return wrapped && typeof wrapped === "object" && typeof wrapped.redirect === "string" ? wrapped.redirect : null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
    if (code[0] === "#")
      return String.fromCodePoint(
        code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : Number(code.slice(1)),
      );
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** What a reader sees: no scripts, styles or tags, entities decoded, whitespace collapsed. */
export function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * What a reader sees of one part of a page: the element whose opening tag starts with `opening` (e.g.
 * `<section aria-labelledby="similar-title"`), nested elements and all, as `visibleText` reads it; "" when the page
 * has no such element.
 */
export function sectionText(html: string, opening: string): string {
  const start = html.indexOf(opening);
  return start === -1 ? "" : visibleText(elementAt(html, start));
}

function readCartCount(html: string): number | null {
  const match = /class="store-header__count">(\d+)</.exec(html);
  return match ? Number(match[1]) : null;
}

/** The element starting at `start` (an opening tag), through its matching closing tag. */
function elementAt(html: string, start: number): string {
  const tag = /^<([a-z0-9]+)/i.exec(html.slice(start))?.[1];
  if (!tag) return "";
  const pattern = new RegExp(`<${tag}\\b[^>]*?(/?)>|</${tag}>`, "gi");
  pattern.lastIndex = start;
  let depth = 0;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    if (m[0].startsWith("</")) depth--;
    else if (m[1] !== "/") depth++;
    if (depth === 0) return html.slice(start, m.index + m[0].length);
  }
  return html.slice(start);
}

function alertsOf(html: string): string[] {
  const alerts: string[] = [];
  for (const m of html.matchAll(/<[a-z0-9]+\b[^>]*\brole="alert"[^>]*>/gi)) {
    const text = visibleText(elementAt(html, m.index!));
    if (text) alerts.push(text);
  }
  return alerts;
}

function fieldErrorOf(html: string, name: string): string | null {
  for (const m of html.matchAll(/<(?:input|select|textarea)\b[^>]*>/gi)) {
    if (attribute(m[0], "name") !== name) continue;
    const id = attribute(m[0], "id");
    const region = id ? html.indexOf(` id="${id.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}-error"`) : -1;
    if (region === -1) return null;
    return visibleText(elementAt(html, html.lastIndexOf("<", region)));
  }
  return null;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match ? decodeEntities(match[1]!) : null;
}

function fieldValue(html: string, name: string): string | null {
  for (const m of html.matchAll(/<(input|textarea|select)\b[^>]*>/gi)) {
    const tag = m[0];
    if (attribute(tag, "name") !== name) continue;
    if (m[1]!.toLowerCase() === "textarea") return visibleText(elementAt(html, m.index!));
    if (m[1]!.toLowerCase() === "select") {
      const select = elementAt(html, m.index!);
      const chosen = /<option\b[^>]*\sselected=""[^>]*>/i.exec(select);
      return chosen ? attribute(chosen[0], "value") : null;
    }
    const type = attribute(tag, "type");
    if (type === "radio" || type === "checkbox") {
      if (!/\schecked=""/.test(tag)) continue;
      return attribute(tag, "value") ?? "on";
    }
    return attribute(tag, "value") ?? "";
  }
  return null;
}

/**
 * The form (found by its submit button's text) as a browser would send it: its controls, and the controls that
 * name it with `form="…"` from elsewhere on the page.
 */
function pageForm(html: string, which: FormButton, pagePath: string): PageForm {
  const buttonText = typeof which === "string" ? which : which.button;
  const wantedAction = typeof which === "string" ? null : which.action;
  const found: PageForm[] = [];
  const forms = [...html.matchAll(/<form\b[^>]*>/gi)].map((m) => ({ tag: m[0], body: elementAt(html, m.index!) }));
  const submits = (source: string) =>
    [...source.matchAll(/<button\b[^>]*>/gi)].filter(
      (b) =>
        (attribute(b[0], "type") ?? "submit") === "submit" && visibleText(elementAt(source, b.index!)) === buttonText,
    );
  for (const { tag, body } of forms) {
    const id = attribute(tag, "id");
    // The form's own buttons, and those elsewhere that name it (form="id").
    const buttons = [
      ...submits(body).filter((b) => !attribute(b[0], "form")),
      ...(id ? submits(html).filter((b) => attribute(b[0], "form") === id) : []),
    ];
    if (!buttons.length) continue;
    const outside = id
      ? [...html.matchAll(new RegExp(`<(?:input|select|textarea)\\b[^>]*\\sform="${escapeRegExp(id)}"[^>]*>`, "gi"))]
      : [];
    const fields: Record<string, string> = {};
    const controls = [...body.matchAll(/<(?:input|select|textarea)\b[^>]*>/gi)].map((m) => ({ source: body, m }));
    for (const m of outside) if (!body.includes(m[0])) controls.push({ source: html, m });
    const ids: Record<string, string> = {};
    for (const { source, m } of controls) {
      const name = attribute(m[0], "name");
      if (!name) continue;
      const type = (attribute(m[0], "type") ?? "").toLowerCase();
      if (type === "submit" || type === "button") continue;
      const controlId = attribute(m[0], "id");
      if (controlId) ids[controlId] = name;
      const value = fieldValue(source.slice(m.index!), name);
      if (value !== null && !(name in fields)) fields[name] = value;
    }
    const button = buttons[0]![0];
    const buttonName = attribute(button, "name");
    if (buttonName) fields[buttonName] = attribute(button, "value") ?? "";
    const labels: Record<string, string | null> = {};
    for (const m of html.matchAll(/<label\b[^>]*>/gi)) {
      const element = elementAt(html, m.index!);
      const target = attribute(m[0], "for");
      // A label with no `for` names the control it holds (when that control is this form's).
      const held = target ? null : /<(?:input|select|textarea)\b[^>]*>/i.exec(element)?.[0];
      const name = target ? ids[target] : held && body.includes(held) ? attribute(held, "name") : undefined;
      if (!name) continue;
      const text = visibleText(element).replace(/\s*\*$/, "");
      labels[text] = text in labels ? null : name;
    }
    const action = attribute(button, "formaction") ?? attribute(tag, "action") ?? pagePath;
    if (wantedAction === null || action.split("?")[0] === wantedAction) found.push({ action, fields, labels });
  }
  if (found.length === 1) return found[0]!;
  const where = wantedAction ? ` posting to ${wantedAction}` : "";
  if (found.length === 0) throw new Error(`No form with a "${buttonText}" button${where} on the page`);
  throw new Error(
    `${found.length} forms with a "${buttonText}" button${where} (to ${found.map((f) => f.action).join(", ")}): name the action`,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
