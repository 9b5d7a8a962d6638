/**
 * /wishlist: the buyer's default list (where "Add to wishlist" saves: the stored default, else the list the API
 * displays), the other lists one link away. Also where "Add to wishlist" on a product page posts. Signed-in
 * buyers only; guests go to sign in. /wishlist/{wishlistId} shares this loader and action; the page is
 * wishlists/ui/WishlistPage, the page's reads and every form the domain's (wishlists/wishlists.server.ts, as
 * shop.wishlists' view and submit).
 *
 * Every form is a POST with an `intent`. "Add to wishlist", item removal and "Add all to cart" are fetchers with
 * JavaScript (data back, the page stays) and 303s without. The list forms (create, rename, delete, make default)
 * are plain forms: 303 with a toast, or 400 with the form's messages and what was typed.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { STORE_NAME } from "~/lib/brand";
import { pageTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import { WishlistPage } from "~/wishlists/ui/WishlistPage";
import { readWishlistPageQuery } from "~/wishlists/model";
import { requestPath } from "~/lib/request-paths";
import { serverTimingHeaders, withShop } from "~/shop.server";
import accountStyles from "~/styles/account.css?url";

export const meta: MetaFunction = ({ error }) => [
  { title: `${pageTitle(pageFailure(error), "Wishlist")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) => {
    const query = readWishlistPageQuery(new URL(request.url).searchParams);
    return shop.reply(await shop.wishlists.view(params.wishlistId, query));
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, context, shop }) =>
    shop.wishlists.submit(await request.formData(), requestPath(request, context)),
  );
}

export default WishlistPage;

export const ErrorBoundary = RouteErrorBoundary;
