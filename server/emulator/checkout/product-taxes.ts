import { effectiveAccountId, requireGuestFlag } from "../core/context.js";
import { invalidInput, notFound } from "../core/errors.js";
import { json } from "../core/http.js";
import { recordId } from "../core/record-ids.js";
import type { Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";
import { isIsoCountry } from "../accounts/addresses.js";
import { catalogStore } from "../catalog/store.js";
import { shippingStore } from "./store.js";

/**
 * Commerce Webstore Taxes (connect_resources_commerce_webstore_tax.htm, 56.0): `GET taxes/products/{productId}
 * ?countryIsoCode&stateIsoCode&effectiveAccountId` answers Store Taxes Info
 * (connect_responses_commerce_get_store_tax_info.htm): the store's tax type and, under the product's id, the tax
 * rate the store applies at that destination, read from the same rates (fixtures/shipping.json) the cart and the
 * checkout tax with. docs/emulator.md, "Taxes".
 */
export function productTaxRoutes(r: Router, emu: Emu) {
  r.webstore("GET", "taxes/products/:productId", { since: 56 }, (ctx) => {
    requireGuestFlag(ctx, "guestBrowsingEnabled");
    effectiveAccountId(ctx);
    const id = recordId(ctx.params.productId, "product", "productId");
    const product = catalogStore(emu).product(id);
    if (!product) throw notFound(`Product not found: ${id}`);
    const appContext = ctx.emu.store.applicationContext(ctx.webstoreId);
    // "If unspecified, the default value is the default country for the webstore."
    const country = (ctx.query.get("countryIsoCode")?.trim() || String(appContext.country ?? "")).toUpperCase();
    if (!isIsoCountry(country))
      throw invalidInput(`countryIsoCode must be an ISO 3166 two-letter country code: ${JSON.stringify(country)}.`);
    const state = ctx.query.get("stateIsoCode")?.trim().toUpperCase() || null;
    const rate = shippingStore(emu).taxRateRow(country, state);
    return json({
      taxLocaleType: appContext.taxType ?? "Net",
      taxesInfo: {
        [product.id]: {
          // A destination the store has no rate for has no taxes to list [I].
          taxesInfoList: rate
            ? [
                {
                  countryIsoCode: country,
                  // The emulator keeps one rate per destination: the most specific one applies [I].
                  priority: 1,
                  stateIsoCode: rate.region || null,
                  taxRatePercentage: (rate.rateBasisPoints / 100).toFixed(2),
                  // The emulator's rates are plain numbers, not TaxTreatment records (emulator-only).
                  taxTreatmentDescription: null,
                  taxTreatmentName: null,
                },
              ]
            : [],
        },
      },
    });
  });
}

/** Its own module (after shipping, whose rates it reads): the shipping module's files import nothing of it. */
export const productTaxesModule: EmulatorModule = { name: "product-taxes", routes: productTaxRoutes };
