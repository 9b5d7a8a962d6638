import { describe, expect, it } from "vitest";
import { TARGET_NAMES, at } from "./targets.js";
import { useTarget } from "./use-target.js";

const ETHIOPIA = "01tDM0000000001";

/**
 * Commerce Webstore Taxes (connect_resources_commerce_webstore_tax.htm, 56.0) answering Store Taxes Info
 * (connect_responses_commerce_get_store_tax_info.htm), from the rates in fixtures/shipping.json (docs/emulator.md,
 * "Taxes").
 */
describe.each(TARGET_NAMES)("product taxes (%s)", (name) => {
  const { call } = useTarget(name);

  it("answers the store's tax type and the state's rate under the product's id", async () => {
    const res = await call("GET", `taxes/products/${ETHIOPIA}?countryIsoCode=US&stateIsoCode=CA`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      taxLocaleType: "Net",
      taxesInfo: {
        [ETHIOPIA]: {
          taxesInfoList: [
            {
              countryIsoCode: "US",
              priority: 1,
              stateIsoCode: "CA",
              taxRatePercentage: "7.25",
              taxTreatmentDescription: null,
              taxTreatmentName: null,
            },
          ],
        },
      },
    });
  });

  it("falls back to the country's rate, and to the store's country without countryIsoCode", async () => {
    const state = await call("GET", `taxes/products/${ETHIOPIA}?stateIsoCode=TX`);
    expect(state.body.taxesInfo[ETHIOPIA].taxesInfoList).toEqual([
      expect.objectContaining({ countryIsoCode: "US", stateIsoCode: null, taxRatePercentage: "8.25" }),
    ]);
    const canada = await call("GET", `taxes/products/${ETHIOPIA}?countryIsoCode=ca`);
    expect(canada.body.taxesInfo[ETHIOPIA].taxesInfoList[0]).toMatchObject({
      countryIsoCode: "CA",
      taxRatePercentage: "5.00",
    });
    const none = await call("GET", `taxes/products/${ETHIOPIA}?countryIsoCode=BR`);
    expect(none.body.taxesInfo[ETHIOPIA].taxesInfoList).toEqual([]);
  });

  it("refuses a bad country (400), a bad id (400), an unknown product (404), and versions before 56.0", async () => {
    const country = await call("GET", `taxes/products/${ETHIOPIA}?countryIsoCode=USA`);
    expect(country.status).toBe(400);
    expect(country.body[0].errorCode).toBe("INVALID_API_INPUT");
    expect((await call("GET", "taxes/products/nope")).body[0].errorCode).toBe("INVALID_ID_FIELD");
    const missing = await call("GET", "taxes/products/01tDM00000ZZZZZ");
    expect(missing.status).toBe(404);
    expect(missing.body[0].errorCode).toBe("NOT_FOUND");
    expect((await call("GET", at("v55.0", `taxes/products/${ETHIOPIA}`))).status).toBe(404);
    expect((await call("GET", at("v56.0", `taxes/products/${ETHIOPIA}`))).status).toBe(200);
  });
});
