/**
 * Inventory levels (Connect "commerce/inventory/levels", 60.0): a resource of the org's commerce inventory, not of
 * the webstore, scoped to it by the `scope` parameter. The product page reads a chosen variation's stock with it.
 */
import { type ClientCore, documentedAt, required, send } from "../core.js";
import type { JsonObject } from "../types/index.js";

/** One product's levels (OCI Inventory Levels Output's `totalInventory`): numbers of units. */
export interface InventoryLevel {
  product2Id: string;
  availableToFulfill: number | null;
  availableToOrder: number | null;
  onHand: number | null;
}

/** At most 100 product and location combinations per request (the page's limit). */
export const INVENTORY_LEVELS_MAX = 100;

export function inventoryApi(core: ClientCore) {
  return {
    /**
     * The products' levels across the store's inventory location group (`inventoryLocationGroupId`); an empty
     * list when the client has none, or speaks a version before 60.0, where the resource doesn't exist.
     */
    async getInventoryLevels(productIds: readonly string[]): Promise<InventoryLevel[]> {
      const group = core.inventoryLocationGroupId;
      if (!group || !documentedAt(core, 60) || productIds.length === 0) return [];
      required(core.webstoreId, "webstoreId is required");
      const answer = await send<JsonObject>(core, {
        scope: "data",
        path: "commerce/inventory/levels",
        query: {
          products: productIds.slice(0, INVENTORY_LEVELS_MAX),
          locationgroups: [group],
          scope: `webStoreId Eq '${core.webstoreId}'`,
        },
      });
      const totals = Array.isArray(answer.totalInventory) ? answer.totalInventory : [];
      const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
      return totals.flatMap((entry) => {
        if (typeof entry !== "object" || entry === null) return [];
        const e = entry as Record<string, unknown>;
        if (typeof e.product2Id !== "string") return [];
        return [
          {
            product2Id: e.product2Id,
            availableToFulfill: count(e.availableToFulfill),
            availableToOrder: count(e.availableToOrder),
            onHand: count(e.onHand),
          },
        ];
      });
    },
  };
}
