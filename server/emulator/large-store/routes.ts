import { z } from "zod";
import { ApiError, invalidInput } from "../core/errors.js";
import { json } from "../core/http.js";
import type { Router } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { BULK_BUYER } from "./generate.js";
import { seedLargeStore } from "./seed.js";

/**
 * A generated store of the size a test asks, bounded so that a browser test seeds it in about a second: enough
 * products for a 2,000-line cart, bulk@demo.store's orders and cart, manager@demo.store's accounts.
 */
const sizeSchema = z
  .object({
    products: z.number().int().min(1).max(10_000),
    buyers: z.number().int().min(0).max(1_000).default(0),
    bulkOrders: z.number().int().min(0).max(5_000).default(0),
    bulkCartLines: z.number().int().min(0).max(2_000).default(0),
    managedAccounts: z.number().int().min(0).max(200).default(0),
    seed: z.number().int().default(41),
  })
  .strict();

/**
 * `POST /__emulator/large-store` (emulator-only test control): seeds the DEMO_SCALE=large generator's store, at the
 * size the body gives, next to the data the store holds now (as the large scale seeds it next to the fixtures),
 * and turns on the store's large carts as that scale does. A browser test gets a 2,000-line cart or a buyer of 200
 * accounts without a server of its own; a reset brings back the store the emulator was started with. 201 with the
 * size and the time it took; 409 when a generated store is already there (its ids would collide).
 */
export function largeStoreRoutes(r: Router, emu: Emu) {
  r.raw("POST", "/__emulator/large-store", async (ctx) => {
    const parsed = sizeSchema.safeParse((await ctx.json()) ?? {});
    if (!parsed.success)
      throw invalidInput(parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "));
    if (emu.store.user(BULK_BUYER.id))
      throw new ApiError(409, "CONFLICT", "A generated store is already seeded; reset the emulator first.");
    const started = performance.now();
    emu.db.transaction(() => seedLargeStore(emu, parsed.data))();
    return json({ size: parsed.data, seededInMs: Math.round(performance.now() - started) }, 201);
  });
}
