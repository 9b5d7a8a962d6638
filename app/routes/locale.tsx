/**
 * POST /locale: the header's currency and locale switcher (a plain form, so it works without JavaScript). The chosen
 * currency is remembered in the session and the cart moves to it; the shopper lands on the same page under the
 * chosen locale's prefix (/en-GB/…), or without a prefix for the store's own locale.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { withShop } from "~/shop.server";

export async function loader() {
  return redirect("/");
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const { origin, pathname } = new URL(request.url);
    return shop.locale.change(await request.formData(), { origin, pathname });
  });
}
