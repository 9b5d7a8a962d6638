/**
 * /account/carts (issue 37): a signed-in buyer's carts: the primary one (what the cart page and the header's count
 * show) and the ones saved for later, with Make primary, Delete and Save to wishlist. Also where the cart page's "Save
 * cart for later" posts. Guests, who keep one cart, are sent to sign in. The page and its forms are the cart slice's
 * (cart/server/saved-carts, cart/ui/SavedCarts): every form a plain POST answered 303 with a toast.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { SavedCartsPage } from "~/cart/ui/SavedCarts";
import { STORE_NAME } from "~/lib/brand";
import { pageTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import { serverTimingHeaders, withShop } from "~/shop.server";
import accountStyles from "~/styles/account.css?url";

export const meta: MetaFunction = ({ error }) => [
  { title: `${pageTitle(pageFailure(error), "Your carts")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ shop }) => shop.reply({ view: await shop.cart.savedCarts() }));
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => shop.cart.submitSavedCart(await request.formData()));
}

export default function SavedCarts() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <div className="store-page account-page">
      <Breadcrumbs items={[{ label: "Your account", url: "/account" }, { label: "Your carts" }]} />
      <SavedCartsPage view={view} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
