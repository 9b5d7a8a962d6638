/**
 * Stores the shopper's cookie choice (kit CookieConsentBanner, shown when the application context's
 * shopperConsentEnabled is on) for 365 days, then goes back to the page the banner was on.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { consentCookieHeader, isConsentIntent } from "~/components/CookieConsent";
import { safeRedirect } from "~/components/store/urls";
import { withBasePath } from "~/lib/links";
import { basePathOf } from "~/webstore.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return redirect(withBasePath(basePathOf(context), "/"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = withBasePath(basePathOf(context), safeRedirect(formData.get("redirectTo"), "/"));
  if (!isConsentIntent(intent)) return redirect(back, 303);
  const secure = new URL(request.url).protocol === "https:";
  return redirect(back, { status: 303, headers: { "Set-Cookie": consentCookieHeader(intent, { secure }) } });
}
