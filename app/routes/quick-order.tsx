/**
 * /quick-order: products added to the cart by SKU, typed in rows or pasted as a list (`SKU, qty` a line, as a
 * spreadsheet copies them). For signed-in buyers, and for guests when the store has guest carts.
 *
 * One POST form, the same with and without JavaScript. "Add more rows" answers the form again with more rows and
 * everything typed kept (with JavaScript the page adds them itself). "Add to cart" checks every line first: any
 * problem answers 400 with the form as typed and each problem under its field, and nothing is added. Then the SKUs
 * are looked up and the lines added in batches of 100 (cart/server/quick-order): every line added → 303 to the
 * cart with a toast; some refused → 400 with what was added, what wasn't and why, and the refused lines back in
 * the form to correct.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { QuickOrderForm } from "~/cart/ui/QuickOrderForm";
import { QuickOrderResult } from "~/cart/ui/QuickOrderResult";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { STORE_NAME } from "~/lib/brand";
import { emptyQuickOrder, QUICK_ORDER_MESSAGES, readQuickOrder } from "~/cart/model/quick-order";
import { loginPath, QUICK_ORDER_PATH } from "~/lib/paths";
import { serverTimingHeaders, toast, withShop, type Shop } from "~/shop.server";
import quickOrderStyles from "~/styles/quick-order.css?url";

export const meta: MetaFunction = () => [
  { title: `Quick order | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: quickOrderStyles }];

export const headers = serverTimingHeaders;

const SIGN_IN_TO_ORDER = "Sign in to use quick order.";

/** A guest of a store without guest carts has no cart to order into: to sign in, and back here afterwards. */
async function guestWithoutCart(shop: Shop): Promise<Response | null> {
  if (shop.shopper.isLoggedIn || shop.appContext?.guestCartEnabled) return null;
  return shop.redirect(loginPath(QUICK_ORDER_PATH), toast("info", SIGN_IN_TO_ORDER));
}

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ shop }) => {
    const signIn = await guestWithoutCart(shop);
    if (signIn) throw signIn;
    return shop.reply({ view: emptyQuickOrder(), maxLines: shop.cart.quickOrderMaxLines() });
  });
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const signIn = await guestWithoutCart(shop);
    if (signIn) return signIn;
    const reply = await shop.cart.quickOrder(readQuickOrder(await request.formData()));
    switch (reply.kind) {
      case "added":
        return shop.redirect("/cart", toast("success", QUICK_ORDER_MESSAGES.added(reply.lines)));
      case "signIn":
        return shop.redirect(loginPath(QUICK_ORDER_PATH), toast("info", reply.message));
      case "form":
        return shop.reply({ view: reply.view }, { status: reply.status });
    }
  });
}

export default function QuickOrderPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const view = answered?.view ?? loaded.view;
  return (
    <div className="store-page quick-order">
      <h1>Quick order</h1>
      <p className="store-muted">Add products to your cart by their SKU: type them in the rows, or paste a list.</p>
      {view.formError ? (
        <p role="alert" className="quick-order__problem">
          {view.formError}
        </p>
      ) : null}
      <QuickOrderResult view={view} />
      <QuickOrderForm view={view} maxLines={loaded.maxLines} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
