/**
 * POST /locale: the header's currency and locale switcher (a plain form, so it works without JavaScript). The chosen
 * currency is remembered in the session and the cart moves to it; the shopper lands on the same page under the
 * chosen locale's prefix (/en-GB/…), or without a prefix for the store's own locale.
 */
import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { safeRedirect } from "~/lib/paths";
import { withShop } from "~/shop.server";
import { switchLocale } from "~/handlers/locale.server";

/** The switcher's fields (every one optional: what is left out stays as it is). */
const localeSchema = z.object({
  locale: z.string().trim().optional(),
  currency: z.string().trim().optional(),
  shownCurrency: z.string().trim().optional(),
  redirectTo: z.string().optional(),
});

export async function loader() {
  return redirect("/");
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, context, shop }) => {
    const submission = parseWithZod(await request.formData(), { schema: localeSchema });
    // A form that is not the switcher's (a field sent twice) changes nothing: back to the home page.
    const choice = submission.status === "success" ? submission.value : {};
    const { to, toast } = await switchLocale(shop, context, {
      ...choice,
      redirectTo: safeRedirect(choice.redirectTo, "/"),
    });
    if (toast) shop.toasts.flash(toast);
    // Absolute URLs (here too): Remix puts the current locale's prefix in front of a redirect to a path.
    return redirect(to, { status: 303, headers: await shop.headers() });
  });
}
