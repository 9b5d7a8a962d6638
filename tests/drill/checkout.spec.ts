/**
 * Checkouts through nginx over three instances (round-robin: consecutive requests land on different instances), with
 * JavaScript on and off: a guest paying by card, and a signed-in business buyer paying by purchase order. Whatever a
 * step needs of the previous one lives in the session cookie or at the API, never in an instance's memory.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { addToCart, COFFEE, fillCard, goToCheckout, guestToPayment } from "../e2e/checkout-flow";
import { expect, requestsOf, test, type Topology } from "./support";

/** How many instances served one of the /checkout requests logged since `before` (their line counts). */
function instancesServingCheckout(topology: Topology, before: number[]): number {
  return topology.instances.filter((instance, i) =>
    requestsOf(instance)
      .slice(before[i])
      .some((r) => r.path.startsWith("/checkout")),
  ).length;
}

test("a guest checks out by card while each request may land on another instance", async ({ page, topology }) => {
  const before = topology.instances.map((i) => requestsOf(i).length);
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await guestToPayment(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment", level: 2 })).toBeVisible();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByTestId("order-number")).not.toBeEmpty();
  await expect
    .poll(() => instancesServingCheckout(topology, before), { message: "instances that served the checkout's steps" })
    .toBeGreaterThan(1);

  // Every log of the run (the instances', the emulator service's, nginx's) tells the checkout's story, and holds
  // neither the card number the shopper typed nor the session secret.
  const logs = readdirSync(topology.runDir)
    .filter((name) => name.endsWith(".log"))
    .map((name) => readFileSync(join(topology.runDir, name), "utf8"))
    .join("\n");
  expect(logs).toContain('"path":"/checkout/review');
  for (const secret of ["4242424242424242", "4242 4242 4242 4242", "4242-4242-4242-4242", topology.sessionSecret]) {
    expect(
      logs.includes(secret),
      `a log holds ${secret === topology.sessionSecret ? "the session secret" : secret}`,
    ).toBe(false);
  }
});

test("a signed-in buyer checks out by purchase order across the instances", async ({ page, topology }) => {
  const before = topology.instances.map((i) => requestsOf(i).length);
  await page.goto("/login");
  await page.getByLabel("Email").fill("b2b@demo.store");
  await page.getByLabel("Password").fill("demo-pass-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await addToCart(page, COFFEE.id);
  await goToCheckout(page);
  await page.getByRole("button", { name: "Continue to delivery" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("radio", { name: "Purchase order" }).check();
  await page.getByLabel("Purchase order number").fill("PO-DRILL");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByText("Purchase order PO-DRILL")).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByTestId("order-number")).not.toBeEmpty();
  await expect
    .poll(() => instancesServingCheckout(topology, before), { message: "instances that served the checkout's steps" })
    .toBeGreaterThan(1);
});
