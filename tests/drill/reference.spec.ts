/**
 * A failed page names its request: "Reference: <id>", the id nginx gave the request, which the instance logged and
 * sent with each API call the page made (the emulator service logs them), so a shopper's report leads to the calls.
 */
import { readFileSync } from "node:fs";
import { expect, jsEnabled, test } from "./support";

test("a page the API fails shows the request's reference, found in the instance's and the API's logs", async ({
  page,
  topology,
}) => {
  const fault = await fetch(`${topology.emulatorUrl}/__emulator/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path: "*/products/01tDM0000000001", status: 500, times: 0 }),
  });
  expect(fault.status).toBe(201);
  // With JavaScript on, the page hydrates as the server rendered it: a mismatch would make React render it anew.
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const failed = await page.goto("/product/01tDM0000000001");
  expect(failed?.status()).toBe(500);
  const id = failed?.headers()["x-request-id"] ?? "";
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText(`Reference: ${id}`)).toBeVisible();
  if (jsEnabled()) {
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(`Reference: ${id}`)).toBeVisible();
    expect(pageErrors).toEqual([]);
  }

  const logged = (file: string) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes(`"requestId":"${id}"`));
  await expect
    .poll(() => topology.instances.flatMap((i) => logged(i.logFile)).join("\n"))
    .toContain('"path":"/product/01tDM0000000001","status":500');
  await expect.poll(() => logged(topology.emulatorLog).join("\n")).toContain("/products/01tDM0000000001");
});
