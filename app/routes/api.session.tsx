/**
 * POST /api/session (intent=keepalive): the session validator's "Continue Working". Asks the API whether the
 * buyer's token is still good and, when it is, starts the session's time again. An invalid or expired session
 * ends in the sign-in page with the spec's timeout toast (the webstore client throws that redirect).
 * GET answers when the session times out, for a page that wants to check without extending it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getWebstore, sessionExpiredRedirect } from "~/webstore.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const expiresAt = ws.shopper.isLoggedIn ? ws.session.get("tokenExpiresAt") ?? null : null;
  return ws.reply({ isLoggedIn: ws.shopper.isLoggedIn, expiresAt, serverNow: Date.now() }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const ws = await getWebstore(request, context);
  if (formData.get("intent") !== "keepalive") return ws.reply({ ok: false }, { status: 400 });
  if (!ws.shopper.isLoggedIn) throw await sessionExpiredRedirect(request, ws.session);
  // A refused or expired token throws the sign-in redirect with the timeout toast.
  await ws.client.getSessionContext();
  const expiresAt = Date.now() + context.storefront.sessionSeconds * 1000;
  ws.session.set("tokenExpiresAt", expiresAt);
  return ws.reply({ ok: true, expiresAt });
}
