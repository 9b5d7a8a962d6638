/**
 * The wishlist forms' schema, for the /wishlist action only: kept out of the browser's bundle (the list page's own
 * checks need only the name's schema, forms/name-schema, which it loads when a name form is used).
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { listNameSchema } from "./name-schema";
import { WISHLIST_INTENTS } from "./fields";

export { listNameSchema };

/** An id a form must carry; without it the form is refused with `message` (as a toast). */
const requiredId = (message: string) => z.string({ required_error: message }).trim().min(1, message);
const CHOOSE_A_WISHLIST = "Choose a wishlist.";
const CHOOSE_AN_ITEM = "Choose an item to remove.";

/**
 * Every wishlist form posts to /wishlist (or /wishlist/{id}) with an `intent` (field names: WISHLIST_FIELDS). Besides
 * these, a form may carry `redirectTo` (where a plain form goes back to) and the JavaScript marker (forms.tsx).
 */
export const wishlistActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(WISHLIST_INTENTS.save), productId: requiredId("Choose a product to save.") }),
  z.object({
    intent: z.literal(WISHLIST_INTENTS.remove),
    wishlistId: requiredId(CHOOSE_AN_ITEM),
    wishlistItemId: requiredId(CHOOSE_AN_ITEM),
    productName: z.string().trim().optional(),
  }),
  z.object({ intent: z.literal(WISHLIST_INTENTS.addAllToCart), wishlistId: requiredId(CHOOSE_A_WISHLIST) }),
  listNameSchema.extend({ intent: z.literal(WISHLIST_INTENTS.createList) }),
  listNameSchema.extend({
    intent: z.literal(WISHLIST_INTENTS.renameList),
    wishlistId: requiredId(CHOOSE_A_WISHLIST),
  }),
  z.object({
    intent: z.literal(WISHLIST_INTENTS.deleteList),
    wishlistId: requiredId(CHOOSE_A_WISHLIST),
    // The list's name, for the toast.
    name: z.string().trim().optional(),
  }),
  z.object({ intent: z.literal(WISHLIST_INTENTS.makeDefault), wishlistId: requiredId(CHOOSE_A_WISHLIST) }),
]);

export type WishlistActionInput = z.infer<typeof wishlistActionSchema>;

/** A posted wishlist form, checked: Conform's submission (what was typed, and the messages when refused). */
export function parseWishlistForm(form: FormData) {
  return parseWithZod(form, { schema: wishlistActionSchema });
}
