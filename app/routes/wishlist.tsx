/**
 * /wishlist: the buyer's default list (where "Add to wishlist" saves: the stored default, else the list the API
 * displays), the other lists one link away. Also where "Add to wishlist" on a product page posts. Signed-in
 * buyers only; guests go to sign in. /wishlist/{wishlistId} shares this loader and action; the page is
 * wishlists/ui/WishlistPage, the domain wishlists/wishlists.server.ts.
 *
 * Every form is a POST with an `intent`. "Add to wishlist", item removal and "Add all to cart" are fetchers with
 * JavaScript (data back, the page stays) and 303s without. The list forms (create, rename, delete, make default)
 * are plain forms: 303 with a toast, or 400 with the form's messages and what was typed.
 */
import type { SubmissionResult } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { STORE_NAME } from "~/lib/brand";
import { pageTitle, RouteErrorBoundary } from "~/components/store/PageError";
import { postedText, submittedWithJs } from "~/components/store/forms";
import { safeRedirect, loginPath } from "~/lib/paths";
import { WishlistPage } from "~/wishlists/ui/WishlistPage";
import type { ListOutcome } from "~/wishlists/wishlists.server";
import { listNameSchema, parseWithZod, wishlistActionSchema } from "~/wishlists/forms/wishlists-forms.server";
import { formConstraint, serverTimingHeaders, toast, withShop } from "~/shop.server";
import {
  WISHLIST_FIELDS,
  WISHLIST_INTENTS,
  type ListFormData,
  type WishlistActionData,
} from "~/wishlists/forms/fields";
import { WISHLIST_PATH, wishlistPath, type WishlistPageData } from "~/wishlists/model";
import accountStyles from "~/styles/account.css";
import type { ToastInput } from "~/shop/toast.server";
import { requestPath } from "~/lib/request-paths";

export const meta: MetaFunction = ({ error }) => [
  { title: `${pageTitle(error, "Wishlist")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) => {
    const askedId = params.wishlistId;
    if (!shop.shopper.isLoggedIn) throw await shop.redirect(loginPath(askedId ? wishlistPath(askedId) : WISHLIST_PATH));
    const url = new URL(request.url);
    const page = await shop.wishlists.page({
      askedId,
      pageToken: url.searchParams.get("page"),
      // "Delete list" asks first: ?delete=1 shows the question, with or without JavaScript.
      confirmDelete: url.searchParams.get("delete") === "1",
    });
    if (!page) throw data("Wishlist not found", { status: 404 });
    return shop.reply<WishlistPageData>({ ...page, nameConstraint: formConstraint(listNameSchema) });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, context, shop }) => {
    const formData = await request.formData();
    const submission = parseWithZod(formData, { schema: wishlistActionSchema });
    // Read from the posted fields: a refused form still answers the way it came (fetcher or plain form) and goes back.
    const intent = postedText(submission, WISHLIST_FIELDS.intent);
    const withJs = submittedWithJs(formData);
    // A save comes from a product page and goes back there; the rest come from, and go back to, a list page.
    const back = safeRedirect(
      postedText(submission, WISHLIST_FIELDS.redirectTo),
      intent === WISHLIST_INTENTS.save ? WISHLIST_PATH : requestPath(request, context),
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
        return reply(await shop.wishlists.save(input.productId));
      case WISHLIST_INTENTS.remove:
        return reply(await shop.wishlists.remove(input));
      case WISHLIST_INTENTS.addAllToCart:
        return reply(await shop.wishlists.addAllToCart(input.wishlistId));
      case WISHLIST_INTENTS.createList:
        return finish(input.intent, await shop.wishlists.create(input.name));
      case WISHLIST_INTENTS.renameList:
        return finish(input.intent, await shop.wishlists.rename(input.wishlistId, input.name));
      case WISHLIST_INTENTS.deleteList:
        return finish(null, await shop.wishlists.delete(input.wishlistId, input.name));
      case WISHLIST_INTENTS.makeDefault:
        return finish(null, await shop.wishlists.makeDefault(input.wishlistId));
    }
  });
}

export default WishlistPage;

export const ErrorBoundary = RouteErrorBoundary;
