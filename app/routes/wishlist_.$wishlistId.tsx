/**
 * /wishlist/{wishlistId}: one of the buyer's lists. An id that is not one of their lists (another buyer's, another
 * account's, deleted, made up) is a 404 page. The loader and action are /wishlist's (routes/wishlist.tsx), which
 * read the optional `wishlistId`; the page is wishlists/ui/WishlistPage.
 */
import type { MetaFunction } from "@remix-run/node";
import { STORE_NAME } from "~/lib/brand";
import { errorTitle, pageFailure, notFoundBoundary } from "~/components/store/PageError";
import { WishlistPage } from "~/wishlists/ui/WishlistPage";
import { WISHLIST_PATH } from "~/wishlists/model";
import type { loader } from "./wishlist";

export { action, headers, links, loader } from "./wishlist";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: `${data?.list ? `${data.list.name} | Wishlist` : errorTitle(pageFailure(error), "Wishlist not found")} | ${STORE_NAME}`,
  },
  { name: "robots", content: "noindex" },
];

export default WishlistPage;

export const ErrorBoundary = notFoundBoundary({
  heading: "We can't find that wishlist",
  text: "It isn't one of your lists for the account you shop for, or it was deleted.",
  link: { to: WISHLIST_PATH, label: "Go to your wishlist" },
});
