import { connect } from "node:net";
import type { Page } from "@playwright/test";
import { BUYER, expect, hydrated, jsEnabled, signIn, test } from "./support";

/**
 * The store's security as a browser meets it: the Content-Security-Policy lets the store's own scripts run (a
 * violation would block hydration), and the headers of the real server with the real build.
 */

const ETHIOPIA = "01tDM0000000001";

/** The status line a form post declaring `bytes` of body gets when none of the body is sent. */
function answerToDeclaredLength(baseURL: string, path: string, bytes: number): Promise<string> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${url.origin}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${bytes}\r\n\r\n`,
      );
    });
    let answer = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n")) {
        resolve(answer.split("\r\n")[0]);
        socket.destroy();
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer.split("\r\n")[0]));
  });
}

/** Console errors and CSP violations of the page, as they happen. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  // Injected by the browser itself, not an inline script: the policy doesn't apply to it.
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  return problems;
}

test("with JavaScript, pages hydrate and navigate under the Content-Security-Policy, with nothing refused", async ({
  page,
}) => {
  test.skip(!jsEnabled(page), "Without JavaScript no script runs, so there is nothing for the policy to refuse.");
  const problems = watchProblems(page);

  await page.goto("/");
  // A refused script is reported by the time the page has loaded: say which, rather than wait for a hydration
  // that will never come.
  expect(problems).toEqual([]);
  await hydrated(page);
  // A fetcher (add to cart) and client-side navigations load route modules and data under the policy.
  await page.goto(`/product/${ETHIOPIA}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await page.getByRole("link", { name: "Cart, 1 item" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cart" })).toBeVisible();
  await signIn(page, BUYER);
  await page.getByRole("link", { name: "Order History" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await hydrated(page);

  expect(problems).toEqual([]);
});

test("every document carries the policy, its nonce on each inline script, and is not cached", async ({ request }) => {
  test.skip(
    test.info().project.name !== "js-on",
    "HTTP only: one project checks it (the browser's JavaScript setting plays no part).",
  );
  const res = await request.get("/");
  const headers = res.headers();
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(headers["content-security-policy"])?.[1];
  expect(nonce).toBeTruthy();
  const html = await res.text();
  // Structured data (`type="application/ld+json"`) is a data block the browser never runs, so script-src and its
  // nonce don't apply to it; every script the browser would run carries the nonce.
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1])
    .filter((attributes) => !attributes.includes('type="application/ld+json"'));
  expect(scripts.length).toBeGreaterThan(2);
  for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  expect(headers).toMatchObject({
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
  });
  expect(headers["permissions-policy"]).toContain("camera=()");
  // Plain HTTP, no trusted proxy: no HSTS. Production (the e2e server's NODE_ENV): no Server-Timing.
  expect(headers["strict-transport-security"]).toBeUndefined();
  expect(headers["server-timing"]).toBeUndefined();
  // The next response has a nonce of its own.
  const again = (await request.get("/cart")).headers()["content-security-policy"];
  expect(again).not.toContain(`'nonce-${nonce}'`);
});

test("the real server refuses another site's state changes (403), non-form bodies (415) and big ones (413)", async ({
  request,
  baseURL,
}) => {
  test.skip(
    test.info().project.name !== "js-on",
    "HTTP only: one project checks it (the browser's JavaScript setting plays no part).",
  );
  const evil = { Origin: "https://evil.example" };
  for (const path of [
    "/cart",
    "/cart?_data=routes%2Fcart",
    "/cart.data",
    "/logout",
    "/api/session",
    "/webruntime/logout",
  ]) {
    const refused = await request.post(path, { headers: evil, form: { intent: "keepalive" }, maxRedirects: 0 });
    expect(refused.status(), path).toBe(403);
    expect(await refused.text()).toMatch(/^Forbidden: the request came from https:\/\/evil\.example\./);
  }
  const own = { Origin: baseURL! };
  const json = await request.post("/cart", { headers: own, data: { intent: "updateQuantity" }, maxRedirects: 0 });
  expect(json.status()).toBe(415);
  // A body past the limit is refused on its declared length, before a byte of it is read, and the connection
  // closes. Sent from a raw socket that declares 2 MB and waits for the answer: a client still writing the body when
  // the server closes meets a broken pipe instead of the 413, which would test the timing, not the store.
  const big = await answerToDeclaredLength(baseURL!, "/cart", 2 * 1024 * 1024);
  expect(big).toMatch(/^HTTP\/1\.1 413 /);
  // The store's own form post goes through (signing out answers 303 home).
  const logout = await request.post("/logout", { headers: own, form: {}, maxRedirects: 0 });
  expect(logout.status()).toBe(303);
});

test("after 5 failed sign-ins the account is refused for 15 minutes, with the e-mail kept; a reset of the store lifts it", async ({
  page,
  store,
}) => {
  await page.goto("/login");
  const attempt = async (password: string) => {
    await page.getByLabel("Email").fill(BUYER.email);
    await page.getByLabel("Password").fill(password);
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"),
    );
    await page.getByRole("button", { name: "Sign in" }).click();
    return (await answered).status();
  };
  for (let i = 0; i < 5; i++) {
    expect(await attempt("not-the-password")).toBe(400);
    await expect(page.getByText("Your login attempt has failed.", { exact: false })).toBeVisible();
  }
  // Even the right password is refused now: the limit stops guessing, not only wrong guesses.
  expect(await attempt(BUYER.password)).toBe(429);
  await expect(page.getByRole("alert").getByText("Too many sign-in attempts. Try again in 15 minutes.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(BUYER.email);
  await expect(page.getByRole("button", { name: "Log Out" })).toHaveCount(0);

  await store.reset();
  await signIn(page, BUYER);
});
