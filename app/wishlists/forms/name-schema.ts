/**
 * A list's name, for a new list and for renaming one: required, trimmed, at most 255 characters. The /wishlist
 * action's schema builds on it; the list page loads it only when a name form is used (WishlistPage).
 */
import { z } from "zod";
import { requiredText } from "~/lib/validation";
import { WISHLIST_NAME_MAX } from "~/wishlists/model";

export const listNameSchema = z.object({ name: requiredText({ max: WISHLIST_NAME_MAX }) });
