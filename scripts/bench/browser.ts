// A browser without JavaScript: a cookie jar, redirects followed, forms read from the HTML and submitted.

import { SHOPPER_USER_AGENT } from "./config.js";

interface Form {
  action: string | undefined;
  method: string | undefined;
  inputs: { tag: string; name: string; value?: string; type?: string; checked: boolean }[];
}

function formsOf(html: string): Form[] {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((m) => ({
    action: attr(m[1], "action")?.replaceAll("&amp;", "&"),
    method: attr(m[1], "method"),
    inputs: [...m[2].matchAll(/<(input|select|textarea|button)\b([^>]*)>/g)]
      .map((i) => ({
        tag: i[1],
        name: attr(i[2], "name") ?? "",
        value: attr(i[2], "value"),
        type: attr(i[2], "type"),
        checked: /\bchecked\b/.test(i[2]),
      }))
      .filter((i) => i.name),
  }));
}

/** What a shopper types into the checkout's forms, by field name. */
const TYPED: Record<string, string> = {
  email: "bench@demo.store",
  lastName: "Bench",
  firstName: "Ada",
  phone: "4155550100",
  shipToPhoneNumber: "4155550100",
  street: "1 Market St",
  city: "San Francisco",
  region: "CA",
  postalCode: "94105",
  country: "US",
  cardholderName: "Ada Bench",
  cardNumber: "4242424242424242",
  cvv: "123",
  expiryMonth: "12",
  expiryYear: "2030",
};

let shoppers = 0;
const benchAddress = () => {
  const n = shoppers++;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
};

export class Browser {
  /** The jar: a cookie's value by name, as the last answer that set it left it. */
  private jar = new Map<string, string>();
  /** The Cookie header the jar sends. */
  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  /** Milliseconds of every request, first byte sent to last byte read. */
  times: number[] = [];
  /**
   * The shopper's own address, from the range set aside for benchmarks (198.18.0.0/15, RFC 2544), sent as the proxy in
   * front of a store sends it: a store's limits on new identities and carts count per address, and one address
   * making the bench's hundreds of carts a minute is the abuse they refuse (docs/limits.md).
   */
  readonly address = benchAddress();
  constructor(readonly origin: string) {}

  async request(path: string, init: RequestInit = {}) {
    const started = performance.now();
    const res = await fetch(`${this.origin}${path}`, {
      redirect: "manual",
      ...init,
      headers: {
        cookie: this.cookie,
        "accept-encoding": "gzip",
        "user-agent": SHOPPER_USER_AGENT,
        "x-forwarded-for": this.address,
        ...(init.headers as Record<string, string>),
      },
    });
    const text = await res.text();
    this.times.push(performance.now() - started);
    // Each Set-Cookie changes its own cookie (the session and the toast's are separate); one that expires it, or
    // empties it, removes it.
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => {
        const [key, v = ""] = a.trim().split("=");
        return (
          (key.toLowerCase() === "max-age" && Number(v) <= 0) ||
          (key.toLowerCase() === "expires" && Date.parse(v) <= Date.now())
        );
      });
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return { status: res.status, location: res.headers.get("location"), text };
  }

  /** GET, following redirects and the refresh of a page that waits for the API (what a browser without JS does). */
  async visit(path: string) {
    let page = await this.request(path);
    for (let hops = 0; hops < 10; hops++) {
      if (page.location) {
        path = page.location;
        page = await this.request(path);
      } else if (page.status === 200 && /http-equiv="refresh"/.test(page.text)) {
        page = await this.request(path);
      } else break;
    }
    return { ...page, path };
  }

  /**
   * Submits the page's form with a button whose value matches `button` (or, with a `field`, the form with such a
   * field, by its unnamed submit button), filled in as a shopper would; follows the answer.
   */
  async submit(page: { text: string; path: string }, button: RegExp, field?: RegExp) {
    const form = formsOf(page.text).find(
      (f) =>
        f.method === "post" &&
        (field
          ? f.inputs.some((i) => field.test(i.name))
          : f.inputs.some((i) => i.tag === "button" && button.test(i.value ?? ""))),
    );
    if (!form) throw new Error(`no form with ${field ?? button} on ${page.path}`);
    const fields = new URLSearchParams();
    const seen = new Set<string>();
    for (const input of form.inputs) {
      if (input.tag === "button") continue;
      if (input.type === "checkbox" || input.type === "radio") {
        if (
          input.checked ||
          (input.type === "radio" &&
            !seen.has(input.name) &&
            !form.inputs.some((o) => o.name === input.name && o.checked))
        ) {
          fields.set(input.name, input.value ?? "on");
          seen.add(input.name);
        }
        continue;
      }
      fields.set(input.name, input.value || TYPED[input.name.split(".").pop()!] || "");
    }
    const pressed = form.inputs.find((i) => i.tag === "button" && button.test(i.value ?? ""));
    if (pressed) fields.set(pressed.name, pressed.value ?? "");
    const answer = await this.request(form.action ?? page.path, {
      method: "POST",
      body: fields.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    if (answer.status !== 303 || !answer.location) throw new Error(`${page.path}: ${button} answered ${answer.status}`);
    return this.visit(answer.location);
  }
}

/** A guest with one product in the cart; returns the browser and the product page. */
export async function guestWithCart(origin: string, productPath: string) {
  const b = new Browser(origin);
  const product = await b.visit(productPath);
  await b.submit(product, /^add$/);
  return b;
}

export async function guestAtShipping(origin: string, productPath: string) {
  return atCheckoutStep(await guestWithCart(origin, productPath), "shipping");
}

/** The checkout's steps in order, as their pages' paths name them. */
export const CHECKOUT_STEPS = ["shipping", "delivery", "payment", "review"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/**
 * Takes a shopper whose cart has lines through the checkout's forms to `step` and answers its page: the contact and
 * address typed or the saved one kept, the first delivery method, a card.
 */
async function walkCheckout(b: Browser, step: CheckoutStep) {
  let page = await b.visit("/checkout");
  const advance = [/^save$/, null, /^pay$/] as const;
  for (const [k, name] of CHECKOUT_STEPS.entries()) {
    if (!page.path.startsWith(`/checkout/${name}`)) throw new Error(`the checkout showed ${page.path}, not ${name}`);
    if (name === step) break;
    const button = advance[k];
    page = button ? await b.submit(page, button) : await b.submit(page, /^$/, /deliveryMethodId$/);
  }
  return page;
}

/** The shopper, taken through the checkout's forms to `step` (walkCheckout). */
export async function atCheckoutStep(b: Browser, step: CheckoutStep) {
  await walkCheckout(b, step);
  return b;
}

export async function completeCheckout(origin: string, productPath: string) {
  const b = await guestWithCart(origin, productPath);
  const page = await b.submit(await walkCheckout(b, "review"), /^placeOrder$/);
  if (!page.path.startsWith("/checkout/confirmation/")) throw new Error(`the checkout ended at ${page.path}`);
  return { ms: b.times.reduce((a, t) => a + t, 0), requests: b.times.length };
}

/** A buyer signed in through the login form (no JavaScript). */
export async function signedIn(origin: string, username: string, password = "demo-pass-1") {
  const b = new Browser(origin);
  await b.visit("/login");
  const answer = await b.request("/login", {
    method: "POST",
    body: new URLSearchParams({ redirectTo: "/", username, password }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
  });
  if (answer.status !== 303) throw new Error(`${username} could not sign in: ${answer.status}`);
  return b;
}
