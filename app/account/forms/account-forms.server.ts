/**
 * The account pages' action schemas (account switcher, keep-alive, the address book's forms) and the parsing of
 * every account form (sign-in, registration and password reset too): for the actions only, kept out of the
 * browser's bundle.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { ADDRESS_INTENTS } from "~/account/model/address-book";
// The address book form's: its pages load it only when the form is used (AddressBookForm).
export { createAddressBookSchema } from "./address-book-schema";

/** The account page's one form: the account switcher. */
export const accountActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("switchAccount"), accountId: z.string().default("") }),
]);

/** The session validator's "Continue Working". */
export const keepAliveSchema = z.object({ intent: z.literal("keepalive") });

const CHOOSE_AN_ADDRESS = "Choose an address.";
const addressRef = {
  addressId: z.string({ required_error: CHOOSE_AN_ADDRESS }).trim().min(1, CHOOSE_AN_ADDRESS),
  // The address's name, for the toast.
  name: z.string().trim().optional(),
};

/** Besides these, a list form carries `redirectTo` (the page to go back to) and the JavaScript marker. */
export const addressListActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(ADDRESS_INTENTS.remove), ...addressRef }),
  z.object({ intent: z.literal(ADDRESS_INTENTS.makeDefault), ...addressRef }),
]);

/** A posted account form checked against `schema`: Conform's submission (what was typed, and the messages). */
export function parseAccountForm<Schema extends z.ZodTypeAny>(form: FormData, schema: Schema) {
  return parseWithZod(form, { schema });
}
