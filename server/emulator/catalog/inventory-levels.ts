import { catalogStore, type ProductRow, inventoryRow } from "./store.js";
import { availableFor } from "./inventory.js";
import { invalidInput, notFound } from "../core/errors.js";
import { json } from "../core/http.js";
import type { Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";

/**
 * Inventory levels (Connect "Inventory Levels", GET /services/data/vXX.X/commerce/inventory/levels, 60.0): a
 * product's units in the demo store's one inventory location group, which holds every unit of its stock
 * (docs/emulator-variations.md, "Stock"). Answers OCI Inventory Levels Output.
 */

/** The demo store's location group (LocationGroup, key prefix 0gh); the storefront's default (server/config.ts). */
export const DEMO_LOCATION_GROUP_ID = "0ghDM0000000001";
/** "A maximum of 100 product ID and location combinations … 20 SKU and location combinations are allowed per request." */
const MAX_ID_COMBINATIONS = 100;
const MAX_SKU_COMBINATIONS = 20;
const SINCE = 60;

const SCOPE = /^\s*webStoreId\s+Eq\s+'([A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?)'\s*$/i;
const RECORD_ID = /^01t[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?$/;

const list = (raw: string | null) =>
  (raw ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

export function inventoryLevelsRoutes(r: Router, emu: Emu) {
  r.raw(
    "GET",
    "/services/data/:apiVersion/commerce/inventory/levels",
    (ctx) => {
      const version = /^v(\d+)\.0$/.exec(ctx.params.apiVersion);
      if (!version || Number(version[1]) < SINCE) throw notFound();
      const scope = SCOPE.exec(ctx.query.get("scope") ?? "");
      if (!scope) throw invalidInput("scope is required, as webStoreId Eq '<webstore id>'.");
      if (!webstoreExists(emu, scope[1])) throw invalidInput(`No webstore ${scope[1]} for scope.`);
      const products = list(ctx.query.get("products"));
      if (products.length === 0) throw invalidInput("products is required.");
      const groups = list(ctx.query.get("locationgroups") ?? ctx.query.get("locationGroups"));
      const locations = list(ctx.query.get("locations"));
      if (groups.length === 0 && locations.length === 0) throw invalidInput("locations or locationgroups is required.");
      const places = groups.length + locations.length;
      const bySku = products.filter((p) => !RECORD_ID.test(p)).length;
      if (bySku * places > MAX_SKU_COMBINATIONS)
        throw invalidInput(`At most ${MAX_SKU_COMBINATIONS} SKU and location combinations are allowed per request.`);
      if (products.length * places > MAX_ID_COMBINATIONS)
        throw invalidInput(`At most ${MAX_ID_COMBINATIONS} product and location combinations are allowed per request.`);

      const catalog = catalogStore(emu);
      const found = products
        .map((key) => (RECORD_ID.test(key) ? catalog.product(key.slice(0, 15)) : catalog.productBySku(key)))
        .filter((p): p is ProductRow => !!p);
      // A product without stock records (a variation parent, a set) has no levels; nor has an unknown one [I].
      const levels = [...new Map(found.map((p) => [p.id, p])).values()].flatMap((p) => {
        const available = availableFor(emu, p.id, null);
        if (available === null) return [];
        const onHand = onHandOf(emu, p.id);
        return [{ availableToFulfill: available, availableToOrder: available, onHand, product2Id: p.id }];
      });
      return json({
        errors: [],
        locationGroups: groups.map((locationGroupId) => ({
          inventoryProducts: locationGroupId.slice(0, 15) === DEMO_LOCATION_GROUP_ID ? levels : [],
          locationGroupId,
        })),
        // The demo store keeps its stock in its location group, at no location of its own [I].
        locations: locations.map((locationId) => ({ inventoryProducts: [], locationId })),
        success: true,
        totalInventory: groups.some((g) => g.slice(0, 15) === DEMO_LOCATION_GROUP_ID) ? levels : [],
      });
    },
    { authenticated: true },
  );
}

function onHandOf(emu: Emu, productId: string): number {
  const row = inventoryRow(emu, productId);
  return row?.on_hand ?? 0;
}

function webstoreExists(emu: Emu, id: string): boolean {
  return emu.store.webstoreExists(id.slice(0, 15));
}

export const inventoryLevelsModule: EmulatorModule = { name: "inventory-levels", routes: inventoryLevelsRoutes };
