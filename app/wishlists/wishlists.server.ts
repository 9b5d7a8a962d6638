/**
 * The wishlists domain (spec §3 Wishlist, §4 "Wishlist add", §7 "Wishlists"): the buyer's lists as the wishlist
 * pages show them, and every list action.
 *
 * The default list — where "Add to wishlist" on a product page saves — is the spec's "stored default wishlist
 * id": kept in the session (the LWR store keeps it in the browser; this module owns the `defaultWishlistId` key),
 * set by the first save (which creates 'My List' when the buyer has none) and by "Save new items here", forgotten
 * when that list is deleted, when the buyer switches accounts (lists belong to the buyer and the account), and
 * when the API no longer knows it.
 */
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { type FetchError, isFetchError, type JsonObject, type Wishlist } from "../../server/webstore/index";
import {
  DEFAULT_WISHLIST_NAME,
  defaultListId,
  EMPTY_WISHLIST_MESSAGE,
  itemCount,
  LIST_FULL_MESSAGE,
  sameListId,
  TOO_MANY_LISTS_MESSAGE,
  WISHLIST_PAGE_SIZE,
  WISHLIST_PATH,
  wishlistPath,
  wishlistSummaries,
  wishlistView,
  type WishlistPageData,
  type WishlistPageQuery,
  type WishlistPageView,
} from "~/wishlists/model";
import {
  WISHLIST_FIELDS,
  WISHLIST_INTENTS,
  type ListFormData,
  type WishlistActionData,
} from "~/wishlists/forms/fields";
import { listNameSchema, parseWishlistForm } from "~/wishlists/forms/wishlists-forms.server";
import { postedText, submittedWithJs } from "~/components/store/forms";
import { formConstraint } from "~/lib/validation/constraint.server";
import { loginPath, safeRedirect } from "~/lib/paths";
import { toast, type ToastInput } from "~/shop/toast.server";
import { errorMessage, caught } from "~/shop/errors.server";
import { isObject } from "~/lib/json";
import type { ShopCore } from "~/shop/core.server";
import type { CoreSessionData, SessionKeys } from "~/shop/session.server";

/** A list id the API doesn't know for this buyer and account: 404, or 400 for one that isn't an id at all. */
const isMissingList = (failure: FetchError | null) =>
  failure?.status === 404 || (failure?.status === 400 && failure.code === "INVALID_ID_FIELD");
const isNotFound = (failure: FetchError | null) => failure?.status === 404;

export const LIST_GONE = "We couldn't find that list. It may have been deleted.";

/** A refusal at one of the wishlist data limits: one list or one item too many. */
const isAtLimit = (failure: FetchError | null) => failure?.code === "LIMIT_EXCEEDED";

/** Our words for the API's refusals of a list's name (LIMIT_EXCEEDED: a buyer's 11th list, Salesforce's 10 per user). */
const LIST_MESSAGES: Readonly<Record<string, string>> = {
  LIMIT_EXCEEDED: TOO_MANY_LISTS_MESSAGE,
  INVALID_API_INPUT: "Enter a list name of at most 255 characters.",
};

/**
 * How a list form (create, rename, delete, make default) ends: `done` goes to `to` (null: back to the list page it
 * came from) with the toast; `failed` goes back with the toast; `refused` shows the name form again with `message`.
 */
export type ListOutcome =
  | { kind: "done"; note: ToastInput; to: string | null }
  | { kind: "failed"; note: ToastInput }
  | { kind: "refused"; message: string };

export interface WishlistsSessionData {
  /** Spec §4 "Wishlist add": the stored default wishlist id, where new items go (the buyer's, for the account). */
  defaultWishlistId: string;
}

export const WISHLISTS_SESSION_KEYS: SessionKeys<WishlistsSessionData> = { signedIn: ["defaultWishlistId"], guest: [] };

type WishlistsCore = ShopCore<CoreSessionData & WishlistsSessionData>;

export interface WishlistsHandler extends WishlistLists {
  /**
   * The /wishlist page (`askedId`: /wishlist/{id}) with what its URL asks (`?page=`, `?delete=1`: the route reads them
   * with readWishlistPageQuery): a guest goes to sign in (thrown redirect), a list that is not one of the buyer's is a
   * 404 (thrown).
   */
  view(askedId: string | undefined, query: WishlistPageQuery): Promise<WishlistPageData>;
  /**
   * Every wishlist form (the /wishlist action; `here`, the store path it was posted to, is where a list form goes
   * back to by default): a fetcher gets its outcome back (a refused name form, 400), a plain form a 303 with the toast.
   */
  submit(form: FormData, here: string): Promise<Response | ReturnType<typeof data<WishlistActionData | ListFormData>>>;
}

/** The buyer's lists and what can be done to them. */
export interface WishlistLists {
  /**
   * The page of `askedId` (else the stored default list, else the one the API displays), with every list's summary;
   * null when `askedId` is not one of the buyer's lists (another buyer's, another account's, deleted, made up).
   */
  page(options: {
    askedId?: string;
    pageToken: string | null;
    confirmDelete: boolean;
  }): Promise<WishlistPageView | null>;
  /**
   * Spec §4 "Wishlist add": into the stored default list, else the displayed list, else a new 'My List'; the list
   * used is the default from now on. The toast names it.
   */
  save(productId: string): Promise<ToastInput>;
  remove(input: { wishlistId: string; wishlistItemId: string; productName?: string }): Promise<ToastInput>;
  /** The toast names what went into the cart and every product that couldn't. */
  addAllToCart(wishlistId: string): Promise<ToastInput>;
  create(name: string): Promise<ListOutcome>;
  rename(wishlistId: string, name: string): Promise<ListOutcome>;
  delete(wishlistId: string, name: string | undefined): Promise<ListOutcome>;
  /** "Save new items here": only a list of this buyer and account is remembered. */
  makeDefault(wishlistId: string): Promise<ListOutcome>;
}

export function createWishlistsHandler(shop: WishlistsCore): WishlistsHandler {
  const lists = createWishlistLists(shop);
  return {
    ...lists,
    view: (askedId, query) => wishlistPage(shop, lists, askedId, query),
    submit: (form, here) => submitWishlistForm(shop, lists, form, here),
  };
}

function createWishlistLists(shop: WishlistsCore): WishlistLists {
  const { client, session } = shop;

  /** The stored default, forgotten when the API no longer has it and the save goes on without it. */
  async function saveToDefaultList(productId: string): Promise<string> {
    const stored = session.get("defaultWishlistId");
    let saved;
    try {
      saved = await client.addToWishlist(productId, { defaultWishlistId: stored });
    } catch (error) {
      if (!(stored && isNotFound(caught(error).api))) throw error;
      session.unset("defaultWishlistId");
      saved = await client.addToWishlist(productId);
    }
    session.set("defaultWishlistId", saved.wishlistId);
    return saved.wishlistId;
  }

  return {
    async page({ askedId, pageToken, confirmDelete }) {
      const stored = session.get("defaultWishlistId");
      // One call: every list's summary and the displayed list (the asked one, else the stored default) with a page.
      const read = (wishlistId?: string) =>
        client.getWishlists({ includeDisplayedList: true, pageSize: WISHLIST_PAGE_SIZE, wishlistId });
      let answer;
      try {
        answer = await read(askedId ?? stored);
      } catch (error) {
        if (!isMissingList(caught(error).api)) throw error;
        if (askedId) return null;
        // The stored default is gone (deleted in another tab, the emulator reset): forget it.
        session.unset("defaultWishlistId");
        answer = await read();
      }

      const lists = wishlistSummaries(answer);
      let displayed: Wishlist | null = answer.displayedList ?? null;
      const shownId = answer.displayedList?.summary?.id;
      if (shownId && pageToken) {
        try {
          displayed = await client.getWishlist(shownId, { page: pageToken, pageSize: WISHLIST_PAGE_SIZE });
        } catch (error) {
          // A stale or made-up page token: the first page is what the shopper gets.
          if (!(isFetchError(error) && error.status === 400)) throw error;
        }
      }
      const list = wishlistView(displayed);
      if (stored && !lists.some((l) => sameListId(l.id, stored))) session.unset("defaultWishlistId");
      return {
        list,
        lists,
        defaultId: defaultListId(lists, stored, askedId ? null : list?.id),
        hasPageToken: !!pageToken,
        confirmDelete: !!list && confirmDelete,
      };
    },

    async save(productId) {
      let listId;
      try {
        listId = await saveToDefaultList(productId);
      } catch (error) {
        // A full list won't take it on a second try: say so, and what the shopper can do instead.
        if (isAtLimit(caught(error).api)) return toast("error", LIST_FULL_MESSAGE);
        return toast("error", "We couldn't save this product to your wishlist. Try again.");
      }
      // The list's name for the toast; the save itself already succeeded, so a failure here only costs the name.
      const listName = await client
        .getWishlists()
        .then((all) => wishlistSummaries(all).find((s) => sameListId(s.id, listId))?.name)
        .catch(() => undefined);
      return toast("success", `Saved to ${listName || DEFAULT_WISHLIST_NAME}`);
    },

    async remove({ wishlistId, wishlistItemId, productName }) {
      try {
        await client.removeWishlistItem(wishlistId, wishlistItemId);
      } catch (error) {
        // Removed already (another tab, a double submit): what the shopper wanted is done.
        if (isNotFound(caught(error).api)) return toast("info", "That item is no longer on your wishlist.");
        return toast("error", "We couldn't remove that item from your wishlist. Try again.");
      }
      return toast(
        "success",
        productName ? `Removed ${productName} from your wishlist.` : "The item was removed from your wishlist.",
      );
    },

    async addAllToCart(wishlistId) {
      let result;
      try {
        result = await client.addWishlistToCart(wishlistId);
      } catch {
        return toast("error", "We couldn't add your wishlist to your cart. Try again.");
      }
      const names = new Map<string, string>();
      if (Number(result.productsFailedCount) > 0) {
        // The result names failed products by id only: read the list for their names.
        const list = await client.getWishlist(wishlistId, { pageSize: 200 }).catch(() => null);
        for (const item of wishlistView(list)?.items ?? []) names.set(item.productId, item.name);
      }
      return wishlistToCartOutcome(result, names);
    },

    async create(name) {
      let created;
      try {
        created = await client.createWishlist({ name });
      } catch (error) {
        return {
          kind: "refused",
          message: errorMessage(caught(error), "We couldn't create the list. Try again.", LIST_MESSAGES),
        };
      }
      const id = wishlistView(created)?.id;
      return { kind: "done", note: toast("success", `Created ${name}.`), to: id ? wishlistPath(id) : WISHLIST_PATH };
    },

    async rename(wishlistId, name) {
      try {
        await client.updateWishlist(wishlistId, { name });
      } catch (error) {
        if (isMissingList(caught(error).api))
          return { kind: "done", note: toast("error", LIST_GONE), to: WISHLIST_PATH };
        return {
          kind: "refused",
          message: errorMessage(caught(error), "We couldn't rename the list. Try again.", LIST_MESSAGES),
        };
      }
      return { kind: "done", note: toast("success", `Renamed the list to ${name}.`), to: null };
    },

    async delete(wishlistId, name = "The list") {
      let note = toast("success", `Deleted ${name}.`);
      try {
        await client.deleteWishlist(wishlistId);
      } catch (error) {
        if (!isMissingList(caught(error).api))
          return { kind: "failed", note: toast("error", "We couldn't delete the list. Try again.") };
        note = toast("info", `${name} was already deleted.`);
      }
      // New items no longer have that list to go to: the next save picks the displayed list (or creates one).
      if (sameListId(session.get("defaultWishlistId"), wishlistId)) session.unset("defaultWishlistId");
      return { kind: "done", note, to: WISHLIST_PATH };
    },

    async makeDefault(wishlistId) {
      let list;
      try {
        list = wishlistView(await client.getWishlist(wishlistId, { pageSize: 1 }));
      } catch (error) {
        if (isMissingList(caught(error).api))
          return { kind: "done", note: toast("error", LIST_GONE), to: WISHLIST_PATH };
        return { kind: "failed", note: toast("error", "We couldn't change where new items are saved. Try again.") };
      }
      if (!list) return { kind: "done", note: toast("error", LIST_GONE), to: WISHLIST_PATH };
      session.set("defaultWishlistId", list.id);
      return { kind: "done", note: toast("success", `New items will be saved to ${list.name}.`), to: null };
    },
  };
}

async function wishlistPage(
  shop: WishlistsCore,
  lists: WishlistLists,
  askedId: string | undefined,
  query: WishlistPageQuery,
) {
  if (!shop.shopper.isLoggedIn) throw await shop.redirect(loginPath(askedId ? wishlistPath(askedId) : WISHLIST_PATH));
  const page = await lists.page({ askedId, ...query });
  if (!page) throw data("Wishlist not found", { status: 404 });
  return { ...page, nameConstraint: formConstraint(listNameSchema) };
}

async function submitWishlistForm(shop: WishlistsCore, lists: WishlistLists, formData: FormData, here: string) {
  const submission = parseWishlistForm(formData);
  // Read from the posted fields: a refused form still answers the way it came (fetcher or plain form) and goes back.
  const intent = postedText(submission, WISHLIST_FIELDS.intent);
  const withJs = submittedWithJs(formData);
  // A save comes from a product page and goes back there; the rest come from, and go back to, a list page.
  const back = safeRedirect(
    postedText(submission, WISHLIST_FIELDS.redirectTo),
    intent === WISHLIST_INTENTS.save ? WISHLIST_PATH : here,
  );
  const listPage = back.startsWith(WISHLIST_PATH) ? back : WISHLIST_PATH;
  if (!shop.shopper.isLoggedIn)
    return shop.redirect(loginPath(back), toast("info", "Sign in to save items to your wishlist."));

  const reply = async (note: ToastInput) => {
    if (!withJs) return shop.redirect(back, note);
    // The root loader revalidates after this answer and shows the toast.
    shop.toasts.flash(note);
    return shop.reply<WishlistActionData>({ ok: note.variant !== "error", intent, message: note.message });
  };
  const refuseName = (form: ListFormData["form"], result: SubmissionResult<string[]>) =>
    shop.reply<ListFormData>({ form, result }, { status: 400 });
  const finish = (form: ListFormData["form"] | null, outcome: ListOutcome) => {
    switch (outcome.kind) {
      case "done":
        return shop.redirect(outcome.to ?? listPage, outcome.note);
      case "failed":
        return withJs ? reply(outcome.note) : shop.redirect(listPage, outcome.note);
      case "refused":
        return form
          ? refuseName(form, submission.reply({ formErrors: [outcome.message] }))
          : shop.redirect(listPage, toast("error", outcome.message));
    }
  };

  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const message = Object.values(errors).flat()[0] ?? "Choose an action.";
    switch (intent) {
      case WISHLIST_INTENTS.createList:
        return refuseName(intent, submission.reply());
      case WISHLIST_INTENTS.renameList:
        // Which list comes first: without one there is nothing to rename.
        return errors[WISHLIST_FIELDS.wishlistId]
          ? shop.redirect(WISHLIST_PATH, toast("error", errors[WISHLIST_FIELDS.wishlistId]?.[0] ?? message))
          : refuseName(intent, submission.reply());
      case WISHLIST_INTENTS.deleteList:
      case WISHLIST_INTENTS.makeDefault:
        return shop.redirect(WISHLIST_PATH, toast("error", message));
      case WISHLIST_INTENTS.save:
      case WISHLIST_INTENTS.remove:
      case WISHLIST_INTENTS.addAllToCart:
        return reply(toast("error", message));
      default:
        return reply(toast("error", "Choose an action."));
    }
  }

  const input = submission.value;
  switch (input.intent) {
    case WISHLIST_INTENTS.save:
      return reply(await lists.save(input.productId));
    case WISHLIST_INTENTS.remove:
      return reply(await lists.remove(input));
    case WISHLIST_INTENTS.addAllToCart:
      return reply(await lists.addAllToCart(input.wishlistId));
    case WISHLIST_INTENTS.createList:
      return finish(input.intent, await lists.create(input.name));
    case WISHLIST_INTENTS.renameList:
      return finish(input.intent, await lists.rename(input.wishlistId, input.name));
    case WISHLIST_INTENTS.deleteList:
      return finish(null, await lists.delete(input.wishlistId, input.name));
    case WISHLIST_INTENTS.makeDefault:
      return finish(null, await lists.makeDefault(input.wishlistId));
  }
}

/** The toast after add-wishlist-to-cart: what went in, and every product that couldn't (name + reason). */
export function wishlistToCartOutcome(result: JsonObject, names: ReadonlyMap<string, string>): ToastInput {
  const added = Math.max(0, Math.floor(Number(result.productsSucceededCount) || 0));
  const failed = (Array.isArray(result.failedWishlistToCartItems) ? result.failedWishlistToCartItems : [])
    .filter(isObject)
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
