/**
 * POST /api/session (intent=keepalive): the session validator's "Continue Working". Renews the buyer's token with
 * the refresh token, which starts the session's time again (as long as the org's session timeout allows). A
 * token the site refuses ends in the sign-in page with the spec's timeout toast.
 * GET answers when the session times out, for a page that wants to check without extending it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getShop, withShop } from "~/shop.server";

// Not through withShop: asking when the session ends must not end it (a timed-out session answers, not redirects).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = await getShop(request, context);
  const expiresAt = shop.shopper.isLoggedIn ? (shop.session.get("tokenExpiresAt") ?? null) : null;
  return shop.reply(
    { isLoggedIn: shop.shopper.isLoggedIn, expiresAt, serverNow: Date.now() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => shop.account.submitKeepAlive(await request.formData()));
}
