/** The order pages' action schemas, kept out of the browser's bundle. */
import { z } from "zod";

// Routes take parseWithZod from here: imported from @conform-to/zod by a page that has no zod of its own, it
// would pull zod and conform's zod bundle (some 24 KB gzip) into that page's browser JavaScript.
export { parseWithZod } from "@conform-to/zod";
// The lookup form's: its page loads it only when the form is used (OrderLookupForm).
export { orderLookupSchema } from "../../lib/orders/lookup-schema";

/** The order page's one form: "Buy again". */
export const reorderSchema = z.object({ intent: z.literal("reorder") });
