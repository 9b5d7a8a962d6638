/**
 * The fault drill's operations, through nginx over three instances sharing Redis and the emulator service: the
 * sign-in throttle and the limits (docs/limits.md) count across instances, an instance killed while its shopper
 * places an order loses nothing and doubles nothing, a rolling restart fails no request, and losing Redis costs
 * shoppers nothing (the limits still hold, per instance). In order: the last test stops Redis.
 */
import { readFileSync } from "node:fs";
import { addToCart, API, COFFEE, goToCheckout } from "../e2e/checkout-flow";
import { buyerAuthorization } from "../support/identity";
import { expect, requestsOf, test, type Topology } from "./support";

test.describe.configure({ mode: "serial" });

const B2B = { email: "b2b@demo.store", password: "demo-pass-1" };

/** A sign-in through nginx as a browser's form would send it (its Origin is the store's). */
const signInPost = (topology: Topology, password: string) =>
  fetch(`${topology.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: topology.url },
    body: new URLSearchParams({ username: B2B.email, password, redirectTo: "/" }),
    redirect: "manual",
  });

test("six wrong passwords spread over three instances: the sixth is refused (429) wherever it lands", async ({
  topology,
}) => {
  const before = topology.instances.map((i) => requestsOf(i).length);
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 6; attempt++) statuses.push((await signInPost(topology, `wrong-${attempt}`)).status);
  expect(statuses.slice(0, 5)).not.toContain(429);
  expect(statuses[5]).toBe(429);
  // Each instance's log (written as its answers go out) shows it took two of the six.
  const postsPerInstance = () =>
    topology.instances.map(
      (instance, i) =>
        requestsOf(instance)
          .slice(before[i])
          .filter((r) => r.method === "POST" && r.path === "/login").length,
    );
  await expect.poll(postsPerInstance, { message: "each instance took two of the six" }).toEqual([2, 2, 2]);
});

/**
 * A password reset request through nginx, as the form sends it. fetch's own User-Agent is one `isbot` recognises: a
 * bot's post meets the same limits as a browser's (docs/limits.md).
 */
const resetRequest = (topology: Topology, email: string) =>
  fetch(`${topology.url}/forgot-password`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: topology.url },
    body: new URLSearchParams({ intent: "request", username: email }),
    redirect: "manual",
  });

/** The statuses each instance answered reset requests with, since the log lengths in `before`. */
const resetAnswers = (topology: Topology, before: number[]) =>
  topology.instances.map((instance, i) =>
    requestsOf(instance)
      .slice(before[i])
      .filter((r) => r.method === "POST" && r.path === "/forgot-password")
      .map((r) => r.status),
  );

test("ten reset requests from one address spread over three instances: from the sixth on, refused (429) wherever they land", async ({
  topology,
}) => {
  const before = topology.instances.map((i) => requestsOf(i).length);
  const statuses: number[] = [];
  // Each for another e-mail address: only the per-address count (five in fifteen minutes) is met.
  for (let i = 1; i <= 10; i++) statuses.push((await resetRequest(topology, `nobody${i}@demo.store`)).status);
  expect(statuses).toEqual([303, 303, 303, 303, 303, 429, 429, 429, 429, 429]);
  // Counted in Redis: every instance refused some of the last five, whatever it had taken itself.
  await expect.poll(() => resetAnswers(topology, before).flat().length, { message: "every request logged" }).toBe(10);
  for (const answers of resetAnswers(topology, before)) expect(answers).toContain(429);
});

/** The instance with a connection open from nginx (nginx opens one per request): the one serving it. */
function instanceServing(topology: Topology): Topology["instances"][number] | undefined {
  const established = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === "01" && local) established.add(parseInt(local.split(":").at(-1)!, 16));
    }
  }
  const serving = topology.instances.filter((i) => established.has(i.port));
  return serving.length === 1 ? serving[0] : undefined;
}

async function orderCount(topology: Topology): Promise<number> {
  const headers = await buyerAuthorization((r) => fetch(r), topology.emulatorUrl, B2B.email, B2B.password);
  const res = await fetch(`${topology.emulatorUrl}${API}/order-summaries?pageSize=100`, { headers });
  expect(res.ok).toBe(true);
  return ((await res.json()).orderSummaries ?? []).length;
}

test("an instance killed (SIGKILL) while placing the order: Place order again gives exactly one order", async ({
  page,
  topology,
}) => {
  const before = await orderCount(topology);
  await page.goto("/login");
  await page.getByLabel("Email").fill(B2B.email);
  await page.getByLabel("Password").fill(B2B.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("radio", { name: "Purchase order" }).check();
  await page.getByLabel("Purchase order number").fill("PO-KILLED");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("button", { name: "Place order" })).toBeEnabled();

  // The API holds the order's placement before doing it: the instance asking is killed while it waits.
  const fault = await fetch(`${topology.emulatorUrl}/__emulator/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ method: "POST", path: "*/orders*", latencyMs: 8_000 }),
  });
  expect(fault.status).toBe(201);
  await page.getByRole("button", { name: "Place order" }).click();
  // The one instance nginx has a connection open to, twice running: the one waiting on the placement.
  let seen: Topology["instances"][number] | undefined;
  const serving = await expect
    .poll(
      () => {
        const now = instanceServing(topology);
        const steady = now && now === seen;
        seen = now;
        return steady;
      },
      { message: "an instance is placing the order", intervals: [200] },
    )
    .toBe(true)
    .then(() => seen!);
  await serving.stop("SIGKILL");

  // The shopper sees a failure (nginx never sends a POST that reached an instance to another), comes back to the
  // review page — served by another instance — and presses Place order again.
  await page.goto("/checkout/review");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  // The placement the killed instance asked for is still done once its hold is over: it must make no second order.
  await expect
    .poll(
      async () => {
        const journal = await (await fetch(`${topology.emulatorUrl}/__emulator/journal`)).json();
        return journal.entries.some((e: { fault: number | null }) => e.fault !== null);
      },
      { message: "the held placement has been answered", timeout: 20_000 },
    )
    .toBe(true);
  expect(await orderCount(topology)).toBe(before + 1);
  await serving.start();
});

test("a rolling restart (SIGTERM each instance in turn) under a steady load of page requests fails none", async ({
  topology,
}) => {
  const pages = ["/", `/product/${COFFEE.id}`, "/category/coffee/0ZGDM0000000CFE", "/search?q=mug"];
  const failures: string[] = [];
  let answered = 0;
  let loading = true;
  const load = async (offset: number) => {
    for (let n = offset; loading; n++) {
      const path = pages[n % pages.length];
      try {
        const res = await fetch(`${topology.url}${path}`, { redirect: "manual" });
        await res.arrayBuffer();
        if (res.status === 200) answered++;
        else failures.push(`${path}: ${res.status}`);
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
    }
  };
  const loaders = [load(0), load(1), load(2)];
  // Pages the load sent through nginx to an instance (its own readiness probes excluded).
  const served = (instance: (typeof topology.instances)[number]) =>
    requestsOf(instance).filter((r) => r.path !== "/readyz" && r.path !== "/healthz").length;
  for (const instance of topology.instances) {
    const restartedFrom = answered;
    await instance.stop("SIGTERM");
    const servedBeforeStart = served(instance);
    await instance.start();
    // Each restart happened under load: requests were answered while this instance was away.
    await expect.poll(() => answered - restartedFrom).toBeGreaterThan(0);
    // A rolling restart takes the next instance down only once nginx sends pages to this one again (nginx keeps
    // an instance it could not reach out of the rotation for its fail_timeout): otherwise two could be out at once.
    await expect.poll(() => served(instance)).toBeGreaterThan(servedBeforeStart);
  }
  loading = false;
  await Promise.all(loaders);
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(10);
});

test("a change to the store reaches every instance's cache at once (Redis pub/sub), not when it expires", async ({
  topology,
}) => {
  // Each instance's home page asks for consent when the store's application context says so (cached 5 minutes).
  const asksConsent = async (instance: Topology["instances"][number]) =>
    (await (await fetch(`${instance.url}/`)).text()).includes("Cookie consent");
  for (const instance of topology.instances) expect(await asksConsent(instance)).toBe(false);
  const changed = await fetch(`${topology.emulatorUrl}/__emulator/settings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ applicationContext: { shopperConsentEnabled: true } }),
  });
  expect(changed.ok).toBe(true);
  // The emulator service answered once every instance had emptied its caches.
  for (const instance of topology.instances) expect(await asksConsent(instance)).toBe(true);
});

test("Redis stopped mid-run: sign-in still works and is still limited, and shoppers are told nothing", async ({
  page,
  topology,
}) => {
  await topology.redis.stop();
  await page.goto("/login");
  await page.getByLabel("Email").fill(B2B.email);
  await page.getByLabel("Password").fill(B2B.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await expect(page.getByText(/redis|went wrong/i)).toHaveCount(0);
  // The insurance limiter counts in each instance's memory meanwhile (five per account each): wrong passwords are
  // still refused, after more attempts than with Redis (at most five on each of the three).
  let refusedAt = 0;
  for (let attempt = 1; attempt <= 16 && !refusedAt; attempt++) {
    if ((await signInPost(topology, `wrong-${attempt}`)).status === 429) refusedAt = attempt;
  }
  expect(refusedAt).toBeGreaterThan(5);
  // The other limits too (docs/limits.md): five reset requests per address on each instance, so at most fifteen of
  // twenty pass, and the last ones are refused wherever they land.
  const resets: number[] = [];
  for (let i = 1; i <= 20; i++) resets.push((await resetRequest(topology, `nobody${i}@demo.store`)).status);
  expect(resets.filter((status) => status === 303).length).toBeLessThanOrEqual(15);
  expect(resets.slice(-3)).toEqual([429, 429, 429]);
  expect(resets).not.toContain(500);
  // Each instance said so once in its log, not once per request.
  for (const instance of topology.instances) {
    const lines = readFileSync(instance.logFile, "utf8").split("\n");
    expect(lines.filter((l) => l.includes("Redis unreachable")).length, instance.logFile).toBeLessThanOrEqual(
      1 + lines.filter((l) => l.includes("Redis reachable again")).length,
    );
  }
});
