import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from "@playwright/test";
import { buyerAuthorization, guestAuthorization } from "../support/identity";

export const BUYER = { email: "buyer@demo.store", password: "demo-pass-1" };
export const B2B_BUYER = { email: "b2b@demo.store", password: "demo-pass-1" };

/**
 * The store is shared by every test: each test starts from the fixtures, through the emulator's test controls, or
 * from a saved state when its spec says `test.use({ emulatorState: "name" })` (saved by `saveEmulatorState` in the
 * spec's beforeAll): the fixtures' data replaced by the state's after the reset, before the test's first step.
 */
export const test = base.extend<{ store: StoreControls; emulatorState: string | undefined }>({
  emulatorState: [undefined, { option: true }],
  store: [
    async ({ request, emulatorState }, use) => {
      const controls = new StoreControls(request);
      await controls.reset();
      if (emulatorState) await controls.loadState(emulatorState);
      await use(controls);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Saves a state for the spec's tests to start from (`test.use({ emulatorState: name })`), in its beforeAll, where
 * test fixtures such as `request` don't exist yet: from the fixtures, `build` makes the data through the API (or
 * the pages), the store saves it under `name`, and is reset again, so what a test finds is the state's doing.
 * Saving again replaces it: a spec run twice against one server starts from its own build each time.
 */
export async function saveEmulatorState(
  playwright: PlaywrightWorkerArgs["playwright"],
  name: string,
  build: (request: APIRequestContext) => Promise<void>,
): Promise<void> {
  const request = await playwright.request.newContext({ baseURL: SITE });
  try {
    const controls = new StoreControls(request);
    await controls.reset();
    await build(request);
    await controls.saveState(name);
    await controls.reset();
  } finally {
    await request.dispose();
  }
}

export class StoreControls {
  constructor(private request: APIRequestContext) {}
  async reset() {
    expect((await this.request.post("/__emulator/reset")).ok()).toBe(true);
  }
  async fault(rule: Record<string, unknown>) {
    expect((await this.request.post("/__emulator/faults", { data: rule })).status()).toBe(201);
  }
  async settings(settings: Record<string, unknown>) {
    expect((await this.request.post("/__emulator/settings", { data: settings })).ok()).toBe(true);
  }
  async advanceClock(seconds: number) {
    expect((await this.request.post("/__emulator/clock", { data: { advanceSeconds: seconds } })).ok()).toBe(true);
  }
  /** Saves the store's data under `name` (POST /__emulator/states/{name}). */
  async saveState(name: string) {
    const res = await this.request.post(`/__emulator/states/${name}`);
    expect(res.status(), `saving the state ${name}: ${await res.text()}`).toBe(201);
  }
  /** Puts the store's data back as it was saved under `name` (PUT /__emulator/states/{name}). */
  async loadState(name: string) {
    const res = await this.request.put(`/__emulator/states/${name}`);
    // 404: no spec saved it on this server (saveEmulatorState in its beforeAll).
    expect(res.status(), `loading the state ${name}: ${await res.text()}`).toBe(200);
  }
  /** The API requests the store has answered (method, path, status), oldest first. */
  async journal(
    query: { method?: string; path?: string } = {},
  ): Promise<{ method: string; path: string; status: number; highScale?: boolean }[]> {
    const res = await this.request.get(`/__emulator/journal?${new URLSearchParams(query)}`);
    expect(res.ok()).toBe(true);
    return (await res.json()).entries;
  }
}

/** Whether this test runs in the JavaScript-on project (the page itself can't tell when scripts are off). */
export const jsEnabled = (_page: Page) => test.info().project.name === "js-on";

/**
 * With JavaScript, waits until Remix runs the page: a click before then reaches the plain form (a full post and a new
 * page), not the page's own handler. Without JavaScript there is nothing to wait for.
 */
export async function hydrated(page: Page) {
  if (jsEnabled(page))
    await page.waitForFunction(() => "__remixRouter" in window && document.readyState === "complete");
}

/**
 * Signs the page's browser context in without the login form (login.spec.ts tests the form): the login action's
 * answer sets the session cookie in the context's cookie jar, as the form's would. The request carries no Origin,
 * like any non-browser client, so the CSRF guard lets it through (README, Security).
 */
export async function signIn(page: Page, who = BUYER) {
  // Leave the page first, as going to the login form did: a request of its still in flight (a revalidation after
  // Add to cart) would otherwise answer after the sign-in and set the guest's session cookie back.
  await page.goto("about:blank");
  const response = await page.request.post("/login", {
    form: { username: who.email, password: who.password, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in as ${who.email}`).toBe(303);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

/** The store's own origin: the emulated site's identity endpoints and API answer there too. */
export const SITE = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** Authorization headers for calls straight to the emulated API: a new guest's, or a buyer's. */
export const apiAuth = {
  guest: () => guestAuthorization((r) => fetch(r), SITE),
  buyer: (who: { email: string; password: string }) =>
    buyerAuthorization((r) => fetch(r), SITE, who.email, who.password),
};

/**
 * The page axe audits: this one with JavaScript; in the js-off project the same pages in a context whose app
 * scripts are blocked (axe itself runs as a script, so it needs JavaScript), so the server-rendered HTML is audited.
 */
export async function auditablePage(page: Page, browser: Browser, testInfo: TestInfo): Promise<Page> {
  if (testInfo.project.name !== "js-off") return page;
  const context = await browser.newContext({ javaScriptEnabled: true });
  await context.route("**/build/**/*.js", (route) => route.abort());
  return context.newPage();
}

/** axe's serious and critical violations on the page, label-content-name-mismatch included, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
