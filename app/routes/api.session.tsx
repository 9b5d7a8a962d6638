/**
 * POST /api/session (intent=keepalive): the session validator's "Continue Working". Renews the buyer's token with
 * the refresh token, which starts the session's time again (as long as the org's session timeout allows). A
 * token the site refuses ends in the sign-in page with the spec's timeout toast.
 * GET answers when the session times out, for a page that wants to check without extending it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isFetchError } from "../../server/webstore/errors";
import { getWebstore, keepBuyerTokens, sessionExpiredRedirect } from "~/webstore.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const expiresAt = ws.shopper.isLoggedIn ? (ws.session.get("tokenExpiresAt") ?? null) : null;
  return ws.reply(
    { isLoggedIn: ws.shopper.isLoggedIn, expiresAt, serverNow: Date.now() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const ws = await getWebstore(request, context);
  if (formData.get("intent") !== "keepalive") return ws.reply({ ok: false }, { status: 400 });
  const refreshToken = ws.session.get("refreshToken");
  if (!ws.shopper.isLoggedIn || ws.tokenExpired || !refreshToken)
    throw await sessionExpiredRedirect(request, ws.session, ws.basePath);
  try {
    keepBuyerTokens(ws.session, await context.webstore({}).refreshAccessToken(refreshToken));
  } catch (error) {
    if (isFetchError(error) && error.status >= 400 && error.status < 500)
      throw await sessionExpiredRedirect(request, ws.session, ws.basePath);
    throw error;
  }
  // The new token must be one the API takes (a revoked session answers 401: the sign-in redirect).
  await ws.clientWith({ accessToken: ws.session.get("accessToken") }).getSessionContext();
  return ws.reply({ ok: true, expiresAt: ws.session.get("tokenExpiresAt") ?? null });
}
