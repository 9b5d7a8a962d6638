/**
 * /wishlist: the buyer's default list (where "Add to wishlist" saves: the stored default, else the list the API
 * displays), the other lists one link away. Also where "Add to wishlist" on a product page posts. Signed-in
 * buyers only; guests go to sign in. Loader, action and page: app/wishlists.server.ts, components/store/WishlistPage.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { STORE_NAME } from "~/components/store/Header";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { WishlistPage } from "~/components/store/WishlistPage";
import accountStyles from "~/styles/account.css";
import { wishlistAction, wishlistLoader } from "~/wishlists.server";
import { serverTimingHeaders } from "~/webstore.server";

export const meta: MetaFunction = () => [{ title: `Wishlist | ${STORE_NAME}` }, { name: "robots", content: "noindex" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles as unknown as string }];

export const headers = serverTimingHeaders;

export const loader = (args: LoaderFunctionArgs) => wishlistLoader(args);

export const action = (args: ActionFunctionArgs) => wishlistAction(args);

export default WishlistPage;

export const ErrorBoundary = RouteErrorBoundary;
