/**
 * The wishlist pages' loader and action (spec §3 Wishlist, §4 "Wishlist add", §7 "Wishlists"), shared by
 * /wishlist (the default list) and /wishlist/{wishlistId} (any of the buyer's lists).
 *
 * The default list — where "Add to wishlist" on a product page saves — is the spec's "stored default wishlist
 * id": kept in the session (the LWR store keeps it in the browser), set by the first save (which creates 'My
 * List' when the buyer has none) and by "Save new items here", forgotten when that list is deleted, when the buyer
 * switches accounts (lists belong to the buyer and the account), and when the API no longer knows it.
 *
 * Every form is a POST with an `intent`. "Add to wishlist", item removal and "Add all to cart" are fetchers with
 * JavaScript (data back, the page stays) and 303s without. The list forms (create, rename, delete, make default)
 * are plain forms: 303 with a toast, or 400 with the form's messages and what was typed.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isFetchError } from "../server/webstore/index";
import { submittedWithJs } from "./components/store/forms";
import { safeRedirect } from "./components/store/urls";
import { WISHLIST_FIELDS, WISHLIST_INTENTS, type WishlistActionData } from "./components/store/WishlistButton";
import {
  DEFAULT_WISHLIST_NAME,
  defaultListId,
  EMPTY_WISHLIST_MESSAGE,
  itemCount,
  listNameSchema,
  sameListId,
  WISHLIST_PAGE_SIZE,
  WISHLIST_PATH,
  wishlistPath,
  wishlistSummaries,
  wishlistView,
} from "./lib/wishlists";
import { toast, type ToastInput } from "./toast.server";
import { errorMessage, getWebstore, loginPath, requestPath, rethrowResponse, type Webstore } from "./webstore.server";

/** A list id the API doesn't know for this buyer and account: 404, or 400 for one that isn't an id at all. */
const isMissingList = (error: unknown) =>
  isFetchError(error) && (error.status === 404 || (error.status === 400 && error.code === "INVALID_ID_FIELD"));
const isNotFound = (error: unknown) => isFetchError(error) && error.status === 404;

export const listNotFound = () => data("Wishlist not found", { status: 404 });

export const LIST_GONE = "We couldn't find that list. It may have been deleted.";

/** Our words for the API's refusals of a list's name (LIMIT_EXCEEDED: the 101st list). */
const LIST_MESSAGES: Readonly<Record<string, string>> = {
  LIMIT_EXCEEDED: "You have as many lists as you can keep. Delete one to make room.",
  INVALID_API_INPUT: "Enter a list name of at most 255 characters.",
};

// ---------------------------------------------------------------------------------------------
// Loader

export async function wishlistLoader({ request, context }: LoaderFunctionArgs, askedId?: string) {
  const ws = await getWebstore(request, context);
  const here = askedId ? wishlistPath(askedId) : WISHLIST_PATH;
  if (!ws.shopper.isLoggedIn) throw await ws.redirect(loginPath(here));
  const url = new URL(request.url);
  const pageToken = url.searchParams.get("page");
  const stored = ws.session.get("defaultWishlistId");

  // One call: every list's summary and the displayed list (the asked one, else the stored default) with a page of items.
  const read = (wishlistId?: string) =>
    ws.client.getWishlists({ includeDisplayedList: true, pageSize: WISHLIST_PAGE_SIZE, wishlistId });
  let answer;
  try {
    answer = await read(askedId ?? stored);
  } catch (error) {
    rethrowResponse(error);
    if (!isMissingList(error)) throw error;
    // Another buyer's list, another account's, a deleted one, a made-up id: not one of this buyer's lists.
    if (askedId) throw listNotFound();
    // The stored default is gone (deleted in another tab, the emulator reset): forget it.
    ws.session.unset("defaultWishlistId");
    answer = await read();
  }

  const lists = wishlistSummaries(answer);
  let displayed: unknown = answer.displayedList ?? null;
  const shownId = answer.displayedList?.summary?.id;
  if (shownId && pageToken) {
    try {
      displayed = await ws.client.getWishlist(shownId, { page: pageToken, pageSize: WISHLIST_PAGE_SIZE });
    } catch (error) {
      rethrowResponse(error);
      // A stale or made-up page token: the first page is what the shopper gets.
      if (!(isFetchError(error) && error.status === 400)) throw error;
    }
  }
  const list = wishlistView(displayed);
  if (stored && !lists.some((l) => sameListId(l.id, stored))) ws.session.unset("defaultWishlistId");
  return ws.reply({
    list,
    lists,
    defaultId: defaultListId(lists, stored, askedId ? null : list?.id),
    hasPageToken: !!pageToken,
    // "Delete list" asks first: ?delete=1 shows the question, with or without JavaScript.
    confirmDelete: !!list && url.searchParams.get("delete") === "1",
  });
}

// ---------------------------------------------------------------------------------------------
// Action

/** What a refused list form gets back (400): which form, and Conform's reply with the messages and what was typed. */
export interface ListFormData {
  form: typeof WISHLIST_INTENTS.createList | typeof WISHLIST_INTENTS.renameList;
  result: SubmissionResult<string[]>;
}

const FAILURES: Record<string, string> = {
  [WISHLIST_INTENTS.save]: "We couldn't save this product to your wishlist. Try again.",
  [WISHLIST_INTENTS.remove]: "We couldn't remove that item from your wishlist. Try again.",
  [WISHLIST_INTENTS.addAllToCart]: "We couldn't add your wishlist to your cart. Try again.",
  [WISHLIST_INTENTS.deleteList]: "We couldn't delete the list. Try again.",
  [WISHLIST_INTENTS.makeDefault]: "We couldn't change where new items are saved. Try again.",
};

/**
 * Spec §4 "Wishlist add": into the stored default list, else the displayed list, else a new 'My List'. A stored
 * list the API no longer has is forgotten and the save goes on without it. The list used is the default from now on.
 */
async function saveToDefaultList(ws: Webstore, productId: string): Promise<string> {
  const stored = ws.session.get("defaultWishlistId");
  let saved;
  try {
    saved = await ws.client.addToWishlist(productId, { defaultWishlistId: stored });
  } catch (error) {
    rethrowResponse(error);
    if (!(stored && isNotFound(error))) throw error;
    ws.session.unset("defaultWishlistId");
    saved = await ws.client.addToWishlist(productId);
  }
  ws.session.set("defaultWishlistId", saved.wishlistId);
  return saved.wishlistId;
}

export async function wishlistAction({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const withJs = submittedWithJs(formData);
  const intent = String(formData.get(WISHLIST_FIELDS.intent) ?? "");
  const field = (name: string) => String(formData.get(name) ?? "").trim();
  // A save comes from a product page and goes back there; the rest come from, and go back to, a list page.
  const here = requestPath(request, context);
  const back = safeRedirect(
    formData.get(WISHLIST_FIELDS.redirectTo),
    intent === WISHLIST_INTENTS.save ? WISHLIST_PATH : here,
  );
  const listPage = back.startsWith(WISHLIST_PATH) ? back : WISHLIST_PATH;
  const ws = await getWebstore(request, context);
  if (!ws.shopper.isLoggedIn)
    return ws.redirect(loginPath(back), toast("info", "Sign in to save items to your wishlist."));

  const reply = async (note: ToastInput, ok = note.variant !== "error") => {
    if (withJs) {
      // The root loader revalidates after this answer and shows the toast.
      ws.session.flashToast(note);
      return ws.reply<WishlistActionData>({ ok, intent, message: note.message });
    }
    return ws.redirect(back, note);
  };
  const refuseName = (form: ListFormData["form"], result: SubmissionResult<string[]>) =>
    ws.reply<ListFormData>({ form, result }, { status: 400 });

  const { client } = ws;
  const wishlistId = field(WISHLIST_FIELDS.wishlistId);
  try {
    switch (intent) {
      case WISHLIST_INTENTS.save: {
        const productId = field(WISHLIST_FIELDS.productId);
        if (!productId) return reply(toast("error", "Choose a product to save."));
        const listId = await saveToDefaultList(ws, productId);
        // The list's name for the toast; the save itself already succeeded, so a failure here only costs the name.
        const listName = await client
          .getWishlists()
          .then((all) => wishlistSummaries(all).find((s) => sameListId(s.id, listId))?.name)
          .catch((error: unknown) => {
            rethrowResponse(error);
            return undefined;
          });
        return reply(toast("success", `Saved to ${listName || DEFAULT_WISHLIST_NAME}`));
      }
      case WISHLIST_INTENTS.remove: {
        const itemId = field(WISHLIST_FIELDS.itemId);
        const name = field(WISHLIST_FIELDS.productName);
        if (!wishlistId || !itemId) return reply(toast("error", "Choose an item to remove."));
        try {
          await client.removeWishlistItem(wishlistId, itemId);
        } catch (error) {
          rethrowResponse(error);
          // Removed already (another tab, a double submit): what the shopper wanted is done.
          if (isNotFound(error)) return reply(toast("info", "That item is no longer on your wishlist."), true);
          throw error;
        }
        return reply(
          toast("success", name ? `Removed ${name} from your wishlist.` : "The item was removed from your wishlist."),
        );
      }
      case WISHLIST_INTENTS.addAllToCart: {
        if (!wishlistId) return reply(toast("error", "Choose a wishlist."));
        const result = await client.addWishlistToCart(wishlistId);
        const names = new Map<string, string>();
        if (Number(result.productsFailedCount) > 0) {
          // The result names failed products by id only: read the list for their names.
          const list = await client.getWishlist(wishlistId, { pageSize: 200 }).catch((error: unknown) => {
            rethrowResponse(error);
            return null;
          });
          for (const item of wishlistView(list)?.items ?? []) names.set(item.productId, item.name);
        }
        return reply(wishlistToCartOutcome(result, names));
      }
      case WISHLIST_INTENTS.createList: {
        const submission = parseWithZod(formData, { schema: listNameSchema });
        if (submission.status !== "success") return refuseName(intent, submission.reply());
        const { name } = submission.value;
        let created;
        try {
          created = (await client.createWishlist({ name })) as { summary?: { id?: string } };
        } catch (error) {
          const message = errorMessage(error, "We couldn't create the list. Try again.", LIST_MESSAGES);
          return refuseName(intent, submission.reply({ formErrors: [message] }));
        }
        const id = created.summary?.id;
        return ws.redirect(id ? wishlistPath(id) : WISHLIST_PATH, toast("success", `Created ${name}.`));
      }
      case WISHLIST_INTENTS.renameList: {
        if (!wishlistId) return ws.redirect(WISHLIST_PATH, toast("error", "Choose a wishlist."));
        const submission = parseWithZod(formData, { schema: listNameSchema });
        if (submission.status !== "success") return refuseName(intent, submission.reply());
        const { name } = submission.value;
        try {
          await client.updateWishlist(wishlistId, { name });
        } catch (error) {
          rethrowResponse(error);
          if (isMissingList(error)) return ws.redirect(WISHLIST_PATH, toast("error", LIST_GONE));
          const message = errorMessage(error, "We couldn't rename the list. Try again.", LIST_MESSAGES);
          return refuseName(intent, submission.reply({ formErrors: [message] }));
        }
        return ws.redirect(listPage, toast("success", `Renamed the list to ${name}.`));
      }
      case WISHLIST_INTENTS.deleteList: {
        if (!wishlistId) return ws.redirect(WISHLIST_PATH, toast("error", "Choose a wishlist."));
        const name = field(WISHLIST_FIELDS.listName) || "The list";
        let note = toast("success", `Deleted ${name}.`);
        try {
          await client.deleteWishlist(wishlistId);
        } catch (error) {
          rethrowResponse(error);
          if (!isMissingList(error)) throw error;
          note = toast("info", `${name} was already deleted.`);
        }
        // New items no longer have that list to go to: the next save picks the displayed list (or creates one).
        if (sameListId(ws.session.get("defaultWishlistId"), wishlistId)) ws.session.unset("defaultWishlistId");
        return ws.redirect(WISHLIST_PATH, note);
      }
      case WISHLIST_INTENTS.makeDefault: {
        if (!wishlistId) return ws.redirect(WISHLIST_PATH, toast("error", "Choose a wishlist."));
        let list;
        try {
          // Only a list of this buyer and account is remembered.
          list = wishlistView(await client.getWishlist(wishlistId, { pageSize: 1 }));
        } catch (error) {
          rethrowResponse(error);
          if (isMissingList(error)) return ws.redirect(WISHLIST_PATH, toast("error", LIST_GONE));
          throw error;
        }
        if (!list) return ws.redirect(WISHLIST_PATH, toast("error", LIST_GONE));
        ws.session.set("defaultWishlistId", list.id);
        return ws.redirect(listPage, toast("success", `New items will be saved to ${list.name}.`));
      }
      default:
        return reply(toast("error", "Choose an action."));
    }
  } catch (error) {
    rethrowResponse(error);
    const note = toast("error", FAILURES[intent] ?? "Something went wrong. Try again.");
    return withJs ||
      intent === WISHLIST_INTENTS.save ||
      intent === WISHLIST_INTENTS.remove ||
      intent === WISHLIST_INTENTS.addAllToCart
      ? reply(note)
      : ws.redirect(listPage, note);
  }
}

/** The toast after add-wishlist-to-cart: what went in, and every product that couldn't (name + reason). */
export function wishlistToCartOutcome(result: unknown, names: ReadonlyMap<string, string>): ToastInput {
  const record = typeof result === "object" && result !== null ? (result as Record<string, unknown>) : {};
  const added = Math.max(0, Math.floor(Number(record.productsSucceededCount) || 0));
  const failed = (Array.isArray(record.failedWishlistToCartItems) ? record.failedWishlistToCartItems : [])
    .filter((f): f is Record<string, unknown> => typeof f === "object" && f !== null)
    .map((f) => {
      const id = typeof f.productId === "string" && f.productId ? f.productId : undefined;
      const name = (id && names.get(id)) ?? id ?? "A product";
      const reason = (
        (typeof f.message === "string" && f.message) ||
        (typeof f.errorCode === "string" && f.errorCode) ||
        "It couldn't be added"
      ).replace(/\.$/, "");
      return `${name} (${reason})`;
    });
  if (failed.length === 0) {
    return added > 0
      ? toast("success", `Added ${itemCount(added)} to your cart.`)
      : toast("info", `${EMPTY_WISHLIST_MESSAGE}.`);
  }
  if (added === 0) return toast("error", `We couldn't add these items to your cart: ${failed.join("; ")}.`);
  return toast("warning", `Added ${itemCount(added)} to your cart. We couldn't add: ${failed.join("; ")}.`);
}
