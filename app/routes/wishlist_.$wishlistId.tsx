/**
 * /wishlist/{wishlistId}: one of the buyer's lists. An id that is not one of their lists (another buyer's, another
 * account's, deleted, made up) is a 404 page. Loader, action and page: app/wishlists.server.ts,
 * components/store/WishlistPage.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { STORE_NAME } from "~/components/store/Header";
import { errorTitle, notFoundBoundary } from "~/components/store/PageError";
import { WishlistPage } from "~/components/store/WishlistPage";
import { WISHLIST_PATH } from "~/lib/wishlists";
import accountStyles from "~/styles/account.css";
import { wishlistAction, wishlistLoader } from "~/wishlists.server";
import { serverTimingHeaders } from "~/webstore.server";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: `${data?.list ? `${data.list.name} | Wishlist` : errorTitle(error, "Wishlist not found")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles as unknown as string }];

export const headers = serverTimingHeaders;

export const loader = (args: LoaderFunctionArgs) => wishlistLoader(args, args.params.wishlistId ?? "");

export const action = (args: ActionFunctionArgs) => wishlistAction(args);

export default WishlistPage;

export const ErrorBoundary = notFoundBoundary({
  heading: "We can't find that wishlist",
  text: "It isn't one of your lists for the account you shop for, or it was deleted.",
  link: { to: WISHLIST_PATH, label: "Go to your wishlist" },
});
